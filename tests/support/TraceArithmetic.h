#pragma once

#include "Arithmetic.h"

#include <memory>

namespace ae {
struct Trace;
}

namespace ae::test {

// The session's trace recomputed with the given arithmetic (the embeddings and parameters do
// not depend on it; the forward pass and its completion do); `trace` itself when it was
// computed so. The golden tests compare both arithmetics with PyTorch.
std::shared_ptr<const Trace> withArithmetic(const std::shared_ptr<const Trace>& trace,
                                            Arithmetic arithmetic);

} // namespace ae::test
