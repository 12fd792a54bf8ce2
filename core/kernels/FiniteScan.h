#pragma once

#include <cstdint>

namespace ae {

// The index of the first NaN or ±inf among data[0, n), or -1 when every value is finite.
// Reads the bits (exponent all ones), so it holds under -ffast-math too, and runs at memory
// speed: blocks of 4096 floats are reduced with an unsigned max that the compiler
// vectorises, and only a block that holds a non-finite value is searched element by element;
// from 4 MB on, chunks of 4 MB on every core (the first read of a mapped checkpoint's pages
// costs more than the scan itself, and two cores take those faults side by side).
std::int64_t firstNonFinite(const float* data, std::int64_t n);

} // namespace ae
