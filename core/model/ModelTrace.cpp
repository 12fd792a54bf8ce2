#include "ModelTrace.h"

#include "HeadTensors.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ae {

int ModelTrace::headCount() const
{
    if (model)
        return model->config().nHead;
    return layers.empty() ? 0 : int(layers.front()->heads.size());
}

int ModelTrace::headDim() const
{
    if (model)
        return model->config().headDim();
    return layers.empty() || layers.front()->heads.empty()
               ? 0
               : int(layers.front()->heads.front().queries.cols());
}

std::vector<NextToken> ModelTrace::nextTokensAt(float temperature, int count) const
{
    if (lastLogits.size() == 0)
        return {};
    const RowVector scaled = lastLogits / temperature;
    const float max = scaled.maxCoeff();
    const double sum = (scaled.array() - max).exp().cast<double>().sum();
    std::vector<std::int64_t> order(static_cast<std::size_t>(scaled.size()));
    std::iota(order.begin(), order.end(), 0);
    const auto n = std::min<std::size_t>(std::size_t(std::max(count, 0)), order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                      [&](std::int64_t a, std::int64_t b) {
                          return scaled[a] > scaled[b] || (scaled[a] == scaled[b] && a < b);
                      });
    std::vector<NextToken> top;
    for (std::size_t i = 0; i < n; ++i)
        top.push_back(
            {order[i], static_cast<float>(std::exp(double(scaled[order[i]] - max)) / sum)});
    return top;
}

const Matrix& ModelTrace::headQueries(int layer, int head) const
{
    return layers[std::size_t(layer)]->heads[std::size_t(head)].queries;
}

const Matrix& ModelTrace::headKeys(int layer, int head) const
{
    return layers[std::size_t(layer)]->heads[std::size_t(head)].keys;
}

const Matrix& ModelTrace::headValues(int layer, int head) const
{
    return layers[std::size_t(layer)]->heads[std::size_t(head)].values;
}

std::shared_ptr<const Matrix> layerAttnWeights(const ModelTrace& trace, int layer, int head)
{
    return headTensor(*trace.layers[std::size_t(layer)], head, HeadTensor::Weights);
}

RowVector layerAttnRow(const ModelTrace& trace, int layer, int head, Eigen::Index query)
{
    return headTensorRow(*trace.layers[std::size_t(layer)], head, HeadTensor::Weights, query);
}

} // namespace ae
