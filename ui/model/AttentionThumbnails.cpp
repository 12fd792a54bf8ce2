#include "AttentionThumbnails.h"

#include "ModelTrace.h"

#include <algorithm>

namespace ae {

Matrix maxPooled(const Matrix& weights, int side)
{
    const Eigen::Index T = weights.rows();
    const Eigen::Index n = std::min<Eigen::Index>(T, side);
    Matrix pooled = Matrix::Zero(n, n);
    if (n == 0)
        return pooled;
    // Row i of the weights falls into block i·n / T: every block gets at least one row.
    for (Eigen::Index i = 0; i < T; ++i) {
        const Eigen::Index bi = i * n / T;
        for (Eigen::Index j = 0; j <= std::min(i, weights.cols() - 1); ++j) {
            const Eigen::Index bj = j * n / T;
            pooled(bi, bj) = std::max(pooled(bi, bj), weights(i, j));
        }
    }
    return pooled;
}

std::vector<Matrix> attentionThumbnails(const ModelTrace& trace, int side,
                                        const std::function<bool()>& stale)
{
    std::vector<Matrix> thumbnails;
    const int heads = trace.headCount();
    thumbnails.reserve(trace.layers.size() * std::size_t(std::max(heads, 0)));
    for (int l = 0; l < int(trace.layers.size()); ++l)
        for (int h = 0; h < heads; ++h) {
            if (stale && stale())
                return {};
            Matrix thumbnail = maxPooled(*layerAttnWeights(trace, l, h), side);
            for (Eigen::Index i = 0; i < thumbnail.rows(); ++i) {
                const float max = thumbnail.row(i).maxCoeff();
                if (max > 0)
                    thumbnail.row(i) /= max;
            }
            thumbnails.push_back(std::move(thumbnail));
        }
    return thumbnails;
}

} // namespace ae
