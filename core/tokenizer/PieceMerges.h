#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace ae {

// One step of byte-pair encoding a piece: the tokens after the step. Step 0 is the piece's
// bytes; each later step merged tokens[mergedAt] with the token after it into the token
// `rank` (the adjacent pair whose joined bytes have the lowest rank, leftmost on a tie).
struct BpeStep
{
    std::vector<std::int64_t> tokens;
    std::size_t mergedAt = 0; // meaningless in step 0
    std::int64_t rank = -1;   // -1 in step 0
};

// How a byte-pair tokenizer built the piece of a text that holds one token (the Tokens page
// shows it; Tokenizer::mergesAt). The piece is what the pre-split cut, the steps its bytes
// and then its merges in rank order, as many as were asked for.
struct PieceMerges
{
    std::string_view piece;     // a view into the text
    std::size_t pieceBegin = 0; // its byte offset in the text
    // A special token (<|endoftext|>) is not merged from bytes: no steps, only its id.
    std::int64_t specialId = -1;
    std::vector<BpeStep> steps; // the bytes, then the first merges (at most the steps asked for)
    std::size_t merges = 0;     // every merge the piece takes, shown or not
    std::size_t tokens = 0;     // the tokens merging ends in
    // The whole piece is one token that merging does not reach (the encoder looks it up
    // first): its id, else -1.
    std::int64_t wholePiece = -1;
};

} // namespace ae
