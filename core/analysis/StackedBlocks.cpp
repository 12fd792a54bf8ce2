#include "StackedBlocks.h"

#include "AttentionKernel.h"
#include "BlockOps.h"
#include "Parallel.h"
#include "Softmax.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

// Rows of logits made at once (x 50257 floats: 100 MB for GPT-2).
constexpr Eigen::Index LogitChunkRows = 512;

// One block's attention half on the stacked sequences: x += concat_h(attention of each
// sequence's head h) · W_proj + b.
void addAttention(const TransformerConfig& c, const TransformerLayerParams& p,
                  const RopeRotation& rotation, Eigen::Index T, Matrix& x)
{
    const Eigen::Index qd = c.attentionWidth();
    const int hd = c.headDim();
    const int group = std::max(1, c.nHead / c.kvHeads());
    const Eigen::Index kvd = Eigen::Index(c.kvHeads()) * hd;
    const Eigen::Index B = x.rows() / T;
    Matrix qkv = blockQkv(c, p, normRows(c, x, p.ln1Weight, p.ln1Bias),
                          BlockProducts::Stacked); // (B·T x (qd + 2·kvd))
    for (Eigen::Index b = 0; b < B; ++b)           // every sequence from position 0
        rotateQueriesKeys(c, rotation, 0, qkv.middleRows(b * T, T));
    Matrix z(x.rows(), qd); // concatenated heads before the projection
    HeadOptions options;
    options.arithmetic = Arithmetic::Fast;
    options.causal = true;
    options.window = c.window;
    options.scoreDivisor = static_cast<float>(std::sqrt(static_cast<double>(hd)));
    const int tasks = int(B) * c.nHead;
    forEachIndex(tasks, tasks > 1 && T * T >= 1024, [&](int task) {
        const Eigen::Index row = Eigen::Index(task / c.nHead) * T;
        const int h = task % c.nHead, g = h / group;
        const Matrix queries = qkv.block(row, Eigen::Index(h) * hd, T, hd);
        const Matrix keys = qkv.block(row, qd + Eigen::Index(g) * hd, T, hd);
        const Matrix values = qkv.block(row, qd + kvd + Eigen::Index(g) * hd, T, hd);
        HeadTrace head;
        head.contextVec.resize(T, hd);
        attendHead(queries, keys, values, options, head);
        z.block(row, Eigen::Index(h) * hd, T, hd) = head.contextVec;
    });
    x += conv1d(z, p.attnProjWeight, p.attnProjBias, BlockProducts::Stacked);
}

} // namespace

bool runStackedBlocks(const TransformerModel& model, int firstLayer, Eigen::Index T, Matrix& x,
                      const std::function<bool()>& keepGoing, int endLayer)
{
    const TransformerConfig& c = model.config();
    const RopeRotation rotation = modelRotation(c, T);
    const int end = endLayer < 0 ? c.nLayer : std::min(endLayer, c.nLayer);
    for (int l = firstLayer; l < end; ++l) {
        if (keepGoing && !keepGoing())
            return false;
        const auto converted = model.layer(l);
        const TransformerLayerParams& p = *converted;
        addAttention(c, p, rotation, T, x);
        addFeedForward(c, p, x, BlockProducts::Stacked);
    }
    return true;
}

std::vector<SequencePrediction> predictSequences(const TransformerModel& model, const Matrix& x,
                                                 Eigen::Index T,
                                                 const std::vector<std::int64_t>& ids,
                                                 Matrix& logitRows)
{
    const Eigen::Index B = x.rows() / T;
    const Eigen::Index V = model.params().outHead.rows;
    const Eigen::Index chunk = std::min(LogitChunkRows, x.rows());
    if (logitRows.rows() < chunk || logitRows.cols() != V)
        logitRows.resize(chunk, V);
    std::vector<SequencePrediction> out(static_cast<std::size_t>(B));
    std::vector<double> rowLoss(std::size_t(x.rows()), 0.0);
    for (Eigen::Index first = 0; first < x.rows(); first += LogitChunkRows) {
        const Eigen::Index rows = std::min(LogitChunkRows, x.rows() - first);
        auto logits = logitRows.topRows(rows); // (rows x V)
        finalLogits(model, x.middleRows(first, rows), BlockProducts::Stacked, logits);
        ParallelFailure failure;
#pragma omp parallel if (rows > 1)
        {
            Eigen::ArrayXf e; // a row's exponentials, one buffer per thread
#pragma omp for schedule(dynamic, 8)
            for (Eigen::Index r = 0; r < rows; ++r)
                failure.run([&] {
                    const Eigen::Index global = first + r, t = global % T;
                    const auto row = logits.row(r);
                    if (t + 1 < T) { // -log softmax(row)[next id]
                        const float max = row.maxCoeff();
                        // exp in float (the fast softmax's: AVX-512 wherever the CPU has
                        // it), summed in double.
                        e = row.array().transpose() - max;
                        packetExp(e.data(), V);
                        const double sum = e.cast<double>().sum();
                        rowLoss[std::size_t(global)] =
                            std::log(sum) + double(max) - double(row[ids[std::size_t(t + 1)]]);
                    } else {
                        out[std::size_t(global / T)].lastLogits = row;
                    }
                });
        }
        failure.rethrow();
    }
    for (Eigen::Index b = 0; b < B; ++b) {
        double sum = 0;
        for (Eigen::Index t = 0; t + 1 < T; ++t)
            sum += rowLoss[std::size_t(b * T + t)];
        out[std::size_t(b)].loss = T > 1 ? sum / double(T - 1) : 0.0;
    }
    return out;
}

} // namespace ae
