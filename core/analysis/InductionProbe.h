#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ae {

// The induction probe of heads.md §1: [bos] + r + r, r = torch.randint(0, vocab, (length,),
// generator=torch.Generator().manual_seed(seed)), the standard input on which induction heads
// light up (the second copy's tokens attend to what followed their first occurrence).
// bos: GPT-2's <|endoftext|> (50256) when the model's vocabulary holds it; a model with a
// smaller vocabulary (a small book or trained model) gets r + r alone.
inline constexpr std::int64_t EndOfTextId = 50256;
inline constexpr int DefaultProbeLength = 32;

std::vector<std::int64_t> inductionProbe(std::int64_t vocabSize, int length, std::uint64_t seed,
                                         std::optional<std::int64_t> bos);

// The bos the probe of a model with this vocabulary starts with (see above).
std::optional<std::int64_t> probeBos(std::int64_t vocabSize);

} // namespace ae
