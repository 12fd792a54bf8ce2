// One GPT-2 block's attention as an ordinary Trace (gpt2LayerTrace: the book's multi-head
// attention on LN1(x) with the checkpoint's weights) against the book's GPTModel in PyTorch
// (tests/fixtures/gpt2, generate_gpt2_fixtures.py): every layer's and head's queries, keys,
// values and attention weights, for every fixture checkpoint. Prints the worst difference.
#include "Fixtures.h"
#include "TransformerForward.h"
#include "Gpt2LayerAttention.h"
#include "TransformerModel.h"
#include "ModelTrace.h"
#include "HeadTensors.h"
#include "Session.h"
#include "TensorCompare.h"
#include "Trace.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

class TestGpt2LayerTrace : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("F32, 2 heads") << QStringLiteral("f32_prefix");
        QTest::newRow("F16, 4 heads") << QStringLiteral("f16_plain");
        QTest::newRow("BF16, 1 head") << QStringLiteral("bf16_noconfig");
    }

    void matchesPyTorch()
    {
        QFETCH(QString, name);
        constexpr double Tolerance = 2e-5;
        const QJsonObject expected = readFixture(QStringLiteral("gpt2/%1/expected.json").arg(name));
        const auto loaded =
            TransformerModel::load(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        std::vector<std::int64_t> ids;
        for (const QJsonValue& id : expected.value(QLatin1StringView("token_ids")).toArray())
            ids.push_back(id.toInteger());
        const auto forward = transformerForward(loaded.model, ids);
        const TransformerConfig& c = loaded.model->config();

        double worst = 0;
        QString worstWhere;
        const QJsonArray layers = expected.value(QLatin1StringView("layers")).toArray();
        QCOMPARE(int(layers.size()), c.nLayer);
        for (int l = 0; l < c.nLayer; ++l) {
            const auto trace = gpt2LayerTrace(*forward, l, Session{});
            QCOMPARE(trace->session.variant, Variant::MultiHead);
            QVERIFY(trace->session.causal);
            QVERIFY(trace->session.qkvBias);
            QCOMPARE(int(trace->heads.size()), c.nHead);
            QCOMPARE(trace->headDimKq, c.headDim());
            QCOMPARE(trace->queryCount(), Eigen::Index(ids.size()));
            const QJsonArray heads =
                layers.at(l).toObject().value(QLatin1StringView("heads")).toArray();
            for (int h = 0; h < c.nHead; ++h) {
                const QJsonObject head = heads.at(h).toObject();
                const HeadTrace& actual = trace->heads[std::size_t(h)];
                const auto weights = headTensor(*trace, h, HeadTensor::Weights);
                const std::pair<const char*, const Matrix*> tensors[] = {
                    {"queries", &actual.queries},
                    {"keys", &actual.keys},
                    {"values", &actual.values},
                    {"attn_weights", weights.get()},
                };
                for (const auto& [key, matrix] : tensors) {
                    const QString where = QStringLiteral("layers[%1].heads[%2].%3")
                                              .arg(l)
                                              .arg(h)
                                              .arg(QLatin1StringView(key));
                    const auto cmp = compareTensors(jsonMatrix(head.value(QLatin1StringView(key))),
                                                    *matrix, Tolerance, Tolerance);
                    if (!cmp.ok)
                        QFAIL(qPrintable(cmp.describe(where)));
                    if (cmp.worstDiff > worst) {
                        worst = cmp.worstDiff;
                        worstWhere = where;
                    }
                }
            }
        }
        qInfo("%s: worst difference %.3g at %s", qPrintable(name), worst, qPrintable(worstWhere));
    }

    // c_proj.weight is (in, out) like every Conv1D: the trace's out_proj must use it as x·W
    // (a transposed copy would also be d x d, but give another context_vec).
    void outProjIsConv1dOrientation()
    {
        const auto loaded =
            TransformerModel::load(fixturePath(QStringLiteral("gpt2/f16_plain/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const auto forward = transformerForward(loaded.model, {1, 2, 3, 4});
        const auto trace = gpt2LayerTrace(*forward, 0, Session{});
        const auto& p = loaded.model->params().layers[0];
        const Matrix expected = (trace->contextVecHeads * p.attnProjWeight.matrix()).rowwise() +
                                p.attnProjBias.vector();
        const auto cmp = compareTensors(expected, trace->contextVec, 1e-5, 1e-5);
        QVERIFY2(cmp.ok, qPrintable(cmp.describe(QStringLiteral("context_vec"))));
    }
};

QTEST_GUILESS_MAIN(TestGpt2LayerTrace)
#include "tst_gpt2layertrace.moc"
