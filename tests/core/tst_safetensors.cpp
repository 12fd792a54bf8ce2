// Broken checkpoints, each made in the test from a good fixture: every one is refused
// with a message that names the file and the problem, and nothing crashes, hangs or
// allocates what a lying header asks for.
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "TransformerModel.h"
#include "SafetensorsFile.h"
#include "SafetensorsHeader.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace ae;
using namespace ae::test;

namespace {

using Edit = std::function<void(QJsonObject& header, QByteArray& data)>;

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QByteArray lengthField(quint64 n)
{
    QByteArray bytes(8, '\0');
    for (int i = 0; i < 8; ++i)
        bytes[i] = char((n >> (8 * i)) & 0xff);
    return bytes;
}

// The good F32 fixture with its header and data section edited.
QByteArray edited(const Edit& edit)
{
    const QByteArray file =
        readAll(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
    quint64 n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | quint8(file[i]);
    QJsonObject header = QJsonDocument::fromJson(file.mid(8, qsizetype(n))).object();
    QByteArray data = file.mid(8 + qsizetype(n));
    edit(header, data);
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    return lengthField(quint64(json.size())) + json + data;
}

void setEntry(QJsonObject& header, const char* name, const char* key, const QJsonValue& value)
{
    QJsonObject entry = header.value(QLatin1StringView(name)).toObject();
    entry.insert(QLatin1StringView(key), value);
    header.insert(QLatin1StringView(name), entry);
}

QJsonArray offsetsOf(const QJsonObject& header, const char* name)
{
    return header.value(QLatin1StringView(name))
        .toObject()
        .value(QLatin1StringView("data_offsets"))
        .toArray();
}

} // namespace

class TestSafetensors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goodFixturesLoad_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("f32") << QStringLiteral("f32_prefix");
        QTest::newRow("f16") << QStringLiteral("f16_plain");
        QTest::newRow("bf16") << QStringLiteral("bf16_noconfig");
    }
    void goodFixturesLoad()
    {
        QFETCH(QString, name);
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        QVERIFY(loaded.error.isEmpty());
    }

    void brokenFileIsRefused_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QByteArray>("config"); // config.json beside it; empty: none
        QTest::addColumn<QString>("fragment");  // the message must contain it

        const QByteArray good =
            readAll(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        const QByteArray config =
            readAll(fixturePath(QStringLiteral("gpt2/f32_prefix/config.json")));

        QTest::newRow("empty") << QByteArray() << config << QStringLiteral("8-byte header length");
        QTest::newRow("four bytes")
            << QByteArray("\x10\0\0\0", 4) << config << QStringLiteral("8-byte header length");
        QTest::newRow("truncated in the data")
            << good.left(good.size() / 2) << config << QStringLiteral("past the end");
        QTest::newRow("truncated in the header")
            << good.left(100) << config << QStringLiteral("truncated");
        QTest::newRow("absurd header length") << lengthField(~quint64(0)) + good.mid(8) << config
                                              << QStringLiteral("more than the 100000000");
        QTest::newRow("header length past the end")
            << lengthField(quint64(good.size())) + good.mid(8) << config << QStringLiteral("only");
        QTest::newRow("header not JSON")
            << lengthField(12) + QByteArray("{not json!!}") + good.mid(20) << config
            << QStringLiteral("not a JSON object");
        QTest::newRow("header a JSON list")
            << lengthField(2) + QByteArray("[]") << config << QStringLiteral("not a JSON object");
        QTest::newRow("offsets past the end") << edited([](QJsonObject& h, QByteArray& data) {
            setEntry(h, "transformer.ln_f.bias", "data_offsets",
                     QJsonArray{data.size(), data.size() + 64});
        }) << config << QStringLiteral("past the end of the file");
        QTest::newRow("offsets reversed") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "data_offsets", QJsonArray{64, 0});
        }) << config << QStringLiteral("before it begins");
        QTest::newRow("offsets not numbers") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "data_offsets",
                     QJsonArray{QStringLiteral("0"), 64});
        }) << config << QStringLiteral("non-negative whole numbers");
        QTest::newRow("overlapping tensors") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "data_offsets",
                     offsetsOf(h, "transformer.ln_f.weight"));
        }) << config << QStringLiteral("overlap");
        QTest::newRow("shape does not match the byte range")
            << edited([](QJsonObject& h, QByteArray&) {
                   setEntry(h, "transformer.ln_f.bias", "shape", QJsonArray{17});
               })
            << config
            << QStringLiteral("its shape needs 68 bytes of F32 but its data_offsets span 64");
        QTest::newRow("huge shape") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "shape", QJsonArray{1e15, 1e15});
        }) << config << QStringLiteral("more than the file's");
        QTest::newRow("negative size") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "shape", QJsonArray{-16});
        }) << config << QStringLiteral("shape must hold non-negative whole numbers");
        QTest::newRow("unknown dtype") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "dtype", QStringLiteral("F42"));
        }) << config << QStringLiteral("unknown dtype");
        QTest::newRow("dtype GPT-2 cannot use") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.ln_f.bias", "dtype", QStringLiteral("I32"));
        }) << config << QStringLiteral("must be F32, F16 or BF16");
        QTest::newRow("missing tensor") << edited([](QJsonObject& h, QByteArray&) {
            h.remove(QStringLiteral("transformer.h.1.mlp.c_fc.bias"));
        }) << config << QStringLiteral("\u201ctransformer.h.1.mlp.c_fc.bias\u201d is missing");
        QTest::newRow("wrong shape for the config") << edited([](QJsonObject& h, QByteArray&) {
            setEntry(h, "transformer.h.0.attn.c_proj.bias", "shape", QJsonArray{4, 4});
        }) << config << QStringLiteral("has shape (4, 4) but the configuration needs (16)");
        const QByteArray foreign(R"({"foo":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})");
        QTest::newRow("not a GPT-2")
            << lengthField(quint64(foreign.size())) + foreign + QByteArray(8, '\0') << QByteArray()
            << QStringLiteral("not a GPT-2 checkpoint");
        QTest::newRow("config.json not JSON")
            << good << QByteArray("{oops")
            << QStringLiteral("config.json: it is not a JSON object");
        QTest::newRow("config.json disagrees")
            << good
            << QByteArray(
                   R"({"n_layer":2,"n_head":2,"n_embd":32,"n_positions":32,"vocab_size":300})")
            << QStringLiteral("but the configuration needs");
        QTest::newRow("config.json n_head does not divide")
            << good
            << QByteArray(
                   R"({"n_layer":2,"n_head":3,"n_embd":16,"n_positions":32,"vocab_size":300})")
            << QStringLiteral("not a multiple of n_head");
        QTest::newRow("no config.json, heads unknown")
            << good << QByteArray() << QStringLiteral("not a multiple of 64");
    }

    void brokenFileIsRefused()
    {
        QFETCH(QByteArray, contents);
        QFETCH(QByteArray, config);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("model.safetensors"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(contents);
        file.close();
        if (!config.isEmpty()) {
            QFile c(dir.filePath(QStringLiteral("config.json")));
            QVERIFY(c.open(QIODevice::WriteOnly));
            c.write(config);
        }
        const auto loaded = loadModel(path);
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(dir.path()), qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(fragment), qPrintable(loaded.error));
    }

    void missingFileAndFolderAreRefused()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("nope.safetensors"));
        auto loaded = loadModel(missing);
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(missing) &&
                     loaded.error.contains(QStringLiteral("cannot open")),
                 qPrintable(loaded.error));
        loaded = loadModel(dir.path());
        QVERIFY(!loaded.model);
        QVERIFY2(loaded.error.contains(QStringLiteral("folder")), qPrintable(loaded.error));
    }

    // The parser alone: a length field of 2^64 - 1 over a 16-byte buffer returns an
    // error at once (no allocation of the claimed size).
    void headerParserBoundsTheLength()
    {
        const QByteArray bytes = lengthField(~quint64(0)) + QByteArray(8, '{');
        const auto result = parseSafetensorsHeader(bytes, quint64(bytes.size()));
        QVERIFY(!result.error.isEmpty());
        QVERIFY(result.header.tensors.empty());
    }

    void halfAndBfloatWidenExactly_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<bool>("bfloat");
        QTest::addColumn<float>("expected");
        QTest::newRow("f16 1") << 0x3c00 << false << 1.0f;
        QTest::newRow("f16 -2") << 0xc000 << false << -2.0f;
        QTest::newRow("f16 max") << 0x7bff << false << 65504.0f;
        QTest::newRow("f16 smallest subnormal") << 0x0001 << false << 5.9604644775390625e-08f;
        QTest::newRow("f16 largest subnormal") << 0x03ff << false << 6.097555160522461e-05f;
        QTest::newRow("f16 -0") << 0x8000 << false << -0.0f;
        QTest::newRow("f16 inf") << 0x7c00 << false << std::numeric_limits<float>::infinity();
        QTest::newRow("bf16 1") << 0x3f80 << true << 1.0f;
        QTest::newRow("bf16 -3.140625") << 0xc049 << true << -3.140625f;
    }
    void halfAndBfloatWidenExactly()
    {
        QFETCH(int, bits);
        QFETCH(bool, bfloat);
        QFETCH(float, expected);
        const float actual =
            bfloat ? bfloat16ToFloat(std::uint16_t(bits)) : halfToFloat(std::uint16_t(bits));
        QCOMPARE(actual, expected);
        QCOMPARE(std::signbit(actual), std::signbit(expected));
    }
};

QTEST_GUILESS_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
