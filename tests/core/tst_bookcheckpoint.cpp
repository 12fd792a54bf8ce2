// The book's GPTModel checkpoints (tests/fixtures/book, written by generate_book_fixtures.py
// with PyTorch): safetensors and .pth, with and without config.json, attention-only with qkv
// bias, 1-3 layers, opened by loadModel (file and folder) and run by the forward: every
// layer's and head's queries, keys, values and attention weights, the last logits and the
// top-10 next tokens against PyTorch, the worst difference printed. Then the refusals: hostile
// .pth files (their pickle calls posix.system, builtins.eval, os.system by STACK_GLOBAL, names
// an unknown storage type; a truncated zip, a compressed data.pkl) refused naming what they
// tried, nothing of them run; pickles with forbidden opcodes, cycles, deep nesting; a missing
// tensor, a wrong shape, a bad config.json refused naming them.
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "StateDictUnpickler.h"
#include "TensorCompare.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include "SafetensorsHeader.h"
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <QTest>
#include <cstring>
#include <limits>

#include <string_view>

using namespace std::string_view_literals;

using namespace ae;
using namespace ae::test;

namespace {

constexpr double Tolerance = 1e-4;

struct Worst
{
    double diff = 0;
    QString where;
    void note(const TensorComparison& cmp, const QString& name)
    {
        if (cmp.worstDiff > diff)
            *this = {cmp.worstDiff, name};
    }
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// Pickle bytes written out (string_view literals keep their NULs).
QByteArray bytes(std::string_view text)
{
    return QByteArray(text.data(), qsizetype(text.size()));
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestBookCheckpoint : public QObject
{
    Q_OBJECT

private:
    // mlp3_safetensors's checkpoint in a fresh folder with CONFIG as its config.json (none if
    // empty): the error of loading it.
    QString loadWithConfig(const QByteArray& config)
    {
        QTemporaryDir dir;
        if (!dir.isValid())
            return QStringLiteral("no temporary folder");
        QFile::copy(fixturePath(QStringLiteral("book/mlp3_safetensors/model.safetensors")),
                    dir.filePath(QStringLiteral("model.safetensors")));
        if (!config.isEmpty())
            writeFile(dir.filePath(QStringLiteral("config.json")), config);
        const ModelLoadResult loaded = loadModel(dir.path());
        return loaded.model ? QString() : loaded.error;
    }

    static QByteArray mlp3Config(const QString& key, const QJsonValue& value)
    {
        QJsonObject config =
            QJsonDocument::fromJson(
                readAll(fixturePath(QStringLiteral("book/mlp3_safetensors/config.json"))))
                .object();
        if (value.isUndefined())
            config.remove(key);
        else
            config.insert(key, value);
        return QJsonDocument(config).toJson();
    }

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("mlp");
        QTest::newRow("F16 safetensors, config.json, 2 layers")
            << QStringLiteral("mlp2_safetensors/model.safetensors")
            << QStringLiteral("mlp2_safetensors") << QStringLiteral("F16") << true;
        QTest::newRow("the same as a folder")
            << QStringLiteral("mlp2_safetensors") << QStringLiteral("mlp2_safetensors")
            << QStringLiteral("F16") << true;
        QTest::newRow("F16 .pth (same weights), no config.json: emb_dim / 64 heads")
            << QStringLiteral("mlp2_pth/model.pth") << QStringLiteral("mlp2_safetensors")
            << QStringLiteral("F16") << true;
        QTest::newRow("the same .pth as a folder")
            << QStringLiteral("mlp2_pth") << QStringLiteral("mlp2_safetensors")
            << QStringLiteral("F16") << true;
        QTest::newRow("F32 .pth {model_state_dict, optimizer}, attention-only, qkv bias")
            << QStringLiteral("attn1_pth/model.pth") << QStringLiteral("attn1_pth")
            << QStringLiteral("F32") << false;
        QTest::newRow("F32 safetensors, 3 layers, qkv bias")
            << QStringLiteral("mlp3_safetensors/model.safetensors")
            << QStringLiteral("mlp3_safetensors") << QStringLiteral("F32") << true;
    }

    void matchesPyTorch()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QFETCH(QString, dtype);
        QFETCH(bool, mlp);
        const QJsonObject reference =
            readFixture(QStringLiteral("book/%1/expected.json").arg(expected));
        const auto loaded = loadModel(fixturePath(QStringLiteral("book/") + path));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const TransformerConfig& c = loaded.model->config();
        const QJsonObject config = reference.value(QLatin1StringView("config")).toObject();
        QCOMPARE(QString::fromStdString(c.family), QStringLiteral("book"));
        QCOMPARE(c.nLayer, config.value(QLatin1StringView("n_layers")).toInt());
        QCOMPARE(c.nHead, config.value(QLatin1StringView("n_heads")).toInt());
        QCOMPARE(c.nKvHead, c.nHead);
        QCOMPARE(c.nEmbd, config.value(QLatin1StringView("emb_dim")).toInt());
        QCOMPARE(c.nCtx, config.value(QLatin1StringView("context_length")).toInt());
        QCOMPARE(c.vocabSize, config.value(QLatin1StringView("vocab_size")).toInt());
        QCOMPARE(c.mlp, mlp);
        QCOMPARE(c.tiedHead, false);
        QCOMPARE(QString::fromStdString(c.tokenizer), QStringLiteral("gpt2"));
        QCOMPARE(QString::fromStdString(c.dtype), dtype);
        QVERIFY(loaded.model->params().outHead.data != loaded.model->params().wte.data);
        const bool qkvBias = config.value(QLatin1StringView("qkv_bias")).toBool();
        QCOMPARE(loaded.model->params().layers[0].attnBias.empty(), !qkvBias);
        QCOMPARE(loaded.model->params().layers[0].fcWeight.empty(), !mlp);

        std::vector<std::int64_t> ids;
        for (const QJsonValue& id : reference.value(QLatin1StringView("token_ids")).toArray())
            ids.push_back(id.toInteger());
        const auto trace = transformerForward(loaded.model, ids);

        Worst worst;
        const QJsonArray layers = reference.value(QLatin1StringView("layers")).toArray();
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
                                                    actual, Tolerance, 0);
                    if (!cmp.ok)
                        QFAIL(qPrintable(cmp.describe(where)));
                    worst.note(cmp, where);
                }
            }
        }
        const auto logits =
            compareTensors(jsonMatrix(reference.value(QLatin1StringView("last_logits"))),
                           trace->lastLogits, Tolerance, 0);
        if (!logits.ok)
            QFAIL(qPrintable(logits.describe(QStringLiteral("last_logits"))));
        worst.note(logits, QStringLiteral("last_logits"));

        const QJsonArray next = reference.value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(int(trace->nextTokens.size()), int(next.size()));
        for (int i = 0; i < int(next.size()); ++i) {
            const QJsonObject e = next.at(i).toObject();
            QCOMPARE(trace->nextTokens[std::size_t(i)].id,
                     e.value(QLatin1StringView("id")).toInteger());
            const double diff = std::abs(trace->nextTokens[std::size_t(i)].prob -
                                         e.value(QLatin1StringView("prob")).toDouble());
            QVERIFY2(
                diff <= Tolerance,
                qPrintable(QStringLiteral("next_token[%1].prob differs by %2").arg(i).arg(diff)));
            if (diff > worst.diff)
                worst = {diff, QStringLiteral("next_token[%1].prob").arg(i)};
        }
        qInfo("%s: worst difference %.3g at %s", qPrintable(path), worst.diff,
              qPrintable(worst.where));
    }

    void hostileFilesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("named");
        const QJsonObject refusals = readFixture(QStringLiteral("book/hostile/expected.json"))
                                         .value(QLatin1StringView("refusals"))
                                         .toObject();
        QVERIFY(refusals.size() >= 6);
        for (auto it = refusals.begin(); it != refusals.end(); ++it)
            QTest::newRow(qPrintable(it.key())) << it.key() << it.value().toString();
    }

    void hostileFilesAreRefused()
    {
        QFETCH(QString, name);
        QFETCH(QString, named);
        const QString marker = readFixture(QStringLiteral("book/hostile/expected.json"))
                                   .value(QLatin1StringView("marker"))
                                   .toString();
        QFile::remove(marker);
        const auto loaded = loadModel(fixturePath(QStringLiteral("book/hostile/%1.pth").arg(name)));
        QVERIFY(!loaded.model);
        qInfo("%s", qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(named), qPrintable(loaded.error));
        QVERIFY2(!QFileInfo::exists(marker), "the payload ran");
    }

    // Pickles that are not a state_dict, each refused naming the opcode or rule.
    void forbiddenPicklesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("pickle");
        QTest::addColumn<QString>("named");
        const QByteArray od = QByteArrayLiteral("\x80\x02"
                                                "ccollections\nOrderedDict\n)R");
        QTest::newRow("INST") << od + bytes("(X\x01\0\0\0a(ios\nsystem\nu."sv)
                              << QStringLiteral("INST");
        QTest::newRow("OBJ") << QByteArrayLiteral("\x80\x02(o.") << QStringLiteral("OBJ");
        QTest::newRow("NEWOBJ") << QByteArrayLiteral("\x80\x02N)\x81.") << QStringLiteral("NEWOBJ");
        QTest::newRow("EXT1") << QByteArrayLiteral("\x80\x02\x82\x01.") << QStringLiteral("EXT1");
        QTest::newRow("PERSID") << QByteArrayLiteral("\x80\x02P0\n.") << QStringLiteral("PERSID");
        QTest::newRow("REDUCE on a storage type") << QByteArrayLiteral("\x80\x02"
                                                                       "ctorch\nFloatStorage\n)R.")
                                                  << QStringLiteral("torch.FloatStorage");
        QTest::newRow("a list inside itself") << QByteArrayLiteral("\x80\x02]q\x00h\x00"
                                                                   "a.")
                                              << QStringLiteral("already inside");
        QTest::newRow("a list changed after going into another")
            << QByteArrayLiteral("\x80\x02]q\x00]h\x00"
                                 "ah\x00N"
                                 "a.")
            << QStringLiteral("already inside");
        QTest::newRow("deep nesting")
            << QByteArray("\x80\x02" + QByteArray(100, ']') + QByteArray(99, 'a') + '.')
            << QStringLiteral("nest");
        QTest::newRow("truncated")
            << QByteArrayLiteral("\x80\x02X\xff\0\0\0abc") << QStringLiteral("ends inside");
        QTest::newRow("memo read before written")
            << QByteArrayLiteral("\x80\x02h\x05.") << QStringLiteral("never stored");
        QTest::newRow("not a dict") << QByteArrayLiteral("\x80\x02N.") << QStringLiteral("None");
        QTest::newRow("a value that is not a tensor")
            << QByteArrayLiteral("\x80\x02}X\x01\0\0\0aK\x01s.") << QStringLiteral("not a tensor");
        QTest::newRow("protocol 0 text opcode")
            << QByteArrayLiteral("I1\n.") << QStringLiteral("INT");
    }

    void forbiddenPicklesAreRefused()
    {
        QFETCH(QByteArray, pickle);
        QFETCH(QString, named);
        const StateDictResult result = unpickleStateDict(pickle);
        QVERIFY(result.tensors.empty());
        QVERIFY2(result.error.contains(named), qPrintable(result.error));
    }

    // torch.save's own pickles (the fuzzers' seeds, written by generate_book_fixtures.py): a
    // state_dict in F32 and F16, one beside its optimizer state, a dict of nn.Parameters.
    void torchSavedPicklesAreRead_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tensors");
        // tiny model: tok_emb, pos_emb, W_query/W_key/W_value weight+bias, mask, out_proj
        // weight+bias, norm1 scale+shift, final_norm scale+shift, out_head
        QTest::newRow("state_dict F32") << QStringLiteral("tiny-f32") << 16;
        QTest::newRow("state_dict F16") << QStringLiteral("tiny-f16") << 16;
        QTest::newRow("with optimizer state") << QStringLiteral("tiny-optimizer") << 16;
        QTest::newRow("parameters (no mask)") << QStringLiteral("parameters") << 15;
    }

    void torchSavedPicklesAreRead()
    {
        QFETCH(QString, name);
        QFETCH(int, tensors);
        const QByteArray pickle =
            readAll(fixturePath(QStringLiteral("../fuzz/corpus/fuzz_pickle/%1.pkl").arg(name)));
        QVERIFY(!pickle.isEmpty());
        const StateDictResult result = unpickleStateDict(pickle);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(int(result.tensors.size()), tensors);
        QCOMPARE(result.tensors.front().name, std::string("tok_emb.weight"));
        QCOMPARE(result.tensors.front().shape, (std::vector<std::int64_t>{4, 2}));
    }

    // A hand-written state_dict with a transposed (non-contiguous) tensor is refused naming the
    // tensor, its storage, offset and numel; the same tensor contiguous is read.
    void nonContiguousTensorIsRefused()
    {
        auto pickle = [](char strideA, char strideB) {
            return bytes("\x80\x02"
                         "ccollections\nOrderedDict\n)R(X\x01\0\0\0w"
                         "ctorch._utils\n_rebuild_tensor_v2\n((X\x07\0\0\0storage"
                         "ctorch\nFloatStorage\nX\x01\0\0\0"
                         "0X\x03\0\0\0cpuK\x06tQ"
                         "K\x00K\x02K\x03\x86K"sv) +
                   strideA + 'K' + strideB +
                   bytes("\x86\x89"
                         "ccollections\nOrderedDict\n)RtRu."sv);
        };
        const StateDictResult good = unpickleStateDict(pickle(3, 1));
        QVERIFY2(good.error.isEmpty(), qPrintable(good.error));
        QCOMPARE(int(good.tensors.size()), 1);
        QCOMPARE(good.tensors[0].shape, (std::vector<std::int64_t>{2, 3}));
        QCOMPARE(good.tensors[0].storageNumel, std::int64_t(6));
        const StateDictResult bad = unpickleStateDict(pickle(1, 2));
        QVERIFY(bad.tensors.empty());
        QVERIFY2(bad.error.contains(QStringLiteral("not contiguous")) &&
                     bad.error.contains(QStringLiteral("\u201cw\u201d")),
                 qPrintable(bad.error));
    }

    void badCheckpointsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QStringList>("named");
        QTest::newRow("a layer more than the file has")
            << mlp3Config(QStringLiteral("n_layers"), 4)
            << QStringList{QStringLiteral("trf_blocks.3.norm1.scale"), QStringLiteral("missing")};
        QTest::newRow("a wrong width")
            << mlp3Config(QStringLiteral("emb_dim"), 64)
            << QStringList{QStringLiteral("tok_emb.weight"), QStringLiteral("(512, 32)"),
                           QStringLiteral("(512, 64)")};
        QTest::newRow("heads that do not divide the width")
            << mlp3Config(QStringLiteral("n_heads"), 5)
            << QStringList{QStringLiteral("config.json"), QStringLiteral("n_heads")};
        QTest::newRow("a key missing")
            << mlp3Config(QStringLiteral("n_layers"), QJsonValue::Undefined)
            << QStringList{QStringLiteral("n_layers"), QStringLiteral("missing")};
        QTest::newRow("a key of the wrong type")
            << mlp3Config(QStringLiteral("qkv_bias"), QStringLiteral("yes"))
            << QStringList{QStringLiteral("qkv_bias"), QStringLiteral("true or false")};
        QTest::newRow("biases the config does not have")
            << mlp3Config(QStringLiteral("qkv_bias"), false)
            << QStringList{QStringLiteral("trf_blocks.0.att.W_query.bias"),
                           QStringLiteral("qkv_bias")};
        QTest::newRow("a feed-forward the config does not have")
            << mlp3Config(QStringLiteral("mlp"), false)
            << QStringList{QStringLiteral("trf_blocks.0.ff.layers.0.weight"),
                           QStringLiteral("mlp")};
        QTest::newRow("a tokenizer not known")
            << mlp3Config(QStringLiteral("tokenizer"), QStringLiteral("bpe"))
            << QStringList{QStringLiteral("config.json"), QStringLiteral("\"tokenizer\"")};
        QTest::newRow("chars without their vocabulary")
            << mlp3Config(QStringLiteral("tokenizer"), QStringLiteral("chars"))
            << QStringList{QStringLiteral("vocabulary"), QStringLiteral("vocab_size (512)")};
        QTest::newRow("a vocabulary of words") << [] {
            QJsonObject config = QJsonDocument::fromJson(mlp3Config(QStringLiteral("tokenizer"),
                                                                    QStringLiteral("chars")))
                                     .object();
            QJsonArray words;
            for (int i = 0; i < 512; ++i)
                words.append(QStringLiteral("w%1").arg(i));
            config.insert(QStringLiteral("vocabulary"), words);
            return QJsonDocument(config).toJson();
        }() << QStringList{QStringLiteral("distinct single characters")};
        QTest::newRow("not JSON") << QByteArray("{") << QStringList{QStringLiteral("config.json")};
        QTest::newRow("no config, width not a multiple of 64")
            << QByteArray() << QStringList{QStringLiteral("emb_dim"), QStringLiteral("64")};
    }

    void badCheckpointsAreRefused()
    {
        QFETCH(QByteArray, config);
        QFETCH(QStringList, named);
        const QString error = loadWithConfig(config);
        QVERIFY2(!error.isEmpty(), "the checkpoint was accepted");
        for (const QString& part : named)
            QVERIFY2(error.contains(part), qPrintable(error));
    }

    // A .pth whose state_dict lacks a tensor the model needs: the unpickled file is checked
    // like a safetensors one (attn1_pth's config.json asking for the feed-forward it lacks).
    void pthMissingTensorIsRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QFile::copy(fixturePath(QStringLiteral("book/attn1_pth/model.pth")),
                            dir.filePath(QStringLiteral("model.pth"))));
        QJsonObject config = QJsonDocument::fromJson(
                                 readAll(fixturePath(QStringLiteral("book/attn1_pth/config.json"))))
                                 .object();
        config.insert(QStringLiteral("mlp"), true);
        QVERIFY(
            writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(config).toJson()));
        const auto loaded = loadModel(dir.filePath(QStringLiteral("model.pth")));
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(QStringLiteral("trf_blocks.0.norm2.scale")) &&
                     loaded.error.contains(QStringLiteral("missing")),
                 qPrintable(loaded.error));
    }

    // A NaN in a weight is refused naming the tensor, as in GPT-2's checkpoints; an unreadable
    // config.json (here a folder of that name) is an I/O error naming it, not ignored.
    void nonFiniteWeightAndUnreadableConfigAreRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("model.safetensors"));
        QByteArray bytes =
            readAll(fixturePath(QStringLiteral("book/mlp3_safetensors/model.safetensors")));
        const SafetensorsHeaderResult parsed =
            parseSafetensorsHeader(bytes, std::uint64_t(bytes.size()));
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        const TensorEntry* entry = parsed.header.find("trf_blocks.1.att.W_key.weight");
        QVERIFY(entry && entry->dtype == TensorDtype::F32);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::memcpy(bytes.data() + parsed.header.dataStart + entry->begin + 4 * 5, &nan, 4);
        QVERIFY(writeFile(path, bytes));
        QVERIFY(QFile::copy(fixturePath(QStringLiteral("book/mlp3_safetensors/config.json")),
                            dir.filePath(QStringLiteral("config.json"))));
        auto loaded = loadModel(path);
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(QStringLiteral("trf_blocks.1.att.W_key.weight")) &&
                     loaded.error.contains(QStringLiteral("NaN")),
                 qPrintable(loaded.error));

        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("config.json"))));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("config.json")));
        loaded = loadModel(path);
        QVERIFY(!loaded.model);
        QVERIFY(loaded.ioError);
        QVERIFY2(loaded.error.contains(QStringLiteral("config.json")), qPrintable(loaded.error));
    }

    // A missing .pth is an I/O error (exit 2), not a refusal.
    void missingPthIsAnIoError()
    {
        const auto loaded = loadModel(QStringLiteral("/nonexistent/model.pth"));
        QVERIFY(!loaded.model);
        QVERIFY(loaded.ioError);
    }
};

QTEST_GUILESS_MAIN(TestBookCheckpoint)
#include "tst_bookcheckpoint.moc"
