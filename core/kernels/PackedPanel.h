#pragma once

namespace ae {

// Keys per panel of a head's packed keys (PackedKeys, HeadProducts.h) as the AVX-512 kernels
// read them (HeadProductsAvx512.cpp): 4 vectors of 16 floats. A constant and nothing else: the
// AVX-512 file, which shares no inline code with the others, includes it too.
inline constexpr long PackedPanelKeys = 64;

} // namespace ae
