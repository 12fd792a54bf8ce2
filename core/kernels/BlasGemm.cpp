#include "BlasGemm.h"

#include "HeadProducts.h"
#include "Parallel.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

#include <cblas.h>
#include <dlfcn.h>
#include <sys/resource.h>

namespace ae {

namespace {

// OpenBLAS is opened at the first large product, not linked: its library constructor
// reserves buffers for a pool as wide as the machine when the process starts, and under an
// address-space limit (ulimit -v) that reservation fails and OpenBLAS retries for ever, so
// even `--version` hung. Loaded lazily, a process under such a limit never loads it
// (blasUsable()), and a machine without libopenblas0 runs every product on Eigen.
struct OpenBlas
{
    decltype(&cblas_sgemm) sgemm = nullptr;
    void (*setThreads)(int) = nullptr;
    bool avx512Kernel = false; // the kernel OpenBLAS chose for this CPU is an AVX-512 one
    bool avx2Kernel = false;   // ... an AVX2 one at least
    std::string core;          // its name (openblas_get_corename())
    std::string threading;     // how it was built to run threads (openBlasThreading())
};

// Whether `name` (openblas_get_corename()) is one of `cores`.
bool oneOf(const char* name, std::initializer_list<const char*> cores)
{
    for (const char* core : cores)
        if (name && std::strcmp(name, core) == 0)
            return true;
    return false;
}

const OpenBlas& openBlas()
{
    static const OpenBlas blas = [] {
        OpenBlas loaded;
        void* library = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!library)
            return loaded;
        auto setThreads =
            reinterpret_cast<void (*)(int)>(dlsym(library, "openblas_set_num_threads"));
        auto sgemm = reinterpret_cast<decltype(&cblas_sgemm)>(dlsym(library, "cblas_sgemm"));
        if (!setThreads || !sgemm)
            return loaded;
        // One thread per call keeps a tile's summation order fixed and leaves the
        // parallelism to the tile loop. OpenBLAS built on OpenMP (Debian's
        // libopenblas0-openmp, when it is the libopenblas.so.0 chosen) passes that count on to
        // omp_set_num_threads: every parallel region the loading thread opened after ran on
        // one thread (GPT-2 small's forward at 1,024 tokens: 1,508 ms against 755), so its
        // count is put back; that build keeps to the one thread it was given.
        const int team = threadCount();
        setThreads(1);
        setThreadCount(team);
        auto parallel = reinterpret_cast<int (*)()>(dlsym(library, "openblas_get_parallel"));
        const int mode = parallel ? parallel() : -1;
        loaded.threading = mode == 2   ? "openmp"
                           : mode == 1 ? "pthreads"
                           : mode == 0 ? "serial"
                                       : "";
        loaded.sgemm = sgemm;
        loaded.setThreads = setThreads;
        auto coreName =
            reinterpret_cast<const char* (*)()>(dlsym(library, "openblas_get_corename"));
        const char* core = coreName ? coreName() : nullptr;
        loaded.core = core ? core : "";
        // OpenBLAS 0.3.21's kernels with AVX-512, and those with AVX2 but not AVX-512.
        loaded.avx512Kernel = oneOf(core, {"SkylakeX", "Cooperlake", "SapphireRapids"});
        loaded.avx2Kernel = loaded.avx512Kernel || oneOf(core, {"Haswell", "Zen"});
        return loaded;
    }();
    return blas;
}

} // namespace

BlasTiles blasTiles(Eigen::Index m, Eigen::Index n)
{
    const auto roundUp = [](Eigen::Index count, Eigen::Index parts) { // at most count
        const Eigen::Index size = (count + parts - 1) / parts;
        return std::min(count, (size + BlasTileAlign - 1) / BlasTileAlign * BlasTileAlign);
    };
    const auto countOf = [](Eigen::Index count, Eigen::Index size) {
        return (count + size - 1) / size;
    };
    BlasTiles best{std::max<Eigen::Index>(m, 1), std::max<Eigen::Index>(n, 1)};
    if (m <= 0 || n <= 0)
        return best; // nothing to split (and no tile of 0 to divide by)
    Eigen::Index bestTraffic = -1;
    for (Eigen::Index rowParts = 1; rowParts == 1 || roundUp(m, rowParts) >= BlasMinTileRows;
         rowParts *= 2)
        for (Eigen::Index columnParts = 1;
             columnParts == 1 || roundUp(n, columnParts) >= BlasMinTileColumns; ++columnParts) {
            const BlasTiles tile{roundUp(m, rowParts), roundUp(n, columnParts)};
            const Eigen::Index rowTiles = countOf(m, tile.rows);
            const Eigen::Index columnTiles = countOf(n, tile.columns);
            const Eigen::Index tiles = rowTiles * columnTiles;
            if (tiles < BlasMinTiles || tiles % 2 != 0)
                continue;
            // Each column tile packs all of a's rows, each row tile all of b's columns (k
            // floats each).
            const Eigen::Index traffic = columnTiles * m + rowTiles * n;
            if (bestTraffic < 0 || traffic < bestTraffic) {
                best = tile;
                bestTraffic = traffic;
            }
        }
    return best;
}

bool tilesOnAvx512()
{
    static const bool own = [] {
        const char* choice = std::getenv("AE_GEMM");
        if (choice && std::strcmp(choice, "openblas") == 0)
            return false;
        if (!detail::avx512Kernels())
            return false;
        return (choice && std::strcmp(choice, "avx512") == 0) || !openBlas().avx512Kernel;
    }();
    return own;
}

std::string openBlasKernel()
{
    return openBlas().core;
}

std::string openBlasThreading()
{
    return openBlas().threading;
}

Eigen::Index ownKernelMinRows()
{
    return openBlas().avx2Kernel ? 128 : 8;
}

bool blasUsable()
{
    static const bool usable = [] {
        rlimit limit{};
        const bool unlimited = getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY;
        return unlimited && openBlas().sgemm != nullptr;
    }();
    return usable;
}

double sgemmReferenceGflops(Eigen::Index n)
{
    if (!blasUsable() || n <= 0)
        return 0;
    const OpenBlas& blas = openBlas();
    // Every page touched before the product is timed: c's too, which a heap just grown
    // would otherwise fault in during it.
    const Matrix a = Matrix::Constant(n, n, 0.5f), b = Matrix::Constant(n, n, 0.25f);
    Matrix c = Matrix::Zero(n, n);
    const int team = threadCount();
    blas.setThreads(team);
    const auto start = std::chrono::steady_clock::now();
    blas.sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, int(n), int(n), int(n), 1.0f, a.data(),
               int(n), b.data(), int(n), 0.0f, c.data(), int(n));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    blas.setThreads(1); // as openBlas() left it: an OpenMP build passes the count on to OpenMP
    setThreadCount(team);
    return seconds > 0 ? 2.0 * double(n) * double(n) * double(n) / seconds / 1e9 : 0;
}

void blasProduct(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b,
                 bool transposedB, Eigen::Ref<Matrix> c, Eigen::Index tileRows,
                 Eigen::Index tileColumns, const float* bias, ProductWrite write)
{
    const bool add = write == ProductWrite::Add;
    const auto sgemm = openBlas().sgemm;
    const bool own = tilesOnAvx512();
    const Eigen::Index minRows = own ? ownKernelMinRows() : 0;
    const Eigen::Index m = a.rows();
    const Eigen::Index k = a.cols();
    const Eigen::Index n = transposedB ? b.rows() : b.cols();
    if (tileRows <= 0 || tileColumns <= 0) {
        const BlasTiles chosen = blasTiles(m, n);
        tileRows = chosen.rows;
        tileColumns = chosen.columns;
    }
    const Eigen::Index rowTiles = (m + tileRows - 1) / tileRows;
    const Eigen::Index columnTiles = (n + tileColumns - 1) / tileColumns;
    const Eigen::Index tiles = rowTiles * columnTiles;
    const Eigen::Index lda = a.outerStride(), ldb = b.outerStride(), ldc = c.outerStride();
#pragma omp parallel for schedule(dynamic) if (tiles > 1)
    for (Eigen::Index tile = 0; tile < tiles; ++tile) {
        const Eigen::Index row = (tile / columnTiles) * tileRows;
        const Eigen::Index column = (tile % columnTiles) * tileColumns;
        const Eigen::Index rows = std::min(tileRows, m - row);
        const Eigen::Index columns = std::min(tileColumns, n - column);
        // Row-major: tile of b is columns [column, +columns) of b, or rows of bᵀ's source.
        const float* bTile = transposedB ? b.data() + column * ldb : b.data() + column;
        float* cTile = c.data() + row * ldc + column;
        const auto addBias = [&] {
            if (bias)
                c.block(row, column, rows, columns).rowwise() +=
                    Eigen::Map<const RowVector>(bias + column, columns);
        };
        if (own && rows >= minRows) {
            if (add)
                addBias();
            detail::gemmAvx512(a.data() + row * lda, lda, bTile, ldb, transposedB, rows, columns, k,
                               cTile, ldc, add);
            if (!add)
                addBias();
            continue;
        }
        // With a bias, the tile starts as the bias and sgemm adds the product to it (beta 1),
        // as PyTorch's addmm does: one pass over the tile instead of OpenBLAS's zeroing
        // (beta 0) and then the bias's. Added to c: the bias first, then the product.
        if (add)
            addBias();
        else if (bias)
            for (Eigen::Index r = 0; r < rows; ++r)
                std::copy(bias + column, bias + column + columns, cTile + r * ldc);
        sgemm(CblasRowMajor, CblasNoTrans, transposedB ? CblasTrans : CblasNoTrans, int(rows),
              int(columns), int(k), 1.0f, a.data() + row * lda, int(lda), bTile, int(ldb),
              bias || add ? 1.0f : 0.0f, cTile, int(ldc));
    }
}

} // namespace ae
