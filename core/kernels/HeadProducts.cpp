#include "HeadProducts.h"

namespace ae {

namespace detail {

bool avx512Kernels()
{
#ifdef AE_HAVE_AVX512_KERNELS
    static const bool available = __builtin_cpu_supports("avx512f") != 0;
    return available;
#else
    return false;
#endif
}

#ifndef AE_HAVE_AVX512_KERNELS
// Never called (avx512Kernels() is false): the declarations need a definition to link.
void packKeysAvx512(const float*, long, long, long, float*) {}
void scoresAvx512(const float*, long, long, const float*, long, long, float*, long) {}
void contextAvx512(const float*, long, long, long, const float*, long, long, float*, long) {}
void gemmAvx512(const float*, long, const float*, long, bool, long, long, long, float*, long, bool)
{
}
void reduceStripAvx512(const float*, long, long, const long*, int, long, float*, float*, float*) {}
void finishStreamedStores() {}
#endif

} // namespace detail

namespace {

using Strided = Eigen::Map<Matrix, Eigen::Unaligned, Eigen::OuterStride<>>;
using ConstStrided = Eigen::Map<const Matrix, Eigen::Unaligned, Eigen::OuterStride<>>;

} // namespace

void PackedKeys::pack(const float* keys, Eigen::Index ldKeys, Eigen::Index count, Eigen::Index dk)
{
    m_count = 0;
    if (!detail::avx512Kernels())
        return;
    const Eigen::Index panels = (count + PackedPanelKeys - 1) / PackedPanelKeys;
    m_panels.resize(std::size_t(panels * PackedPanelKeys * dk));
    detail::packKeysAvx512(keys, ldKeys, count, dk, m_panels.data());
    m_count = count;
}

bool packsKeys(Eigen::Index rows, Eigen::Index keyFloats)
{
    return rows >= MinPackedRows && keyFloats <= MaxPackedFloats && detail::avx512Kernels();
}

void scoresProduct(const Matrix& queries, Eigen::Index firstQuery, Eigen::Index rows,
                   const Matrix& keys, Eigen::Index firstKey, Eigen::Index count, float* scores,
                   Eigen::Index ldScores, const PackedKeys* packed)
{
    if (rows == 0 || count == 0)
        return;
    if (!packsKeys(rows, count * keys.cols())) {
        Strided(scores, rows, count, Eigen::OuterStride<>(ldScores)).noalias() =
            queries.middleRows(firstQuery, rows) * keys.middleRows(firstKey, count).transpose();
        return;
    }
    const float* panels = nullptr;
    PackedKeys own; // a view's block, or keys past the head's packed ones
    if (packed && firstKey % PackedPanelKeys == 0 && packed->count() >= firstKey + count) {
        panels = packed->panels() + firstKey * keys.cols();
    } else {
        own.pack(keys.row(firstKey).data(), keys.cols(), count, keys.cols());
        panels = own.panels();
    }
    detail::scoresAvx512(queries.row(firstQuery).data(), queries.cols(), rows, panels, keys.cols(),
                         count, scores, ldScores);
}

void contextProduct(const float* weights, Eigen::Index ldWeights, Eigen::Index rows,
                    Eigen::Index firstKey, Eigen::Index count, const Matrix& values,
                    Eigen::Ref<Matrix> context)
{
    if (count == 0) {
        context.setZero();
        return;
    }
    if (!detail::avx512Kernels()) {
        context.noalias() =
            ConstStrided(weights + firstKey, rows, count, Eigen::OuterStride<>(ldWeights)) *
            values.middleRows(firstKey, count);
        return;
    }
    detail::contextAvx512(weights + firstKey, ldWeights, rows, count, values.row(firstKey).data(),
                          values.cols(), values.cols(), context.data(), context.outerStride());
}

} // namespace ae
