#include "AttentionThumbnails.h"

#include "AttentionKernel.h"
#include "GuiFirst.h"
#include "HeadTensors.h"
#include "ModelTrace.h"
#include "Trace.h"
#include "ViewExtent.h"
#include "ViewJobs.h"

#include <QtConcurrent>

#include <algorithm>
#include <atomic>
#include <numeric>

namespace ae {

namespace {

// The cell rows of `previous` that `trace` can keep: those made only of rows before the first
// token that differs (0 when the model or the cell size differ).
Eigen::Index keptCellRows(const ModelTrace& trace, Eigen::Index rowsPerCell,
                          const Thumbnails* previous)
{
    if (!previous || previous->heads.empty() || previous->rowsPerCell != rowsPerCell ||
        previous->model.lock() != trace.model ||
        previous->heads.size() != trace.layers.size() * std::size_t(trace.headCount()))
        return 0;
    return commonPrefixLength(previous->tokenIds, trace.tokenIds) / rowsPerCell;
}

// Each thumbnail row divided by its own maximum (rows from `first` on).
void scaleRows(Matrix& thumbnail, Eigen::Index first)
{
    for (Eigen::Index i = first; i < thumbnail.rows(); ++i) {
        const float max = thumbnail.row(i).maxCoeff();
        if (max > 0)
            thumbnail.row(i) /= max;
    }
}

} // namespace

std::optional<WeightsReduction> thumbnailWeightsReduction(Eigen::Index T, Eigen::Index)
{
    const int b = reducedViewBlock(T, ThumbnailSide);
    return WeightsReduction{b, b};
}

Thumbnails attentionThumbnails(const ModelTrace& trace, int side,
                               const std::function<bool()>& stale, const Thumbnails* previous)
{
    Thumbnails result;
    result.model = trace.model;
    result.tokenIds = trace.tokenIds;
    const Eigen::Index T = trace.tokenCount();
    const Eigen::Index b = result.rowsPerCell = reducedViewBlock(T, side);
    const Eigen::Index n = (T + b - 1) / b;
    const int heads = trace.headCount();
    result.heads.resize(trace.layers.size() * std::size_t(std::max(heads, 0)));
    if (trace.overviewBlock == b && trace.overview.size() == result.heads.size()) {
        // Reduced by the forward already: the same largest weights, to be scaled only.
        for (std::size_t i = 0; i < result.heads.size(); ++i) {
            result.heads[i] = trace.overview[i].values;
            scaleRows(result.heads[i], 0);
        }
        return result;
    }
    const Eigen::Index kept = result.keptCellRows = keptCellRows(trace, b, previous);
    std::vector<std::size_t> order(result.heads.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::atomic<bool> abandoned{false};
    const auto thumbnailOf = [&](std::size_t index) {
        runBehindTheGui();
        if (abandoned || (stale && stale())) {
            abandoned = true;
            return;
        }
        const int l = int(index) / heads, h = int(index) % heads;
        Matrix thumbnail = Matrix::Zero(n, n);
        // A causal row of cells i has weights in the cells 0 … i only.
        if (kept > 0)
            thumbnail.topLeftCorner(kept, kept) = previous->heads[index].topLeftCorner(kept, kept);
        forEachRowBlock(
            *trace.layers[std::size_t(l)], h, false, kept * b, T,
            [&](Eigen::Index first, const RowBlockTensors& block) {
                const Matrix& w = block.weights;
                for (Eigen::Index r = std::max(first, kept * b) - first; r < w.rows(); ++r) {
                    const Eigen::Index i = first + r;
                    auto cells = thumbnail.row(i / b);
                    const Eigen::Index visible = std::min(i + 1, w.cols());
                    for (Eigen::Index c = 0; c * b < visible; ++c)
                        cells[c] = std::max(
                            cells[c],
                            w.row(r).segment(c * b, std::min(b, visible - c * b)).maxCoeff());
                }
            });
        scaleRows(thumbnail, kept);
        result.heads[index] = std::move(thumbnail);
    };
    // The heads side by side on the helper threads (a view job waiting for helpers of another
    // pool, ViewJobs.h): one block of rows per head when typing, every row of 270 heads else.
    QtConcurrent::blockingMap(viewJobHelpers(), order, thumbnailOf);
    if (abandoned)
        return {};
    return result;
}

} // namespace ae
