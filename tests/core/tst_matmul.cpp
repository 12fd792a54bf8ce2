// The matrix products behind every projection: TorchOrder is the sequential sum at any size
// (never OpenBLAS), small fast products stay on Eigen, and large fast products (in an AE_BLAS
// build, tiles of OpenBLAS's sgemm or of the AVX-512 tile kernel) agree with a
// double-precision reference and with Eigen's product to float32 rounding, with the same bits
// whatever the number of threads.
#include "HeadProducts.h"
#include "MatMul.h"
#include "Parallel.h"
#include "TensorCompare.h"
#ifdef AE_EXPECT_BLAS
#include "BlasGemm.h"
#endif

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>
#include <vector>

using namespace ae;
using namespace ae::test;

namespace {

// a (m x k) · b (k x n), each cell summed in k order in float32 as PyTorch's portable build.
Matrix sequentialReference(const Matrix& a, const Matrix& b)
{
    Matrix c(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < b.cols(); ++j) {
            float sum = 0.0f;
            for (Eigen::Index k = 0; k < a.cols(); ++k)
                sum = sum + a(i, k) * b(k, j);
            c(i, j) = sum;
        }
    return c;
}

void addSizes()
{
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("n");
    // Above BlasMinWork, ragged against the tiles (BlasGemm.h) and Eigen's column blocks.
    QTest::newRow("GPT-2 projection, 160 tokens") << 160 << 768 << 768;
    QTest::newRow("ragged 517x300x401") << 517 << 300 << 401;
    QTest::newRow("one tile column, many rows") << 1100 << 64 << 500;
}

} // namespace

class TestMatMul : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Loading OpenBLAS (at the first large product: this test runs first) leaves this thread's
    // OpenMP team as it was. OpenBLAS built on OpenMP hands the one thread it is pinned to
    // on to omp_set_num_threads, and every parallel region of the thread that loaded it then
    // ran on one thread. The suite runs a second time on that build (tst_matmul_openmp_blas,
    // AE_EXPECT_OPENBLAS_THREADING=openmp), where the whole file checks its products too.
    void loadingOpenBlasLeavesThisThreadsTeam()
    {
#ifdef AE_EXPECT_BLAS
        const int before = threadCount();
        setThreadCount(3);              // not 1, whatever the machine
        const int team = threadCount(); // 3 (1 in a build without OpenMP)
        QVERIFY(blasUsable());          // loads OpenBLAS
        QCOMPARE(threadCount(), team);
        const QByteArray expected = qgetenv("AE_EXPECT_OPENBLAS_THREADING");
        if (!expected.isEmpty())
            QCOMPARE(QByteArray::fromStdString(openBlasThreading()), expected);
        setThreadCount(before);
#else
        QSKIP("built without OpenBLAS");
#endif
    }

    // TorchOrder never takes OpenBLAS, however large: its bits are PyTorch's sequential sums.
    void torchOrderIsSequentialAtAnySize_data()
    {
        addSizes();
    }
    void torchOrderIsSequentialAtAnySize()
    {
        QFETCH(int, m);
        QFETCH(int, k);
        QFETCH(int, n);
        QCOMPARE(productPath(m, k, n, Arithmetic::TorchOrder), ProductPath::Sequential);
        const Matrix a = normalMatrix(m, k, 1);
        const Matrix b = normalMatrix(k, n, 2);
        QVERIFY(matmul(a, b, Arithmetic::TorchOrder) == sequentialReference(a, b));
        const Matrix bT = b.transpose();
        QVERIFY(matmulTransposed(a, bT, Arithmetic::TorchOrder) == sequentialReference(a, b));
    }

    // Small fast products stay on Eigen: within one column block, Eigen's own product's bits.
    void smallFastProductIsEigens()
    {
        const Matrix a = normalMatrix(6, 768, 3);
        const Matrix b = normalMatrix(768, 64, 4);
        QCOMPARE(productPath(6, 768, 64, Arithmetic::Fast), ProductPath::Eigen);
        QCOMPARE(productPath(128, 64, 128, Arithmetic::Fast), ProductPath::Eigen);
        const Matrix eigen = a * b;
        QVERIFY(matmul(a, b, Arithmetic::Fast) == eigen);
    }

    // Large fast products: OpenBLAS when built with it (AE_BLAS), within float32 rounding of
    // the exact product and of Eigen's, transposed or not.
    void largeFastProductMatchesReference_data()
    {
        addSizes();
    }
    void largeFastProductMatchesReference()
    {
        QFETCH(int, m);
        QFETCH(int, k);
        QFETCH(int, n);
#ifdef AE_EXPECT_BLAS
        QCOMPARE(productPath(m, k, n, Arithmetic::Fast), ProductPath::Blas);
#else
        QCOMPARE(productPath(m, k, n, Arithmetic::Fast), ProductPath::Eigen);
#endif
        const Matrix a = normalMatrix(m, k, 5);
        const Matrix b = normalMatrix(k, n, 6);
        const Matrix fast = matmul(a, b, Arithmetic::Fast);
        const Matrix fastT = matmulTransposed(a, Matrix(b.transpose()), Arithmetic::Fast);
        // float32 sums of k terms: a few ulps of the magnitude in practice, k ulps at worst.
        const double bound = 4.0 * std::sqrt(double(k)) * 6.0e-8;
        const double err = worstProductError(a, b, fast);
        const double errT = worstProductError(a, b, fastT);
        qInfo("worst relative error %.3g (transposed %.3g), bound %.3g", err, errT, bound);
        QVERIFY2(err <= bound, qPrintable(QString::number(err)));
        QVERIFY2(errT <= bound, qPrintable(QString::number(errT)));
        const Matrix eigen = a * b;
        const double eigenErr = worstProductError(a, b, eigen);
        QVERIFY2(eigenErr <= bound, qPrintable(QString::number(eigenErr)));
        const Matrix scale = a.cwiseAbs() * b.cwiseAbs();
        const float vsEigen = ((fast - eigen).cwiseAbs().array() / scale.array()).maxCoeff();
        QVERIFY2(vsEigen <= 2.0 * bound, qPrintable(QString::number(vsEigen)));
    }

    // A projection's bias on every tile of a large product, plain and with the weight stored
    // transposed (a checkpoint's nn.Linear): within float32 rounding of the double-precision
    // x·W + b. (OpenBLAS's tiles start as the bias and add the product to it, as PyTorch's
    // addmm does; a bias lost or added twice is off by the bias itself, 3 on average.)
    void largeLinearAddsItsBias_data()
    {
        addSizes();
    }
    void largeLinearAddsItsBias()
    {
        QFETCH(int, m);
        QFETCH(int, k);
        QFETCH(int, n);
        const Matrix a = normalMatrix(m, k, 7);
        const Matrix b = normalMatrix(k, n, 8);
        const RowVector bias = (normalMatrix(1, n, 9).array() + 3.0f).matrix();
        const Matrix y = linear(a, b, bias, Arithmetic::Fast);
        Matrix yT(m, n);
        fastMatmulInto(a, Matrix(b.transpose()), true, yT, {}, bias.data());
        const double bound = 4.0 * std::sqrt(double(k)) * 6.0e-8;
        for (const Matrix* got : {&y, static_cast<const Matrix*>(&yT)}) {
            const double err = worstProductError(a, b, *got, Matrix(), bias);
            QVERIFY2(err <= bound, qPrintable(QString::number(err)));
        }
    }

    // ProductWrite::Add: out += a · b + bias on every path (OpenBLAS's tiles with beta 1, the
    // AVX-512 tiles carrying out's value into their chains where tst_matmul_prescott runs them,
    // Eigen's blocks below BlasMinWork), out a block of a larger matrix whose other cells stay.
    void productAddsToItsTarget_data()
    {
        addSizes();
        QTest::newRow("Eigen's blocks, 20x30x40") << 20 << 30 << 40;
    }
    void productAddsToItsTarget()
    {
        QFETCH(int, m);
        QFETCH(int, k);
        QFETCH(int, n);
        const Matrix a = normalMatrix(m, k, 17);
        const Matrix b = normalMatrix(k, n, 18);
        const RowVector bias = normalMatrix(1, n, 19);
        const Matrix start = (normalMatrix(m, n, 20).array() * 4.0f).matrix();
        for (const bool transposed : {false, true})
            for (const bool withBias : {false, true}) {
                Matrix all = Matrix::Constant(m + 1, n + 2, 7.0f);
                all.block(1, 2, m, n) = start;
                fastMatmulInto(a, transposed ? Matrix(b.transpose()) : b, transposed,
                               all.block(1, 2, m, n), {}, withBias ? bias.data() : nullptr,
                               ProductWrite::Add);
                const double err = worstProductError(a, b, all.block(1, 2, m, n), start,
                                                     withBias ? bias : RowVector());
                QVERIFY2(err <= 4.0 * std::sqrt(double(k)) * 6.0e-8,
                         qPrintable(QString::number(err)));
                QVERIFY((all.row(0).array() == 7.0f).all());
                QVERIFY((all.leftCols(2).array() == 7.0f).all());
            }
    }

#ifdef AE_EXPECT_BLAS
    // OpenBLAS's tiles come from the product's shape: an even number of them (two at least),
    // never below 128 x 192 unless the product is, and of those splits the one that packs
    // the fewest floats (column tiles · m + row tiles · n): whole rows for GPT-2's wide
    // projections at 1,024 tokens, which pack each weight once.
    void tilesShareTheProductEvenly()
    {
        const auto tiles = [](Eigen::Index m, Eigen::Index n, BlasTiles t) {
            return ((m + t.rows - 1) / t.rows) * ((n + t.columns - 1) / t.columns);
        };
        const auto packed = [](Eigen::Index m, Eigen::Index n, BlasTiles t) {
            return ((n + t.columns - 1) / t.columns) * m + ((m + t.rows - 1) / t.rows) * n;
        };
        QCOMPARE(blasTiles(1024, 2304).rows, Eigen::Index(1024));
        QCOMPARE(blasTiles(1024, 2304).columns, Eigen::Index(1152));
        QCOMPARE(blasTiles(1024, 3072).columns, Eigen::Index(1536));
        QCOMPARE(blasTiles(1024, 768).rows, Eigen::Index(512)); // two tiles of 512 rows
        QCOMPARE(blasTiles(1024, 768).columns, Eigen::Index(768));
        QCOMPARE(blasTiles(128, 768).columns, Eigen::Index(384)); // not one tile: two
        for (const auto& [m, n] : std::vector<std::pair<Eigen::Index, Eigen::Index>>{{1024, 768},
                                                                                     {1024, 2304},
                                                                                     {1024, 3072},
                                                                                     {128, 768},
                                                                                     {128, 2304},
                                                                                     {300, 768},
                                                                                     {1009, 960},
                                                                                     {1024, 576},
                                                                                     {683, 1536},
                                                                                     {40, 2304},
                                                                                     { 2048,
                                                                                       768 }}) {
            const BlasTiles chosen = blasTiles(m, n);
            const Eigen::Index count = tiles(m, n, chosen);
            QVERIFY2(count >= BlasMinTiles && count % 2 == 0,
                     qPrintable(QStringLiteral("%1 x %2: %3 tiles").arg(m).arg(n).arg(count)));
            QVERIFY(chosen.rows <= m && chosen.columns <= n);
            QVERIFY(chosen.rows >= std::min(m, BlasMinTileRows));
            QVERIFY(chosen.columns >= std::min(n, BlasMinTileColumns));
            // No even split into halves, thirds ... of either side packs less.
            for (Eigen::Index rowParts = 1; rowParts <= 8; rowParts *= 2)
                for (Eigen::Index columnParts = 1; columnParts <= 16; ++columnParts) {
                    const BlasTiles other{(m + rowParts - 1) / rowParts,
                                          (n + columnParts - 1) / columnParts};
                    if (other.rows < std::min(m, BlasMinTileRows) ||
                        other.columns < std::min(n, BlasMinTileColumns) || tiles(m, n, other) < 2 ||
                        tiles(m, n, other) % 2 != 0)
                        continue;
                    QVERIFY2(packed(m, n, chosen) <= packed(m, n, other),
                             qPrintable(QStringLiteral("%1 x %2: %3 x %4 packs more than %5 x %6")
                                            .arg(m)
                                            .arg(n)
                                            .arg(chosen.rows)
                                            .arg(chosen.columns)
                                            .arg(other.rows)
                                            .arg(other.columns)));
                }
        }
        const BlasTiles small = blasTiles(100, 100); // no room for two: one tile
        QCOMPARE(small.rows, Eigen::Index(100));
        QCOMPARE(small.columns, Eigen::Index(100));
        const BlasTiles empty = blasTiles(0, 768); // an empty product: one tile, not 0
        QCOMPARE(empty.rows, Eigen::Index(1));
        QCOMPARE(empty.columns, Eigen::Index(768));
    }

    // Where OpenBLAS runs a kernel without AVX2 on a CPU with AVX-512 (tst_matmul_prescott
    // pins it with OPENBLAS_CORETYPE=Prescott, what OpenBLAS 0.3.21 falls back to on a CPU
    // newer than its table), tiles from 8 rows take the own kernel, and the products above
    // run through it; with an AVX2 kernel (Haswell), from 128 rows.
    void ownKernelRowsFollowOpenBlasKernel()
    {
        const QByteArray core = qgetenv("OPENBLAS_CORETYPE");
        if (!detail::avx512Kernels() || !qEnvironmentVariableIsEmpty("AE_GEMM"))
            QSKIP("no AVX-512 on this CPU, or AE_GEMM chooses");
        if (core == "Prescott") {
            QVERIFY(tilesOnAvx512());
            QCOMPARE(ownKernelMinRows(), Eigen::Index(8));
        } else if (core == "Haswell") {
            QVERIFY(tilesOnAvx512());
            QCOMPARE(ownKernelMinRows(), Eigen::Index(128));
        } else {
            QSKIP("OpenBLAS chooses its kernel (OPENBLAS_CORETYPE is not Prescott or Haswell)");
        }
    }
#endif

    // The AVX-512 tile kernel itself (BlasGemm.h's tilesOnAvx512), where the CPU has it: on
    // ragged shapes (rows past whole tiles of 12 and sweeps of 96, columns past whole panels
    // of 32 and of 16, sums past one packed block of 768), b as stored or transposed, every operand
    // a view into a larger matrix, within float32 rounding of the exact product; cells beside the
    // tile untouched; a row's bits the same whichever rows share its tile.
    void avx512TileDirectly_data()
    {
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("k");
        QTest::addColumn<int>("n");
        QTest::addColumn<bool>("transposed");
        for (bool transposed : {false, true}) {
            const char* how = transposed ? "bT" : "b";
            QTest::addRow("%s 512x768x768", how) << 512 << 768 << 768 << transposed;
            QTest::addRow("%s 37x300x45", how) << 37 << 300 << 45 << transposed;
            QTest::addRow("%s 13x129x17", how) << 13 << 129 << 17 << transposed;
            QTest::addRow("%s 5x1x70", how) << 5 << 1 << 70 << transposed;
            QTest::addRow("%s 24x64x8", how) << 24 << 64 << 8 << transposed;
            QTest::addRow("%s 13x800x17", how) << 13 << 800 << 17 << transposed;
            QTest::addRow("%s 200x1600x70", how) << 200 << 1600 << 70 << transposed;
        }
    }
    void avx512TileDirectly()
    {
        if (!detail::avx512Kernels())
            QSKIP("no AVX-512 on this CPU: OpenBLAS runs every tile");
        QFETCH(int, m);
        QFETCH(int, k);
        QFETCH(int, n);
        QFETCH(bool, transposed);
        constexpr float Sentinel = 12345.0f;
        const unsigned seed = unsigned(m * 7919 + k * 31 + n + (transposed ? 1 : 0));
        const Matrix aAll = normalMatrix(m + 2, k + 3, seed);
        const Matrix bAll = transposed ? normalMatrix(n + 1, k + 5, seed + 1)
                                       : normalMatrix(k + 1, n + 5, seed + 1);
        const Matrix a = aAll.block(2, 3, m, k);
        const Matrix b = transposed ? Matrix(bAll.block(1, 5, n, k).transpose())
                                    : Matrix(bAll.block(1, 5, k, n));
        const float* bFirst = bAll.data() + bAll.cols() + 5;
        Matrix c = Matrix::Constant(m + 2, n + 4, Sentinel);
        detail::gemmAvx512(aAll.data() + 2 * aAll.cols() + 3, aAll.cols(), bFirst, bAll.cols(),
                           transposed, m, n, k, c.data() + c.cols() + 1, c.cols());
        const double bound = double(k) * 6.0e-8;
        const double err = worstProductError(a, b, c.block(1, 1, m, n));
        QVERIFY2(err <= bound, qPrintable(QString::number(err)));
        QVERIFY((c.row(0).array() == Sentinel).all());
        QVERIFY((c.bottomRows(1).array() == Sentinel).all());
        QVERIFY((c.col(0).array() == Sentinel).all());
        QVERIFY((c.rightCols(3).array() == Sentinel).all());
        // the last rows alone, as a tile of their own: the same bits
        const long last = std::max(1, m / 3);
        Matrix alone(last, n);
        detail::gemmAvx512(aAll.data() + (2 + m - last) * aAll.cols() + 3, aAll.cols(), bFirst,
                           bAll.cols(), transposed, last, n, k, alone.data(), n);
        QVERIFY(alone == c.block(1 + m - last, 1, last, n));
        // accumulating: the chains start from c's values
        const Matrix start = normalMatrix(m, n, seed + 2);
        Matrix added = start;
        detail::gemmAvx512(aAll.data() + 2 * aAll.cols() + 3, aAll.cols(), bFirst, bAll.cols(),
                           transposed, m, n, k, added.data(), n, true);
        const double addedErr = worstProductError(a, b, added, start, RowVector());
        QVERIFY2(addedErr <= bound + 6.0e-8, qPrintable(QString::number(addedErr)));
    }

    // The same bits with 1, 2 or 3 threads (tiles are fixed, each on one thread).
    void largeFastProductSameBitsWhateverThreads()
    {
        const Matrix a = normalMatrix(700, 256, 7);
        const Matrix b = normalMatrix(256, 520, 8);
        setThreadCount(2);
        const Matrix first = matmul(a, b, Arithmetic::Fast);
        const Matrix firstT = matmulTransposed(a, Matrix(b.transpose()), Arithmetic::Fast);
        for (int threads : {1, 3, 2}) {
            setThreadCount(threads);
            QVERIFY2(matmul(a, b, Arithmetic::Fast) == first, qPrintable(QString::number(threads)));
            QVERIFY2(matmulTransposed(a, Matrix(b.transpose()), Arithmetic::Fast) == firstT,
                     qPrintable(QString::number(threads)));
        }
        setThreadCount(2);
    }
};

QTEST_GUILESS_MAIN(TestMatMul)
#include "tst_matmul.moc"
