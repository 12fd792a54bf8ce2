#pragma once

#include <cstdint>

namespace ae::limits {

// What a session may ask for, checked before anything large is allocated.
//
// The memory guard: estimateProcessBytes() (SessionValidator.h) adds up what a session
// costs the whole process, not only its tensors: the trace (queries, keys, values and
// contexts per head: no T x S tensor but the dropout keep mask) and the forward's
// temporaries, the T x S tensors the page on screen derives (every head's weights for the
// grid of heads), the heatmap images (at their view's size), the token and vocabulary
// strings, and a fixed base for the program itself. Dumps are streamed and cost no memory in
// proportion to their size. By that estimate GPT-2 small (12 heads, d 768, causal) needs
// about 0.35 GB at 1024 tokens, 0.63 GB at 2048, 1.42 GB at 4096 (accepted) and 4.3 GB at
// 8192 (refused); the limit sits where a desktop with 4 GB of memory can still hold the
// session, its figures and the window.
constexpr std::int64_t MaxProcessBytes = std::int64_t{3} << 29;    // 1.5 GiB
constexpr std::int64_t BaseProcessBytes = std::int64_t{150} << 20; // Qt, fonts, the window
constexpr int MaxDimension = 16384;                                // d_in, d_out_kq, d_out_v
constexpr int MaxHeads = 1024;
constexpr std::int64_t MaxVocabSize = 100'000'000;
// An nn.Embedding(vocab_size, d_in) lookup skips vocab_size * d_in draws of the stream.
constexpr std::int64_t MaxEmbeddingElements = 1'000'000'000;
constexpr std::int64_t MaxSeed = INT64_MAX;
constexpr std::int64_t MaxContextLength = 1'000'000;
// A sliding window and the flash kernel's blocks, in tokens.
constexpr std::int64_t MaxWindow = 1'000'000;

// Input size, refused before it is read or laid out. A session file is read whole:
// 16 MB holds GPT-2-small-sized manual inputs (1024 x 768 numbers) with room to spare.
constexpr std::int64_t MaxSessionFileBytes = 16 * 1024 * 1024;
// Any text of a session (sentence, source_sentence, title, description), in UTF-16
// units: enough for several thousand tokens, little enough that one word of that length
// lays out and shapes in well under a second.
constexpr int MaxTextChars = 32768;
// A key or a label is shown at most this long (the rest elided) in messages and figures.
constexpr int MaxKeyChars = 200;
constexpr int MaxLabelChars = 48;
// A multi-file export writes at most this many files.
constexpr int MaxExportFiles = 5000;

} // namespace ae::limits
