#include "Gpt2Encoding.h"

#include "Gpt2Bpe.h"
#include "Gpt2PreSplit.h"

#include <unordered_map>

namespace ae {

namespace {

constexpr std::string_view EndOfText = "<|endoftext|>";

} // namespace

std::vector<Gpt2Piece> gpt2Pieces(std::string_view text)
{
    std::vector<Gpt2Piece> pieces;
    while (!text.empty()) {
        const std::size_t special = text.find(EndOfText);
        for (const auto piece : gpt2PreSplit(text.substr(0, special)))
            pieces.push_back({piece, false});
        if (special == std::string_view::npos)
            break;
        pieces.push_back({text.substr(special, EndOfText.size()), true});
        text.remove_prefix(special + EndOfText.size());
    }
    return pieces;
}

std::vector<std::int64_t> gpt2Encode(std::string_view text)
{
    const Gpt2Vocab& vocab = Gpt2Vocab::instance();
    std::vector<std::int64_t> ids;
    ids.reserve(text.size() / 3);
    // Text repeats its words: each distinct piece is merged once per call. Keys view the text.
    std::unordered_map<std::string_view, std::vector<std::int64_t>> cache;
    for (const Gpt2Piece& piece : gpt2Pieces(text)) {
        if (piece.special) {
            ids.push_back(Gpt2EndOfText);
            continue;
        }
        if (const std::int64_t whole = vocab.rankOf(piece.text); whole >= 0) {
            ids.push_back(whole);
            continue;
        }
        auto it = cache.find(piece.text);
        if (it == cache.end())
            it = cache.emplace(piece.text, gpt2BpePiece(piece.text, vocab)).first;
        ids.insert(ids.end(), it->second.begin(), it->second.end());
    }
    return ids;
}

std::string gpt2Decode(const std::vector<std::int64_t>& ids)
{
    const Gpt2Vocab& vocab = Gpt2Vocab::instance();
    std::string bytes;
    for (const std::int64_t id : ids)
        if (id >= 0 && id < vocab.size())
            bytes += vocab.bytesOf(id);
    return bytes;
}

std::string gpt2TokenBytes(std::int64_t id)
{
    const Gpt2Vocab& vocab = Gpt2Vocab::instance();
    return id >= 0 && id < vocab.size() ? vocab.bytesOf(id) : std::string();
}

std::string gpt2TokenText(std::int64_t id)
{
    return utf8Lossy(gpt2TokenBytes(id));
}

} // namespace ae
