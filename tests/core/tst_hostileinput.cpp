// Hostile input at the core's edge (issue 13 §2): texts the eye cannot check, numbers whose
// products overflow, messages that must not echo untrusted text raw, the whole-process
// memory guard's message, and the dump written as a stream.
#include "Engine.h"
#include "JsonWriter.h"
#include "Limits.h"
#include "MessageText.h"
#include "ModelRun.h"
#include "RunJson.h"
#include "SessionJson.h"
#include "SessionValidator.h"
#include "Trace.h"

#include <QBuffer>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace ae;

namespace {

// A device that records the size of every write it receives.
class CountingDevice : public QBuffer
{
public:
    std::vector<qint64> writes;

protected:
    qint64 writeData(const char* data, qint64 size) override
    {
        writes.push_back(size);
        return QBuffer::writeData(data, size);
    }
};

std::optional<SessionIssue> issueOf(const QByteArray& json)
{
    const SessionParseResult parsed = sessionFromJson(json);
    if (parsed.issue)
        return parsed.issue;
    return validateSession(parsed.session);
}

} // namespace

class TestHostileInput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero-width space only")
            << QByteArray("{\"sentence\": \"\\u200b\"}") << QStringLiteral("sentence")
            << QStringLiteral("invisible characters (the first is U+200B)");
        QTest::newRow("ZWJ between words")
            << QByteArray("{\"sentence\": \"a \\u200d b\"}") << QStringLiteral("sentence")
            << QStringLiteral("token 2 of sentence is made only of invisible");
        QTest::newRow("BOM only") << QByteArray("{\"sentence\": \"\\ufeff\"}")
                                  << QStringLiteral("sentence") << QStringLiteral("U+FEFF");
        QTest::newRow("lone variation selector")
            << QByteArray("{\"sentence\": \"x \\ufe0f\"}") << QStringLiteral("sentence")
            << QStringLiteral("U+FE0F");
        QTest::newRow("escaped NUL")
            << QByteArray("{\"sentence\": \"a\\u0000b\"}") << QStringLiteral("sentence")
            << QStringLiteral("control character U+0000 at character 2");
        QTest::newRow("escape sequence")
            << QByteArray("{\"sentence\": \"\\u001b[31mred\"}") << QStringLiteral("sentence")
            << QStringLiteral("control character U+001B");
        QTest::newRow("gpt2: escaped NUL")
            << QByteArray("{\"tokenizer\": \"gpt2\", \"sentence\": \"a\\u0000b\"}")
            << QStringLiteral("sentence")
            << QStringLiteral("control character U+0000 at character 2");
        QTest::newRow("gpt2: escaped NUL in the source sentence")
            << QByteArray("{\"tokenizer\": \"gpt2\", \"sentence\": \"a\", \"source_sentence\": "
                          "\"x\\t\\u0000\"}")
            << QStringLiteral("source_sentence")
            << QStringLiteral("control character U+0000 at character 3");
        QTest::newRow("gpt2: invalid UTF-8 in the file")
            << QByteArray("{\"tokenizer\": \"gpt2\", \"sentence\": \"a\xff\xfe b\"}") << QString()
            << QStringLiteral("not valid JSON");
        QTest::newRow("raw NUL in a string")
            << QByteArray("{\"sentence\": \"a\0b\"}", 19) << QString()
            << QStringLiteral("raw control character (0x00) at line 1, column 16 (byte 15)");
        QTest::newRow("raw TAB in a string (issue 23 §9)")
            << QByteArray("{\"sentence\": \"a\tb\"}") << QString()
            << QStringLiteral("raw control character (0x09) at line 1, column 16 (byte 15)");
        QTest::newRow("raw newline in a string after an escaped quote")
            << QByteArray("{\"title\": \"say \\\"hi\\\"\n\"}") << QString()
            << QStringLiteral("raw control character (0x0a) at line 1, column 22 (byte 21)");
        QTest::newRow("lone high surrogate")
            << QByteArray("{\"sentence\": \"ab\\ud800c\"}") << QStringLiteral("sentence")
            << QStringLiteral("lone surrogate (\\ud800) at character 3");
        QTest::newRow("lone low surrogate")
            << QByteArray("{\"title\": \"\\udc00\"}") << QStringLiteral("title")
            << QStringLiteral("lone surrogate");
        QTest::newRow("fraction of a seed")
            << QByteArray(R"({"embedding_seed": 123.0000000000001})")
            << QStringLiteral("embedding_seed") << QStringLiteral("not 123.00000000000");
        QTest::newRow("inputs overflow float32")
            << QByteArray(
                   R"({"embedding": "manual", "sentence": "a b", "d_in": 2, "inputs": [[3.4e38, 1], [1, 1]]})")
            << QStringLiteral("inputs") << QStringLiteral("could overflow float32");
        QTest::newRow("products overflow float32")
            << QByteArray(
                   R"({"embedding": "manual", "sentence": "a b", "d_in": 2, "inputs": [[1e20, 1], [1, 1]]})")
            << QStringLiteral("inputs") << QStringLiteral("keep every number of inputs within");
        QTest::newRow("200 KB of combining marks")
            << QByteArray("{\"sentence\": \"a" + QByteArray(100'000, ' ').replace(" ", "\xcc\x81") +
                          "\"}")
            << QStringLiteral("sentence") << QStringLiteral("a text may have at most 32768");
        QTest::newRow("a 1 MB word")
            << QByteArray("{\"sentence\": \"" + QByteArray(1 << 20, 'x') + "\"}")
            << QStringLiteral("sentence") << QStringLiteral("a text may have at most 32768");
    }

    void refused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, key);
        QFETCH(QString, message);
        const auto issue = issueOf(json);
        QVERIFY2(issue, "accepted");
        QCOMPARE(QString::fromStdString(issue->key), key);
        QVERIFY2(issue->message.contains(message), qPrintable(issue->message));
    }

    void accepted_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("invisible inside a word, as the reference keeps it")
            << QByteArray("{\"sentence\": \"zero\\u200bwidth\"}");
        QTest::newRow("emoji with ZWJ and VS16") << QByteArray(
            "{\"sentence\": \"I \\u2764\\ufe0f \\ud83d\\udc68\\u200d\\ud83d\\udc69\"}");
        QTest::newRow("gpt2: a tab alone, tabs before a word")
            << QByteArray("{\"tokenizer\": \"gpt2\", \"sentence\": \"\\t\", "
                          "\"source_sentence\": \"\\t\\tx\"}");
        QTest::newRow("gpt2: newline runs and CRLF")
            << QByteArray("{\"tokenizer\": \"gpt2\", \"sentence\": \"a\\n\\n\\nb\\r\\n\"}");
        QTest::newRow("gpt2: zero-width and no-break spaces alone") << QByteArray(
            "{\"tokenizer\": \"gpt2\", \"sentence\": \"a\\u200bb \\u200b \\u00a0x\"}");
        QTest::newRow("gpt2: control characters") << QByteArray(
            "{\"tokenizer\": \"gpt2\", \"sentence\": \"\\u0001 esc\\u001b[0m del\\u007f\"}");
        QTest::newRow("TABs, CRLF and newlines between the tokens, escaped quotes") << QByteArray(
            "{\r\n\t\"title\": \"a \\\"b\\\" \\\\\",\n\t\"sentence\":\t\"a\\tb\"\n}\n");
        QTest::newRow("large inputs that cannot overflow") << QByteArray(
            R"({"embedding": "manual", "sentence": "a b", "d_in": 2, "inputs": [[1e15, 1], [1, -1e15]]})");
    }

    void accepted()
    {
        QFETCH(QByteArray, json);
        const auto issue = issueOf(json);
        QVERIFY2(!issue, issue ? qPrintable(issue->message) : "");
        const SessionParseResult parsed = sessionFromJson(json);
        const ComputeResult result = Engine().compute(parsed.session);
        QVERIFY(result.trace);
        QVERIFY(result.trace->contextVec.allFinite()); // an accepted session shows no inf or NaN
    }

    void untrustedTextIsQuotedEscapedAndCut()
    {
        const QString key = QStringLiteral("\x1b[2J") + QString(10'000'000, u'k');
        const auto parsed = sessionFromJsonObject(QJsonObject{{key, 1}});
        QVERIFY(parsed.issue);
        QVERIFY2(parsed.issue->message.size() < 2000,
                 qPrintable(QString::number(parsed.issue->message.size())));
        QVERIFY(!parsed.issue->message.contains(QChar(0x1b)));
        QVERIFY(parsed.issue->message.contains(QStringLiteral("\"\\x1b[2Jkkk")));
        QVERIFY(parsed.issue->message.contains(QStringLiteral("(+9999944 characters)")));
        QVERIFY(parsed.issue->key.size() <= std::size_t(limits::MaxKeyChars));

        const QString value = QStringLiteral("\u202Eevil\x07") + QString(5000, u'v');
        const auto choice = sessionFromJsonObject(QJsonObject{{QStringLiteral("variant"), value}});
        QVERIFY(choice.issue);
        QVERIFY(choice.issue->message.contains(QStringLiteral("\\u202eevil\\x07")));
        QVERIFY(choice.issue->message.size() < 600);
    }

    void labelsAreBounded()
    {
        const QString huge(10'000'000, u'w');
        QCOMPARE(elidedLabel(huge).size(), 48);
        QVERIFY(elidedLabel(huge).endsWith(QChar(0x2026)));
        QString marks = QStringLiteral("a") + QString(200'000, QChar(0x0301));
        QCOMPARE(elidedLabel(marks).size(), 48);
        QString pairs;
        for (int i = 0; i < 100; ++i)
            pairs += QStringLiteral("\U0001F600");
        const QString cut = elidedLabel(pairs);
        QVERIFY(cut.size() <= 48);
        QVERIFY(!cut.at(cut.size() - 2).isHighSurrogate() ||
                cut.at(cut.size() - 2).isLowSurrogate());
        QCOMPARE(elidedLabel(QStringLiteral("short")), QStringLiteral("short"));
    }

    void memoryMessageTellsTheSizesApart()
    {
        // The first sentence length the guard refuses: its need is within a fraction of a
        // percent of the limit, where two decimals print the same size twice.
        Session s;
        s.variant = Variant::MultiHead;
        s.init = InitScheme::Linear;
        s.dIn = s.dOutKq = s.dOutV = 768;
        s.numHeads = 12;
        s.causal = true;
        s.sentence.clear();
        int tokens = 0;
        while (estimateProcessBytes(s, tokens, tokens) <= double(limits::MaxProcessBytes)) {
            s.sentence += 't';
            s.sentence += std::to_string(tokens);
            s.sentence += ' ';
            ++tokens;
        }
        const auto issue = validateSession(s);
        QVERIFY(issue);
        const QRegularExpression sizes(
            QStringLiteral("would need (.+) of memory .* the limit is (.+): shorten"));
        const auto match = sizes.match(issue->message);
        QVERIFY2(match.hasMatch(), qPrintable(issue->message));
        QVERIFY2(match.captured(1) != match.captured(2), qPrintable(issue->message));
        // The estimate covers more than the tensors (images, strings, the program itself).
        QVERIFY(estimateProcessBytes(s, tokens, tokens) >
                estimateTraceBytes(s, tokens, tokens) + 4.0 * tokens * tokens * 12);
    }

    void limitsCommentAgreesWithTheEstimator()
    {
        // Limits.h: GPT-2 small needs about 0.35 GB at 1024 tokens, 0.63 GB at 2048, 1.42 GB at
        // 4096 (accepted: the trace keeps no T x S tensor), 4.3 GB at 8192 (refused).
        Session s;
        s.variant = Variant::MultiHead;
        s.init = InitScheme::Linear;
        s.dIn = s.dOutKq = s.dOutV = 768;
        s.numHeads = 12;
        s.causal = true;
        s.sentence.clear();
        const double at1024 = estimateProcessBytes(s, 1024, 1024) / 1e9;
        const double at2048 = estimateProcessBytes(s, 2048, 2048) / 1e9;
        const double at4096 = estimateProcessBytes(s, 4096, 4096) / 1e9;
        const double at8192 = estimateProcessBytes(s, 8192, 8192) / 1e9;
        QVERIFY2(at1024 > 0.3 && at1024 < 0.4, qPrintable(QString::number(at1024)));
        QVERIFY2(at2048 > 0.58 && at2048 < 0.68, qPrintable(QString::number(at2048)));
        QVERIFY2(at4096 > 1.35 && at4096 < 1.5, qPrintable(QString::number(at4096)));
        QVERIFY2(at8192 > 4.0 && at8192 < 4.6, qPrintable(QString::number(at8192)));
        QVERIFY(at4096 * 1e9 < double(limits::MaxProcessBytes));
        QVERIFY(at8192 * 1e9 > double(limits::MaxProcessBytes));
        // No T x S tensor per head in the trace: it grows linearly with the tokens.
        QVERIFY(estimateTraceBytes(s, 4096, 4096) < 2.0 * estimateTraceBytes(s, 2048, 2048));
    }

    void dumpIsStreamedInChunks()
    {
        Session s;
        s.sentence.clear();
        for (int i = 0; i < 300; ++i) {
            s.sentence += 'w';
            s.sentence += std::to_string(i);
            s.sentence += ' ';
        }
        s.variant = Variant::MultiHeadWrapper;
        s.numHeads = 4;
        s.causal = true;
        const ComputeResult result = Engine().compute(s);
        QVERIFY(result.trace);
        CountingDevice device;
        QVERIFY(device.open(QIODevice::WriteOnly));
        const auto run = seedModuleRun(result.trace);
        QVERIFY(writeRunJson(*run, device));
        const std::string whole = runToJson(*run);
        QVERIFY(whole.size() > 3 * JsonWriter::ChunkBytes);
        QCOMPARE(device.data(), QByteArray::fromStdString(whole));
        QVERIFY(device.writes.size() >= 3);
        for (const qint64 size : device.writes)
            QVERIFY(size < qint64(JsonWriter::ChunkBytes) + 64 * 1024); // a chunk, never the whole
    }

    void failedDeviceStopsTheDump()
    {
        const ComputeResult result = Engine().compute(Session{});
        QBuffer readOnly;
        QVERIFY(readOnly.open(QIODevice::ReadOnly));
        QVERIFY(!writeRunJson(*seedModuleRun(result.trace), readOnly));
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
