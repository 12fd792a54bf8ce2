#include "HeadTensors.h"

#include "Trace.h"

#include <algorithm>
#include <cmath>

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

// The larger magnitude; the larger value on a tie; the first non-finite value wins.
float stronger(float best, float v)
{
    if (!std::isfinite(best))
        return best;
    if (!std::isfinite(v))
        return v;
    const float a = std::abs(v), b = std::abs(best);
    return a > b || (a == b && v > best) ? v : best;
}

} // namespace

HeadOptions headOptions(const Trace& trace, int head)
{
    const Session& s = trace.session;
    HeadOptions options;
    options.arithmetic = trace.arithmetic;
    options.causal = s.causal;
    options.maskMethod = s.maskMethod;
    options.scoreDivisor = trace.scoreDivisor;
    const Matrix& keep = headAt(trace, head).dropoutMask;
    options.keepMask = keep.size() > 0 ? &keep : nullptr;
    options.dropoutScale = 1.0f / static_cast<float>(1.0 - s.dropout);
    return options;
}

const Matrix& headQueries(const Trace& trace, int head)
{
    return trace.session.hasWeights() ? headAt(trace, head).queries : trace.inputs;
}

const Matrix& headKeys(const Trace& trace, int head)
{
    return trace.session.hasWeights() ? headAt(trace, head).keys : trace.keySource();
}

const Matrix& headValues(const Trace& trace, int head)
{
    return trace.session.hasWeights() ? headAt(trace, head).values : trace.keySource();
}

void forEachRowBlock(const Trace& trace, int head, bool allScores,
                     const std::function<void(Eigen::Index, const RowBlockTensors&)>& visit)
{
    const HeadOptions options = headOptions(trace, head);
    const Matrix& queries = headQueries(trace, head);
    const Matrix& keys = headKeys(trace, head);
    const Eigen::Index T = queries.rows(), step = blockRowsOf(trace);
    RowBlockTensors block;
    for (Eigen::Index first = 0; first < T; first += step) {
        attendRowBlock(queries, keys, options, first, std::min(step, T - first), allScores, block);
        visit(first, block);
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

Matrix headTensorDownsampled(const Trace& trace, int head, HeadTensor kind, int rowBlock,
                             int columnBlock)
{
    if (absent(trace, head, kind))
        return {};
    rowBlock = std::max(rowBlock, 1);
    columnBlock = std::max(columnBlock, 1);
    const Eigen::Index T = trace.queryCount(), S = trace.keyCount();
    Matrix out((T + rowBlock - 1) / rowBlock, (S + columnBlock - 1) / columnBlock);
    std::vector<bool> started(std::size_t(out.rows()), false);
    const auto reduce = [&](Eigen::Index first, const Matrix& rows) {
        for (Eigen::Index i = 0; i < rows.rows(); ++i) {
            const Eigen::Index target = (first + i) / rowBlock;
            float* dst = out.row(target).data();
            const float* src = rows.row(i).data();
            const bool fresh = !started[std::size_t(target)];
            for (Eigen::Index b = 0; b < out.cols(); ++b) {
                const Eigen::Index from = b * columnBlock, to = std::min(S, from + columnBlock);
                float best = fresh ? src[from] : stronger(dst[b], src[from]);
                for (Eigen::Index c = from + 1; c < to; ++c)
                    best = stronger(best, src[c]);
                dst[b] = best;
            }
            started[std::size_t(target)] = true;
        }
    };
    if (const auto held = trace.derived.find(head, int(kind))) {
        reduce(0, *held);
        return out;
    }
    forEachRowBlock(trace, head, kind == HeadTensor::Scores,
                    [&](Eigen::Index first, const RowBlockTensors& block) {
                        reduce(first, pick(block, kind));
                    });
    return out;
}

} // namespace ae
