#include "BlasGemm.h"

#include <algorithm>

#include <cblas.h>
#include <sys/resource.h>

namespace ae {

namespace {

// OpenBLAS's pthread build starts a pool as wide as the machine; one thread per call keeps
// a tile's summation order fixed and leaves the parallelism to the tile loop. Done once,
// before the first product (a function-local static is initialised exactly once).
void pinOpenBlasToOneThread()
{
    static const bool pinned = [] {
        openblas_set_num_threads(1);
        return true;
    }();
    (void)pinned;
}

} // namespace

bool blasUsable()
{
    static const bool usable = [] {
        rlimit limit{};
        return getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY;
    }();
    return usable;
}

void blasProduct(const Matrix& a, const Matrix& b, bool transposedB, Matrix& c)
{
    pinOpenBlasToOneThread();
    const Eigen::Index m = a.rows();
    const Eigen::Index k = a.cols();
    const Eigen::Index n = transposedB ? b.rows() : b.cols();
    const Eigen::Index rowTiles = (m + BlasTileRows - 1) / BlasTileRows;
    const Eigen::Index columnTiles = (n + BlasTileColumns - 1) / BlasTileColumns;
    const Eigen::Index tiles = rowTiles * columnTiles;
#pragma omp parallel for schedule(dynamic) if (tiles > 1)
    for (Eigen::Index tile = 0; tile < tiles; ++tile) {
        const Eigen::Index row = (tile / columnTiles) * BlasTileRows;
        const Eigen::Index column = (tile % columnTiles) * BlasTileColumns;
        const Eigen::Index rows = std::min(BlasTileRows, m - row);
        const Eigen::Index columns = std::min(BlasTileColumns, n - column);
        // Row-major: tile of b is columns [column, +columns) of b, or rows of bᵀ's source.
        const float* bTile = transposedB ? b.data() + column * k : b.data() + column;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, transposedB ? CblasTrans : CblasNoTrans, int(rows),
                    int(columns), int(k), 1.0f, a.data() + row * k, int(k), bTile,
                    int(transposedB ? k : n), 0.0f, c.data() + row * n + column, int(n));
    }
}

} // namespace ae
