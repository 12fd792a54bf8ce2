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

// Vocabulary entries of one slice of logits: every stacked row's logits for 512 entries at a
// time (1,536 x 512 floats, 3 MB per thread, within the L3 cache), each slice one tile of the
// fast product on one thread, its rows' exponentials summed while in cache. GPT-2's 1,536 x
// 768 x 50,257 product on two threads, three runs: 256 columns 975-1,059 ms, 512 981-990,
// 1,024 1,048-1,071, 2,048 1,264-1,277 (docs/performance.md).
constexpr Eigen::Index LogitSliceColumns = 512;

// Σ x[i] in double: eight lanes (the cells i mod 8) summed side by side, then the lanes in their
// order. A fixed order, which the compiler vectorises; Eigen's cast<double>().sum() ran as one
// chain of dependent scalar adds, the most of the logits' row statistics (perf).
double sumInDouble(const float* x, Eigen::Index n)
{
    constexpr int Lanes = 8;
    double lanes[Lanes] = {};
    Eigen::Index i = 0;
    for (; i + Lanes <= n; i += Lanes)
        for (int j = 0; j < Lanes; ++j)
            lanes[j] += double(x[i + j]);
    for (int j = 0; i < n; ++i, ++j)
        lanes[j] += double(x[i]);
    double sum = 0;
    for (const double lane : lanes)
        sum += lane;
    return sum;
}

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
    addConv1d(z, p.attnProjWeight, p.attnProjBias, BlockProducts::Stacked, x);
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
                                                 Matrix& slices)
{
    const Eigen::Index R = x.rows(), B = R / T;
    const TransformerParams& p = model.params();
    const Eigen::Index V = p.outHead.rows;
    const Eigen::Index S = std::min(LogitSliceColumns, V);
    const Eigen::Index sliceCount = (V + S - 1) / S;
    const Matrix normed = normRows(model.config(), x, p.lnfWeight, p.lnfBias); // (R x d)
    const int threads = threadCount();
    if (slices.rows() < threads * R || slices.cols() != S)
        slices.resize(threads * R, S);
    // Per row and slice: the slice's largest logit and the sum of exp(logit - it), in double.
    Eigen::MatrixXf sliceMax(R, sliceCount);
    Eigen::MatrixXd sliceSum(R, sliceCount);
    std::vector<float> target(std::size_t(R), 0.0f);
    std::vector<SequencePrediction> out(static_cast<std::size_t>(B));
    for (SequencePrediction& prediction : out)
        prediction.lastLogits.resize(V);
    ParallelFailure failure;
#pragma omp parallel if (sliceCount > 1)
    {
        Matrix widened; // a half-precision head's rows, one buffer per thread
        auto logits = slices.middleRows(Eigen::Index(threadIndex()) * R, R);
#pragma omp for schedule(dynamic)
        for (Eigen::Index s = 0; s < sliceCount; ++s)
            failure.run([&] {
                const Eigen::Index first = s * S, n = std::min(S, V - first);
                auto block = logits.leftCols(n); // (R x n)
                headSliceLogits(model, normed, first, block, widened);
                for (Eigen::Index r = 0; r < R; ++r) {
                    const Eigen::Index t = r % T;
                    float* row = block.row(r).data();
                    if (t + 1 == T) {
                        out[std::size_t(r / T)].lastLogits.segment(first, n) = block.row(r);
                        continue;
                    }
                    const Eigen::Index next = ids[std::size_t(t + 1)] - first;
                    if (next >= 0 && next < n)
                        target[std::size_t(r)] = row[next];
                    // exp in float (the fast softmax's: AVX-512 wherever the CPU has it),
                    // summed in double.
                    Eigen::Map<Eigen::ArrayXf> e(row, n);
                    const float max = e.maxCoeff();
                    e -= max;
                    packetExp(row, n);
                    sliceMax(r, s) = max;
                    sliceSum(r, s) = sumInDouble(row, n);
                }
            });
    }
    failure.rethrow();
    // -log softmax(row)[next id] from the slices in their order (the same bits whatever the
    // thread count): log Σ_s sum_s · exp(max_s - max) + max - logit[next id].
    for (Eigen::Index b = 0; b < B; ++b) {
        double loss = 0;
        for (Eigen::Index t = 0; t + 1 < T; ++t) {
            const Eigen::Index r = b * T + t;
            const double max = sliceMax.row(r).maxCoeff();
            double sum = 0;
            for (Eigen::Index s = 0; s < sliceCount; ++s)
                sum += sliceSum(r, s) * std::exp(double(sliceMax(r, s)) - max);
            loss += std::log(sum) + max - double(target[std::size_t(r)]);
        }
        out[std::size_t(b)].loss = T > 1 ? loss / double(T - 1) : 0.0;
    }
    return out;
}

} // namespace ae
