#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>

namespace ae {

class TransformerModel;
struct TransformerConfig;

// The memory guard for a model run (limits::MaxProcessBytes, as estimateProcessBytes for the
// seed module), computed before the forward allocates anything. T = tokens, d = n_embd, L =
// n_layer, H = n_head, F = 4d with a feed-forward (0 without), V = vocab, all float32:
// - the trace: per block the residual entering it, LN1 of it, per head queries, keys, values
//   and context, and out_proj's output (7·T·d), and the final residual;
//   `traces` of them (the window keeps the previous forward while computing the next);
// - the forward's temporaries of one block: qkv (3·T·d), the heads' contexts side by side
//   (T·d), LN2, the feed-forward's hidden rows
//   and their projection (T·(2d + F)), the residual stream (T·d), one attention scratch block
//   per core (3·64·T), the logits and their ordering (V·5);
// - one layer's attention parameters converted for its step pages (4·d² + 4·d);
// - the views of one layer (estimateViewBytes: H + 1 derived T x T tensors, their images, the
//   token strings, the program's base);
// - the converted weights the model owns (F16/BF16 widened, the book's transposed copies).
// The weights read from the mapped checkpoint are file pages the kernel can drop and read
// again: `mapped` reports them, they do not count against the limit.
struct ModelRunBytes
{
    double process = 0; // counted against limits::MaxProcessBytes
    double mapped = 0;  // the float32 weights read in place from the file
};

// The float32 elements of every weight a model of this configuration has (biases counted
// whether or not the family has them; a tied output head once).
double parameterCount(const TransformerConfig& config);

// The memory guard for loading: a loader that converts weights into memory of its own (F16 or
// BF16 widened to float32, the book's transposed copies, a .pth's storages read from the
// zip) calls it with those bytes before converting anything. Returns "" when they fit in
// limits::MaxProcessBytes beside the program's base, else a message naming the file, the
// bytes and the limit (ModelLoadResult::overMemoryLimit: exit 2).
QString checkConversionBytes(const QString& path, double bytes);

ModelRunBytes estimateModelRunBytes(const TransformerModel& model, std::int64_t tokens,
                                    std::size_t textBytes, int traces = 1);

} // namespace ae
