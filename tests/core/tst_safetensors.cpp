// Broken checkpoints, each made in the test from a good fixture: every one is refused
// with a message that names the file and the problem, and nothing crashes, hangs or
// allocates what a lying header asks for.
#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "SafetensorsFile.h"
#include "SafetensorsHeader.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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

// The good F32 fixture with element `index` of `tensor` set to `value`.
QByteArray withValue(const char* tensor, int index, float value)
{
    return edited([&](QJsonObject& h, QByteArray& data) {
        const qsizetype at = qsizetype(offsetsOf(h, tensor).at(0).toInteger()) + 4 * index;
        std::memcpy(data.data() + at, &value, sizeof value);
    });
}

// The F16 fixture with element `index` of `tensor` set to the half-precision bits `bits`.
QByteArray withHalfBits(const char* tensor, int index, quint16 bits)
{
    QByteArray file = readAll(fixturePath(QStringLiteral("gpt2/f16_plain/model.safetensors")));
    quint64 n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | quint8(file[i]);
    const QJsonObject header = QJsonDocument::fromJson(file.mid(8, qsizetype(n))).object();
    const qsizetype at =
        8 + qsizetype(n) + qsizetype(offsetsOf(header, tensor).at(0).toInteger()) + 2 * index;
    file[at] = char(bits & 0xff);
    file[at + 1] = char(bits >> 8);
    return file;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& contents)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// loadModel(path) as a user other than root, for permission checks (root reads
// anything): in a child process that drops to "nobody". Returns the error and ioError.
std::pair<QString, bool> loadAsUser(const QString& path)
{
    if (::geteuid() != 0) {
        const auto loaded = loadModel(path);
        return {loaded.error, loaded.ioError};
    }
    int fds[2];
    if (::pipe(fds) != 0)
        qFatal("pipe");
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        QByteArray message = "setuid failed";
        bool io = false;
        if (::setgid(65534) == 0 && ::setuid(65534) == 0) {
            const auto loaded = loadModel(path);
            message = loaded.error.toUtf8();
            io = loaded.ioError;
        }
        message.prepend(io ? '1' : '0');
        [[maybe_unused]] const auto written =
            ::write(fds[1], message.constData(), std::size_t(message.size()));
        ::_exit(0);
    }
    ::close(fds[1]);
    QByteArray reply;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        reply.append(buffer, n);
    ::close(fds[0]);
    ::waitpid(child, nullptr, 0);
    return {QString::fromUtf8(reply.mid(1)), reply.startsWith('1')};
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

    // A NaN or an infinity anywhere in a weight the model uses is refused, naming the tensor
    // and the element, F32 in place and F16 after widening alike.
    void nonFiniteWeightIsRefused_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::addColumn<QString>("fragment");
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float inf = std::numeric_limits<float>::infinity();
        QTest::newRow("NaN in wte")
            << withValue("transformer.wte.weight", 0, nan)
            << QStringLiteral("tensor \u201ctransformer.wte.weight\u201d holds NaN at [0, 0]");
        QTest::newRow("+inf in a block's MLP")
            << withValue("transformer.h.1.mlp.c_proj.weight", 16 * 5 + 3, inf)
            << QStringLiteral("\u201ctransformer.h.1.mlp.c_proj.weight\u201d holds +inf at [5, 3]");
        QTest::newRow("-inf, last element of ln_f.bias")
            << withValue("transformer.ln_f.bias", 15, -inf)
            << QStringLiteral("\u201ctransformer.ln_f.bias\u201d holds -inf at [15]");
        QTest::newRow("signalling NaN in wpe")
            << withValue("transformer.wpe.weight", 16 * 31 + 15,
                         std::numeric_limits<float>::signaling_NaN())
            << QStringLiteral("holds NaN at [31, 15]");
        QTest::newRow("F16 inf in c_attn")
            << withHalfBits("h.0.attn.c_attn.weight", 47, 0x7c00)
            << QStringLiteral("\u201ch.0.attn.c_attn.weight\u201d holds +inf at [0, 47]");
        QTest::newRow("F16 NaN in wte")
            << withHalfBits("wte.weight", 260 * 32 - 1, 0xfe00)
            << QStringLiteral("\u201cwte.weight\u201d holds NaN at [259, 31]");
    }
    void nonFiniteWeightIsRefused()
    {
        QFETCH(QByteArray, contents);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const bool f16 = contents.contains("\"F16\"");
        QFile::copy(
            fixturePath(QStringLiteral("gpt2/%1/config.json")
                            .arg(f16 ? QStringLiteral("f16_plain") : QStringLiteral("f32_prefix"))),
            dir.filePath(QStringLiteral("config.json")));
        const auto loaded =
            loadModel(writeFile(dir, QStringLiteral("model.safetensors"), contents));
        QVERIFY(!loaded.model);
        QVERIFY(!loaded.ioError);
        QVERIFY2(loaded.error.contains(fragment), qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(QStringLiteral("must all be finite")),
                 qPrintable(loaded.error));
    }

    // A model path that is not a regular file is refused before a byte is read: a FIFO
    // without a writer would block open(), /dev/zero never ends.
    void nonRegularModelPathIsRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("not a regular file");
        QTest::newRow("/dev/zero")
            << QStringLiteral("/dev/zero") << QStringLiteral("not a regular file");
        QTest::newRow("link to /dev/zero")
            << QStringLiteral("link") << QStringLiteral("not a regular file");
        QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("it is a folder");
    }
    void nonRegularModelPathIsRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("model.safetensors"));
        const QByteArray native = QFile::encodeName(path);
        if (kind == QLatin1StringView("fifo"))
            QCOMPARE(::mkfifo(native.constData(), 0600), 0);
        else if (kind == QLatin1StringView("link"))
            QCOMPARE(::symlink("/dev/zero", native.constData()), 0);
        else if (kind == QLatin1StringView("folder"))
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("model.safetensors")));
        else
            path = kind;
        const auto loaded = loadModel(path);
        QVERIFY(!loaded.model);
        QVERIFY(loaded.ioError);
        QVERIFY2(loaded.error.contains(path), qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(fragment), qPrintable(loaded.error));
    }

    // config.json present but unreadable is an error naming it, never a silent fallback to
    // the configuration inferred from the tensors (which guesses n_head = n_embd / 64).
    void unreadableConfigIsRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("folder") << QStringLiteral("folder") << QStringLiteral("it is a folder");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("pipe");
        QTest::newRow("link to /dev/zero")
            << QStringLiteral("zero") << QStringLiteral("not a regular file");
        QTest::newRow("symlink loop")
            << QStringLiteral("loop") << QString::fromLocal8Bit(std::strerror(ELOOP));
        QTest::newRow("dangling link")
            << QStringLiteral("dangling") << QString::fromLocal8Bit(std::strerror(ENOENT));
        QTest::newRow("permission denied")
            << QStringLiteral("mode 000") << QString::fromLocal8Bit(std::strerror(EACCES));
        QTest::newRow("over 1 MB") << QStringLiteral("big") << QStringLiteral("at most 1 MB");
    }
    void unreadableConfigIsRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner |
                                                      QFile::ExeOwner | QFile::ReadOther |
                                                      QFile::ExeOther));
        const QString model = dir.filePath(QStringLiteral("model.safetensors"));
        QVERIFY(
            QFile::copy(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")), model));
        const QString config = dir.filePath(QStringLiteral("config.json"));
        const QByteArray native = QFile::encodeName(config);
        if (kind == QLatin1StringView("folder")) {
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("config.json")));
        } else if (kind == QLatin1StringView("fifo")) {
            QCOMPARE(::mkfifo(native.constData(), 0600), 0);
        } else if (kind == QLatin1StringView("zero")) {
            QCOMPARE(::symlink("/dev/zero", native.constData()), 0);
        } else if (kind == QLatin1StringView("loop")) {
            QCOMPARE(::symlink("config.json", native.constData()), 0);
        } else if (kind == QLatin1StringView("dangling")) {
            QCOMPARE(::symlink("gone.json", native.constData()), 0);
        } else if (kind == QLatin1StringView("big")) {
            QFile big(config);
            QVERIFY(big.open(QIODevice::WriteOnly));
            QVERIFY(big.resize(1024 * 1024 + 1));
        } else {
            QVERIFY(
                QFile::copy(fixturePath(QStringLiteral("gpt2/f32_prefix/config.json")), config));
            QCOMPARE(::chmod(native.constData(), 0), 0);
        }
        QCOMPARE(::chmod(QFile::encodeName(model).constData(), 0644), 0);
        const auto [error, ioError] =
            kind == QLatin1StringView("mode 000") ? loadAsUser(model) : [&] {
                const auto loaded = loadModel(model);
                return std::pair{loaded.error, loaded.ioError};
            }();
        QVERIFY(ioError);
        QVERIFY2(error.startsWith(config + QStringLiteral(": cannot read it")), qPrintable(error));
        QVERIFY2(error.contains(fragment), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("or it is larger")), qPrintable(error));
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
