#pragma once

#include "Matrix.h"

#include <vector>

namespace ae {

// Reduces rows [firstRow, lastRow) of an R x S matrix, fed one row at a time in order, to
// blocks of rowBlock x columnBlock cells, as the heatmap's raster does: each block the value of
// largest magnitude (the larger on a tie; the first non-finite value, row-major, wins). Blocks
// are aligned to multiples of the block size (firstRow must be one). With `fractions`, the same
// blocks of each value divided by its row's largest finite value (clamped to [0, 1]; 0 in rows
// without a positive value; non-finite values kept): a per-row colour scale's fractions, reduced
// as the raster reduces them. Rows whose values are all finite take a vectorised path.
class BlockReducer
{
public:
    struct Result
    {
        int rowBlock = 1, columnBlock = 1;
        Eigen::Index firstRow = 0; // row of the first block row (a multiple of rowBlock)
        Matrix values;             // ceil((lastRow - firstRow) / rowBlock) x ceil(S / columnBlock)
        Matrix fractions;          // the same shape, only when asked
    };

    BlockReducer(Eigen::Index firstRow, Eigen::Index lastRow, Eigen::Index columns, int rowBlock,
                 int columnBlock, bool fractions);

    // Row `row` (S values); rows must come in increasing order, rows outside the range are
    // ignored.
    void addRow(Eigen::Index row, const float* values);
    // The blocks, once every row of the range was added.
    Result finish();

private:
    struct Strip // the block row being filled
    {
        Eigen::ArrayXf highs, lows;   // per column: largest and smallest finite value so far
        std::vector<float> nonFinite; // per block of columns: the first non-finite value
        std::vector<char> hasNonFinite;
        bool empty = true;
    };
    void add(Strip& strip, const float* values, bool finite);
    void flush(Strip& strip, Matrix& out, Eigen::Index blockRow);

    Eigen::Index m_firstRow, m_lastRow, m_columns;
    int m_rowBlock, m_columnBlock;
    bool m_fractions;
    Eigen::Index m_strip = -1; // block row of the strips being filled
    Strip m_values, m_fractionStrip;
    Eigen::ArrayXf m_fractionRow;
    Result m_result;
};

// The same reduction, with fractions, of rows whose values are all finite and >= 0 (attention
// weights), zero beyond the diagonal when `causal` (row r's columns from r + 1 on): rows
// [first, first + rows.rows()) of the matrix, written into their block rows of `out` (whose
// rowBlock and columnBlock are set, its values and fractions sized for the whole matrix;
// `first` a multiple of rowBlock, and the rows whole block rows but at the matrix's end).
// Equal to BlockReducer's values and fractions, in one pass over each row's visible cells: for
// such rows a block's largest magnitude is its maximum, and a fraction is a monotonic function
// of its value, so the largest fraction is the fraction of the largest value.
void reduceNonNegativeRows(const Matrix& rows, Eigen::Index first, bool causal,
                           BlockReducer::Result& out);

} // namespace ae
