#include "FlashRows.h"

#include "FlashAttention.h"
#include "Softmax.h"

#include <algorithm>
#include <type_traits>

namespace ae {

void hiddenKeyBlocks(const HeadOptions& options, Eigen::Index r0, Eigen::Index r1, int blockK,
                     Eigen::Index S, std::uint8_t* skipped, Eigen::Index keyBlocks)
{
    std::fill(skipped, skipped + keyBlocks, std::uint8_t{1});
    for (Eigen::Index r = r0; r < r1; ++r) {
        const KeyRange visible = visibleKeys(options, r, S);
        if (visible.first < visible.last)
            std::fill(skipped + std::min(visible.first / blockK, keyBlocks),
                      skipped + std::min((visible.last - 1) / blockK + 1, keyBlocks),
                      std::uint8_t{0});
    }
}

namespace {

// f(kb, first cell, cell count) for the key blocks [k0, k1) of a row that sees the cells
// `visible`: the first and last of them clamped to those cells, the ones between whole, with a
// count known at compile time when the block size is a small power of two (BK > 0), so that a
// loop over 2 x 2 tiles unrolls instead of paying a loop per tile.
template <int BK, typename F>
void forEachTileOf(Eigen::Index k0, Eigen::Index k1, Eigen::Index bk, const KeyRange& visible,
                   F&& f)
{
    if (k0 >= k1)
        return;
    const auto edge = [&](Eigen::Index kb) {
        const Eigen::Index first = std::max(kb * bk, visible.first);
        f(kb, first, std::min((kb + 1) * bk, visible.last) - first);
    };
    edge(k0);
    for (Eigen::Index kb = k0 + 1; kb < k1 - 1; ++kb) {
        if constexpr (BK > 0)
            f(kb, kb * BK, std::integral_constant<Eigen::Index, BK>{});
        else
            f(kb, kb * bk, bk);
    }
    if (k1 - 1 > k0)
        edge(k1 - 1);
}

// The largest of a tile's n cells, and their sum. A tile of a width known at compile time
// (1, 2, 4, 8: forEachTileOf's BK) or narrower than a packet is summed cell after cell; a wider
// one in packets, one partial sum per lane, and the lanes added at the end: a 64-key tile's
// sum is then not one chain of 64 dependent additions (the flash pass's costliest step at
// 64 x 64 tiles: its extra time over the standard kernel's fell from 7.0 to 5.5 ms for six
// heads of 1,024 rows on one core). Its last bits differ from the chain's; the max is the
// same in any order.
template <typename Count> float tileMax(const float* x, Count n)
{
    namespace pk = Eigen::internal;
    using Packet = pk::packet_traits<float>::type;
    constexpr Eigen::Index Lanes = pk::packet_traits<float>::size;
    Eigen::Index j = 1;
    float best = x[0];
    if constexpr (std::is_same_v<Count, Eigen::Index>)
        if (n >= Lanes) {
            Packet m = pk::ploadu<Packet>(x);
            for (j = Lanes; j + Lanes <= n; j += Lanes)
                m = pk::pmax(m, pk::ploadu<Packet>(x + j));
            best = pk::predux_max(m);
        }
    for (; j < n; ++j)
        best = std::max(best, x[j]);
    return best;
}

template <typename Count> float tileSum(const float* x, Count n)
{
    namespace pk = Eigen::internal;
    using Packet = pk::packet_traits<float>::type;
    constexpr Eigen::Index Lanes = pk::packet_traits<float>::size;
    Eigen::Index j = 0;
    float sum = 0;
    if constexpr (std::is_same_v<Count, Eigen::Index>)
        if (n >= Lanes) {
            Packet a = pk::ploadu<Packet>(x);
            for (j = Lanes; j + Lanes <= n; j += Lanes)
                a = pk::padd(a, pk::ploadu<Packet>(x + j));
            sum = pk::predux(a);
        }
    for (; j < n; ++j)
        sum += x[j];
    return sum;
}

} // namespace

template <typename F>
void FastRows::forEachTile(Eigen::Index k0, Eigen::Index k1, const KeyRange& visible, F&& f) const
{
    switch (m_blockK) {
    case 1:
        return forEachTileOf<1>(k0, k1, 1, visible, f);
    case 2:
        return forEachTileOf<2>(k0, k1, 2, visible, f);
    case 4:
        return forEachTileOf<4>(k0, k1, 4, visible, f);
    case 8:
        return forEachTileOf<8>(k0, k1, 8, visible, f);
    default:
        return forEachTileOf<0>(k0, k1, m_blockK, visible, f);
    }
}

FastRows::FastRows(const Matrix& values, const HeadOptions& options, int blockK)
    : m_values(values), m_options(options), m_blockK(blockK)
{
    const std::size_t keyBlocks = std::size_t((values.rows() + blockK - 1) / blockK);
    for (Row& row : m_rows) {
        row.rescale.resize(keyBlocks);
        row.arguments.resize(keyBlocks);
        row.perTile.resize(keyBlocks);
        row.scaled.resize(std::size_t(values.rows()));
        row.p.resize(std::size_t(values.rows()));
        row.out.resize(values.cols());
    }
    m_rescaled.reserve(keyBlocks);
}

void FastRows::prepare(int slot, Eigen::Index r, const float* rawScores,
                       const std::uint8_t* skipped, Eigen::Index kbEnd, float* mAfter,
                       float* lAfter)
{
    Row& row = m_rows[std::size_t(slot)];
    const Eigen::Index S = m_values.rows();
    const KeyRange visible = visibleKeys(m_options, r, S);
    row.visible = visible;
    row.kbEnd = kbEnd;
    // The row's scaled scores and exponentials, indexed by key.
    float* scores = row.scaled.data();
    if (visible.first < visible.last)
        Eigen::Map<Eigen::ArrayXf>(scores + visible.first, visible.last - visible.first) =
            Eigen::Map<const Eigen::ArrayXf>(rawScores + visible.first,
                                             visible.last - visible.first) /
            m_options.scoreDivisor;
    float* p = row.p.data();
    float* rescale = row.rescale.data();
    // The key blocks [kbFirst, kbLast) hold the row's visible keys. Before them the row
    // has seen nothing: m = −∞, ℓ = 0, and a tile that was computed (not skipped) took
    // its exponents against 0, exp(−∞) = 0 its rescale factor. After them its m and ℓ stay
    // (exp(0) = 1 exactly: a row whose max did not change is not rescaled).
    const bool sees = visible.first < visible.last && visible.first < kbEnd * m_blockK;
    const Eigen::Index kbFirst = sees ? visible.first / m_blockK : kbEnd;
    const Eigen::Index kbLast = sees ? std::min(kbEnd, (visible.last - 1) / m_blockK + 1) : kbEnd;
    for (Eigen::Index kb = 0; kb < kbFirst; ++kb) {
        mAfter[kb] = NegInf;
        lAfter[kb] = 0;
        rescale[kb] = skipped[kb] ? 1.0f : 0.0f;
    }
    // pass 2's m′ per tile (its cells' maximum, then the running one), the rescale factor's
    // exponent m − m′ (0 when the max did not change), and each cell's exponent against its
    // tile's m′.
    float* perTile = row.perTile.data(); // the tiles' maxima, then m′ or 0, then their sums
    forEachTile(kbFirst, kbLast, visible, [&](Eigen::Index kb, Eigen::Index first, auto count) {
        perTile[kb] = tileMax(scores + first, count);
    });
    float m = NegInf;
    for (Eigen::Index kb = kbFirst; kb < kbLast; ++kb) {
        const float mNew = std::max(m, perTile[kb]);
        const float base = mNew == NegInf ? 0.0f : mNew;
        perTile[kb] = base;
        row.arguments[std::size_t(kb)] = m - base;
        m = mNew;
        mAfter[kb] = m;
    }
    forEachTile(kbFirst, kbLast, visible, [&](Eigen::Index kb, Eigen::Index first, auto count) {
        for (Eigen::Index j = 0; j < count; ++j)
            p[first + j] = scores[first + j] - perTile[kb];
    });
    row.firstCell = sees ? visible.first : 0;
    row.lastCell = sees ? std::min(visible.last, kbEnd * m_blockK) : 0;
    if (sees) {
        packetExp(p + row.firstCell, row.lastCell - row.firstCell);
        std::copy(row.arguments.begin() + kbFirst, row.arguments.begin() + kbLast,
                  rescale + kbFirst);
        packetExp(rescale + kbFirst, kbLast - kbFirst);
        for (Eigen::Index kb = kbFirst; kb < kbLast; ++kb)
            if (row.arguments[std::size_t(kb)] == 0.0f)
                rescale[kb] = 1.0f;
    }
    // pass 2's ℓ, tile after tile.
    forEachTile(kbFirst, kbLast, visible, [&](Eigen::Index kb, Eigen::Index first, auto count) {
        perTile[kb] = tileSum(p + first, count);
    });
    // A chain of dependent operations, one per tile: where the max did not change (most tiles)
    // the factor is exactly 1 and 1 · ℓ = ℓ, so only the addition waits for the step before.
    float l = 0;
    for (Eigen::Index kb = kbFirst; kb < kbLast; ++kb) {
        l = (rescale[kb] == 1.0f ? l : rescale[kb] * l) + perTile[kb];
        lAfter[kb] = l;
    }
    for (Eigen::Index kb = kbLast; kb < kbEnd; ++kb) {
        mAfter[kb] = m;
        lAfter[kb] = l;
        rescale[kb] = 1.0f;
    }
}

void FastRows::accumulate(int count)
{
    namespace pk = Eigen::internal;
    using Packet = pk::packet_traits<float>::type;
    constexpr Eigen::Index Lanes = pk::packet_traits<float>::size;
    // The cells some slot sees; a slot's p is 0 on the others (skipped like a 0 of its own).
    Eigen::Index first = 0, last = 0;
    for (int k = 0; k < count; ++k) {
        const Row& row = m_rows[std::size_t(k)];
        if (row.firstCell == row.lastCell)
            continue;
        first = last == 0 ? row.firstCell : std::min(first, row.firstCell);
        last = std::max(last, row.lastCell);
    }
    for (int k = 0; k < count; ++k) {
        Row& row = m_rows[std::size_t(k)];
        const Eigen::Index seen = std::clamp(row.firstCell, first, last);
        std::fill(row.p.begin() + first, row.p.begin() + seen, 0.0f);
        std::fill(row.p.begin() + std::max(seen, row.lastCell), row.p.begin() + last, 0.0f);
    }
    // The tiles where some slot's O is rescaled (its max changed): few after the first ones.
    m_rescaled.clear();
    if (last > first)
        for (Eigen::Index kb = first / m_blockK; kb * m_blockK < last; ++kb) {
            bool rescaled = false;
            for (int k = 0; k < count; ++k)
                rescaled |= m_rows[std::size_t(k)].rescale[std::size_t(kb)] != 1.0f;
            if (rescaled)
                m_rescaled.push_back(kb);
        }
    const Eigen::Index dv = m_values.cols();
    Eigen::Index c = 0;
    const auto run = [&](auto columns) {
        if (count == Slots)
            accumulate<Slots, decltype(columns)::value, Packet>(first, last, c);
        else
            for (int k = 0; k < count; ++k)
                accumulate<1, decltype(columns)::value, Packet>(first, last, c, k);
    };
    for (; c + 4 * Lanes <= dv; c += 4 * Lanes)
        run(std::integral_constant<int, 4>{});
    for (; c + Lanes <= dv; c += Lanes)
        run(std::integral_constant<int, 1>{});
    for (; c < dv; ++c)
        for (int k = 0; k < count; ++k)
            accumulate<1, 1, float>(first, last, c, k);
}

void FastRows::capture(int slot, FlashTile& tile, Eigen::Index i, const float* mAfter,
                       const float* lAfter) const
{
    const Row& row = m_rows[std::size_t(slot)];
    const Eigen::Index kb = row.kbEnd - 1;
    tile.mBefore(i, 0) = kb > 0 ? mAfter[kb - 1] : NegInf;
    tile.lBefore(i, 0) = kb > 0 ? lAfter[kb - 1] : 0;
    tile.rescale(i, 0) = row.rescale[std::size_t(kb)];
    tile.mAfter(i, 0) = mAfter[kb];
    tile.lAfter(i, 0) = lAfter[kb];
    tile.output.row(i) = row.out;
    if (tile.skipped)
        return;
    for (Eigen::Index j = 0; j < tile.keys; ++j) {
        const Eigen::Index key = kb * m_blockK + j;
        const bool shown = key >= row.visible.first && key < row.visible.last;
        tile.scores(i, j) = shown ? row.scaled[std::size_t(key)] : NegInf;
        tile.p(i, j) = shown ? row.p[std::size_t(key)] : 0.0f;
    }
}

template <int R, int N, typename Packet>
void FastRows::accumulate(Eigen::Index first, Eigen::Index last, Eigen::Index c, int slot)
{
    namespace pk = Eigen::internal;
    const Eigen::Index dv = m_values.cols();
    const float* values = m_values.data() + c;
    const Eigen::Index lanes = sizeof(Packet) / sizeof(float);
    const float* p[R];
    const float* rescale[R];
    Packet acc[R][N];
    for (int r = 0; r < R; ++r) {
        p[r] = m_rows[std::size_t(slot + r)].p.data();
        rescale[r] = m_rows[std::size_t(slot + r)].rescale.data();
        for (int k = 0; k < N; ++k)
            acc[r][k] = pk::pset1<Packet>(0.0f);
    }
    // Cell after cell (no division per cell), O rescaled at the first cell of each tile in
    // m_rescaled and only there: between two such tiles one loop over the cells, with no test
    // per tile (tiles of 2 keys tested every second cell). A cell of p = 0 adds an exact ±0 to
    // O, which is never −0 (it starts at +0 and only sums and positive factors touch it): the
    // same bits as skipping it, without a branch per row and cell.
    Eigen::Index j = first;
    for (std::size_t t = 0; t <= m_rescaled.size(); ++t) {
        const Eigen::Index end =
            t < m_rescaled.size() ? std::max(j, m_rescaled[t] * m_blockK) : last;
        for (; j < end; ++j) {
            Packet v[N];
            for (int k = 0; k < N; ++k)
                v[k] = pk::ploadu<Packet>(values + j * dv + k * lanes);
            for (int r = 0; r < R; ++r) {
                const Packet weight = pk::pset1<Packet>(p[r][j]);
                for (int k = 0; k < N; ++k)
                    acc[r][k] = pk::pmadd(weight, v[k], acc[r][k]);
            }
        }
        if (t < m_rescaled.size()) {
            const Eigen::Index kb = m_rescaled[t];
            for (int r = 0; r < R; ++r)
                if (rescale[r][kb] != 1.0f)
                    for (int k = 0; k < N; ++k)
                        acc[r][k] = pk::pmul(acc[r][k], pk::pset1<Packet>(rescale[r][kb]));
        }
    }
    for (int r = 0; r < R; ++r)
        for (int k = 0; k < N; ++k)
            pk::pstoreu(m_rows[std::size_t(slot + r)].out.data() + c + k * lanes, acc[r][k]);
}

void FlashRows::scoreBlock(Eigen::Index first, Eigen::Index rows, const Matrix& scores)
{
    FastRows run(m_values, m_options, m_blockK); // per block: blocks arrive in parallel
    const Eigen::Index keyBlocks = m_trace.keyBlocks;
    for (Eigen::Index i0 = 0; i0 < rows; i0 += FastRows::Slots) {
        const int count = int(std::min<Eigen::Index>(FastRows::Slots, rows - i0));
        for (int k = 0; k < count; ++k) {
            const Eigen::Index r = first + i0 + k;
            run.prepare(k, r, scores.row(i0 + k).data(),
                        &m_trace.skipped[std::size_t(r / m_blockQ * keyBlocks)], keyBlocks,
                        &m_trace.maxByRow(r, 0), &m_trace.sumByRow(r, 0));
        }
        run.accumulate(count);
        for (int k = 0; k < count; ++k) {
            const Eigen::Index r = first + i0 + k;
            const float sum = m_trace.sumByRow(r, keyBlocks - 1);
            if (sum > 0)
                m_context.row(r) = run.out(k) / sum;
            else
                m_context.row(r).setZero();
        }
    }
}

} // namespace ae
