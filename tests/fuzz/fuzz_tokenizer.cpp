// Arbitrary bytes through both tokenizers (core/Tokenizer.h) and the vocabulary built
// from their tokens, checking what the engine and the views rely on: no empty token,
// every token valid UTF-8 without white space or punctuation (core/UnicodeTables.h), a
// CJK ideograph always a token of its own with cjk-chars, both kinds keeping the same
// characters, tokenizing the tokens again changing nothing, and the vocabulary sorted,
// unique and finding each token. GPT-2's byte-pair encoding: every id in range, decoding
// gives back the bytes (round trip), the pieces cover the text, each token's text is valid
// UTF-8, and merging a piece step by step ends in its encoding.
#include "FuzzCheck.h"
#include "Gpt2Bpe.h"
#include "Gpt2Encoding.h"
#include "Tokenizer.h"
#include "UnicodeTables.h"
#include "Vocabulary.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using ae::fuzz::check;

namespace {

// A strict decoder of its own (utf8::next maps malformed bytes to U+FFFD, so it cannot
// say whether a token is valid): nothing overlong, no surrogate, nothing above U+10FFFF.
std::optional<std::vector<char32_t>> strictDecode(std::string_view text)
{
    std::vector<char32_t> codePoints;
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80           ? 1
                                   : (lead >> 5) == 0x6  ? 2
                                   : (lead >> 4) == 0xE  ? 3
                                   : (lead >> 3) == 0x1E ? 4
                                                         : 0;
        if (length == 0 || i + length > text.size())
            return std::nullopt;
        char32_t cp = length == 1 ? lead : lead & (0x7F >> length);
        for (std::size_t k = 1; k < length; ++k) {
            const auto byte = static_cast<unsigned char>(text[i + k]);
            if ((byte & 0xC0) != 0x80)
                return std::nullopt;
            cp = (cp << 6) | (byte & 0x3F);
        }
        constexpr char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < smallest[length] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return std::nullopt;
        codePoints.push_back(cp);
        i += length;
    }
    return codePoints;
}

std::string joined(const std::vector<std::string>& tokens, std::string_view separator)
{
    std::string text;
    for (const auto& token : tokens)
        text += (text.empty() ? "" : std::string(separator)) + token;
    return text;
}

void checkTokens(const std::vector<std::string>& tokens, ae::TokenizerKind kind)
{
    for (const auto& token : tokens) {
        check(!token.empty(), "no token is empty");
        const auto codePoints = strictDecode(token);
        check(codePoints.has_value(), "every token is valid UTF-8", token);
        for (const char32_t cp : *codePoints) {
            check(!ae::unicode::isWhiteSpace(cp), "no token holds white space", token);
            check(!ae::unicode::isPunctuation(cp), "no token holds punctuation", token);
            if (kind == ae::TokenizerKind::CjkChars && ae::unicode::isCjkIdeograph(cp))
                check(codePoints->size() == 1, "with cjk-chars an ideograph is a token of its own",
                      token);
        }
    }
    check(ae::tokenize(joined(tokens, " "), kind) == tokens,
          "tokenizing the tokens again changes nothing");
}

void checkVocabulary(const std::vector<std::string>& words, const std::vector<std::string>& cjk)
{
    const ae::Vocabulary vocabulary({words, cjk});
    const auto& entries = vocabulary.tokens();
    check(std::adjacent_find(entries.begin(), entries.end(), std::greater_equal<>()) ==
              entries.end(),
          "the vocabulary is sorted and unique");
    for (const auto* list : {&words, &cjk}) {
        const auto ids = vocabulary.idsOf(*list);
        check(ids.size() == list->size(), "idsOf gives one id per token");
        for (std::size_t i = 0; i < ids.size(); ++i)
            check(ids[i] >= 0 && ids[i] < vocabulary.size() &&
                      entries[std::size_t(ids[i])] == (*list)[i],
                  "idOf finds each token", (*list)[i]);
    }
    // No token holds a space, so this one is never in the vocabulary.
    check(vocabulary.idOf(words.empty() ? std::string(" ") : words.front() + " ") == -1,
          "idOf of an absent token is -1");
}

void checkGpt2(std::string_view text)
{
    const auto ids = ae::gpt2Encode(text);
    check(std::all_of(ids.begin(), ids.end(),
                      [](std::int64_t id) { return id >= 0 && id < ae::Gpt2VocabSize; }),
          "every gpt2 id is in [0, 50257)");
    check(ae::gpt2Decode(ids) == text, "gpt2 decode(encode(text)) gives back the bytes");
    const auto tokens = ae::tokenize(text, ae::TokenizerKind::Gpt2);
    check(tokens.size() == ids.size(), "one gpt2 token text per id");
    for (const auto& token : tokens)
        check(ae::utf8Lossy(token) == token, "a gpt2 token text is valid UTF-8", token);
    std::string pieces;
    for (const auto& piece : ae::gpt2Pieces(text)) {
        pieces += piece.text;
        if (piece.special || piece.text.size() > 64)
            continue;
        const auto steps = ae::gpt2BpeSteps(piece.text, ae::Gpt2Vocab::instance());
        check(!steps.empty() && steps.front().tokens.size() == piece.text.size(),
              "merging starts from the bytes");
        const auto direct = ae::gpt2BpePiece(piece.text, ae::Gpt2Vocab::instance());
        check(ae::gpt2Decode(steps.back().tokens) == ae::gpt2Decode(direct),
              "the merge steps end in the piece's bytes");
        check(steps.back().tokens == ae::gpt2BpeMerged(piece.text, ae::Gpt2Vocab::instance()),
              "the heap merge ends where the scan does");
    }
    check(pieces == text, "the gpt2 pieces cover the text");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto words = ae::tokenize(text, ae::TokenizerKind::Words);
    const auto cjk = ae::tokenize(text, ae::TokenizerKind::CjkChars);
    checkTokens(words, ae::TokenizerKind::Words);
    checkTokens(cjk, ae::TokenizerKind::CjkChars);
    // cjk-chars only splits further: the same characters, in the same order.
    check(joined(words, "") == joined(cjk, ""), "both kinds keep the same characters");
    checkVocabulary(words, cjk);
    checkGpt2(text);
    return 0;
}
