#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace ae::fuzz {

// A broken invariant: say which, then abort. libFuzzer records an abort as a crash and
// saves the input; the replay test (FuzzReplay.cpp) fails. Not assert(): the checks must
// also hold in Release builds, where the replay tests run in CI.
inline void check(bool condition, std::string_view invariant, std::string_view detail = {})
{
    if (condition)
        return;
    std::fprintf(stderr, "fuzz invariant broken: %.*s\n", int(invariant.size()), invariant.data());
    if (!detail.empty())
        std::fprintf(stderr, "  %.*s\n", int(detail.size()), detail.data());
    std::fflush(stderr);
    std::abort();
}

} // namespace ae::fuzz
