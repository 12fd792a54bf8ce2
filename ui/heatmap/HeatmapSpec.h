#pragma once

#include "BlockReducer.h"
#include "Matrix.h"
#include "MatrixStats.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace ae {

// How values become colours.
enum class ColorScheme
{
    Diverging, // signed tensors (embeddings, Q/K/V, scores, context): blue - white - red, 0 = white
    Sequential, // attention weights and probabilities: white - dark, from 0
    Mask,       // 0/1 masks: two flat colours, no colour bar scale
};

// How the values of a Sequential heatmap (attention weights) are spread over its colours, a
// view choice (View > Colour Scale), never part of the session's numbers. Diverging heatmaps
// always span their data (±max |value|); masks have two flat colours.
enum class ScaleMode
{
    Fixed,       // the spec's fixed range (weights: 0 to 1), else the data's
    Automatic,   // 0 to the largest value
    Logarithmic, // ColorScale::LogDecades decades below the largest value; 0 stays white
    PerRow,      // each row from 0 to its own largest value: where each query looks most
};

// What a matrix axis enumerates, so a pinned (query, key) pair can be highlighted in every
// view whose rows or columns are those tokens.
enum class AxisKind
{
    QueryTokens,
    KeyTokens,
    Features,
    Other
};

// A matrix reduced to blocks of rowBlock x columnBlock cells, each the value of largest
// magnitude (CellRaster::reduceBlocks), from row firstRow (a multiple of rowBlock) on, every
// column; with `fractions`, the same blocks of the per-row colour scale's fractions (each value
// over its row's largest: ColorScale's PerRow), reduced the same way: BlockReducer's result,
// so that a reduction the forward made (a long text's weights) is shown without a copy.
using ReducedMatrix = BlockReducer::Result;

// A matrix too large to hold for a view (a head's T x S weights of a long text): its shape and
// how to derive it. `reduce` and `whole` cost a derivation: views call them off the GUI thread
// (the page's builder, the heatmap's render job); `row` costs one block of rows (tooltips, the
// inspector).
struct DerivedMatrix
{
    Eigen::Index rows = 0, columns = 0;
    // Rows [firstRow, lastRow) (firstRow a multiple of rowBlock), every column.
    std::function<ReducedMatrix(Eigen::Index firstRow, Eigen::Index lastRow, int rowBlock,
                                int columnBlock, bool fractions)>
        reduce;
    std::function<RowVector(Eigen::Index row)> row;
    std::function<Matrix()> whole; // the whole matrix, for exports
};

// Everything a heatmap view or an exporter needs to draw one matrix. Built by the pages
// from a Trace; the matrix is shared, never copied (an aliasing shared_ptr into the trace
// keeps the trace alive). Non-finite cells (-inf in masked scores) are drawn as hatched
// "hidden" cells, never as a colour of the scale.
struct HeatmapSpec
{
    QString tensorName; // PyTorch's name, for file names and CSV: "attn_weights"
    QString title;      // "Attention weights α" (translated)
    QString operation;  // the operation and its shapes: "softmax(ω / √2) : (6×6) → (6×6)"
    std::shared_ptr<const Matrix> matrix;
    // Instead of `matrix` (which is then null), for the pages' views of long texts: the matrix
    // derived on demand, and `reduced`, every row of it reduced to blocks once off the GUI
    // thread (the page's builder), which views at most that fine draw from; finer views (zoomed
    // in) derive the rows they show. `stats` are then of reduced->values (a reduction by
    // largest magnitude keeps the extremes' magnitudes and the non-finite values).
    std::shared_ptr<const DerivedMatrix> derived;
    std::shared_ptr<const ReducedMatrix> reduced;
    // `matrix`'s statistics when whoever built the spec computed them (off the GUI thread: a
    // page of large figures), else computed when the heatmap is prepared; used only while
    // `statsOf` is `matrix` itself.
    std::shared_ptr<const MatrixStats> stats;
    const Matrix* statsOf = nullptr;
    QStringList rowLabels, columnLabels; // may be empty (then indices are shown)
    QString rowAxisTitle, columnAxisTitle;
    AxisKind rowAxis = AxisKind::Other, columnAxis = AxisKind::Other;
    ColorScheme scheme = ColorScheme::Diverging;
    std::optional<std::pair<float, float>> range; // fixed value range; default: from the data
    ScaleMode scale = ScaleMode::Fixed;           // Sequential only
    int decimals = 4;                             // as PyTorch prints
    // The arithmetic behind a cell, for tooltips and the inspector (may be empty).
    std::function<QString(Eigen::Index row, Eigen::Index col)> explain;
    // Cells framed over their colour (a head detector's pattern over a head's weights), as
    // (row, column) pairs; null for none.
    std::shared_ptr<const std::vector<std::pair<Eigen::Index, Eigen::Index>>> outlined;
};

// The matrix's shape, held or derived.
inline Eigen::Index specRows(const HeatmapSpec& spec)
{
    return spec.matrix ? spec.matrix->rows() : spec.derived ? spec.derived->rows : 0;
}
inline Eigen::Index specColumns(const HeatmapSpec& spec)
{
    return spec.matrix ? spec.matrix->cols() : spec.derived ? spec.derived->columns : 0;
}
// One cell, held or derived (one row: for a tooltip, not for loops); none outside the matrix.
inline std::optional<float> specValue(const HeatmapSpec& spec, Eigen::Index row, Eigen::Index col)
{
    if (row < 0 || col < 0 || row >= specRows(spec) || col >= specColumns(spec))
        return std::nullopt;
    if (spec.matrix)
        return (*spec.matrix)(row, col);
    const RowVector values = spec.derived->row(row);
    return col < values.size() ? std::optional<float>(values[col]) : std::nullopt;
}
// The whole matrix, held or derived now (exports).
inline std::shared_ptr<const Matrix> wholeMatrix(const HeatmapSpec& spec)
{
    if (spec.matrix || !spec.derived || !spec.derived->whole)
        return spec.matrix;
    return std::make_shared<const Matrix>(spec.derived->whole());
}

// One exported or displayed figure: one or more heatmaps in a grid (the per-head grid).
struct Figure
{
    QString name;  // file name stem: "08-head_grid_attn_weights" (figures::fileStem)
    QString title; // shown above the panels
    std::vector<HeatmapSpec> panels;
    int columns = 1;
    // A grid whose rows and columns mean something (the model view: layers × heads): their
    // labels. Then every layout keeps `columns` (= gridColumns.size()) and labels the grid's
    // edges instead of each panel.
    QStringList gridRows, gridColumns;
    bool isLabelledGrid() const { return !gridColumns.isEmpty(); }
};

} // namespace ae
