// Each block's attention of a model forward as an ordinary Trace (ModelTrace::layers: the
// forward's own tensors, what the step pages show) against the book's GPTModel in PyTorch
// (tests/fixtures/gpt2, generate_gpt2_fixtures.py): every layer's and head's queries, keys,
// values and attention weights, for every fixture checkpoint. Prints the worst difference.
// The window's engine must hand out those very traces, never a second computation.
#include "Fixtures.h"
#include "HeadTensors.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ModelViewEngine.h"
#include "Session.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceDerived.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

class TestLayerTrace : public QObject
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
            loadModel(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
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
            const auto& trace = forward->layers[std::size_t(l)];
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
                    {"keys", &headKeys(*trace, h)},
                    {"values", &headValues(*trace, h)},
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
            loadModel(fixturePath(QStringLiteral("gpt2/f16_plain/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const auto forward = transformerForward(loaded.model, {1, 2, 3, 4});
        const auto& trace = forward->layers[0];
        const auto& p = loaded.model->params().layers[0];
        const Matrix expected = (headsConcatenated(*trace) * p.attnProjWeight.matrix()).rowwise() +
                                p.attnProjBias.vector();
        const auto cmp = compareTensors(expected, trace->contextVec, 1e-5, 1e-5);
        QVERIFY2(cmp.ok, qPrintable(cmp.describe(QStringLiteral("context_vec"))));
    }

    // The window's engine gives the step pages the forward's own layer: the same object, so
    // the same tensors, whichever layer is chosen and however often (a recomputed layer would
    // be another Trace with copies of the numbers).
    void pagesReadTheForwardsOwnTensors()
    {
        Session session;
        session.model =
            fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")).toStdString();
        session.tokenizer = TokenizerKind::Gpt2;
        session.sentence = "a!b!c?d"; // single bytes: ids below the fixture's vocabulary of 300
        ModelViewEngine engine;
        const ModelViewResult first = engine.compute(session, 1);
        QVERIFY2(first.run && first.layerTrace,
                 qPrintable(first.issue ? first.issue->message : QStringLiteral("no run")));
        const ModelTrace& forward = *first.run->trace;
        QCOMPARE(first.layerTrace.get(), forward.layers[1].get());
        const ModelViewResult other = engine.compute(session, 0);
        QCOMPARE(other.run.get(), first.run.get()); // the same forward, no second one
        QCOMPARE(other.layerTrace.get(), forward.layers[0].get());
        QCOMPARE(other.layerTrace->heads[0].queries.data(), forward.headQueries(0, 0).data());
        // What the pages derive from it is what the forward used: context = weights · values.
        for (int h = 0; h < forward.headCount(); ++h) {
            const HeadTrace& head = other.layerTrace->heads[std::size_t(h)];
            const Matrix context = *headTensor(*other.layerTrace, h, HeadTensor::Weights) *
                                   headValues(*other.layerTrace, h);
            const auto cmp = compareTensors(context, head.contextVec, 1e-6, 1e-6);
            QVERIFY2(cmp.ok, qPrintable(cmp.describe(QStringLiteral("head %1 context").arg(h))));
            // The causal page's claim that both masking methods agree is derived on demand (the
            // forward does not compare them: a fifth of its time) and holds.
            QVERIFY(!head.maskMethodsMaxDiff);
            QVERIFY(maskMethodsMaxDiff(*other.layerTrace, h) < 1e-6f);
        }
    }
};

QTEST_GUILESS_MAIN(TestLayerTrace)
#include "tst_layertrace.moc"
