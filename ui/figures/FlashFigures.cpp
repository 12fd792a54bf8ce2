#include "FlashFigures.h"

#include "FigureSupport.h"
#include "FlashAttention.h"
#include "HeadTensors.h"
#include "MatrixStats.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ae::figures {

using namespace support;

namespace {

constexpr float Hidden = -std::numeric_limits<float>::infinity();

const FlashTrace& flashOf(const Trace& trace, int head)
{
    return *headOf(trace, head).flash;
}

QString number(float value)
{
    return std::isinf(value) ? (value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞"))
                             : QString::number(double(value), 'g', 6);
}

// The tile's rows and keys as every view names them.
struct TileLabels
{
    QStringList rows, keys;
};

// From the grid's labels (every query and key): naming 1,024 tokens once per step, not once per
// panel, was a third of a step's time on the GUI thread.
TileLabels tileLabels(const HeatmapSpec& grid, const FlashTile& tile)
{
    return {grid.rowLabels.mid(int(tile.firstRow), int(tile.rows)),
            grid.columnLabels.mid(int(tile.firstKey), int(tile.keys))};
}

// Where the tile lies: every cell of the T x S grid computed so far holds the number of its tile
// in the order computed (this tile the largest, so the darkest), 0 for those still to come; a
// cell the mask hides is hatched, so a skipped tile is hatched whole.
HeatmapSpec tileGrid(const TracePtr& trace, int head, const FlashTile& tile)
{
    const FlashTrace& f = flashOf(*trace, head);
    const HeadOptions options = headOptions(*trace, head);
    const Eigen::Index T = trace->queryCount(), S = trace->keyCount();
    const Eigen::Index current = tile.queryBlock * f.keyBlocks + tile.keyBlock;
    // Built on the GUI thread at every step (a million cells at T = 1024): each query block's
    // row of tile numbers once, its rows copied from it, and the statistics known rather than
    // scanned (hidden cells make a scan slow).
    Matrix grid(T, S);
    RowVector numbers(S);
    MatrixStats stats;
    bool anyShown = false;
    for (Eigen::Index qb = 0; qb < f.queryBlocks; ++qb) {
        for (Eigen::Index kb = 0; kb < f.keyBlocks; ++kb) {
            const Eigen::Index index = qb * f.keyBlocks + kb;
            const Eigen::Index first = kb * f.blockK;
            numbers.segment(first, std::min<Eigen::Index>(f.blockK, S - first))
                .setConstant(index <= current ? float(index + 1) : 0.0f);
        }
        const Eigen::Index firstRow = qb * f.blockQ;
        const Eigen::Index lastRow = std::min<Eigen::Index>(T, firstRow + f.blockQ);
        KeyRange shown{S, 0}; // the union of the block's rows' visible keys
        for (Eigen::Index i = firstRow; i < lastRow; ++i) {
            const KeyRange visible = visibleKeys(options, i, S);
            float* row = grid.row(i).data();
            std::fill(row, row + visible.first, Hidden);
            std::copy(numbers.data() + visible.first, numbers.data() + visible.last,
                      row + visible.first);
            std::fill(row + visible.last, row + S, Hidden);
            if (visible.first > 0 || visible.last < S)
                stats.firstNonFinite = Hidden;
            if (visible.first < visible.last) {
                shown.first = std::min(shown.first, visible.first);
                shown.last = std::max(shown.last, visible.last);
            }
        }
        if (shown.first < shown.last) {
            const auto part = numbers.segment(shown.first, shown.last - shown.first);
            stats.low = anyShown ? std::min(stats.low, part.minCoeff()) : part.minCoeff();
            stats.high = anyShown ? std::max(stats.high, part.maxCoeff()) : part.maxCoeff();
            anyShown = true;
        }
    }
    stats.maxAbs = std::max(std::abs(stats.low), std::abs(stats.high));
    HeatmapSpec spec = attentionSpec(*trace);
    spec.tensorName = QStringLiteral("flash_tiles");
    spec.title = TraceFigures::tr("Tile %1 of %2 in the grid, the tiles so far numbered")
                     .arg(current + 1)
                     .arg(f.queryBlocks * f.keyBlocks);
    spec.operation = TraceFigures::tr("%1 query blocks × %2 key blocks of %3×%4 cells")
                         .arg(f.queryBlocks)
                         .arg(f.keyBlocks)
                         .arg(f.blockQ)
                         .arg(f.blockK);
    spec.matrix = owned(std::move(grid));
    spec.stats = std::make_shared<const MatrixStats>(stats);
    spec.statsOf = spec.matrix.get();
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::make_pair(0.0f, float(current + 1));
    spec.decimals = 0;
    const std::weak_ptr<const Trace> weak = trace;
    spec.explain = [weak, head, current](Eigen::Index row, Eigen::Index col) -> QString {
        const auto t = weak.lock();
        if (!t)
            return {};
        const FlashTrace& f = flashOf(*t, head);
        const Eigen::Index qb = row / f.blockQ, kb = col / f.blockK;
        const Eigen::Index index = qb * f.keyBlocks + kb;
        const QString state = f.isSkipped(qb, kb)
                                  ? TraceFigures::tr("skipped: the mask hides all of it")
                              : index < current  ? TraceFigures::tr("computed before")
                              : index == current ? TraceFigures::tr("this tile")
                                                 : TraceFigures::tr("not yet");
        return TraceFigures::tr("tile %1 (query block %2, key block %3): %4")
            .arg(index + 1)
            .arg(qb + 1)
            .arg(kb + 1)
            .arg(state);
    };
    return spec;
}

HeatmapSpec tileMatrix(const Trace& trace, const TileLabels& labels, const Matrix& m,
                       const QString& name, const QString& title, const QString& operation)
{
    HeatmapSpec spec;
    spec.tensorName = name;
    spec.title = title;
    spec.operation = operation;
    spec.matrix = owned(m);
    spec.rowLabels = labels.rows;
    spec.columnLabels = labels.keys;
    spec.rowAxisTitle = queryAxisTitle(trace);
    spec.columnAxisTitle = keyAxisTitle(trace);
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::KeyTokens;
    return spec;
}

// The rows' running statistics: m, m′, exp(m − m′), ℓ, ℓ′ (rows x 5).
HeatmapSpec rowState(const Trace& trace, const FlashTile& tile, const TileLabels& labels)
{
    Matrix state(tile.rows, 5);
    state << tile.mBefore, tile.mAfter, tile.rescale, tile.lBefore, tile.lAfter;
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("flash_row_state");
    spec.title = TraceFigures::tr("Running max m and sum ℓ of each row");
    spec.operation = TraceFigures::tr("m′ = max(m, rowmax S); ℓ′ = exp(m − m′)·ℓ + rowsum P");
    spec.rowLabels = labels.rows;
    spec.columnLabels = {QStringLiteral("m"), QStringLiteral("m′"), QStringLiteral("exp(m−m′)"),
                         QStringLiteral("ℓ"), QStringLiteral("ℓ′")};
    spec.rowAxisTitle = queryAxisTitle(trace);
    spec.rowAxis = AxisKind::QueryTokens;
    const Matrix copy = state;
    spec.matrix = owned(std::move(state));
    spec.explain = [copy](Eigen::Index row, Eigen::Index col) -> QString {
        const float m = copy(row, 0), mNew = copy(row, 1), l = copy(row, 3);
        switch (col) {
        case 0:
            return TraceFigures::tr("m before the tile: %1 (−∞: no visible key yet)")
                .arg(number(m));
        case 1:
            return TraceFigures::tr("m′ = max(m, the row's largest score in the tile) = %1")
                .arg(number(mNew));
        case 2:
            return TraceFigures::tr("exp(m − m′) = exp(%1 − %2) = %3: what ℓ and O are scaled by")
                .arg(number(m), number(mNew), number(copy(row, 2)));
        case 3:
            return TraceFigures::tr("ℓ before the tile: %1").arg(number(l));
        default:
            return TraceFigures::tr("ℓ′ = %1·%2 + the row's sum of P = %3")
                .arg(number(copy(row, 2)), number(l), number(copy(row, 4)));
        }
    };
    return spec;
}

HeatmapSpec outputRows(const Trace& trace, const FlashTile& tile, const TileLabels& labels)
{
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("flash_o");
    spec.title = TraceFigures::tr("O of the block after this tile (before / ℓ)");
    spec.operation = tile.skipped
                         ? TraceFigures::tr("unchanged: the tile was skipped")
                         : QStringLiteral("exp(m − m′)·O + P·V_j : %1·%2 → %3")
                               .arg(shape(tile.rows, tile.keys),
                                    shape(tile.keys, tile.output.cols()), shapeOf(tile.output));
    spec.matrix = owned(tile.output);
    spec.rowLabels = labels.rows;
    spec.columnLabels = indexLabels(tile.output.cols());
    spec.rowAxisTitle = queryAxisTitle(trace);
    spec.columnAxisTitle = TraceFigures::tr("dimension");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::Features;
    return spec;
}

} // namespace

int flashTileCount(const Trace& trace, int head)
{
    const FlashTrace& f = flashOf(trace, head);
    return int(f.queryBlocks * f.keyBlocks);
}

Figure flashTile(const TracePtr& trace, int head, int step)
{
    const FlashTrace& f = flashOf(*trace, head);
    const Eigen::Index qb = step / f.keyBlocks, kb = step % f.keyBlocks;
    const FlashTile tile =
        ae::flashTile(headQueries(*trace, head), headKeys(*trace, head), headValues(*trace, head),
                      headOptions(*trace, head), f.blockQ, f.blockK, qb, kb);
    Figure figure;
    figure.name = fileStem(
        7, QStringLiteral("flash_tile%1").arg(fileNumber(step + 1, flashTileCount(*trace, head))),
        *trace, head);
    figure.title = TraceFigures::tr("Query block %1 (rows %2–%3) × key block %4 (keys %5–%6)")
                       .arg(qb + 1)
                       .arg(tile.firstRow + 1)
                       .arg(tile.firstRow + tile.rows)
                       .arg(kb + 1)
                       .arg(tile.firstKey + 1)
                       .arg(tile.firstKey + tile.keys) +
                   headSuffix(*trace, head);
    figure.columns = 2;
    figure.panels.push_back(tileGrid(trace, head, tile));
    const TileLabels labels = tileLabels(figure.panels.back(), tile);
    // A skipped tile keeps its panels (the view does not jump): every score hidden, P zero.
    const Matrix scores =
        tile.skipped ? Matrix::Constant(tile.rows, tile.keys, Hidden) : tile.scores;
    const Matrix p = tile.skipped ? Matrix::Zero(tile.rows, tile.keys) : tile.p;
    const QString product =
        tile.skipped ? TraceFigures::tr("not computed: the mask hides the whole tile")
                     : QStringLiteral("%1·%2ᵀ / %3 : %4·%5 → %6")
                           .arg(QStringLiteral("Q_i"), QStringLiteral("K_j"), divisorText(*trace),
                                shape(tile.rows, headQueries(*trace, head).cols()),
                                shape(headKeys(*trace, head).cols(), tile.keys), shapeOf(scores));
    figure.panels.push_back(tileMatrix(*trace, labels, scores, QStringLiteral("flash_s"),
                                       TraceFigures::tr("Scores S of the tile"), product));
    HeatmapSpec pSpec =
        tileMatrix(*trace, labels, p, QStringLiteral("flash_p"),
                   TraceFigures::tr("P = exp(S − m′), not yet normalised"),
                   tile.skipped ? TraceFigures::tr("not computed")
                                : QStringLiteral("exp(S − m′) : %1 → %1").arg(shapeOf(p)));
    pSpec.scheme = ColorScheme::Sequential;
    pSpec.range = std::make_pair(0.0f, 1.0f);
    figure.panels.push_back(std::move(pSpec));
    figure.panels.push_back(rowState(*trace, tile, labels));
    figure.panels.push_back(outputRows(*trace, tile, labels));
    return figure;
}

Figure flashResult(const TracePtr& trace, int head)
{
    const Matrix& flash = headOf(*trace, head).contextVec;
    const auto weights = headTensor(*trace, head, HeadTensor::Weights);
    Matrix standard = *weights * headValues(*trace, head);
    Matrix difference = (flash - standard).cwiseAbs();
    const float worst = difference.size() ? difference.maxCoeff() : 0.0f;
    const auto rows = [&](Matrix m, const QString& name, const QString& title,
                          const QString& operation) {
        HeatmapSpec spec;
        spec.tensorName = name;
        spec.title = title;
        spec.operation = operation;
        spec.matrix = owned(std::move(m));
        spec.rowLabels = queryLabels(*trace);
        spec.columnLabels = indexLabels(flash.cols());
        spec.rowAxisTitle = queryAxisTitle(*trace);
        spec.columnAxisTitle = TraceFigures::tr("dimension");
        spec.rowAxis = AxisKind::QueryTokens;
        spec.columnAxis = AxisKind::Features;
        return spec;
    };
    Figure figure;
    figure.name = fileStem(7, QStringLiteral("flash_result"), *trace, head);
    figure.title = TraceFigures::tr("Tiled and standard kernels agree to float32 rounding: max "
                                    "|difference| %1")
                       .arg(QString::number(double(worst), 'g', 3)) +
                   headSuffix(*trace, head);
    figure.columns = 3;
    figure.panels.push_back(
        rows(flash, QStringLiteral("context_vec"), TraceFigures::tr("Tiled: O / ℓ"),
             TraceFigures::tr("each row's O divided by its ℓ : %1").arg(shapeOf(flash))));
    figure.panels.push_back(
        rows(std::move(standard), QStringLiteral("context_vec_standard"),
             TraceFigures::tr("Standard: softmax(S)·V"),
             QStringLiteral("%1·%2 → %3")
                 .arg(shapeOf(*weights), shapeOf(headValues(*trace, head)), shapeOf(flash))));
    HeatmapSpec diff = rows(std::move(difference), QStringLiteral("flash_difference"),
                            TraceFigures::tr("|difference|"),
                            QStringLiteral("|O_tiled − O_standard| : %1").arg(shapeOf(flash)));
    diff.scheme = ColorScheme::Sequential;
    diff.decimals = 8;
    figure.panels.push_back(std::move(diff));
    return figure;
}

} // namespace ae::figures
