#pragma once

#include "Arithmetic.h"

#include <cstdint>

namespace ae {

struct Session;

// Sessions up to this many multiply-adds take the TorchOrder path (about a millisecond).
constexpr double TorchOrderMaxWork = 2.0e6;

// Which arithmetic (kernels/Arithmetic.h) a session's forward pass uses: TorchOrder for
// small sessions, Fast above TorchOrderMaxWork or from 512 keys on.
Arithmetic chooseArithmetic(const Session& session, std::int64_t queryTokens,
                            std::int64_t keyTokens);

} // namespace ae
