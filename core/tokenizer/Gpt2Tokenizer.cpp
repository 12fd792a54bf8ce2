#include "Gpt2Tokenizer.h"

#include "Gpt2Bpe.h"
#include "Gpt2Encoding.h"
#include "Gpt2Vocab.h"

namespace ae {

namespace {

std::vector<std::string> tokenTexts(const std::vector<std::int64_t>& ids)
{
    std::vector<std::string> tokens;
    tokens.reserve(ids.size());
    for (const std::int64_t id : ids)
        tokens.push_back(gpt2TokenText(id));
    return tokens;
}

} // namespace

std::int64_t Gpt2Tokenizer::fixedVocabularySize() const
{
    return Gpt2VocabSize;
}

std::vector<std::string> Gpt2Tokenizer::tokenize(std::string_view text) const
{
    return tokenTexts(gpt2Encode(text));
}

TokenizedTexts Gpt2Tokenizer::encode(const std::vector<std::string_view>& texts) const
{
    TokenizedTexts out;
    for (const auto text : texts) {
        out.ids.push_back(gpt2Encode(text));
        out.tokens.push_back(tokenTexts(out.ids.back()));
    }
    return out;
}

std::string Gpt2Tokenizer::tokenBytes(std::int64_t id) const
{
    return gpt2TokenBytes(id);
}

std::optional<PieceMerges> Gpt2Tokenizer::mergesAt(std::string_view text, std::size_t byteOffset,
                                                   std::size_t maxSteps) const
{
    std::optional<PieceMerges> out;
    for (const Gpt2Piece& p : gpt2Pieces(text)) {
        const auto begin = std::size_t(p.text.data() - text.data());
        if (byteOffset < begin || byteOffset >= begin + p.text.size())
            continue;
        out.emplace();
        out->piece = p.text;
        out->pieceBegin = begin;
        if (p.special) {
            out->specialId = Gpt2EndOfText;
            out->tokens = 1;
            return out;
        }
        // Only the steps shown are made: a long piece (a line of CJK) takes thousands of
        // merges, and every step holds a copy of the tokens. The end comes from the fast merge.
        const Gpt2Vocab& vocab = Gpt2Vocab::instance();
        out->steps = gpt2BpeSteps(p.text, vocab, maxSteps);
        const auto merged = gpt2BpeMerged(p.text, vocab);
        out->merges = p.text.size() - merged.size();
        out->tokens = merged.size();
        const auto direct = gpt2BpePiece(p.text, vocab);
        if (direct.size() == 1 && merged.size() > 1)
            out->wholePiece = direct.front();
        return out;
    }
    return out;
}

std::vector<std::string> Gpt2Tokenizer::referenceCode() const
{
    return {"encoding = tiktoken.get_encoding(\"gpt2\")",
            "token_ids = encoding.encode(sentence, allowed_special={\"<|endoftext|>\"})"};
}

double Gpt2Tokenizer::vocabularyLoadMs() const
{
    return Gpt2Vocab::instance().loadMs();
}

} // namespace ae
