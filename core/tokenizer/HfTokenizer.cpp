#include "HfTokenizer.h"

#include "JsonReader.h"
#include "Nfc.h"
#include "TokenizerFileError.h"
#include "Utf8.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <unordered_map>

namespace ae {

HfTokenizer::HfTokenizer(HfTokenizerParts parts) : m_parts(std::move(parts))
{
    m_vocabularySize = m_parts.bpe.idLimit();
    for (const AddedTokens::Token& token : m_parts.added.tokens())
        m_vocabularySize = std::max(m_vocabularySize, token.id + 1);
}

std::shared_ptr<const HfTokenizer> HfTokenizer::fromJson(std::string_view json,
                                                         const std::string& name)
{
    const auto start = std::chrono::steady_clock::now();
    try {
        auto tokenizer = std::make_shared<HfTokenizer>(readTokenizerJson(parseJson(json)));
        tokenizer->m_loadMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return tokenizer;
    } catch (const std::runtime_error& e) {
        throw TokenizerFileError(name + ": " + e.what());
    }
}

std::shared_ptr<const HfTokenizer> HfTokenizer::fromFile(const std::string& path)
{
    const auto start = std::chrono::steady_clock::now();
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw TokenizerFileError(path + ": cannot be opened");
    file.seekg(0, std::ios::end);
    std::string text(static_cast<std::size_t>(std::max<std::streamoff>(file.tellg(), 0)), '\0');
    file.seekg(0, std::ios::beg);
    if (!file.read(text.data(), static_cast<std::streamsize>(text.size())))
        throw TokenizerFileError(path + ": cannot be read");
    auto tokenizer = fromJson(text, path);
    // Reading the file counts too: it is part of what opening a model waits for.
    std::const_pointer_cast<HfTokenizer>(tokenizer)->m_loadMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return tokenizer;
}

std::vector<std::string_view> HfTokenizer::pieces(std::string_view normalized) const
{
    std::vector<std::string_view> pieces{normalized};
    std::vector<std::string_view> cut;
    for (const auto& split : m_parts.splits) {
        cut.clear();
        for (const std::string_view piece : pieces)
            split->split(piece, cut);
        pieces.swap(cut);
    }
    return pieces;
}

void HfTokenizer::encodeText(std::string_view text, std::vector<std::int64_t>& ids) const
{
    const std::string normalized = m_parts.nfc ? nfc(text) : std::string(text);
    // Text repeats its words: each distinct piece is merged once per call.
    std::unordered_map<std::string_view, std::vector<std::int64_t>> cache;
    for (const std::string_view piece : pieces(normalized)) {
        auto it = cache.find(piece);
        if (it == cache.end()) {
            std::vector<std::int64_t> pieceIds;
            m_parts.bpe.encodePiece(piece, pieceIds);
            it = cache.emplace(piece, std::move(pieceIds)).first;
        }
        ids.insert(ids.end(), it->second.begin(), it->second.end());
    }
}

std::vector<std::int64_t> HfTokenizer::encodeIds(std::string_view text, bool addSpecialTokens) const
{
    // PCRE2 and utf8proc are given valid UTF-8 only (checked here once, not per match).
    const std::string valid = utf8Lossy(text);
    std::vector<std::int64_t> ids;
    if (addSpecialTokens)
        ids = m_parts.prefixIds;
    ids.reserve(ids.size() + valid.size() / 3 + 4);
    for (const AddedTokens::Segment& segment : m_parts.added.split(valid)) {
        if (segment.id >= 0)
            ids.push_back(segment.id);
        else
            encodeText(segment.text, ids);
    }
    if (addSpecialTokens)
        ids.insert(ids.end(), m_parts.suffixIds.begin(), m_parts.suffixIds.end());
    return ids;
}

std::string HfTokenizer::tokenBytes(std::int64_t id) const
{
    if (const std::string* content = m_parts.added.contentOf(id))
        return *content;
    return m_parts.bpe.bytesOf(id);
}

std::vector<std::string> HfTokenizer::tokenize(std::string_view text) const
{
    std::vector<std::string> tokens;
    for (const std::int64_t id : encodeIds(text, true))
        tokens.push_back(utf8Lossy(tokenBytes(id)));
    return tokens;
}

TokenizedTexts HfTokenizer::encode(const std::vector<std::string_view>& texts) const
{
    TokenizedTexts out;
    for (const auto text : texts) {
        out.ids.push_back(encodeIds(text, true));
        std::vector<std::string> tokens;
        for (const std::int64_t id : out.ids.back())
            tokens.push_back(utf8Lossy(tokenBytes(id)));
        out.tokens.push_back(std::move(tokens));
    }
    return out;
}

std::optional<PieceMerges> HfTokenizer::mergesAt(std::string_view text, std::size_t byteOffset,
                                                 std::size_t maxSteps) const
{
    if (utf8Lossy(text) != text)
        return std::nullopt;
    for (const AddedTokens::Segment& segment : m_parts.added.split(text)) {
        const auto begin = std::size_t(segment.text.data() - text.data());
        if (byteOffset < begin || byteOffset >= begin + segment.text.size())
            continue;
        PieceMerges out;
        if (segment.id >= 0) {
            out.piece = segment.text;
            out.pieceBegin = begin;
            out.specialId = segment.id;
            out.tokens = 1;
            return out;
        }
        if (m_parts.nfc && nfc(segment.text) != segment.text)
            return std::nullopt;
        for (const std::string_view piece : pieces(segment.text)) {
            const auto pieceBegin = std::size_t(piece.data() - text.data());
            if (byteOffset < pieceBegin || byteOffset >= pieceBegin + piece.size())
                continue;
            out.piece = piece;
            out.pieceBegin = pieceBegin;
            // Only the steps shown are made (each holds a copy of the tokens); the end comes
            // from the fast merge.
            out.steps = m_parts.bpe.mergeSteps(piece, maxSteps);
            const auto merged = m_parts.bpe.mergedTokens(piece);
            out.merges = piece.size() - merged.size();
            out.tokens = merged.size();
            if (m_parts.bpe.ignoresMerges() && merged.size() > 1)
                out.wholePiece = m_parts.bpe.wholeToken(piece);
            return out;
        }
    }
    return std::nullopt;
}

std::vector<std::string> HfTokenizer::referenceCode() const
{
    return {"from tokenizers import Tokenizer",
            "tokenizer = Tokenizer.from_file(\"tokenizer.json\")",
            "token_ids = tokenizer.encode(sentence).ids"};
}

} // namespace ae
