// The tokenizer registry (Tokenizer.h): every kind registered once under the session file's
// spelling, and what the views ask of an entry (fixed vocabulary, bytes, display, decode,
// merges) answered by the tokenizer itself.
#include "Gpt2Encoding.h"
#include "SessionEnums.h"
#include "Tokenizer.h"

#include <QTest>

#include <set>

using namespace ae;

namespace {

const Tokenizer& words()
{
    return tokenizerFor(TokenizerKind::Words);
}

const Tokenizer& bytePairs()
{
    return tokenizerFor(TokenizerKind::Gpt2);
}

} // namespace

class TestTokenizerRegistry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyKindOnce()
    {
        std::set<std::string_view> ids;
        for (const TokenizerKind kind :
             {TokenizerKind::Words, TokenizerKind::CjkChars, TokenizerKind::Gpt2}) {
            const Tokenizer& t = tokenizerFor(kind);
            QCOMPARE(int(t.kind()), int(kind));
            // The session file's spelling, both ways.
            QCOMPARE(t.id(), toKey(kind));
            QCOMPARE(findTokenizer(t.id()), &t);
            ids.insert(t.id());
        }
        QCOMPARE(ids.size(), tokenizers().size());
        QCOMPARE(findTokenizer("bpe"), nullptr);
        // A model's own tokenizer.json (HfTokenizer) belongs to that model, not the registry.
        QCOMPARE(findTokenizer("tokenizer.json"), nullptr);
    }

    void wordsVocabularyIsTheTexts()
    {
        QVERIFY(!words().hasFixedVocabulary());
        QVERIFY(!words().keepsEveryByte());
        const TokenizedTexts t = words().encode({"the cat, the mat", "a cat"});
        const std::vector<std::string> vocabulary{"a", "cat", "mat", "the"};
        QCOMPARE(t.vocabulary, vocabulary);
        QCOMPARE(t.ids[0], (std::vector<std::int64_t>{3, 1, 3, 2}));
        QCOMPARE(words().decode(t.ids[1], t.vocabulary), std::string("a cat"));
        QCOMPARE(words().displayToken("cat", 1), std::string("cat"));
        QCOMPARE(words().tokenBytes(1), std::string());
        QVERIFY(!words().mergesAt("the cat", 4, 10));
        QVERIFY(words().referenceCode().empty());
    }

    void cjkCharsSplitsIdeographs()
    {
        const auto tokens = tokenizerFor(TokenizerKind::CjkChars).tokenize("我爱 cats");
        QCOMPARE(tokens, (std::vector<std::string>{"我", "爱", "cats"}));
    }

    void bytePairsHaveFixedIds()
    {
        QCOMPARE(bytePairs().fixedVocabularySize(), std::int64_t(50257));
        QVERIFY(bytePairs().keepsEveryByte());
        const std::string text = "The cat\t\tsat\n\n \xe4\xbd\xa0 <|endoftext|>\xff";
        const TokenizedTexts t = bytePairs().encode({text});
        QVERIFY(t.vocabulary.empty());
        QCOMPARE(t.ids[0], gpt2Encode(text));
        QCOMPARE(bytePairs().decode(t.ids[0]), text); // every byte kept
        QCOMPARE(bytePairs().tokenize(text), t.tokens[0]);
        QCOMPARE(bytePairs().tokenBytes(-1), std::string());
        QCOMPARE(bytePairs().tokenBytes(50257), std::string());
        // " cat" is one token; its display shows the space.
        const auto cat = gpt2Encode(" cat");
        QCOMPARE(cat.size(), std::size_t(1));
        QCOMPARE(bytePairs().displayToken("ignored", cat.front()), std::string("␣cat"));
        QVERIFY(!bytePairs().referenceCode().empty());
    }

    void mergesOfAPiece()
    {
        const std::string text = "Hello tokenization";
        const auto merges = bytePairs().mergesAt(text, 7, 1000); // inside " tokenization"
        QVERIFY(merges);
        QCOMPARE(merges->piece, std::string_view(" tokenization"));
        QCOMPARE(merges->pieceBegin, std::size_t(5));
        QCOMPARE(merges->specialId, std::int64_t(-1));
        QCOMPARE(merges->steps.front().tokens.size(), std::size_t(13)); // its bytes
        QCOMPARE(merges->steps.size(), merges->merges + 1);
        QCOMPARE(merges->steps.back().tokens, gpt2Encode(" tokenization"));
        QCOMPARE(merges->tokens, merges->steps.back().tokens.size());

        const auto few = bytePairs().mergesAt(text, 7, 2);
        QCOMPARE(few->steps.size(), std::size_t(3)); // the bytes and two merges
        QCOMPARE(few->merges, merges->merges);

        const auto special = bytePairs().mergesAt("a<|endoftext|>", 1, 10);
        QVERIFY(special);
        QCOMPARE(special->specialId, std::int64_t(50256));
        QVERIFY(special->steps.empty());
        QVERIFY(!bytePairs().mergesAt(text, text.size(), 10));
    }
};

QTEST_MAIN(TestTokenizerRegistry)
#include "tst_tokenizerregistry.moc"
