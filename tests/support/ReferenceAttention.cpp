#include "ReferenceAttention.h"

#include "Trace.h"
#include "TraceDerived.h"

#include <cmath>
#include <limits>

namespace ae::test {

namespace {

Matrix matmul(const Matrix& a, const Matrix& b)
{
    Matrix c(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < b.cols(); ++j) {
            double sum = 0;
            for (Eigen::Index k = 0; k < a.cols(); ++k)
                sum += double(a(i, k)) * double(b(k, j));
            c(i, j) = float(sum);
        }
    return c;
}

Matrix linear(const Matrix& x, const Matrix& w, const RowVector& b)
{
    Matrix y = matmul(x, w);
    if (b.size() > 0)
        for (Eigen::Index i = 0; i < y.rows(); ++i)
            for (Eigen::Index j = 0; j < y.cols(); ++j)
                y(i, j) = float(double(y(i, j)) + double(b(j)));
    return y;
}

// Method 2: scores with hidden cells at -inf, then softmax.
Matrix softmaxMasked(const Matrix& scores, double divisor, bool causal)
{
    Matrix w(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        double maximum = -std::numeric_limits<double>::infinity();
        for (Eigen::Index j = 0; j < scores.cols(); ++j)
            if (!causal || j <= i)
                maximum = std::max(maximum, scores(i, j) / divisor);
        double sum = 0;
        for (Eigen::Index j = 0; j < scores.cols(); ++j)
            if (!causal || j <= i)
                sum += std::exp(scores(i, j) / divisor - maximum);
        for (Eigen::Index j = 0; j < scores.cols(); ++j)
            w(i, j) = (!causal || j <= i) ? float(std::exp(scores(i, j) / divisor - maximum) / sum)
                                          : 0.0f;
    }
    return w;
}

// Method 1: softmax over everything, zero the future, divide by the row sums.
Matrix softmaxRenormalized(const Matrix& scores, double divisor)
{
    Matrix w = softmaxMasked(scores, divisor, false);
    for (Eigen::Index i = 0; i < w.rows(); ++i) {
        double sum = 0;
        for (Eigen::Index j = 0; j <= std::min(i, w.cols() - 1); ++j)
            sum += w(i, j);
        for (Eigen::Index j = 0; j < w.cols(); ++j)
            w(i, j) = j <= i ? float(w(i, j) / sum) : 0.0f;
    }
    return w;
}

} // namespace

ReferenceForward referenceForward(const Trace& trace)
{
    const Session& s = trace.session;
    const Matrix& x = trace.inputs;
    const Matrix& src = trace.keySource();
    ReferenceForward out;
    const int heads = static_cast<int>(trace.heads.size());
    const bool weighted = s.variant != Variant::Simplified;
    Matrix concatenated;
    for (int h = 0; h < heads; ++h) {
        const HeadTrace& traced = trace.heads[static_cast<std::size_t>(h)];
        ReferenceHead head;
        const HeadProjection w = headProjection(trace, h);
        head.queries = weighted ? linear(x, w.wQuery, w.bQuery) : x;
        head.keys = weighted ? linear(src, w.wKey, w.bKey) : src;
        head.values = weighted ? linear(src, w.wValue, w.bValue) : src;
        head.scores = matmul(head.queries, head.keys.transpose());
        const double divisor = weighted ? std::sqrt(double(head.keys.cols())) : 1.0;
        const Matrix negInf = softmaxMasked(head.scores, divisor, s.causal);
        const Matrix renormalized = s.causal ? softmaxRenormalized(head.scores, divisor) : negInf;
        const bool renormalize = s.causal && s.maskMethod == MaskMethod::Renormalize;
        head.weights = renormalize ? renormalized : negInf;
        head.weightsOtherMethod = renormalize ? negInf : renormalized;
        head.dropped = head.weights;
        if (traced.dropoutMask.size() > 0)
            for (Eigen::Index i = 0; i < head.dropped.rows(); ++i)
                for (Eigen::Index j = 0; j < head.dropped.cols(); ++j)
                    head.dropped(i, j) =
                        float(head.weights(i, j) * traced.dropoutMask(i, j) / (1.0 - s.dropout));
        head.context = matmul(head.dropped, head.values);
        if (h == 0)
            concatenated = head.context;
        else {
            Matrix wider(concatenated.rows(), concatenated.cols() + head.context.cols());
            wider << concatenated, head.context;
            concatenated = wider;
        }
        out.heads.push_back(std::move(head));
    }
    out.contextVec =
        s.variant == Variant::MultiHead
            ? linear(concatenated, trace.params().outProjWeight, trace.params().outProjBias)
            : concatenated;
    return out;
}

} // namespace ae::test
