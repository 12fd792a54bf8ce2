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

std::string utf8Lossy(std::string_view bytes)
{
    std::string out;
    out.reserve(bytes.size());
    const auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
    for (std::size_t pos = 0; pos < bytes.size();) {
        const unsigned char lead = at(pos);
        int length = 0;
        unsigned char low = 0x80, high = 0xBF; // allowed range of the second byte
        if (lead < 0x80)
            length = 1;
        else if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead >= 0xE0 && lead <= 0xEF)
            length = 3, low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
        else if (lead >= 0xF0 && lead <= 0xF4)
            length = 4, low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
        // The valid prefix of a sequence (the "maximal subpart") is replaced as one U+FFFD.
        int valid = length > 0 ? 1 : 0;
        while (valid > 0 && valid < length && pos + std::size_t(valid) < bytes.size()) {
            const unsigned char c = at(pos + std::size_t(valid));
            const bool ok = valid == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF);
            if (!ok)
                break;
            ++valid;
        }
        if (length > 0 && valid == length) {
            out.append(bytes.substr(pos, std::size_t(length)));
            pos += std::size_t(length);
        } else {
            out += "\xEF\xBF\xBD";
            pos += std::size_t(valid > 0 ? valid : 1);
        }
    }
    return out;
}

} // namespace ae
