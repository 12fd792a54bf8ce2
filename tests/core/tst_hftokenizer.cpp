// A model's tokenizer.json (HfTokenizer) against a real implementation: Llama 3's and Qwen 3's
// files (and Llama 3's with a BOS-adding post-processor, and a small hand-written file) as
// transformers.js encodes them (tests/fixtures/tokenizers, ORIGIN.md); the JSON reader; every
// refusal naming its file and key.
#include "Fixtures.h"
#include "HfTokenizer.h"
#include "JsonReader.h"
#include "TokenizerFileError.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>

using namespace ae;
using namespace ae::test;

namespace {

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

// A hand-written tokenizer.json of seven tokens (tests/fixtures/tokenizers): an added token,
// NFC, a Split and a ByteLevel, TemplateProcessing's <s>, two merges.
QByteArray smallTokenizer()
{
    return readBytes(fixturePath(QStringLiteral("tokenizers/small-tokenizer.json")));
}

// Llama 3's tokenizer.json with `postProcessor` in place of its own (a ByteLevel object, the
// first closing brace after the key ends it).
QByteArray withPostProcessor(QByteArray json, const QJsonObject& postProcessor)
{
    const qsizetype key = json.indexOf("\"post_processor\":");
    const qsizetype end = json.indexOf('}', key);
    if (key < 0 || end < 0)
        qFatal("no post_processor");
    return json.replace(key, end + 1 - key,
                        "\"post_processor\": " +
                            QJsonDocument(postProcessor).toJson(QJsonDocument::Compact));
}

QString idsText(const std::vector<std::int64_t>& ids)
{
    QStringList list;
    for (const auto id : ids)
        list << QString::number(id);
    return u'[' + list.join(u',') + u']';
}

std::vector<std::int64_t> jsonIds(const QJsonArray& values)
{
    std::vector<std::int64_t> ids;
    for (const auto& v : values)
        ids.push_back(v.toInteger());
    return ids;
}

QString writeFile(const QTemporaryDir& dir, const QByteArray& text)
{
    const QString path = dir.filePath(QStringLiteral("tokenizer.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestHfTokenizer : public QObject
{
    Q_OBJECT

    std::shared_ptr<const HfTokenizer> load(const QString& model)
    {
        const std::string path =
            model.startsWith(u"llama3") ? AE_LLAMA3_TOKENIZER_JSON : AE_QWEN3_TOKENIZER_JSON;
        if (model == u"llama3-bos") {
            const QJsonObject fixture =
                readFixture(QStringLiteral("tokenizers/llama3-bos-ids.json"));
            return HfTokenizer::fromJson(withPostProcessor(readBytes(QString::fromStdString(path)),
                                                           fixture[u"post_processor"].toObject())
                                             .toStdString(),
                                         "llama3-bos.json");
        }
        if (model == u"small")
            return HfTokenizer::fromJson(smallTokenizer().toStdString(), "small-tokenizer.json");
        QElapsedTimer timer;
        timer.start();
        auto tokenizer = HfTokenizer::fromFile(path);
        qInfo("%s: tokenizer.json loaded in %lld ms (vocabulary %lld)", qPrintable(model),
              static_cast<long long>(timer.elapsed()),
              static_cast<long long>(tokenizer->vocabularySize()));
        return tokenizer;
    }

private Q_SLOTS:
    void idsEqualTransformersJs_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("vocabularySize");
        QTest::addColumn<int>("sentenceCount");
        QTest::newRow("llama3") << QStringLiteral("llama3") << qint64(128256) << 50;
        QTest::newRow("llama3-bos") << QStringLiteral("llama3-bos") << qint64(128256) << 50;
        QTest::newRow("qwen3") << QStringLiteral("qwen3") << qint64(151669) << 50;
        QTest::newRow("small") << QStringLiteral("small") << qint64(8) << 8;
    }
    void idsEqualTransformersJs()
    {
        QFETCH(QString, model);
        QFETCH(qint64, vocabularySize);
        QFETCH(int, sentenceCount);
        const auto tokenizer = load(model);
        QCOMPARE(tokenizer->vocabularySize(), vocabularySize);
        const QJsonArray sentences =
            readFixture(QStringLiteral("tokenizers/%1-ids.json").arg(model))[u"sentences"]
                .toArray();
        QCOMPARE(sentences.size(), sentenceCount);
        for (qsizetype i = 0; i < sentences.size(); ++i) {
            const QJsonObject row = sentences[i].toObject();
            const std::string text = row[u"text"].toString().toStdString();
            for (const bool special : {true, false}) {
                const auto expected = jsonIds(row[special ? u"ids" : u"ids_plain"].toArray());
                const auto ids = tokenizer->encodeIds(text, special);
                if (ids == expected)
                    continue;
                std::size_t at = 0;
                while (at < ids.size() && at < expected.size() && ids[at] == expected[at])
                    ++at;
                QFAIL(
                    qPrintable(QStringLiteral("sentence %1 \"%2\" (special tokens %3) differs "
                                              "at token %4:\n  ours     %5\n  expected %6")
                                   .arg(i)
                                   .arg(row[u"text"].toString(), special ? u"added" : u"not added")
                                   .arg(at)
                                   .arg(idsText(ids), idsText(expected))));
            }
        }
        if (model == u"small")
            return; // its vocabulary has a few bytes only
        // Every token's bytes, concatenated, are the text again (no special tokens added).
        const std::string text = "Grüße, 世界 👨‍👩‍👧 1234 \r\n\t end";
        std::string decoded;
        for (const auto id : tokenizer->encodeIds(text, false))
            decoded += tokenizer->tokenBytes(id);
        QCOMPARE(decoded, text);
    }

    void speed()
    {
        for (const QString& model : {QStringLiteral("llama3"), QStringLiteral("qwen3")}) {
            const auto tokenizer = load(model);
            const QJsonArray sentences =
                readFixture(QStringLiteral("tokenizers/%1-ids.json").arg(model))[u"sentences"]
                    .toArray();
            std::string text;
            for (std::size_t n = 0; n < 1000;) {
                for (const auto& row : sentences)
                    text += row.toObject()[u"text"].toString().toStdString() + ' ';
                n = tokenizer->encodeIds(text, true).size();
            }
            QElapsedTimer timer;
            timer.start();
            const auto ids = tokenizer->encodeIds(text, true);
            qInfo("%s: %zu tokens (%zu bytes) encoded in %.3f ms", qPrintable(model), ids.size(),
                  text.size(), double(timer.nsecsElapsed()) / 1e6);
            QVERIFY(ids.size() >= 1000);
        }
    }

    // One tokenizer, shared read-only, encodes from several threads at once (the app encodes
    // off the GUI thread while a view shows tokens).
    void sharedBetweenThreads()
    {
        const auto tokenizer = load(QStringLiteral("qwen3"));
        const QJsonArray sentences =
            readFixture(QStringLiteral("tokenizers/qwen3-ids.json"))[u"sentences"].toArray();
        std::vector<std::string> texts;
        std::vector<std::vector<std::int64_t>> expected;
        for (const auto& row : sentences) {
            texts.push_back(row.toObject()[u"text"].toString().toStdString());
            expected.push_back(jsonIds(row.toObject()[u"ids"].toArray()));
        }
        std::atomic<int> mismatches = 0;
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 20; ++round)
                    for (std::size_t i = 0; i < texts.size(); ++i) {
                        const std::size_t k = (i + std::size_t(t) * 13) % texts.size();
                        if (tokenizer->encodeIds(texts[k], true) != expected[k])
                            ++mismatches;
                    }
            });
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(mismatches.load(), 0);
    }

    // mergesAt's plain O(n²) merge steps, piece by piece, give encodeIds' heap-merged ids.
    void mergeStepsEqualEncoding_data()
    {
        QTest::addColumn<QString>("model");
        QTest::newRow("llama3") << QStringLiteral("llama3");
        QTest::newRow("qwen3") << QStringLiteral("qwen3");
    }
    void mergeStepsEqualEncoding()
    {
        QFETCH(QString, model);
        const auto tokenizer = load(model);
        int checked = 0;
        for (const auto& row :
             readFixture(QStringLiteral("tokenizers/%1-ids.json").arg(model))[u"sentences"]
                 .toArray()) {
            const std::string text = row.toObject()[u"text"].toString().toStdString();
            std::vector<std::int64_t> ids;
            bool shown = true;
            for (std::size_t offset = 0; offset < text.size() && shown;) {
                const auto m = tokenizer->mergesAt(text, offset, SIZE_MAX);
                shown = m.has_value(); // not where NFC changes the text
                if (!shown)
                    break;
                QCOMPARE(m->pieceBegin, offset);
                if (m->specialId >= 0) {
                    ids.push_back(m->specialId);
                } else {
                    QCOMPARE(m->tokens, m->steps.back().tokens.size());
                    QCOMPARE(m->merges, m->steps.size() - 1);
                    if (m->wholePiece >= 0)
                        ids.push_back(m->wholePiece);
                    else
                        ids.insert(ids.end(), m->steps.back().tokens.begin(),
                                   m->steps.back().tokens.end());
                }
                offset = m->pieceBegin + m->piece.size();
            }
            if (!shown)
                continue;
            QCOMPARE(ids, tokenizer->encodeIds(text, false));
            ++checked;
        }
        QVERIFY2(checked >= 45, qPrintable(QString::number(checked)));
        // At most maxSteps merges are made: the bytes and then that many steps.
        const auto m = tokenizer->mergesAt(std::string(300, 'a'), 0, 5);
        QVERIFY(m && m->steps.size() == 6 && m->merges > 5);
    }

    void jsonReader()
    {
        const JsonValue v = parseJson(" {\"a\": [1, -2.5e2, true, false, null, "
                                      "\"x\\u00e9\\ud83d\\ude00\\n\\/\"], \"b\": {}} ");
        const JsonValue::Array& a = v.find("a")->array();
        QCOMPARE(a.size(), std::size_t(6));
        QCOMPARE(a[0].number(), 1.0);
        QCOMPARE(a[1].number(), -250.0);
        QVERIFY(a[2].boolean() && !a[3].boolean() && a[4].isNull());
        QCOMPARE(a[5].string(), std::string("x\u00e9\U0001F600\n/"));
        QVERIFY(v.find("b")->isObject() && !v.find("c") && !a[0].find("a"));
        // A lone surrogate is U+FFFD, not invalid UTF-8.
        QCOMPARE(parseJson(R"("\ud800x")").string(), std::string("\uFFFDx"));
    }

    void jsonReaderErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("at byte 0: expected a value");
        QTest::newRow("double comma") << QByteArray("[1,,2]") << QStringLiteral("at byte 3:");
        QTest::newRow("no colon") << QByteArray(R"({"a" 1})") << QStringLiteral("at byte 5:");
        QTest::newRow("unterminated") << QByteArray("\"abc") << QStringLiteral("at byte 4:");
        QTest::newRow("trailing") << QByteArray("[1] x") << QStringLiteral("at byte 4:");
        QTest::newRow("leading zero") << QByteArray("01") << QStringLiteral("at byte 1:");
        QTest::newRow("bad escape") << QByteArray(R"("\x")") << QStringLiteral("at byte 2:");
        QTest::newRow("control") << QByteArray("\"a\nb\"") << QStringLiteral("at byte 2:");
        QTest::newRow("deep") << QByteArray(300, '[') << QStringLiteral("nested deeper than 256");
    }
    void jsonReaderErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        try {
            parseJson(std::string_view(json.constData(), std::size_t(json.size())));
            QFAIL("not refused");
        } catch (const std::runtime_error& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith(u"malformed JSON at byte ") && what.contains(message),
                     qPrintable(what));
        }
    }

    void smallFileTokens()
    {
        const auto t = HfTokenizer::fromJson(smallTokenizer().toStdString(), "small.json");
        // Merges written as pairs read as the strings do (the reference reads one spelling
        // per file; Qwen 3's file has pairs, Llama 3's strings).
        const auto pairs = HfTokenizer::fromJson(
            smallTokenizer().replace(R"("Ġ ab")", R"(["Ġ", "ab"])").toStdString(), "pairs.json");
        QCOMPARE(pairs->encodeIds("ab ab", false), t->encodeIds("ab ab", false));
        QCOMPARE(t->tokenBytes(3), std::string(" "));
        QCOMPARE(t->tokenBytes(7), std::string("<s>"));
        QCOMPARE(t->tokenBytes(99), std::string());
        QCOMPARE(t->tokenize("ab ab"), (std::vector<std::string>{"<s>", "ab", " ab"}));
        QCOMPARE(t->id(), std::string_view("tokenizer.json"));
        QVERIFY(t->keepsEveryByte());
        QCOMPARE(t->fixedVocabularySize(), 8);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("message");
        QTest::newRow("Unigram") << QByteArray(R"("type": "BPE")")
                                 << QByteArray(R"("type": "Unigram")")
                                 << QStringLiteral("model.type \"Unigram\" is not supported");
        QTest::newRow("WordPiece")
            << QByteArray(R"("type": "BPE")") << QByteArray(R"("type": "WordPiece")")
            << QStringLiteral("model.type \"WordPiece\" is not supported");
        QTest::newRow("byte_fallback")
            << QByteArray(R"("byte_fallback": false)") << QByteArray(R"("byte_fallback": true)")
            << QStringLiteral("model.byte_fallback true");
        QTest::newRow("NFKC") << QByteArray(R"({"type": "NFC"})")
                              << QByteArray(R"({"type": "NFKC"})")
                              << QStringLiteral("normalizer.normalizers[0].type \"NFKC\"");
        QTest::newRow("Removed") << QByteArray(R"("behavior": "Isolated")")
                                 << QByteArray(R"("behavior": "Removed")")
                                 << QStringLiteral(
                                        "pre_tokenizer.pretokenizers[0].behavior \"Removed\"");
        QTest::newRow("invert") << QByteArray(R"("invert": false)")
                                << QByteArray(R"("invert": true)")
                                << QStringLiteral("pre_tokenizer.pretokenizers[0].invert true");
        QTest::newRow("merge out of vocabulary")
            << QByteArray(R"("a b")") << QByteArray(R"("b a")")
            << QStringLiteral("model.merges[0]: \"ba\" (the merged token) is not in model.vocab");
        QTest::newRow("id out of range")
            << QByteArray(R"("©": 6)") << QByteArray(R"("©": 99999999)")
            << QStringLiteral("model.vocab[\"©\"] 99999999 is out of range");
        QTest::newRow("template id unknown")
            << QByteArray(R"("ids": [7])") << QByteArray(R"("ids": [70])")
            << QStringLiteral(
                   "post_processor.processors[1].special_tokens[\"<s>\"].ids[0] 70 is no token");
        QTest::newRow("lstrip") << QByteArray(R"("lstrip": false)")
                                << QByteArray(R"("lstrip": true)")
                                << QStringLiteral("added_tokens[0].lstrip true");
        QTest::newRow("bad regex")
            << QByteArray(R"( ?\\p{L}+)") << QByteArray(R"( ?(\\p{L}+)")
            << QStringLiteral("pre_tokenizer.pretokenizers[0].pattern.Regex");
        QTest::newRow("malformed") << QByteArray(R"("vocab": {)") << QByteArray(R"("vocab": {,)")
                                   << QStringLiteral("malformed JSON at byte");
        QTest::newRow("truncated") << QByteArray(R"("merges")") << QByteArray()
                                   << QStringLiteral("malformed JSON at byte");
    }
    void refusals()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, message);
        QByteArray json = smallTokenizer();
        QVERIFY(json.contains(from));
        if (to.isEmpty())
            json.truncate(json.indexOf(from)); // the text ends in the middle of an object
        else
            json.replace(from, to);
        QTemporaryDir dir;
        const QString path = writeFile(dir, json);
        try {
            HfTokenizer::fromFile(path.toStdString());
            QFAIL("not refused");
        } catch (const TokenizerFileError& e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.startsWith(path + QStringLiteral(": ")), qPrintable(what));
            QVERIFY2(what.contains(message), qPrintable(what));
        }
    }

    void missingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no-such/tokenizer.json"));
        try {
            HfTokenizer::fromFile(path.toStdString());
            QFAIL("not refused");
        } catch (const TokenizerFileError& e) {
            QCOMPARE(QString::fromUtf8(e.what()), path + QStringLiteral(": cannot be opened"));
        }
    }
};

QTEST_GUILESS_MAIN(TestHfTokenizer)
#include "tst_hftokenizer.moc"
