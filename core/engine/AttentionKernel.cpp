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
// session's mask method (torch order or fast), the row's cells [0, written) written (the
// others left as they were).
void weightsRow(const HeadOptions& options, RowBlockTensors& out, Eigen::Index first,
                Eigen::Index local, Eigen::Index written)
{
    const Eigen::Index S = out.scores.cols();
    const float* scores = out.scores.row(local).data();
    float* weights = out.weights.row(local).data();
    const KeyRange visible = visibleKeys(options, first + local, S);
    if (hidesKeys(options) && options.maskMethod == MaskMethod::Renormalize)
        renormalizedSoftmaxRowRange(scores, weights, S, visible.first, visible.last,
                                    options.scoreDivisor, options.arithmetic);
    else
        softmaxRowRange(scores, weights, written, visible.first, visible.last, options.scoreDivisor,
                        options.arithmetic);
}

// Whether the forward's loop may leave a block's weights unwritten past the keys its rows
// see (blockVisible()): the fast causal path that skips the hidden scores, where the
// context and the reduction read no further and nothing else reads the weights. Zeroing
// them (half of each head's T x T cells) took about 3 % of the seed module's attention at
// 1,024 tokens.
bool writesVisibleWeightsOnly(const HeadOptions& options)
{
    return skipsHiddenScores(options) && options.causal && !options.keepMask &&
           !options.compareMaskMethods;
}

// attendRowBlock() with the keys packed once for the whole head when `packed` is not null;
// with `wholeRows` false, as writesVisibleWeightsOnly() allows.
void attendPackedBlock(const Matrix& queries, const Matrix& keys, const PackedKeys* packed,
                       const HeadOptions& options, Eigen::Index first, Eigen::Index rows,
                       bool allScores, bool wholeRows, RowBlockTensors& out)
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
    const Eigen::Index written =
        wholeRows || !writesVisibleWeightsOnly(options) ? S : blockVisible(options, first, rows, S);
    for (Eigen::Index i = 0; i < rows; ++i)
        weightsRow(options, out, first, i, written);
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
    attendPackedBlock(queries, keys, nullptr, options, first, rows, allScores, true, out);
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
    attendHeads({HeadJob{&queries, &keys, &values, options, &head, firstRow}});
}

namespace {

// TorchOrder: every row at once, as PyTorch's matmuls.
void attendHeadTorchOrder(const HeadJob& job)
{
    const HeadOptions& options = job.options;
    HeadTrace& head = *job.head;
    RowBlockTensors all;
    attendRowBlock(*job.queries, *job.keys, options, 0, job.queries->rows(), false, all);
    head.contextVec =
        matmul(options.keepMask ? all.dropped : all.weights, *job.values, options.arithmetic);
    if (options.compareMaskMethods)
        head.maskMethodsMaxDiff = maskMethodsBlockDiff(options, all, 0);
}

// One block of rows of a head on the fast path: [row, row + rows), reading keys [from,
// visible).
struct BlockTask
{
    std::size_t job;
    Eigen::Index row, rows, from, visible;
    double cost; // multiply-adds of its two products
};

// Rows x keys of one head below which the heads run on this thread: a token generated with a
// key/value cache, a word typed at the end of a long text (a few new rows), where a parallel
// region costs more than the work it shares.
constexpr double ParallelCells = 4096;

// What attendHeads() runs: the TorchOrder heads whole; the fast path's blocks head after head
// (the threads share a head's keys and values while they are in cache), each head's costliest
// first, so the loop ends on short ones and no thread waits long for the other; the heads
// whose keys are packed (none for a few rows, MinPackedRows), each set of keys once (grouped
// query heads share their key/value head's), and for every head whose packed keys it reads.
struct HeadsPlan
{
    std::vector<const HeadJob*> torchOrder;
    std::vector<BlockTask> tasks;
    std::vector<std::size_t> packing;
    std::vector<std::size_t> keysOf; // per job: the job whose packed keys its blocks use
    bool parallel = false;
};

HeadsPlan planHeads(const std::vector<HeadJob>& jobs)
{
    HeadsPlan plan;
    plan.keysOf.resize(jobs.size());
    double largest = 0; // a head's rows x keys
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        plan.keysOf[j] = j;
        const HeadJob& job = jobs[j];
        const HeadOptions& options = job.options;
        const Eigen::Index T = job.queries->rows(), S = job.keys->rows();
        if (options.arithmetic == Arithmetic::TorchOrder) {
            plan.torchOrder.push_back(&job);
            continue;
        }
        double cells = 0;
        const std::size_t first = plan.tasks.size();
        for (Eigen::Index r = job.firstRow; r < T;) {
            const Eigen::Index end = std::min((r / CausalBlockRows + 1) * CausalBlockRows, T);
            const Eigen::Index visible = blockVisible(options, r, end - r, S);
            const Eigen::Index from = std::min(blockFirstKey(options, r, S), visible);
            const double keysRead = double(skipsHiddenScores(options) ? visible - from : S);
            cells += double(end - r) * keysRead;
            plan.tasks.push_back(
                {j, r, end - r, from, visible,
                 double(end - r) * keysRead * double(job.keys->cols() + job.values->cols())});
            r = end;
        }
        std::stable_sort(plan.tasks.begin() + std::ptrdiff_t(first), plan.tasks.end(),
                         [](const BlockTask& a, const BlockTask& b) { return a.cost > b.cost; });
        largest = std::max(largest, cells);
        if (T - job.firstRow >= MinPackedRows && packsKeys(CausalBlockRows, job.keys->size())) {
            const auto shared =
                std::find_if(plan.packing.begin(), plan.packing.end(),
                             [&](std::size_t p) { return jobs[p].keys == job.keys; });
            if (shared != plan.packing.end())
                plan.keysOf[j] = *shared;
            else
                plan.packing.push_back(j);
        }
    }
    plan.parallel = outermost() && largest >= ParallelCells;
    return plan;
}

} // namespace

void attendHeads(const std::vector<HeadJob>& jobs)
{
    for (const HeadJob& job : jobs) { // the same size: rows before firstRow stay
        job.head->contextVec.resize(job.queries->rows(), job.values->cols());
        job.head->maskMethodsMaxDiff.reset();
    }
    const HeadsPlan plan = planHeads(jobs);
    forEachIndex(int(plan.torchOrder.size()), plan.parallel && plan.torchOrder.size() > 1,
                 [&](int i) { attendHeadTorchOrder(*plan.torchOrder[std::size_t(i)]); });
    if (plan.tasks.empty())
        return;
    std::vector<PackedKeys> packed(jobs.size());
    std::vector<float> worst(plan.tasks.size(), 0.0f);
    // One parallel region: the keys packed, then the blocks. Each block writes its own rows,
    // on whichever thread, with the same bits (its products run on one thread, in an order
    // its shape decides: HeadProducts.h). One scratch block per thread, reused: its scores
    // and weights stay in cache.
    ParallelFailure failure; // the blocks' scratch is allocated in the workers
#pragma omp parallel if (plan.parallel && plan.tasks.size() > 1)
    {
#pragma omp for schedule(dynamic)
        for (std::size_t i = 0; i < plan.packing.size(); ++i)
            failure.run([&] {
                const Matrix& keys = *jobs[plan.packing[i]].keys;
                packed[plan.packing[i]].pack(keys.data(), keys.cols(), keys.rows(), keys.cols());
            });
        RowBlockTensors block;
#pragma omp for schedule(dynamic)
        for (std::size_t t = 0; t < plan.tasks.size(); ++t)
            failure.run([&] {
                const BlockTask& task = plan.tasks[t];
                const HeadJob& job = jobs[task.job];
                const HeadOptions& options = job.options;
                attendPackedBlock(*job.queries, *job.keys, &packed[plan.keysOf[task.job]], options,
                                  task.row, task.rows, false, false, block);
                if (options.scoresSink)
                    options.scoresSink->scoreBlock(task.row, task.rows, block.scores);
                const Matrix& used = options.keepMask ? block.dropped : block.weights;
                contextProduct(used.data(), used.cols(), task.rows, task.from,
                               task.visible - task.from, *job.values,
                               job.head->contextVec.middleRows(task.row, task.rows));
                if (options.compareMaskMethods)
                    worst[t] = maskMethodsBlockDiff(options, block, task.row);
                if (options.reduceInto)
                    reduceNonNegativeRows(block.weights, task.row, options.causal,
                                          *options.reduceInto);
            });
    }
    failure.rethrow();
    for (std::size_t t = 0; t < plan.tasks.size(); ++t) {
        const HeadJob& job = jobs[plan.tasks[t].job];
        if (job.options.compareMaskMethods)
            job.head->maskMethodsMaxDiff =
                std::max(job.head->maskMethodsMaxDiff.value_or(0.0f), worst[t]);
    }
}

} // namespace ae
