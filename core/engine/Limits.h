#pragma once

#include <cstdint>

namespace ae::limits {

// What a session may ask for. The memory guard refuses a session whose tensors would
// need more than MaxTraceBytes before anything is allocated: at GPT-2-small shapes
// (1024 tokens, 12 heads) a trace takes about 110 MB, at 4096 tokens about 1.7 GB.
constexpr std::int64_t MaxTraceBytes = std::int64_t{1} << 30; // 1 GiB
constexpr int MaxDimension = 16384;                           // d_in, d_out_kq, d_out_v
constexpr int MaxHeads = 1024;
constexpr std::int64_t MaxVocabSize = 100'000'000;
// An nn.Embedding(vocab_size, d_in) lookup skips vocab_size * d_in draws of the stream.
constexpr std::int64_t MaxEmbeddingElements = 1'000'000'000;
constexpr std::int64_t MaxSeed = INT64_MAX;
constexpr std::int64_t MaxContextLength = 1'000'000;

} // namespace ae::limits
