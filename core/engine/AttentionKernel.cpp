#include "AttentionKernel.h"

#include "BlockReducer.h"
#include "HeadProducts.h"
#include "MatMul.h"
#include "Parallel.h"
#include "Softmax.h"
#include "Trace.h"

#include <algorithm>

namespace ae {

namespace {

// Keys visible to some row of the block [row, row + rows): up to the last row's last one
// (the visible ranges only move right as the rows go down).
Eigen::Index blockVisible(const HeadOptions& options, Eigen::Index row, Eigen::Index rows,
                          Eigen::Index keyCount)
{
    return visibleKeys(options, row + rows - 1, keyCount).last;
}

// The first key whose scores a block of rows from `row` needs: none of its rows sees a key
// before the first row's first (a window's start; the visible ranges only move right),
// rounded down to a panel of the head's packed keys (HeadProducts.h). 0 where the hidden
// scores are computed as well.
Eigen::Index blockFirstKey(const HeadOptions& options, Eigen::Index row, Eigen::Index keyCount)
{
    if (!skipsHiddenScores(options))
        return 0;
    return visibleKeys(options, row, keyCount).first / PackedPanelKeys * PackedPanelKeys;
}

// Row `local` of the block (query first + local): softmax of its visible scores by the
// session's mask method (torch order or fast).
void weightsRow(const HeadOptions& options, RowBlockTensors& out, Eigen::Index first,
                Eigen::Index local)
{
    const Eigen::Index S = out.scores.cols();
    const float* scores = out.scores.row(local).data();
    float* weights = out.weights.row(local).data();
    const KeyRange visible = visibleKeys(options, first + local, S);
    if (hidesKeys(options) && options.maskMethod == MaskMethod::Renormalize)
        renormalizedSoftmaxRowRange(scores, weights, S, visible.first, visible.last,
                                    options.scoreDivisor, options.arithmetic);
    else
        softmaxRowRange(scores, weights, S, visible.first, visible.last, options.scoreDivisor,
                        options.arithmetic);
}

// attendRowBlock() with the keys packed once for the whole head when `packed` is not null.
void attendPackedBlock(const Matrix& queries, const Matrix& keys, const PackedKeys* packed,
                       const HeadOptions& options, Eigen::Index first, Eigen::Index rows,
                       bool allScores, RowBlockTensors& out)
{
    const Eigen::Index S = keys.rows();
    out.scores.resize(rows, S);
    out.weights.resize(rows, S);
    if (options.arithmetic == Arithmetic::TorchOrder) {
        out.scores = matmulTransposed(queries.middleRows(first, rows), keys, options.arithmetic);
    } else {
        // The scores the block's rows see: from blockFirstKey() to blockVisible() where the
        // hidden ones are skipped; the others as well when asked for.
        const Eigen::Index visible = blockVisible(options, first, rows, S);
        const Eigen::Index computed = skipsHiddenScores(options) ? visible : S;
        const Eigen::Index from = std::min(blockFirstKey(options, first, S), computed);
        scoresProduct(queries, first, rows, keys, from, computed - from, out.scores.data() + from,
                      S, packed);
        if (allScores || options.compareMaskMethods) {
            scoresProduct(queries, first, rows, keys, 0, from, out.scores.data(), S, packed);
            scoresProduct(queries, first, rows, keys, computed, S - computed,
                          out.scores.data() + computed, S);
        }
    }
    for (Eigen::Index i = 0; i < rows; ++i)
        weightsRow(options, out, first, i);
    if (options.keepMask)
        out.dropped = out.weights.cwiseProduct(options.keepMask->middleRows(first, rows) *
                                               options.dropoutScale);
}

} // namespace

KeyRange visibleKeys(const HeadOptions& options, Eigen::Index row, Eigen::Index keyCount)
{
    KeyRange range{0, keyCount};
    if (options.causal)
        range.last = std::min(row + 1, keyCount);
    if (options.window > 0) {
        range.first = std::max<Eigen::Index>(0, row - options.window + 1);
        if (!options.causal)
            range.last = std::min<Eigen::Index>(keyCount, row + options.window);
    }
    range.first = std::min(range.first, range.last);
    return range;
}

bool skipsHiddenScores(const HeadOptions& options)
{
    return options.arithmetic == Arithmetic::Fast && hidesKeys(options) &&
           options.maskMethod == MaskMethod::NegInf;
}

void attendRowBlock(const Matrix& queries, const Matrix& keys, const HeadOptions& options,
                    Eigen::Index first, Eigen::Index rows, bool allScores, RowBlockTensors& out)
{
    attendPackedBlock(queries, keys, nullptr, options, first, rows, allScores, out);
}

void otherMethodRow(const HeadOptions& options, const float* scores, Eigen::Index S,
                    Eigen::Index row, float* out)
{
    const KeyRange visible = visibleKeys(options, row, S);
    if (options.maskMethod == MaskMethod::NegInf)
        renormalizedSoftmaxRowRange(scores, out, S, visible.first, visible.last,
                                    options.scoreDivisor, options.arithmetic);
    else
        softmaxRowRange(scores, out, S, visible.first, visible.last, options.scoreDivisor,
                        options.arithmetic);
}

float maskMethodsBlockDiff(const HeadOptions& options, const RowBlockTensors& block,
                           Eigen::Index first)
{
    const Eigen::Index S = block.scores.cols();
    Eigen::ArrayXf other(S);
    float worst = 0;
    for (Eigen::Index i = 0; i < block.scores.rows(); ++i) {
        otherMethodRow(options, block.scores.row(i).data(), S, first + i, other.data());
        const KeyRange visible = visibleKeys(options, first + i, S);
        const Eigen::Index count = visible.last - visible.first;
        if (count == 0)
            continue;
        const Eigen::Map<const Eigen::ArrayXf> mine(block.weights.row(i).data() + visible.first,
                                                    count);
        worst = std::max(worst, (mine - other.segment(visible.first, count)).abs().maxCoeff());
    }
    return worst;
}

void attendHead(const Matrix& queries, const Matrix& keys, const Matrix& values,
                const HeadOptions& options, HeadTrace& head, Eigen::Index firstRow)
{
    const Eigen::Index T = queries.rows();
    const Eigen::Index S = keys.rows();
    head.contextVec.resize(T, values.cols()); // the same size: rows before firstRow stay
    if (options.arithmetic == Arithmetic::TorchOrder) {
        RowBlockTensors all;
        attendRowBlock(queries, keys, options, 0, T, false, all);
        head.contextVec =
            matmul(options.keepMask ? all.dropped : all.weights, values, options.arithmetic);
        head.maskMethodsMaxDiff.reset();
        if (options.compareMaskMethods)
            head.maskMethodsMaxDiff = maskMethodsBlockDiff(options, all, 0);
        return;
    }
    head.maskMethodsMaxDiff.reset();
    if (firstRow >= T)
        return;
    const Eigen::Index firstBlock = firstRow / CausalBlockRows;
    const Eigen::Index blocks = (T + CausalBlockRows - 1) / CausalBlockRows - firstBlock;
    BlockReducer::Result* reduced = options.reduceInto;
    // The blocks are independent (each writes its own rows), so they run in parallel when the
    // heads do not (one head), only in the outermost region (Parallel.h): inside a loop over
    // heads, parallel or not, they run on the head's thread.
    // Either way each block computes the same bits (its products run on one thread, in an
    // order its shape decides: HeadProducts.h).
    // One scratch block per thread, reused: its scores and weights stay in cache.
    PackedKeys packed; // the keys as the vectorised scores product reads them, once per head
    if (T - firstRow >= MinPackedRows && packsKeys(CausalBlockRows, S * keys.cols()))
        packed.pack(keys.data(), keys.cols(), S, keys.cols());
    float worst = 0;
    ParallelFailure failure; // the blocks' scratch is allocated in the workers
#pragma omp parallel if (blocks > 1 && outermost())
    {
        RowBlockTensors block;
#pragma omp for schedule(dynamic) reduction(max : worst)
        for (Eigen::Index b = 0; b < blocks; ++b)
            failure.run([&] {
                const Eigen::Index r = std::max(firstRow, (firstBlock + b) * CausalBlockRows);
                const Eigen::Index rows = std::min((firstBlock + b + 1) * CausalBlockRows, T) - r;
                const Eigen::Index visible = blockVisible(options, r, rows, S);
                const Eigen::Index from = std::min(blockFirstKey(options, r, S), visible);
                attendPackedBlock(queries, keys, &packed, options, r, rows, false, block);
                if (options.scoresSink)
                    options.scoresSink->scoreBlock(r, rows, block.scores);
                const Matrix& used = options.keepMask ? block.dropped : block.weights;
                contextProduct(used.data(), used.cols(), rows, from, visible - from, values,
                               head.contextVec.middleRows(r, rows));
                if (options.compareMaskMethods)
                    worst = std::max(worst, maskMethodsBlockDiff(options, block, r));
                if (reduced)
                    reduceNonNegativeRows(block.weights, r, options.causal, *reduced);
            });
    }
    failure.rethrow();
    if (options.compareMaskMethods)
        head.maskMethodsMaxDiff = worst;
}

} // namespace ae
