#pragma once

#include "PieceMerges.h"

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace ae {

class Gpt2Vocab;

// tiktoken's byte_pair_merge for one pre-split piece (not <|endoftext|>): token ids. O(n log n)
// in the piece's bytes (a heap of candidate pairs), so a long run of CJK or emoji stays fast.
std::vector<std::int64_t> gpt2BpePiece(std::string_view piece, const Gpt2Vocab& vocab);

// The same merges, every step kept (for showing how BPE builds a word): the plain O(n²) scan,
// one step at a time; its last step equals gpt2BpePiece() unless the whole piece is a token.
// At most `maxSteps` merges are made and kept (each step holds a copy of the tokens, so a long
// piece's every step would not fit in memory): the bytes and the first maxSteps merges.
std::vector<BpeStep> gpt2BpeSteps(std::string_view piece, const Gpt2Vocab& vocab,
                                  std::size_t maxSteps = std::numeric_limits<std::size_t>::max());

// The tokens all merges end in, without gpt2BpePiece()'s shortcut for a piece that is itself a
// token (which merging may not reach): the last step gpt2BpeSteps() would reach with no limit.
std::vector<std::int64_t> gpt2BpeMerged(std::string_view piece, const Gpt2Vocab& vocab);

} // namespace ae
