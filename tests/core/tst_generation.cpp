// Generation with a key/value cache (core/analysis/Generation.h, KvCache.h, heads.md §3)
// against the book's chapter 5 generate in PyTorch (tests/fixtures/heads): greedy, temperature,
// top-k, a stop token and the context length, on both families' checkpoints: the same ids and
// each step's top 10 of the distribution drawn from. The cache's logits against the forward
// from scratch.
#include "BlockOps.h"
#include "Generation.h"
#include "HeadsFixture.h"
#include "KvCache.h"
#include "RandomModel.h"
#include "TensorCompare.h"
#include "TransformerForward.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

class TestGeneration : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("family");
        QTest::newRow("GPT-2") << QStringLiteral("gpt2");
        QTest::newRow("book") << QStringLiteral("book");
    }

    void matchesPyTorch()
    {
        QFETCH(QString, family);
        const QJsonObject fixture = headsFixture(family);
        const auto model = headsModel(fixture);
        QVERIFY(model);
        for (const QJsonValue& value : fixture.value(QLatin1StringView("generate")).toArray()) {
            const QJsonObject c = value.toObject();
            const QString name = c.value(QLatin1StringView("name")).toString();
            GenerateOptions options;
            options.maxNewTokens = c.value(QLatin1StringView("max_new_tokens")).toInt();
            options.temperature = float(c.value(QLatin1StringView("temperature")).toDouble());
            options.topK = c.value(QLatin1StringView("top_k")).toInt();
            options.seed = std::uint64_t(c.value(QLatin1StringView("seed")).toInteger());
            if (!c.value(QLatin1StringView("eos_id")).isNull())
                options.stopId = c.value(QLatin1StringView("eos_id")).toInteger();
            const auto prompt = jsonIds(c.value(QLatin1StringView("prompt")));
            const Generation g = generate(model, prompt, options);
            QVERIFY2(g.ids == jsonIds(c.value(QLatin1StringView("ids"))), qPrintable(name));
            const QJsonArray steps = c.value(QLatin1StringView("steps")).toArray();
            QCOMPARE(g.steps.size(), std::size_t(steps.size()));
            for (int s = 0; s < steps.size(); ++s) {
                const QJsonObject e = steps[s].toObject();
                QCOMPARE(g.steps[std::size_t(s)].id, e.value(QLatin1StringView("id")).toInteger());
                const QString diff = compareTop(e.value(QLatin1StringView("next_token")).toArray(),
                                                g.steps[std::size_t(s)].nextTokens, 1e-5);
                QVERIFY2(diff.isEmpty(),
                         qPrintable(name + QStringLiteral(" step %1: ").arg(s) + diff));
            }
            if (name == QLatin1StringView("stop token"))
                QCOMPARE(g.stop, GenerationStop::StopToken);
            else if (name == QLatin1StringView("context length"))
                QCOMPARE(g.stop, GenerationStop::ContextLength);
            else
                QCOMPARE(g.stop, GenerationStop::MaxNewTokens);
        }
    }

    // Each cached step's logits and attention row equal those of a forward of all the tokens
    // from scratch, to float32 rounding.
    void cacheEqualsScratch_data()
    {
        QTest::addColumn<bool>("grouped");
        QTest::addColumn<int>("window");
        QTest::newRow("book") << false << 0;
        QTest::newRow("grouped key/value heads") << true << 0;
        // The prompt's 3 keys leave the window of 2 after the first step: the cache reads
        // only generated keys from then on.
        QTest::newRow("grouped heads, window of 2 keys") << true << 2;
    }

    void cacheEqualsScratch()
    {
        QFETCH(bool, grouped);
        QFETCH(int, window);
        RandomModelShape shape;
        shape.heads = 4;
        shape.kvHeads = 2;
        shape.embd = 32;
        shape.window = window;
        const auto model =
            grouped ? randomModel(shape) : headsModel(headsFixture(QStringLiteral("book")));
        QVERIFY(model);
        std::vector<std::int64_t> ids{270, 218, 107}; // below both vocabularies (300, 512)
        KvCache cache(transformerForward(model, ids), 16);
        for (const std::int64_t next : {229, 245, 11, 290, 239}) {
            std::vector<Matrix> attention;
            const RowVector logits = cache.step(next, &attention);
            ids.push_back(next);
            const auto scratch = transformerForward(model, ids);
            AE_COMPARE_TENSORS("logits", Matrix(scratch->lastLogits), Matrix(logits), 1e-5);
            for (int l = 0; l < scratch->layerCount(); ++l)
                for (int h = 0; h < scratch->headCount(); ++h)
                    AE_COMPARE_TENSORS(
                        "attention",
                        Matrix(layerAttnRow(*scratch, l, h, scratch->tokenCount() - 1)),
                        Matrix(attention[std::size_t(l)].row(h)), 1e-6);
        }
        QCOMPARE(cache.size(), Eigen::Index(ids.size()));
        const TransformerConfig& c = model->config();
        const std::int64_t kvd = std::int64_t(c.nKvHead > 0 ? c.nKvHead : c.nHead) * c.headDim();
        QCOMPARE(cache.bytes(), 2 * c.nLayer * std::int64_t(ids.size()) * kvd * 4);
    }

    // GPT-2 small at T = 256: the from-scratch forward's multiply-adds against a cached step's.
    void costs()
    {
        TransformerConfig c;
        c.nLayer = 12;
        c.nHead = 12;
        c.nEmbd = 768;
        c.vocabSize = 50257;
        const GenerationCost cost = generationCost(c, 256);
        const double perRow = 12.0 * 768 * 768, logits = 768.0 * 50257;
        const double attention = 2.0 * 768 * (256.0 * 257 / 2);
        QCOMPARE(cost.scratch, 12 * (256 * perRow + attention) + logits);
        QCOMPARE(cost.cached, 12 * (perRow + 2.0 * 768 * 256) + logits);
        QVERIFY(cost.scratch / cost.cached > 100);
    }

    void cancels()
    {
        const auto model = headsModel(headsFixture(QStringLiteral("gpt2")));
        QVERIFY(model);
        GenerateOptions options;
        options.maxNewTokens = 10;
        options.keepAttention = true;
        int seen = 0;
        const Generation g = generate(model, {1, 2, 3}, options, [&](const GenerationStep& step) {
            // the last token's attention over every token so far
            if (step.attention.size() != std::size_t(model->config().nLayer) ||
                step.attention.front().cols() != 3 + seen)
                return false;
            return ++seen < 3;
        });
        QCOMPARE(g.stop, GenerationStop::Cancelled);
        QCOMPARE(g.steps.size(), std::size_t(3));
        QCOMPARE(g.ids.size(), std::size_t(6));
    }
};

QTEST_GUILESS_MAIN(TestGeneration)
#include "tst_generation.moc"
