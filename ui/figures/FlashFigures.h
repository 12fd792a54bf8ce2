#pragma once

#include "HeatmapSpec.h"

#include <memory>

namespace ae {

struct Trace;

// The figures of the tiled kernel (session key kernel: flash, docs/todays-attention.md §4): what
// the flash page's stepper shows and --export writes. Each needs a trace computed with it.
namespace figures {

// --export writes every tile of a session with at most this many (the articles' have 9), and
// the result of any.
constexpr int MaxExportedFlashTiles = 16;

// Tiles in the order the forward computed them: query block after query block, within one key
// block after key block (skipped ones included).
int flashTileCount(const Trace& trace, int head);
// Tile `step` (from 0): where it lies in the T x S grid (tiles before it computed, skipped
// tiles and masked cells hatched), its scores S and P = exp(S − m′) (a skipped tile: every
// score hidden, P zero, "not computed"), its rows' m, m′, the rescale exp(m − m′), ℓ and ℓ′,
// and the block's O after it: five panels for every tile. The tile is computed again by
// the forward's own code (flashTile()), so it is what the forward went through.
Figure flashTile(const std::shared_ptr<const Trace>& trace, int head, int step);
// The tiled kernel's final O = O / ℓ beside the standard kernel's softmax(S)·V, and their
// |difference|.
Figure flashResult(const std::shared_ptr<const Trace>& trace, int head);

} // namespace figures
} // namespace ae
