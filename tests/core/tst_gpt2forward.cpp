// GPT-2's forward against the book's GPTModel in PyTorch (tests/fixtures/gpt2, written by
// generate_gpt2_fixtures.py): every layer's and head's queries, keys, values and attention
// weights, the last token's logits and the top-10 next tokens, for F32, F16 and BF16
// checkpoints, with and without the "transformer." prefix and config.json. Prints the
// worst difference per checkpoint (float32 arithmetic in a different order: not bit for bit).
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "NextTokenCompare.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

constexpr double Tolerance = 2e-5;

} // namespace

class TestGpt2Forward : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("dtype");
        QTest::newRow("F32, transformer. prefix, config.json")
            << QStringLiteral("f32_prefix") << QStringLiteral("F32");
        QTest::newRow("F16, no prefix, config.json")
            << QStringLiteral("f16_plain") << QStringLiteral("F16");
        QTest::newRow("BF16, no config.json (64-dim heads)")
            << QStringLiteral("bf16_noconfig") << QStringLiteral("BF16");
    }

    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(QString, dtype);
        const QJsonObject expected = readFixture(QStringLiteral("gpt2/%1/expected.json").arg(name));
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const TransformerConfig& c = loaded.model->config();
        const QJsonObject config = expected.value(QLatin1StringView("config")).toObject();
        QCOMPARE(c.nLayer, config.value(QLatin1StringView("n_layer")).toInt());
        QCOMPARE(c.nHead, config.value(QLatin1StringView("n_head")).toInt());
        QCOMPARE(c.nEmbd, config.value(QLatin1StringView("n_embd")).toInt());
        QCOMPARE(c.nCtx, config.value(QLatin1StringView("n_ctx")).toInt());
        QCOMPARE(c.vocabSize, config.value(QLatin1StringView("vocab_size")).toInt());
        QCOMPARE(QString::fromStdString(loaded.model->config().dtype), dtype);

        std::vector<std::int64_t> ids;
        for (const QJsonValue& id : expected.value(QLatin1StringView("token_ids")).toArray())
            ids.push_back(id.toInteger());
        const auto trace = transformerForward(loaded.model, ids);

        WorstDifference worst;
        const QJsonArray layers = expected.value(QLatin1StringView("layers")).toArray();
        QCOMPARE(int(trace->layers.size()), int(layers.size()));
        for (int l = 0; l < int(layers.size()); ++l) {
            const QJsonArray heads =
                layers.at(l).toObject().value(QLatin1StringView("heads")).toArray();
            QCOMPARE(trace->headCount(), int(heads.size()));
            for (int h = 0; h < int(heads.size()); ++h) {
                const QJsonObject head = heads.at(h).toObject();
                const std::pair<const char*, Matrix> tensors[] = {
                    {"queries", trace->headQueries(l, h)},
                    {"keys", trace->headKeys(l, h)},
                    {"values", trace->headValues(l, h)},
                    {"attn_weights", *layerAttnWeights(*trace, l, h)},
                };
                for (const auto& [key, actual] : tensors) {
                    const QString where = QStringLiteral("layers[%1].heads[%2].%3")
                                              .arg(l)
                                              .arg(h)
                                              .arg(QLatin1StringView(key));
                    const auto cmp = compareTensors(jsonMatrix(head.value(QLatin1StringView(key))),
                                                    actual, Tolerance, Tolerance);
                    if (!cmp.ok)
                        QFAIL(qPrintable(cmp.describe(where)));
                    worst.note(cmp, where);
                }
            }
        }

        const auto logits =
            compareTensors(jsonMatrix(expected.value(QLatin1StringView("last_logits"))),
                           trace->lastLogits, 1e-4, 1e-4);
        if (!logits.ok)
            QFAIL(qPrintable(logits.describe(QStringLiteral("last_logits"))));
        worst.note(logits, QStringLiteral("last_logits"));

        const QString nextDiffers = nextTokensDiffer(
            trace->nextTokens, expected.value(QLatin1StringView("next_token")).toArray(), 1e-5);
        QVERIFY2(nextDiffers.isEmpty(), qPrintable(nextDiffers));
        qInfo("%s: worst difference %.3g at %s", qPrintable(name), worst.diff,
              qPrintable(worst.where));
    }

    // The derived weights are the forward's: each row sums to 1 and is 0 above the diagonal.
    void attnWeightsAreCausalRows()
    {
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const std::vector<std::int64_t> ids{1, 2, 3, 4, 5};
        const auto trace = transformerForward(loaded.model, ids);
        const Matrix w = *layerAttnWeights(*trace, 1, 1);
        QCOMPARE(w.rows(), Eigen::Index(5));
        for (Eigen::Index i = 0; i < w.rows(); ++i) {
            QVERIFY(std::abs(w.row(i).sum() - 1.0f) < 1e-6f);
            for (Eigen::Index j = i + 1; j < w.cols(); ++j)
                QCOMPARE(w(i, j), 0.0f);
        }
    }
};

QTEST_GUILESS_MAIN(TestGpt2Forward)
#include "tst_gpt2forward.moc"
