#include "BlockReducer.h"

#include "HeadProducts.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace ae {

namespace {

Eigen::Index blocksOf(Eigen::Index count, int block)
{
    return (count + block - 1) / block;
}

// out[b] = the largest of v's cells [b·K, b·K + K) for the bins [0, bins): with K known to the
// compiler the loop runs on packets (a bin's cells loaded as lanes), where a runtime block ran
// one comparison at a time. std::max's order (the first cell kept on a tie) as BlockReducer.
template <int K> void binMaxima(const float* v, Eigen::Index bins, float* out)
{
    for (Eigen::Index b = 0; b < bins; ++b) {
        float m = v[b * K];
        for (int k = 1; k < K; ++k)
            m = std::max(m, v[b * K + k]);
        out[b] = m;
    }
}

void binMaxima(const float* v, Eigen::Index cells, int block, float* out)
{
    const Eigen::Index whole = cells / block;
    switch (block) {
    case 1:
        std::copy(v, v + whole, out);
        break;
    case 2:
        binMaxima<2>(v, whole, out);
        break;
    case 4:
        binMaxima<4>(v, whole, out);
        break;
    case 8:
        binMaxima<8>(v, whole, out);
        break;
    default:
        for (Eigen::Index b = 0; b < whole; ++b)
            out[b] = *std::max_element(v + b * block, v + b * block + block, std::less<>());
    }
    if (const Eigen::Index from = whole * block; from < cells) // a last, partial bin
        out[whole] = *std::max_element(v + from, v + cells, std::less<>());
}

} // namespace

BlockReducer::BlockReducer(Eigen::Index firstRow, Eigen::Index lastRow, Eigen::Index columns,
                           int rowBlock, int columnBlock, bool fractions)
    : m_firstRow(firstRow), m_lastRow(std::max(firstRow, lastRow)), m_columns(columns),
      m_rowBlock(std::max(rowBlock, 1)), m_columnBlock(std::max(columnBlock, 1)),
      m_fractions(fractions)
{
    m_result.rowBlock = m_rowBlock;
    m_result.columnBlock = m_columnBlock;
    m_result.firstRow = m_firstRow;
    const Eigen::Index rows = blocksOf(m_lastRow - m_firstRow, m_rowBlock),
                       cols = blocksOf(m_columns, m_columnBlock);
    m_result.values.resize(rows, cols);
    if (m_fractions) {
        m_result.fractions.resize(rows, cols);
        m_fractionRow.resize(m_columns);
    }
}

void BlockReducer::add(Strip& strip, const float* values, bool finite)
{
    const Eigen::Map<const Eigen::ArrayXf> row(values, m_columns);
    if (strip.empty) {
        constexpr float Infinity = std::numeric_limits<float>::infinity();
        strip.highs.setConstant(m_columns, -Infinity);
        strip.lows.setConstant(m_columns, Infinity);
        const auto blocks = std::size_t(blocksOf(m_columns, m_columnBlock));
        strip.nonFinite.assign(blocks, 0.0f);
        strip.hasNonFinite.assign(blocks, 0);
        strip.empty = false;
    }
    if (finite) {
        strip.highs = strip.highs.max(row);
        strip.lows = strip.lows.min(row);
        return;
    }
    for (Eigen::Index c = 0; c < m_columns; ++c) {
        const float v = values[c];
        if (std::isfinite(v)) {
            strip.highs[c] = std::max(strip.highs[c], v);
            strip.lows[c] = std::min(strip.lows[c], v);
        } else if (const auto b = std::size_t(c / m_columnBlock); !strip.hasNonFinite[b]) {
            strip.hasNonFinite[b] = 1;
            strip.nonFinite[b] = v;
        }
    }
}

void BlockReducer::flush(Strip& strip, Matrix& out, Eigen::Index blockRow)
{
    if (strip.empty)
        return;
    for (Eigen::Index b = 0; b < out.cols(); ++b) {
        if (strip.hasNonFinite[std::size_t(b)]) {
            out(blockRow, b) = strip.nonFinite[std::size_t(b)];
            continue;
        }
        const Eigen::Index from = b * m_columnBlock,
                           count = std::min<Eigen::Index>(m_columnBlock, m_columns - from);
        const float high = strip.highs.segment(from, count).maxCoeff();
        const float low = strip.lows.segment(from, count).minCoeff();
        out(blockRow, b) = std::abs(low) > std::abs(high) ? low : high;
    }
    strip.empty = true;
}

void BlockReducer::addRow(Eigen::Index row, const float* values)
{
    if (row < m_firstRow || row >= m_lastRow || m_columns == 0)
        return;
    const Eigen::Index strip = (row - m_firstRow) / m_rowBlock;
    if (strip != m_strip) {
        if (m_strip >= 0) {
            flush(m_values, m_result.values, m_strip);
            if (m_fractions)
                flush(m_fractionStrip, m_result.fractions, m_strip);
        }
        m_strip = strip;
    }
    const Eigen::Map<const Eigen::ArrayXf> array(values, m_columns);
    // All finite iff the (vectorised) sum is, unless it overflows: then the exact loop.
    const bool finite = std::isfinite(array.sum());
    add(m_values, values, finite);
    if (!m_fractions)
        return;
    // ColorScale's per-row fraction: value / the row's largest finite value (at least 0).
    float top = 0;
    if (finite) {
        top = std::max(0.0f, array.maxCoeff());
    } else {
        for (Eigen::Index c = 0; c < m_columns; ++c)
            if (std::isfinite(values[c]) && values[c] > top)
                top = values[c];
    }
    if (top > 0)
        m_fractionRow = (array.cast<double>() / double(top)).max(0.0).min(1.0).cast<float>();
    else
        m_fractionRow.setZero();
    if (!finite)
        for (Eigen::Index c = 0; c < m_columns; ++c)
            if (!std::isfinite(values[c]))
                m_fractionRow[c] = values[c];
    add(m_fractionStrip, m_fractionRow.data(), finite);
}

void reduceNonNegativeRows(const Matrix& rows, Eigen::Index first, bool causal,
                           BlockReducer::Result& out)
{
    const int rowBlock = out.rowBlock, columnBlock = out.columnBlock;
    const Eigen::Index S = rows.cols(), blocks = blocksOf(S, columnBlock);
    const bool vectorised =
        (columnBlock == 2 || columnBlock == 4) && rowBlock <= 16 && detail::avx512Kernels();
    // Each row's bins, with room for whole vectors of 16 (the AVX-512 strips write them).
    Eigen::ArrayXf rowMaxima(vectorised ? rowBlock * (blocks + 16) : blocks);
    for (Eigen::Index stripFirst = 0; stripFirst < rows.rows(); stripFirst += rowBlock) {
        // Straight into the strip's row of the result (row-major).
        const Eigen::Index strip = (first + stripFirst) / rowBlock;
        float* __restrict values = out.values.row(strip).data();
        float* __restrict fractions = out.fractions.row(strip).data();
        const Eigen::Index stripEnd = std::min<Eigen::Index>(stripFirst + rowBlock, rows.rows());
        if (vectorised) { // every bin written once
            long visible[16];
            for (Eigen::Index i = stripFirst; i < stripEnd; ++i)
                visible[i - stripFirst] = causal ? std::min(first + i + 1, S) : S;
            detail::reduceStripAvx512(rows.row(stripFirst).data(), rows.cols(),
                                      stripEnd - stripFirst, visible, columnBlock, blocks,
                                      rowMaxima.data(), values, fractions);
            continue;
        }
        // Every value is >= 0, so zero is the maximum of nothing.
        std::fill(values, values + blocks, 0.0f);
        std::fill(fractions, fractions + blocks, 0.0f);
        for (Eigen::Index i = stripFirst; i < stripEnd; ++i) {
            const Eigen::Index visible = causal ? std::min(first + i + 1, S) : S;
            const Eigen::Index n = blocksOf(visible, columnBlock);
            binMaxima(rows.row(i).data(), visible, columnBlock, rowMaxima.data());
            const float* __restrict maximum = rowMaxima.data();
            for (Eigen::Index b = 0; b < n; ++b)
                values[b] = std::max(values[b], maximum[b]);
            const float top = std::max(0.0f, rowMaxima.head(n).maxCoeff());
            if (top <= 0)
                continue; // BlockReducer's fractions of a row without a positive value: 0
            // As BlockReducer computes each fraction: in double, clamped to [0, 1], then float.
            // Here 0 <= maximum <= top, so the quotient is in [0, 1] (division is monotonic and
            // top / top is 1) and the clamp changes nothing; without it the compiler divides
            // packets of floats (a float quotient rounded through double is the float one).
            for (Eigen::Index b = 0; b < n; ++b)
                fractions[b] = std::max(fractions[b], float(double(maximum[b]) / double(top)));
        }
    }
    if (vectorised)
        detail::finishStreamedStores();
}

BlockReducer::Result BlockReducer::finish()
{
    if (m_strip >= 0) {
        flush(m_values, m_result.values, m_strip);
        if (m_fractions)
            flush(m_fractionStrip, m_result.fractions, m_strip);
        m_strip = -1;
    }
    return std::move(m_result);
}

} // namespace ae
