#pragma once

#include "HfTokenizerParts.h"
#include "Tokenizer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

// A model's own tokenizer, read from its Hugging Face tokenizer.json (llama.md §3): byte-level
// BPE as the `tokenizers` library runs it, giving exactly its ids. The steps, each as the file
// says:
//  1. added tokens (added_tokens) are found in the raw text first, leftmost and longest;
//  2. the text between them is normalised (normalizer: none or NFC),
//  3. cut by the pre-tokenizer (Split with the file's regex, behavior Isolated; ByteLevel,
//     whose use_regex adds GPT-2's pattern),
//  4. and each piece's UTF-8 bytes merged by the BPE model (vocab, ranked merges,
//     ignore_merges);
//  5. with special tokens, the post-processor's TemplateProcessing adds its tokens (a BOS).
// Anything else that would change the ids is refused when the file is read. Text that is not
// valid UTF-8 is read with U+FFFD for each bad sequence (Hugging Face takes strings only).
// Per model, so not one of the registry's tokenizers(); immutable and shared between threads.
class HfTokenizer : public Tokenizer
{
public:
    // Throws TokenizerFileError naming `path` (unreadable, malformed JSON with the byte offset,
    // or what is not supported with its key path and value).
    static std::shared_ptr<const HfTokenizer> fromFile(const std::string& path);
    // The same from the file's text; `name` starts the messages.
    static std::shared_ptr<const HfTokenizer> fromJson(std::string_view json,
                                                       const std::string& name);

    // The text's ids; with addSpecialTokens, the post-processor's around them (added tokens
    // written in the text are found either way). Throws std::runtime_error when a piece has a
    // byte that is no token (a file without the 256 byte tokens and no unk_token) or PCRE2
    // gives up on the file's pattern (its match limit).
    std::vector<std::int64_t> encodeIds(std::string_view text, bool addSpecialTokens) const;
    // One past the largest id of the vocabulary and the added tokens.
    std::int64_t vocabularySize() const { return m_vocabularySize; }

    TokenizerKind kind() const override { return TokenizerKind::HfJson; }
    std::string_view id() const override { return "tokenizer.json"; }
    std::int64_t fixedVocabularySize() const override { return m_vocabularySize; }
    bool keepsEveryByte() const override { return true; }
    // Tokens as the model sees them (special tokens added), each token's bytes as UTF-8 with
    // U+FFFD for part of a character.
    std::vector<std::string> tokenize(std::string_view text) const override;
    TokenizedTexts encode(const std::vector<std::string_view>& texts) const override;
    // The bytes token `id` stands for; an added token's content; "" outside the vocabulary.
    std::string tokenBytes(std::int64_t id) const override;
    // How the piece at `byteOffset` was merged (merge ranks are the file's). Nothing when the
    // text is not valid UTF-8 or NFC changes the stretch holding the offset (the pieces would
    // not be views into `text`).
    std::optional<PieceMerges> mergesAt(std::string_view text, std::size_t byteOffset,
                                        std::size_t maxSteps) const override;
    std::vector<std::string> referenceCode() const override;
    // Milliseconds reading and parsing the file took.
    double vocabularyLoadMs() const override { return m_loadMs; }

    explicit HfTokenizer(HfTokenizerParts parts);

private:
    void encodeText(std::string_view text, std::vector<std::int64_t>& ids) const;
    // The pre-tokenizer's pieces of normalised text, as views into it.
    std::vector<std::string_view> pieces(std::string_view normalized) const;

    HfTokenizerParts m_parts;
    std::int64_t m_vocabularySize = 0;
    double m_loadMs = 0;
};

} // namespace ae
