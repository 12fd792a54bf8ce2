#pragma once

namespace ae {

struct Trace;

// The useful floating-point operations of a seed-module forward, for --benchmark's `gflops`
// (docs/performance.md): 2 per multiply-add of the projections (queries for T rows, keys and
// values for S rows, per key/value head), of each query head's scores and context over the cells
// its mask leaves visible (the hidden half of a causal matrix does not count, nor does a
// window's outside), and of out_proj. Embeddings, scaling, softmax and dropout are not counted,
// nor is any work a kernel does twice (the flash kernel beside the standard one).
double forwardFlops(const Trace& trace);

} // namespace ae
