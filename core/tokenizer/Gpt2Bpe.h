#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace ae {

class Gpt2Vocab;

// One step of byte-pair encoding a piece: the tokens after the step. Step 0 is the piece's
// bytes; each later step merged tokens[mergedAt] with the token after it into the token
// `rank` (the adjacent pair whose joined bytes have the lowest rank, leftmost on a tie).
struct BpeStep
{
    std::vector<std::int64_t> tokens;
    std::size_t mergedAt = 0; // meaningless in step 0
    std::int64_t rank = -1;   // -1 in step 0
};

// tiktoken's byte_pair_merge for one pre-split piece (not <|endoftext|>): token ids. O(n log n)
// in the piece's bytes (a heap of candidate pairs), so a long run of CJK or emoji stays fast.
std::vector<std::int64_t> gpt2BpePiece(std::string_view piece, const Gpt2Vocab& vocab);

// The same merges, every step kept (for showing how BPE builds a word): the plain O(n²) scan,
// one step at a time; its last step equals gpt2BpePiece().
std::vector<BpeStep> gpt2BpeSteps(std::string_view piece, const Gpt2Vocab& vocab);

} // namespace ae
