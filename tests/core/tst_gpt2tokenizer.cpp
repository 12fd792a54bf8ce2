// GPT-2's byte-pair encoding against a real implementation (js-tiktoken's "gpt2", the ids in
// tests/fixtures/gpt2/gpt2_tokens.json), round trips, and the pieces it is built from.
#include "Fixtures.h"
#include "Gpt2Bpe.h"
#include "Gpt2Encoding.h"
#include "Gpt2PreSplit.h"
#include "Gpt2Vocab.h"
#include "SessionJson.h"
#include "SessionValidator.h"
#include "Tokenizer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <random>

using namespace ae;
using namespace ae::test;

namespace {

QString showIds(const std::vector<std::int64_t>& ids)
{
    QStringList list;
    for (const auto id : ids)
        list << QString::number(id);
    return u'[' + list.join(u',') + u']';
}

QByteArray bytes(const std::string& s)
{
    return QByteArray(s.data(), qsizetype(s.size()));
}

} // namespace

class TestGpt2Tokenizer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void tiktokenIds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QJsonArray>("ids");
        const QJsonObject fixture = readFixture(QStringLiteral("gpt2/gpt2_tokens.json"));
        QVERIFY(fixture.value(QStringLiteral("implementation"))
                    .toString()
                    .startsWith(QStringLiteral("js-tiktoken")));
        const QJsonArray cases = fixture.value(QStringLiteral("cases")).toArray();
        QVERIFY(cases.size() >= 150);
        int i = 0;
        for (const QJsonValue& value : cases) {
            const QJsonObject c = value.toObject();
            const QString text = c.value(QStringLiteral("text")).toString();
            QTest::newRow(qPrintable(
                QStringLiteral("%1 %2: %3")
                    .arg(++i)
                    .arg(c.value(QStringLiteral("group")).toString(), text.left(24).simplified())))
                << text << c.value(QStringLiteral("ids")).toArray();
        }
    }

    void tiktokenIds()
    {
        QFETCH(QString, text);
        QFETCH(QJsonArray, ids);
        std::vector<std::int64_t> expected;
        for (const QJsonValue& id : ids)
            expected.push_back(id.toInteger());
        const std::string utf8 = text.toStdString();
        const auto actual = gpt2Encode(utf8);
        QVERIFY2(actual == expected,
                 qPrintable(showIds(actual) + QStringLiteral(" != ") + showIds(expected)));
        QCOMPARE(bytes(gpt2Decode(actual)), bytes(utf8));

        // What tiktoken encodes, a gpt2 session file accepts (issue 22): tabs, newline runs,
        // zero-width and no-break spaces, controls. Refused only: no token at all, and U+0000
        // (SessionValidator.cpp, checkNoNul: gpt2.md §1).
        const QByteArray json =
            QJsonDocument(QJsonObject{{QStringLiteral("tokenizer"), QStringLiteral("gpt2")},
                                      {QStringLiteral("sentence"), text}})
                .toJson();
        const auto parsed = sessionFromJson(json);
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        QVERIFY(parsed.session.sentence == utf8);
        const auto issue = validateSession(parsed.session);
        if (text.isEmpty()) {
            QVERIFY(issue && issue->message.contains(QStringLiteral("has no tokens")));
        } else if (text.contains(QChar(0))) {
            QVERIFY(issue && issue->message.contains(QStringLiteral("control character U+0000")));
        } else {
            QVERIFY2(!issue, issue ? qPrintable(issue->message) : "");
            QCOMPARE(tokenize(utf8, TokenizerKind::Gpt2).size(), expected.size());
        }
    }

    // The two files of resources/gpt2 agree: ids 0..255 are the 256 bytes, id 256 + i is merge i
    // of vocab.bpe (its two halves joined), and 50256 is <|endoftext|>.
    void vocabularyMatchesMerges()
    {
        const Gpt2Vocab& vocab = Gpt2Vocab::instance();
        QCOMPARE(vocab.size(), Gpt2VocabSize);
        QCOMPARE(QByteArray::fromStdString(vocab.bytesOf(Gpt2EndOfText)),
                 QByteArray("<|endoftext|>"));
        QCOMPARE(vocab.rankOf("<|endoftext|>"), std::int64_t{-1});
        std::vector<bool> seen(256, false);
        for (std::int64_t id = 0; id < 256; ++id) {
            const std::string& b = vocab.bytesOf(id);
            QCOMPARE(b.size(), std::size_t{1});
            seen[static_cast<unsigned char>(b[0])] = true;
        }
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](bool s) { return s; }));

        QFile merges(fixturePath(QStringLiteral("../../resources/gpt2/vocab.bpe")));
        QVERIFY(merges.open(QIODevice::ReadOnly));
        QVERIFY(merges.readLine().startsWith("#version"));
        std::int64_t id = 256;
        while (!merges.atEnd()) {
            const QByteArray line = merges.readLine().trimmed();
            if (line.isEmpty())
                continue;
            const QList<QByteArray> halves = line.split(' ');
            QCOMPARE(halves.size(), 2);
            std::string joined;
            for (const QByteArray& half : halves)
                for (const char32_t cp : QString::fromUtf8(half).toUcs4()) {
                    int byte = 0;
                    while (byte < 256 && gpt2ByteToUnicode(static_cast<unsigned char>(byte)) != cp)
                        ++byte;
                    QVERIFY(byte < 256);
                    joined += static_cast<char>(byte);
                }
            QCOMPARE(bytes(vocab.bytesOf(id)), bytes(joined));
            QCOMPARE(vocab.rankOf(joined), id);
            ++id;
        }
        QCOMPARE(id, Gpt2EndOfText);
    }

    // Hand-checked matches of 's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+|
    // ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
    void preSplit_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("pieces");
        const auto row = [](const char* name, const char* text, QStringList pieces) {
            QTest::newRow(name) << QString::fromUtf8(text) << pieces;
        };
        row("words", "Hello world", {QStringLiteral("Hello"), QStringLiteral(" world")});
        row("contraction", "I'm here",
            {QStringLiteral("I"), QStringLiteral("'m"), QStringLiteral(" here")});
        row("apostrophe alone", "'x", {QStringLiteral("'"), QStringLiteral("x")});
        row("two spaces before a word", "a  b",
            {QStringLiteral("a"), QStringLiteral(" "), QStringLiteral(" b")});
        row("spaces at the end", "a   ", {QStringLiteral("a"), QStringLiteral("   ")});
        row("newline then word", "a\nb",
            {QStringLiteral("a"), QStringLiteral("\n"), QStringLiteral("b")});
        row("newlines and space before word", "a\n\n b",
            {QStringLiteral("a"), QStringLiteral("\n\n"), QStringLiteral(" b")});
        row("numbers apart from letters", "abc123", {QStringLiteral("abc"), QStringLiteral("123")});
        row("space then punctuation run", "x !?.", {QStringLiteral("x"), QStringLiteral(" !?.")});
        row("CJK run is letters", "中文 字", {QStringLiteral("中文"), QStringLiteral(" 字")});
        row("ideographic space is \\s", "a\u3000b",
            {QStringLiteral("a"), QStringLiteral("\u3000"), QStringLiteral("b")});
        row("combining mark is not a letter", "e\u0301x",
            {QStringLiteral("e"), QStringLiteral("\u0301"), QStringLiteral("x")});
    }

    void preSplit()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, pieces);
        const std::string utf8 = text.toStdString();
        QStringList actual;
        for (const auto piece : gpt2PreSplit(utf8))
            actual << QString::fromUtf8(piece.data(), qsizetype(piece.size()));
        QCOMPARE(actual, pieces);
    }

    // Python's bytes.decode("utf-8", "replace"): one U+FFFD per maximal invalid subpart.
    void lossyUtf8_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("expected");
        QTest::newRow("whole character") << QByteArray("\xe4\xbd\xa0") << QStringLiteral("你");
        QTest::newRow("first two bytes of a character")
            << QByteArray("\xe4\xbd") << QStringLiteral("\ufffd");
        QTest::newRow("lone continuation") << QByteArray("a\x80"
                                                         "b")
                                           << QStringLiteral("a\ufffd"
                                                             "b");
        QTest::newRow("invalid lead") << QByteArray("\xff\xfe") << QStringLiteral("\ufffd\ufffd");
        QTest::newRow("surrogate")
            << QByteArray("\xed\xa0\x80") << QStringLiteral("\ufffd\ufffd\ufffd");
        QTest::newRow("overlong") << QByteArray("\xc0\xaf") << QStringLiteral("\ufffd\ufffd");
        QTest::newRow("truncated 4-byte then ASCII") << QByteArray("\xf0\x9f\x98"
                                                                   "a")
                                                     << QStringLiteral("\ufffd"
                                                                       "a");
    }

    void lossyUtf8()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(utf8Lossy(input.toStdString())), expected);
    }

    void tokenText()
    {
        QCOMPARE(QString::fromStdString(gpt2TokenText(318)), QStringLiteral(" is"));
        QCOMPARE(QString::fromStdString(gpt2TokenText(Gpt2EndOfText)),
                 QStringLiteral("<|endoftext|>"));
        // 你 (E4 BD A0) is two tokens in GPT-2: the first holds two bytes of the character.
        const auto ids = gpt2Encode("你");
        QCOMPARE(ids.size(), std::size_t{2});
        QCOMPARE(bytes(gpt2TokenBytes(ids[0])), QByteArray("\xe4\xbd"));
        QCOMPARE(QString::fromStdString(gpt2TokenText(ids[0])), QStringLiteral("\ufffd"));
        QVERIFY(gpt2TokenBytes(-1).empty());
        QVERIFY(gpt2TokenBytes(Gpt2VocabSize).empty());
    }

    // Every step merges the lowest-ranked adjacent pair (leftmost on a tie); the last step is the
    // encoding.
    void mergeSteps_data()
    {
        QTest::addColumn<QString>("piece");
        for (const char* piece :
             {" tokenization", "antidisestablishmentarianism", "你好世界", " Akwirw", "x", "🇫🇷"})
            QTest::newRow(piece) << QString::fromUtf8(piece);
    }

    void mergeSteps()
    {
        QFETCH(QString, piece);
        const std::string utf8 = piece.toStdString();
        const Gpt2Vocab& vocab = Gpt2Vocab::instance();
        const auto steps = gpt2BpeSteps(utf8, vocab);
        QVERIFY(!steps.empty());
        QCOMPARE(steps.front().tokens.size(), utf8.size());
        for (std::size_t i = 1; i < steps.size(); ++i) {
            const auto& before = steps[i - 1].tokens;
            const auto& after = steps[i].tokens;
            QCOMPARE(after.size() + 1, before.size());
            const std::size_t at = steps[i].mergedAt;
            QCOMPARE(vocab.bytesOf(after[at]),
                     vocab.bytesOf(before[at]) + vocab.bytesOf(before[at + 1]));
            QCOMPARE(after[at], steps[i].rank);
            for (std::size_t j = 0; j + 1 < before.size(); ++j) {
                const std::int64_t rank =
                    vocab.rankOf(vocab.bytesOf(before[j]) + vocab.bytesOf(before[j + 1]));
                QVERIFY(rank < 0 || rank > steps[i].rank || (rank == steps[i].rank && j >= at));
            }
        }
        QCOMPARE(showIds(steps.back().tokens), showIds(gpt2Encode(utf8)));
    }

    // The fast merge (a heap, gpt2BpePiece) against the plain one (a scan per step, whose last
    // step is the encoding) on random pieces: short ones mixing bytes, letters, CJK and emoji
    // (ties between equal pairs included: "aaaa"), and long single runs.
    void heapMergeEqualsScan()
    {
        const Gpt2Vocab& vocab = Gpt2Vocab::instance();
        const std::vector<std::string> parts{"a",  "b",  "e",  "t",    "h",    " ",     "你",  "好",
                                             "的", "😀",  "🇫",  "é",    "aa",   "the",   "ing", "0",
                                             "1",  "\t", "\n", "\xe4", "\x80", "\u200b"};
        std::mt19937 random(23);
        int compared = 0;
        for (int t = 0; t < 3000; ++t) {
            std::string piece;
            const int length = 1 + int(random() % 30);
            for (int i = 0; i < length; ++i)
                piece += parts[random() % parts.size()];
            const auto fast = gpt2BpePiece(piece, vocab);
            if (vocab.rankOf(piece) >= 0)
                continue; // a whole-piece token: gpt2BpePiece answers without merging
            const auto steps = gpt2BpeSteps(piece, vocab);
            QVERIFY2(fast == steps.back().tokens, qPrintable(QString::fromStdString(piece)));
            ++compared;
        }
        QVERIFY(compared > 2500);
        for (const char* run : {"注意力机制是一种让模型在处理序列时关注相关部分的方法",
                                "😀🙃👍🏽", "aaaaaaaaaaaaaaaa", "!?"}) {
            std::string piece;
            while (piece.size() < 600)
                piece += run;
            QCOMPARE(showIds(gpt2BpePiece(piece, vocab)),
                     showIds(gpt2BpeSteps(piece, vocab).back().tokens));
        }
    }

    // The steps of a long piece stop at the limit asked for; the merged end is the scan's end
    // also for a piece that is a token merging cannot reach (gpt2BpePiece takes it whole).
    void limitedStepsAndMergedEnd()
    {
        const Gpt2Vocab& vocab = Gpt2Vocab::instance();
        std::string piece;
        while (piece.size() < 3000)
            piece += "注意力机制是一种方法";
        const auto limited = gpt2BpeSteps(piece, vocab, 5);
        QCOMPARE(limited.size(), std::size_t{6});
        const auto all = gpt2BpeSteps(piece, vocab);
        QVERIFY(all.size() > 100);
        for (std::size_t s = 0; s < limited.size(); ++s)
            QVERIFY(limited[s].tokens == all[s].tokens);
        QCOMPARE(showIds(gpt2BpeMerged(piece, vocab)), showIds(all.back().tokens));
        QCOMPARE(gpt2BpeSteps(piece, vocab, 0).size(), std::size_t{1});
        int whole = 0;
        for (std::int64_t id = 256; id < Gpt2EndOfText; ++id) {
            const std::string& bytes = vocab.bytesOf(id);
            const auto merged = gpt2BpeMerged(bytes, vocab);
            QCOMPARE(showIds(merged), showIds(gpt2BpeSteps(bytes, vocab).back().tokens));
            whole += merged.size() > 1;
        }
        qInfo("%d of GPT-2's merged tokens are not reached by merging their own bytes", whole);
    }

    // 1 MB of mixed English and Chinese round-trips; the time is printed (the issue's bar is 0.5
    // s).
    void megabyteRoundTrip()
    {
        const std::vector<std::string> words{"The",    " quick",      " brown", " fox",
                                             " jumps", "over",        " 2017",  "'s",
                                             " it's",  ",",           ".\n",    "  ",
                                             "注意力", "机制",        "是一种", "让模型",
                                             "在处理", "序列时",      "关注",   "相关部分的方法。",
                                             "，",     "Transformer", "\t"};
        std::mt19937 random(7);
        std::string text;
        while (text.size() < 1'000'000)
            text += words[random() % words.size()];
        QElapsedTimer timer;
        timer.start();
        const auto ids = gpt2Encode(text);
        const qint64 ms = timer.elapsed();
        qInfo("encoded %zu bytes into %zu tokens in %lld ms (vocabulary load %.1f ms)", text.size(),
              ids.size(), ms, Gpt2Vocab::instance().loadMs());
        QVERIFY(ids.size() > text.size() / 8);
        QCOMPARE(gpt2Decode(ids).size(), text.size());
        QVERIFY(gpt2Decode(ids) == text);
    }

    // tokenizer: "gpt2" makes vocab_size default to 50257; a smaller one is refused naming the key.
    void sessionKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("vocabSize");
        QTest::addColumn<QString>("issueKey");
        QTest::newRow("default vocab_size")
            << QByteArray(R"({"tokenizer": "gpt2", "sentence": "Hello world"})") << qint64(50257)
            << QString();
        QTest::newRow("vocab_size above the largest id")
            << QByteArray(
                   R"({"tokenizer": "gpt2", "sentence": "Hello world", "vocab_size": 15497})")
            << qint64(15497) << QString();
        QTest::newRow("vocab_size at the largest id (Hello = 15496)")
            << QByteArray(
                   R"({"tokenizer": "gpt2", "sentence": "Hello world", "vocab_size": 15496})")
            << qint64(15496) << QStringLiteral("vocab_size");
        QTest::newRow("source sentence counts too")
            << QByteArray(
                   R"({"tokenizer": "gpt2", "sentence": "a", "source_sentence": "<|endoftext|>",
                              "vocab_size": 50000})")
            << qint64(50000) << QStringLiteral("vocab_size");
        QTest::newRow("words keep their default")
            << QByteArray(R"({"sentence": "Hello world"})") << qint64(50000) << QString();
    }

    void sessionKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, vocabSize);
        QFETCH(QString, issueKey);
        const auto parsed = sessionFromJson(json);
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        QCOMPARE(qint64(parsed.session.vocabSize), vocabSize);
        const auto issue = validateSession(parsed.session);
        QCOMPARE(issue ? QString::fromStdString(issue->key) : QString(), issueKey);
    }

    void anyBytesRoundTrip()
    {
        std::string all;
        for (int b = 0; b < 256; ++b)
            all += static_cast<char>(b);
        all += "\xe4\xbd<|endoftext|>\xa0 \xf0\x9f";
        const auto ids = gpt2Encode(all);
        QCOMPARE(bytes(gpt2Decode(ids)), bytes(all));
        QCOMPARE(std::count(ids.begin(), ids.end(), Gpt2EndOfText), std::ptrdiff_t{1});
    }
};

QTEST_GUILESS_MAIN(TestGpt2Tokenizer)
#include "tst_gpt2tokenizer.moc"
