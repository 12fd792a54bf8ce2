// The attention products of HeadProducts.h (scores = queries · keysᵀ, context = weights ·
// values): on every shape (ragged panels of keys, partial tiles of rows, head sizes that are
// not a multiple of 16, long sums over chunks of keys) they agree with a double-precision
// reference to float32 rounding; they write only their own cells; a block's bits do not
// depend on where it is stored or whether the keys were packed for the whole head. On a CPU
// with AVX-512 these run the vectorised kernels, elsewhere Eigen's product (and the checks
// of the kernels themselves are skipped).
#include "HeadProducts.h"
#include "TensorCompare.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace ae;
using namespace ae::test;

namespace {

constexpr float Sentinel = 12345.0f; // cells a product must not write

// A k-term float32 sum in any order is within k units of rounding (2⁻²⁴) of Σ|terms|.
double bound(Eigen::Index k)
{
    return double(k) * 6.0e-8;
}

} // namespace

class TestHeadProducts : public QObject
{
    Q_OBJECT

private slots:
    void shapes_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("keys");
        QTest::addColumn<int>("headDim");
        // rows: one (a generated token), below MinPackedRows, a partial tile, whole blocks;
        // keys: within one vector, ragged panels, past a chunk of the context product
        for (int rows : {1, 7, 8, 13, 64})
            for (int keys : {1, 17, 64, 65, 200})
                for (int headDim : {1, 3, 16, 64, 80, 130})
                    QTest::addRow("%d x %d keys, dk %d", rows, keys, headDim)
                        << rows << keys << headDim;
    }
    void shapes()
    {
        QFETCH(int, rows);
        QFETCH(int, keys);
        QFETCH(int, headDim);
        const unsigned seed = unsigned(rows * 1000003 + keys * 1009 + headDim);
        // the queries sit inside a longer matrix, the keys start past the first row
        const Matrix queries = normalMatrix(rows + 5, headDim, seed);
        const Matrix keysAll = normalMatrix(keys + 3, headDim, seed + 1);
        const Matrix values = normalMatrix(keys, headDim, seed + 2);
        const Eigen::Index ld = keys + 7;
        Matrix scores = Matrix::Constant(rows, ld, Sentinel);
        scoresProduct(queries, 2, rows, keysAll, 3, keys, scores.data(), ld);
        const Matrix q = queries.middleRows(2, rows);
        const Matrix kt = keysAll.bottomRows(keys).transpose();
        QVERIFY(worstProductError(q, kt, scores.leftCols(keys)) <= bound(headDim));
        QVERIFY((scores.rightCols(ld - keys).array() == Sentinel).all());

        // weights stored with a wider stride, the context written into the middle of a matrix
        const Matrix weights = normalMatrix(rows, ld, seed + 3).cwiseAbs();
        Matrix context = Matrix::Constant(rows + 4, headDim, Sentinel);
        contextProduct(weights.data(), ld, rows, 0, keys, values, context.middleRows(2, rows));
        QVERIFY(worstProductError(weights.leftCols(keys), values, context.middleRows(2, rows)) <=
                bound(keys));
        QVERIFY((context.topRows(2).array() == Sentinel).all());
        QVERIFY((context.bottomRows(2).array() == Sentinel).all());

        // the keys from the third on: those columns of the weights, those rows of the values
        if (keys > 3) {
            Matrix band = Matrix::Constant(rows, headDim, Sentinel);
            contextProduct(weights.data(), ld, rows, 3, keys - 3, values, band);
            QVERIFY(worstProductError(weights.middleCols(3, keys - 3), values.bottomRows(keys - 3),
                                      band) <= bound(keys));
        }
    }

    // A block's scores have the same bits with the keys packed once for the head, packed for
    // the block, or read from a copy stored elsewhere: a view deriving a block gets the
    // forward's bits.
    void blockBitsDoNotDependOnPacking()
    {
        const Eigen::Index T = 300, dk = 64;
        const Matrix queries = normalMatrix(T, dk, 7), keys = normalMatrix(T, dk, 8);
        PackedKeys packed;
        packed.pack(keys.data(), keys.cols(), T, dk);
        QCOMPARE(packed.count(), detail::avx512Kernels() ? T : 0);
        for (Eigen::Index first = 0; first < T; first += 64) {
            const Eigen::Index rows = std::min<Eigen::Index>(64, T - first), n = first + rows;
            Matrix own(rows, T), shared(rows, T);
            scoresProduct(queries, first, rows, keys, 0, n, own.data(), T);
            scoresProduct(queries, first, rows, keys, 0, n, shared.data(), T, &packed);
            const Matrix copy = keys.topRows(n);
            const Matrix queryCopy = queries.middleRows(first, rows);
            Matrix elsewhere(rows, n);
            scoresProduct(queryCopy, 0, rows, copy, 0, n, elsewhere.data(), n);
            QVERIFY(sameBits(own.leftCols(n), shared.leftCols(n)));
            QVERIFY(sameBits(own.leftCols(n), elsewhere));
            // from a later panel of the head's packed keys (a sliding window's block): the
            // same bits where the kernel is the vectorised one, else the product
            if (first >= 128) {
                const Eigen::Index from = first - 128;
                Matrix band = Matrix::Constant(rows, T, Sentinel);
                scoresProduct(queries, first, rows, keys, from, n - from, band.data() + from, T,
                              &packed);
                QVERIFY((band.leftCols(from).array() == Sentinel).all());
                QVERIFY((band.rightCols(T - n).array() == Sentinel).all());
                if (detail::avx512Kernels())
                    QVERIFY(
                        sameBits(own.middleCols(from, n - from), band.middleCols(from, n - from)));
                else
                    QVERIFY(worstProductError(queries.middleRows(first, rows),
                                              keys.middleRows(from, n - from).transpose(),
                                              band.middleCols(from, n - from)) <= bound(dk));
            }
        }
    }

    // Weights of exactly 0 before the first key summed change nothing: on the vectorised kernel
    // the context from there has the bits of the context from key 0 (the forward starts a
    // window's blocks at their first visible panel; a view may derive them from key 0).
    void leadingZeroWeightsAddNothing()
    {
        if (!detail::avx512Kernels())
            QSKIP("the vectorised kernels need AVX-512");
        const Eigen::Index rows = 64, keys = 300, dv = 40, from = 192;
        Matrix weights = normalMatrix(rows, keys, 31).cwiseAbs();
        weights.leftCols(from).setZero();
        const Matrix values = normalMatrix(keys, dv, 32);
        Matrix whole(rows, dv), band(rows, dv);
        contextProduct(weights.data(), keys, rows, 0, keys, values, whole);
        contextProduct(weights.data(), keys, rows, from, keys - from, values, band);
        QVERIFY(sameBits(whole, band));
    }

    // Keys past MaxPackedFloats (simplified attention's d_in columns on a long text) take
    // Eigen's product, not a packed copy of them: still the product, to float32 rounding.
    void longKeysTakeEigen()
    {
        const Eigen::Index rows = 64, dk = 2048, keys = MaxPackedFloats / dk + 5;
        QVERIFY(!packsKeys(rows, keys * dk));
        const Matrix q = normalMatrix(rows, dk, 21), k = normalMatrix(keys, dk, 22);
        Matrix scores(rows, keys);
        scoresProduct(q, 0, rows, k, 0, keys, scores.data(), keys);
        QVERIFY(worstProductError(q, k.transpose(), scores) <= bound(dk));
    }

    // No keys to read: a context of zeros (cross-attention with a window that leaves a query
    // nothing), not the scratch that was there.
    void noKeysGiveZeros()
    {
        const Matrix values = normalMatrix(4, 16, 3);
        Matrix context = Matrix::Constant(3, 16, Sentinel);
        const float weights[1] = {0};
        contextProduct(weights, 1, 3, 0, 0, values, context);
        QVERIFY(context.isZero(0));
    }

    // The vectorised kernels themselves, where the CPU has them: the scores of packed panels
    // and the context's chunked sums against the reference, on one ragged shape.
    void avx512KernelsDirectly()
    {
        if (!detail::avx512Kernels())
            QSKIP("no AVX-512 on this CPU: the products are Eigen's");
        QVERIFY(packsKeys(MinPackedRows, MaxPackedFloats));
        QVERIFY(!packsKeys(MinPackedRows - 1, 64));
        QVERIFY(!packsKeys(MinPackedRows, MaxPackedFloats + 1));
        const long rows = 29, keys = 333, dk = 72;
        const Matrix q = normalMatrix(rows, dk, 11), k = normalMatrix(keys, dk, 12);
        std::vector<float> panels(std::size_t((keys + 63) / 64 * 64 * dk), Sentinel);
        detail::packKeysAvx512(k.data(), dk, keys, dk, panels.data());
        Matrix scores = Matrix::Constant(rows, keys + 1, Sentinel);
        detail::scoresAvx512(q.data(), dk, rows, panels.data(), dk, keys, scores.data(), keys + 1);
        QVERIFY(worstProductError(q, k.transpose(), scores.leftCols(keys)) <= bound(dk));
        QVERIFY((scores.col(keys).array() == Sentinel).all());
        const Matrix w = normalMatrix(rows, keys, 13), v = normalMatrix(keys, dk, 14);
        Matrix context(rows, dk);
        detail::contextAvx512(w.data(), keys, rows, keys, v.data(), dk, dk, context.data(), dk);
        QVERIFY(worstProductError(w, v, context) <= bound(keys));
    }
};

QTEST_APPLESS_MAIN(TestHeadProducts)
#include "tst_headproducts.moc"
