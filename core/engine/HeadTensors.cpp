#include "HeadTensors.h"

#include "Trace.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

namespace ae {

namespace {

const HeadTrace& headAt(const Trace& trace, int head)
{
    return trace.heads.at(std::size_t(head));
}

// Rows per block: the fast path's own blocks (a product's bits depend on its shape);
// TorchOrder sums every cell alike whatever the block, so one block of all rows.
Eigen::Index blockRowsOf(const Trace& trace)
{
    return trace.arithmetic == Arithmetic::TorchOrder
               ? std::max<Eigen::Index>(1, trace.queryCount())
               : CausalBlockRows;
}

const Matrix& pick(const RowBlockTensors& block, HeadTensor kind)
{
    switch (kind) {
    case HeadTensor::Scores:
        return block.scores;
    case HeadTensor::Weights:
        return block.weights;
    case HeadTensor::WeightsDropped:
        break;
    }
    return block.dropped;
}

bool absent(const Trace& trace, int head, HeadTensor kind)
{
    return kind == HeadTensor::WeightsDropped && headAt(trace, head).dropoutMask.size() == 0;
}

std::atomic<std::thread::id> watchedThread{};
std::atomic<Eigen::Index> largestWatched{0};

void recordWhole(Eigen::Index cells)
{
    if (std::this_thread::get_id() != watchedThread.load(std::memory_order_relaxed))
        return;
    Eigen::Index seen = largestWatched.load();
    while (cells > seen && !largestWatched.compare_exchange_weak(seen, cells)) {
    }
}

} // namespace

void WholeTensorProbe::watchThisThread()
{
    watchedThread = std::this_thread::get_id();
    largestWatched = 0;
}

Eigen::Index WholeTensorProbe::largestOnWatchedThread()
{
    return largestWatched.load();
}

HeadOptions headOptions(const Trace& trace, int head)
{
    const Session& s = trace.session;
    HeadOptions options;
    options.arithmetic = trace.arithmetic;
    options.causal = s.causal;
    options.window = s.window;
    options.maskMethod = s.maskMethod;
    options.scoreDivisor = trace.scoreDivisor;
    const Matrix& keep = headAt(trace, head).dropoutMask;
    options.keepMask = keep.size() > 0 ? &keep : nullptr;
    options.dropoutScale = 1.0f / static_cast<float>(1.0 - s.dropout);
    return options;
}

const Matrix& headQueries(const Trace& trace, int head)
{
    if (!trace.session.hasWeights())
        return trace.inputs;
    const HeadTrace& h = headAt(trace, head);
    return h.queriesRope.size() > 0 ? h.queriesRope : h.queries;
}

const Matrix& headKeys(const Trace& trace, int head)
{
    if (!trace.session.hasWeights())
        return trace.keySource();
    if (trace.kvHeads.empty()) {
        const HeadTrace& h = headAt(trace, head);
        return h.keysRope.size() > 0 ? h.keysRope : h.keys;
    }
    const KeyValueHead& kv = trace.kvHeads.at(std::size_t(trace.kvHeadOf(head)));
    return kv.keysRope.size() > 0 ? kv.keysRope : kv.keys;
}

const Matrix& headProjectedKeys(const Trace& trace, int head)
{
    if (!trace.session.hasWeights())
        return trace.keySource();
    return trace.kvHeads.empty() ? headAt(trace, head).keys
                                 : trace.kvHeads.at(std::size_t(trace.kvHeadOf(head))).keys;
}

const Matrix& headValues(const Trace& trace, int head)
{
    if (!trace.session.hasWeights())
        return trace.keySource();
    return trace.kvHeads.empty() ? headAt(trace, head).values
                                 : trace.kvHeads.at(std::size_t(trace.kvHeadOf(head))).values;
}

void forEachRowBlock(const Trace& trace, int head, bool allScores,
                     const std::function<void(Eigen::Index, const RowBlockTensors&)>& visit)
{
    forEachRowBlock(trace, head, allScores, 0, trace.queryCount(), visit);
}

void forEachRowBlock(const Trace& trace, int head, bool allScores, Eigen::Index firstRow,
                     Eigen::Index lastRow,
                     const std::function<void(Eigen::Index, const RowBlockTensors&)>& visit)
{
    const HeadOptions options = headOptions(trace, head);
    const Matrix& queries = headQueries(trace, head);
    const Matrix& keys = headKeys(trace, head);
    const Eigen::Index T = queries.rows();
    firstRow = std::clamp<Eigen::Index>(firstRow, 0, T);
    lastRow = std::clamp<Eigen::Index>(lastRow, firstRow, T);
    // TorchOrder sums every cell alike whatever the block: the rows asked for, at once.
    const bool torch = trace.arithmetic == Arithmetic::TorchOrder;
    const Eigen::Index step =
        torch ? std::max<Eigen::Index>(1, lastRow - firstRow) : CausalBlockRows;
    // The fast path from firstRow to the next block boundary first, then the forward's blocks.
    RowBlockTensors block;
    for (Eigen::Index first = firstRow; first < lastRow;) {
        const Eigen::Index end = std::min(torch ? lastRow : (first / step + 1) * step, T);
        attendRowBlock(queries, keys, options, first, end - first, allScores, block);
        visit(first, block);
        first = end;
    }
}

std::shared_ptr<const Matrix> headTensor(const Trace& trace, int head, HeadTensor kind)
{
    if (auto held = trace.derived.find(head, int(kind)))
        return held;
    auto matrix = std::make_shared<Matrix>();
    if (!absent(trace, head, kind)) {
        const HeadOptions options = headOptions(trace, head);
        const Matrix& queries = headQueries(trace, head);
        const Matrix& keys = headKeys(trace, head);
        const Eigen::Index T = queries.rows(), step = blockRowsOf(trace);
        const Eigen::Index blocks = (T + step - 1) / step;
        matrix->resize(T, keys.rows());
        const bool allScores = kind == HeadTensor::Scores;
        // One thread: views derive their heads from background jobs running side by side (one
        // per page, besides the compute thread's parallel forward); a team of OpenMP threads
        // per job would oversubscribe the cores and starve the GUI thread.
        RowBlockTensors block;
        for (Eigen::Index b = 0; b < blocks; ++b) {
            const Eigen::Index first = b * step, rows = std::min(step, T - first);
            attendRowBlock(queries, keys, options, first, rows, allScores, block);
            matrix->middleRows(first, rows) = pick(block, kind);
        }
    }
    recordWhole(matrix->size());
    std::shared_ptr<const Matrix> result = std::move(matrix);
    trace.derived.store(head, int(kind), result);
    return result;
}

RowVector headTensorRow(const Trace& trace, int head, HeadTensor kind, Eigen::Index row)
{
    if (absent(trace, head, kind))
        return {};
    if (auto held = trace.derived.find(head, int(kind)))
        return held->row(row);
    const Eigen::Index T = trace.queryCount(), step = blockRowsOf(trace);
    const Eigen::Index first = trace.arithmetic == Arithmetic::TorchOrder ? row : row / step * step;
    const Eigen::Index rows =
        trace.arithmetic == Arithmetic::TorchOrder ? 1 : std::min(step, T - first);
    RowBlockTensors block;
    attendRowBlock(headQueries(trace, head), headKeys(trace, head), headOptions(trace, head), first,
                   rows, kind == HeadTensor::Scores, block);
    return pick(block, kind).row(row - first);
}

BlockReducer::Result headTensorReduced(const Trace& trace, int head, HeadTensor kind,
                                       Eigen::Index firstRow, Eigen::Index lastRow, int rowBlock,
                                       int columnBlock, bool fractions)
{
    firstRow = std::clamp<Eigen::Index>(firstRow, 0, trace.queryCount());
    lastRow = std::clamp<Eigen::Index>(lastRow, firstRow, trace.queryCount());
    if (absent(trace, head, kind))
        return {};
    BlockReducer reducer(firstRow, lastRow, trace.keyCount(), rowBlock, columnBlock, fractions);
    if (const auto held = trace.derived.find(head, int(kind))) {
        for (Eigen::Index r = firstRow; r < lastRow; ++r)
            reducer.addRow(r, held->row(r).data());
        return reducer.finish();
    }
    forEachRowBlock(trace, head, kind == HeadTensor::Scores, firstRow, lastRow,
                    [&](Eigen::Index first, const RowBlockTensors& block) {
                        const Matrix& rows = pick(block, kind);
                        for (Eigen::Index i = 0; i < rows.rows(); ++i)
                            reducer.addRow(first + i, rows.row(i).data());
                    });
    return reducer.finish();
}

Matrix headTensorDownsampled(const Trace& trace, int head, HeadTensor kind, int rowBlock,
                             int columnBlock)
{
    return headTensorReduced(trace, head, kind, 0, trace.queryCount(), rowBlock, columnBlock, false)
        .values;
}

} // namespace ae
