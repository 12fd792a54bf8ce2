// Every way a session can be refused, by the parser (types, ranges, unknown keys) or by
// the validator (combinations, manual matrices, tokens, memory): each must name the key
// at fault and say what is allowed, and the engine must refuse before computing.
#include "Engine.h"
#include "SessionJson.h"
#include "SessionValidator.h"

#include <QTest>

using namespace ae;

class TestValidation : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void refused_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("message");
        // The parser: JSON, types, ranges, unknown keys.
        QTest::newRow("not JSON") << QByteArray("{\"sentence\": ") << QString()
                                  << QStringLiteral("not valid JSON");
        QTest::newRow("empty input")
            << QByteArray("") << QString() << QStringLiteral("not valid JSON");
        QTest::newRow("a list") << QByteArray("[1, 2]") << QString()
                                << QStringLiteral("must be a JSON object");
        QTest::newRow("unknown key")
            << QByteArray(R"({"num_head": 2})") << QStringLiteral("num_head")
            << QStringLiteral("unknown key \"num_head\"");
        // A misspelt key or value: the one most likely meant, not only the whole list.
        QTest::newRow("misspelt key")
            << QByteArray(R"({"casual": true})") << QStringLiteral("casual")
            << QStringLiteral("unknown key \"casual\": did you mean \"causal\"?");
        QTest::newRow("misspelt key, case")
            << QByteArray(R"({"Num_Heads": 2})") << QStringLiteral("Num_Heads")
            << QStringLiteral("did you mean \"num_heads\"?");
        QTest::newRow("misspelt value")
            << QByteArray(R"({"variant": "multi-head"})") << QStringLiteral("variant")
            << QStringLiteral("not \"multi-head\"; did you mean \"multihead\"?");
        // Every problem, one per line, the first key's control marked.
        QTest::newRow("two problems: unknown key")
            << QByteArray(R"({"casual": true, "d_in": 0})") << QStringLiteral("casual")
            << QStringLiteral("did you mean \"causal\"?\n");
        QTest::newRow("two problems: range")
            << QByteArray(R"({"casual": true, "d_in": 0})") << QStringLiteral("casual")
            << QStringLiteral("\nd_in must be a whole number from 1 to 16384, not 0");
        // Broken JSON: where, as an editor counts.
        QTest::newRow("broken JSON: line and column")
            << QByteArray("{\n  \"sentence\": \"a\",\n  \"causal\": tru\n}") << QString()
            << QStringLiteral("illegal value at line 4, column 1 (byte 37)");
        QTest::newRow("sentence not a string")
            << QByteArray(R"({"sentence": 5})") << QStringLiteral("sentence")
            << QStringLiteral("sentence must be a string, not a number");
        QTest::newRow("bool as string")
            << QByteArray(R"({"causal": "yes"})") << QStringLiteral("causal")
            << QStringLiteral("causal must be true or false");
        QTest::newRow("fractional int")
            << QByteArray(R"({"d_in": 2.5})") << QStringLiteral("d_in")
            << QStringLiteral("d_in must be a whole number from 1 to 16384, not 2.5");
        QTest::newRow("zero d_in") << QByteArray(R"({"d_in": 0})") << QStringLiteral("d_in")
                                   << QStringLiteral("from 1 to 16384");
        QTest::newRow("negative seed")
            << QByteArray(R"({"weight_seed": -1})") << QStringLiteral("weight_seed")
            << QStringLiteral("from 0 to 9223372036854775807");
        QTest::newRow("overflowing seed")
            << QByteArray(R"({"embedding_seed": 1e30})") << QStringLiteral("embedding_seed")
            << QStringLiteral("from 0 to");
        QTest::newRow("heads overflow int")
            << QByteArray(R"({"num_heads": 4294967297})") << QStringLiteral("num_heads")
            << QStringLiteral("from 1 to 1024");
        QTest::newRow("bad variant")
            << QByteArray(R"({"variant": "flash"})") << QStringLiteral("variant")
            << QStringLiteral("variant must be one of \"simplified\", \"self-attention\", "
                              "\"multihead-wrapper\", \"multihead\", not \"flash\"");
        QTest::newRow("bad init") << QByteArray(R"({"init": "xavier"})") << QStringLiteral("init")
                                  << QStringLiteral("\"rand\", \"linear\"");
        // Today's keys (todays-attention.md): ranges when read, combinations when validated.
        QTest::newRow("window 0") << QByteArray(R"({"window": 0})") << QStringLiteral("window")
                                  << QStringLiteral("window must be a whole number from 1 to");
        QTest::newRow("block_q 0")
            << QByteArray(R"({"kernel": "flash", "block_q": 0})") << QStringLiteral("block_q")
            << QStringLiteral("block_q must be a whole number from 1 to");
        QTest::newRow("block_k negative")
            << QByteArray(R"({"kernel": "flash", "block_k": -2})") << QStringLiteral("block_k")
            << QStringLiteral("block_k must be a whole number from 1 to");
        QTest::newRow("num_kv_heads 0")
            << QByteArray(R"({"variant": "multihead", "num_kv_heads": 0})")
            << QStringLiteral("num_kv_heads") << QStringLiteral("from 1 to 1024");
        QTest::newRow("rope_theta 0")
            << QByteArray(R"({"rope": true, "rope_theta": 0})") << QStringLiteral("rope_theta")
            << QStringLiteral("rope_theta must be a number above 0");
        QTest::newRow("bad rope_style")
            << QByteArray(R"({"rope": true, "rope_style": "halves"})")
            << QStringLiteral("rope_style")
            << QStringLiteral("rope_style must be one of \"half\", \"interleaved\"");
        QTest::newRow("bad kernel")
            << QByteArray(R"({"kernel": "flash2"})") << QStringLiteral("kernel")
            << QStringLiteral("\"standard\", \"flash\"");
        QTest::newRow("rope on simplified")
            << QByteArray(R"({"rope": true, "variant": "simplified"})") << QStringLiteral("rope")
            << QStringLiteral("variant \"simplified\" has no projections");
        QTest::newRow("rope on cross-attention")
            << QByteArray(R"({"rope": true, "source_sentence": "a b c"})") << QStringLiteral("rope")
            << QStringLiteral("source_sentence (cross-attention)");
        QTest::newRow("rope, odd head size")
            << QByteArray(R"({"rope": true, "d_out_kq": 3})") << QStringLiteral("rope")
            << QStringLiteral("head size of queries and keys (3) must be even");
        QTest::newRow("rope, odd multihead head size")
            << QByteArray(R"({"rope": true, "variant": "multihead", "d_out_kq": 6,
                              "d_out_v": 6, "num_heads": 2})")
            << QStringLiteral("rope") << QStringLiteral("(3) must be even");
        QTest::newRow("num_kv_heads outside multihead")
            << QByteArray(R"({"variant": "multihead-wrapper", "num_heads": 2,
                              "num_kv_heads": 1})")
            << QStringLiteral("num_kv_heads")
            << QStringLiteral("num_kv_heads (1) needs variant \"multihead\"");
        QTest::newRow("num_kv_heads not dividing")
            << QByteArray(R"({"variant": "multihead", "d_out_kq": 6, "d_out_v": 6,
                              "num_heads": 3, "num_kv_heads": 2})")
            << QStringLiteral("num_kv_heads")
            << QStringLiteral("num_kv_heads (2) must divide num_heads (3)");
        QTest::newRow("num_kv_heads above num_heads")
            << QByteArray(R"({"variant": "multihead", "d_out_kq": 4, "d_out_v": 4,
                              "num_heads": 2, "num_kv_heads": 4})")
            << QStringLiteral("num_kv_heads") << QStringLiteral("must divide num_heads (2)");
        QTest::newRow("flash with dropout in training")
            << QByteArray(R"({"kernel": "flash", "dropout": 0.1, "training": true})")
            << QStringLiteral("kernel")
            << QStringLiteral("kernel \"flash\" cannot be used with dropout (0.1) in training");
        QTest::newRow("flash with renormalize")
            << QByteArray(R"({"kernel": "flash", "causal": true,
                              "mask_method": "renormalize"})")
            << QStringLiteral("kernel") << QStringLiteral("mask_method \"renormalize\"");
        QTest::newRow("today's keys with a model")
            << QByteArray(R"({"model": "m.safetensors", "rope": true})") << QStringLiteral("rope")
            << QStringLiteral("rope configures the random attention module");
        QTest::newRow("bad mask method")
            << QByteArray(R"({"mask_method": 1})") << QStringLiteral("mask_method")
            << QStringLiteral("not a number");
        QTest::newRow("dropout 1") << QByteArray(R"({"dropout": 1})") << QStringLiteral("dropout")
                                   << QStringLiteral("below 1");
        QTest::newRow("dropout negative")
            << QByteArray(R"({"dropout": -0.1})") << QStringLiteral("dropout")
            << QStringLiteral("at least 0");
        QTest::newRow("dropout seed string")
            << QByteArray(R"({"dropout_seed": "7"})") << QStringLiteral("dropout_seed")
            << QStringLiteral("whole number");
        QTest::newRow("ragged inputs")
            << QByteArray(R"({"embedding":"manual","sentence":"a b","inputs":[[1,2],[3]]})")
            << QStringLiteral("inputs") << QStringLiteral("row 2 has 1 numbers but row 1 has 2");
        QTest::newRow("inputs not numbers")
            << QByteArray(R"({"embedding":"manual","sentence":"a","inputs":[["x"]]})")
            << QStringLiteral("inputs") << QStringLiteral("row 1, column 1 must be a number");
        QTest::newRow("inputs empty list")
            << QByteArray(R"({"embedding":"manual","inputs":[]})") << QStringLiteral("inputs")
            << QStringLiteral("non-empty list of rows");
        QTest::newRow("newer version")
            << QByteArray(R"({"version": 2})") << QStringLiteral("version")
            << QStringLiteral("newer Attention Explorer");
        QTest::newRow("wrong format tag")
            << QByteArray(R"({"format": "other"})") << QStringLiteral("format")
            << QStringLiteral("attention-explorer-session");
        // The validator: combinations, tokens, manual matrices, memory.
        QTest::newRow("empty sentence")
            << QByteArray(R"({"sentence": ""})") << QStringLiteral("sentence")
            << QStringLiteral("sentence has no tokens");
        QTest::newRow("punctuation only")
            << QByteArray(R"({"sentence": "?!, ..."})") << QStringLiteral("sentence")
            << QStringLiteral("sentence has no tokens");
        QTest::newRow("punctuation-only source")
            << QByteArray(R"({"source_sentence": "--"})") << QStringLiteral("source_sentence")
            << QStringLiteral("source_sentence has no tokens");
        QTest::newRow("heads do not divide")
            << QByteArray(R"({"variant":"multihead","d_out_kq":8,"d_out_v":8,"num_heads":3})")
            << QStringLiteral("num_heads") << QStringLiteral("num_heads (3) must divide d_out (8)");
        QTest::newRow("multihead kq != v")
            << QByteArray(R"({"variant":"multihead","d_out_kq":8,"d_out_v":4})")
            << QStringLiteral("d_out_v") << QStringLiteral("d_out_v (4) must equal d_out_kq (8)");
        QTest::newRow("heads on self-attention")
            << QByteArray(R"({"num_heads": 2})") << QStringLiteral("num_heads")
            << QStringLiteral("must be 1 for variant \"self-attention\"");
        QTest::newRow("bias with rand")
            << QByteArray(R"({"qkv_bias": true})") << QStringLiteral("qkv_bias")
            << QStringLiteral("qkv_bias needs init \"linear\"");
        QTest::newRow("vocab too small")
            << QByteArray(R"({"vocab_size": 5})") << QStringLiteral("vocab_size")
            << QStringLiteral("vocab_size (5) must be at least the number of distinct tokens (6)");
        QTest::newRow("vocab counts source tokens")
            << QByteArray(R"({"vocab_size": 6, "source_sentence": "new words"})")
            << QStringLiteral("vocab_size") << QStringLiteral("distinct tokens (8)");
        QTest::newRow("embedding table too big")
            << QByteArray(R"({"vocab_size": 100000000, "d_in": 64})")
            << QStringLiteral("vocab_size") << QStringLiteral("must not exceed");
        QTest::newRow("manual without inputs")
            << QByteArray(R"({"embedding":"manual"})") << QStringLiteral("inputs")
            << QStringLiteral("inputs is missing");
        QTest::newRow("manual rows != tokens")
            << QByteArray(R"({"embedding":"manual","sentence":"a b c","inputs":[[1],[2]]})")
            << QStringLiteral("inputs")
            << QStringLiteral("inputs has 2 rows but sentence has 3 tokens");
        QTest::newRow("manual d_in mismatch")
            << QByteArray(R"({"embedding":"manual","sentence":"a","inputs":[[1,2]],"d_in":3})")
            << QStringLiteral("inputs") << QStringLiteral("rows have 2 numbers but d_in is 3");
        QTest::newRow("source inputs missing")
            << QByteArray(
                   R"({"embedding":"manual","sentence":"a","inputs":[[1]],"source_sentence":"b c"})")
            << QStringLiteral("source_inputs") << QStringLiteral("source_inputs is missing");
        QTest::newRow("source inputs rows")
            << QByteArray(
                   R"({"embedding":"manual","sentence":"a","inputs":[[1]],"source_sentence":"b c","source_inputs":[[1]]})")
            << QStringLiteral("source_inputs")
            << QStringLiteral("source_inputs has 1 rows but source_sentence has 2 tokens");
        QTest::newRow("source inputs without source")
            << QByteArray(
                   R"({"embedding":"manual","sentence":"a","inputs":[[1]],"source_inputs":[[1]]})")
            << QStringLiteral("source_inputs") << QStringLiteral("needs a source_sentence");
        QTest::newRow("inputs with torch embedding")
            << QByteArray(R"({"inputs":[[1,2,3]]})") << QStringLiteral("inputs")
            << QStringLiteral("only used with embedding \"manual\"");
        QTest::newRow("non-finite manual value")
            << QByteArray(R"({"embedding":"manual","sentence":"a","inputs":[[1e39]]})")
            << QStringLiteral("inputs") << QStringLiteral("beyond the float32 range");
    }

    void refused()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, key);
        QFETCH(QString, message);
        const auto parsed = sessionFromJson(json);
        std::optional<SessionIssue> issue = parsed.issue;
        if (!issue) {
            issue = validateSession(parsed.session);
            const ComputeResult result = Engine().compute(parsed.session);
            QVERIFY(!result.trace);
            QVERIFY(result.issue);
            QCOMPARE(result.issue->message, issue ? issue->message : QString());
        }
        QVERIFY2(issue, "the session was accepted");
        QCOMPARE(QString::fromStdString(issue->key), key);
        QVERIFY2(issue->message.contains(message), qPrintable(issue->message));
    }

    void memoryGuard_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("GPT-2 small, 1024 tokens") << 1024 << true;
        QTest::newRow("4096 tokens") << 4096 << true;
        QTest::newRow("8192 tokens") << 8192 << false;
    }

    void memoryGuard()
    {
        QFETCH(int, tokens);
        QFETCH(bool, accepted);
        Session s;
        s.sentence.clear();
        for (int i = 0; i < tokens; ++i) { // short words: 8192 of them within MaxTextChars
            s.sentence += char('a' + i % 26);
            s.sentence += ' ';
        }
        s.variant = Variant::MultiHead;
        s.init = InitScheme::Linear;
        s.dIn = s.dOutKq = s.dOutV = 768;
        s.numHeads = 12;
        s.causal = true;
        const auto issue = validateSession(s);
        QCOMPARE(!issue.has_value(), accepted);
        if (issue) {
            QCOMPARE(issue->key, std::string("sentence"));
            QVERIFY2(issue->message.contains(QStringLiteral("T=8192")) &&
                         issue->message.contains(QStringLiteral("limit")),
                     qPrintable(issue->message));
        }
    }

    void megabyteOfPastedText()
    {
        Session s;
        s.sentence.assign(1 << 20, 'x');
        for (std::size_t i = 0; i < s.sentence.size(); i += 6)
            s.sentence[i] = ' ';
        const auto issue = validateSession(s);
        QVERIFY(issue);
        QCOMPARE(issue->key, std::string("sentence"));
    }

    void defaultsAreValid() { QVERIFY(!validateSession(Session{})); }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
