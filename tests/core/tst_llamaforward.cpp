// Llama-family checkpoints against llama.md §2 in PyTorch (tests/fixtures/llama, written by
// generate_llama_fixtures.py): llama with llama3 RoPE scaling and grouped heads, untied, F32;
// mistral with a sliding window, multi-query, BF16, three shards; qwen2 with q/k/v biases,
// tied, F16; qwen3 with q/k norms and head_dim 12 != hidden/heads. Every layer's queries (as
// they enter the scores), keys and values per key/value head, attention weights, the last
// logits and the top-10 next tokens. Prints the worst difference per checkpoint. Then what
// is refused, each message naming the key, the tensor or the file.
#include "BlockOps.h"
#include "Fixtures.h"
#include "KvCache.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "NextTokenCompare.h"
#include "StackedBlocks.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

// llama.md's "within 1e-4 / 1e-5": absolute 1e-5 plus relative 1e-4.
constexpr double Atol = 1e-5;
constexpr double Rtol = 1e-4;

std::vector<std::int64_t> idsOf(const QJsonObject& expected)
{
    std::vector<std::int64_t> ids;
    for (const QJsonValue& id : expected.value(QLatin1StringView("token_ids")).toArray())
        ids.push_back(id.toInteger());
    return ids;
}

// A copy of a fixture's folder to break: files copied, `edit` applied to config.json.
QString brokenCopy(const QTemporaryDir& dir, const QString& name,
                   const std::function<void(QJsonObject&)>& edit = {})
{
    const QDir source(fixturePath(QStringLiteral("llama/") + name));
    for (const QString& file : source.entryList(QDir::Files))
        QFile::copy(source.filePath(file), dir.filePath(file));
    if (edit) {
        QFile config(dir.filePath(QStringLiteral("config.json")));
        config.open(QIODevice::ReadOnly);
        QJsonObject o = QJsonDocument::fromJson(config.readAll()).object();
        config.close();
        edit(o);
        config.open(QIODevice::WriteOnly | QIODevice::Truncate);
        config.write(QJsonDocument(o).toJson());
    }
    return dir.path();
}

} // namespace

class TestLlamaForward : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("llama, llama3 scaling, 4 heads over 2, untied, F32")
            << QStringLiteral("llama_scaled");
        QTest::newRow("mistral, window 4, multi-query, BF16, 3 shards")
            << QStringLiteral("mistral_window");
        QTest::newRow("qwen2, q/k/v biases, tied, F16") << QStringLiteral("qwen2_bias");
        QTest::newRow("qwen3, q/k norms, head_dim 12") << QStringLiteral("qwen3_qknorm");
    }

    void matchesPyTorch()
    {
        QFETCH(QString, name);
        const QJsonObject expected =
            readFixture(QStringLiteral("llama/%1/expected.json").arg(name));
        // The folder, as --model and File > Open Model take it.
        const auto loaded = loadModel(fixturePath(QStringLiteral("llama/") + name));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        QCOMPARE(QString::fromStdString(loaded.model->config().family), QStringLiteral("llama"));
        const QString dtype = expected.value(QLatin1StringView("dtype")).toString();
        QCOMPARE(QString::fromStdString(loaded.model->config().dtype), dtype);
        // Half-precision blocks stay in the file and are widened when used; the embedding is
        // read in place (its rows widened as read); only the final norm was converted.
        const bool half = dtype != QLatin1StringView("F32");
        QCOMPARE(loaded.model->convertsLayersOnUse(), half);
        QCOMPARE(loaded.model->params().layers.empty(), half);
        if (half) {
            QVERIFY(loaded.model->params().wte.half != nullptr);
            QCOMPARE(loaded.model->ownedBytes(),
                     std::size_t(loaded.model->config().nEmbd) * sizeof(float));
        }
        const auto trace = transformerForward(loaded.model, idsOf(expected));

        WorstDifference worst;
        const auto check = [&](const QJsonValue& want, const Matrix& actual, const QString& where,
                               double atol, double rtol) {
            const auto cmp = compareTensors(jsonMatrix(want), actual, atol, rtol);
            if (!cmp.ok)
                QFAIL(qPrintable(cmp.describe(where)));
            worst.note(cmp, where);
        };
        const QJsonArray layers = expected.value(QLatin1StringView("layers")).toArray();
        QCOMPARE(int(trace->layers.size()), int(layers.size()));
        for (int l = 0; l < int(layers.size()); ++l) {
            const QJsonObject layer = layers.at(l).toObject();
            const QJsonArray heads = layer.value(QLatin1StringView("heads")).toArray();
            const QJsonArray kvHeads = layer.value(QLatin1StringView("kv_heads")).toArray();
            QCOMPARE(trace->headCount(), int(heads.size()));
            QCOMPARE(int(trace->layers[std::size_t(l)]->kvHeads.size()), int(kvHeads.size()));
            for (int h = 0; h < int(heads.size()); ++h) {
                const QJsonObject head = heads.at(h).toObject();
                const QString at = QStringLiteral("layers[%1].heads[%2].").arg(l).arg(h);
                check(head.value(QLatin1StringView("queries")), trace->headQueries(l, h),
                      at + QStringLiteral("queries"), Atol, Rtol);
                check(head.value(QLatin1StringView("attn_weights")),
                      *layerAttnWeights(*trace, l, h), at + QStringLiteral("attn_weights"), Atol,
                      Rtol);
            }
            for (int g = 0; g < int(kvHeads.size()); ++g) {
                const QJsonObject kv = kvHeads.at(g).toObject();
                const QString at = QStringLiteral("layers[%1].kv_heads[%2].").arg(l).arg(g);
                // A query head of group g reads these: its keys are key/value head g's.
                const int h = g * (trace->headCount() / int(kvHeads.size()));
                check(kv.value(QLatin1StringView("keys")), trace->headKeys(l, h),
                      at + QStringLiteral("keys"), Atol, Rtol);
                check(kv.value(QLatin1StringView("values")), trace->headValues(l, h),
                      at + QStringLiteral("values"), Atol, Rtol);
            }
        }
        check(expected.value(QLatin1StringView("last_logits")), trace->lastLogits,
              QStringLiteral("last_logits"), 1e-4, 1e-4);
        const QString nextDiffers = nextTokensDiffer(
            trace->nextTokens, expected.value(QLatin1StringView("next_token")).toArray(), 1e-5);
        QVERIFY2(nextDiffers.isEmpty(), qPrintable(nextDiffers));
        qInfo("%s: worst difference %.3g at %s", qPrintable(name), worst.diff,
              qPrintable(worst.where));
    }

    // The forward that reuses a prefix (a token appended) equals one from scratch.
    void prefixReuseAgrees()
    {
        const auto loaded = loadModel(fixturePath(QStringLiteral("llama/mistral_window")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        std::vector<std::int64_t> ids =
            idsOf(readFixture(QStringLiteral("llama/mistral_window/expected.json")));
        const auto whole = transformerForward(loaded.model, ids);
        ids.pop_back();
        const auto shorter = transformerForward(loaded.model, ids);
        ids.push_back(whole->tokenIds.back());
        const auto appended = transformerForward(loaded.model, ids, shorter.get());
        QCOMPARE(appended->reusedRows, Eigen::Index(ids.size() - 1));
        AE_COMPARE_TENSORS("last_logits", whole->lastLogits, appended->lastLogits, 1e-5);
        AE_COMPARE_TENSORS("layer 1 head 3 weights", *layerAttnWeights(*whole, 1, 3),
                           *layerAttnWeights(*appended, 1, 3), 1e-6);
    }

    // The analyses' own forwards compute the same block: generation's cached steps (one row
    // at a time, RoPE at its position, the window over cached keys) and ablation's stacked
    // sequences give the traced forward's last logits.
    void analysesAgree_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"llama_scaled", "mistral_window", "qwen2_bias", "qwen3_qknorm"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void analysesAgree()
    {
        QFETCH(QString, name);
        const auto loaded = loadModel(fixturePath(QStringLiteral("llama/") + name));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        std::vector<std::int64_t> ids =
            idsOf(readFixture(QStringLiteral("llama/%1/expected.json").arg(name)));
        const auto whole = transformerForward(loaded.model, ids);
        const std::int64_t last = ids.back();
        ids.pop_back();
        KvCache cache(transformerForward(loaded.model, ids), Eigen::Index(ids.size()) + 1);
        std::vector<Matrix> attention;
        const RowVector stepped = cache.step(last, &attention);
        AE_COMPARE_TENSORS("cached step's logits", whole->lastLogits, stepped, 1e-4);
        AE_COMPARE_TENSORS("cached step's weights, layer 1 head 0",
                           layerAttnWeights(*whole, 1, 0)->bottomRows(1), attention[1].row(0),
                           1e-5);

        const Eigen::Index T = whole->tokenCount();
        Matrix x(T, loaded.model->config().nEmbd);
        for (Eigen::Index t = 0; t < T; ++t)
            x.row(t) = loaded.model->params().wte.row(whole->tokenIds[std::size_t(t)]);
        QVERIFY(runStackedBlocks(*loaded.model, 0, T, x, {}));
        AE_COMPARE_TENSORS("stacked blocks' logits", whole->lastLogits,
                           finalLogits(*loaded.model, x.bottomRows(1)), 1e-4);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("edit");  // what to change: "key=json value" or a file
        QTest::addColumn<QString>("named"); // what the message must name
        QTest::newRow("rope_type yarn")
            << QStringLiteral("llama_scaled")
            << QStringLiteral(R"(rope_scaling={"rope_type":"yarn","factor":4})")
            << QStringLiteral("yarn");
        QTest::newRow("hidden_act gelu")
            << QStringLiteral("llama_scaled") << QStringLiteral(R"(hidden_act="gelu")")
            << QStringLiteral("hidden_act");
        QTest::newRow("qwen2 use_sliding_window")
            << QStringLiteral("qwen2_bias") << QStringLiteral("use_sliding_window=true")
            << QStringLiteral("use_sliding_window");
        QTest::newRow("model_type phi3")
            << QStringLiteral("llama_scaled") << QStringLiteral(R"(model_type="phi3")")
            << QStringLiteral("phi3");
        QTest::newRow("kv heads not dividing")
            << QStringLiteral("llama_scaled") << QStringLiteral("num_key_value_heads=3")
            << QStringLiteral("num_key_value_heads");
        QTest::newRow("wrong shape (hidden_size)")
            << QStringLiteral("llama_scaled") << QStringLiteral("intermediate_size=50")
            << QStringLiteral("model.layers.0.mlp.gate_proj.weight");
        QTest::newRow("missing tensor (q_norm)")
            << QStringLiteral("llama_scaled") << QStringLiteral(R"(model_type="qwen3")")
            << QStringLiteral("model.layers.0.self_attn.q_norm.weight");
        QTest::newRow("missing shard") << QStringLiteral("mistral_window")
                                       << QStringLiteral("-model-00002-of-00003.safetensors")
                                       << QStringLiteral("model-00002-of-00003.safetensors");
    }

    void refusals()
    {
        QFETCH(QString, name);
        QFETCH(QString, edit);
        QFETCH(QString, named);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        if (edit.startsWith(u'-')) {
            brokenCopy(dir, name);
            QVERIFY(QFile::remove(dir.filePath(edit.mid(1))));
        } else {
            const qsizetype eq = edit.indexOf(u'=');
            const QString key = edit.left(eq);
            const QJsonValue value =
                QJsonDocument::fromJson(("[" + edit.mid(eq + 1) + "]").toUtf8()).array().at(0);
            brokenCopy(dir, name, [&](QJsonObject& o) { o.insert(key, value); });
        }
        const auto loaded = loadModel(dir.path());
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(named), qPrintable(loaded.error));
    }
};

QTEST_GUILESS_MAIN(TestLlamaForward)
#include "tst_llamaforward.moc"
