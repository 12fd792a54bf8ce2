#include "ModelTrace.h"

#include "BlockOps.h"
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
    return topNextTokens(lastLogits, count, temperature);
}

int ModelTrace::kvHeadCount() const
{
    return model ? (model->config().nKvHead > 0 ? model->config().nKvHead : model->config().nHead)
                 : 0;
}

const Matrix& ModelTrace::headQueries(int layer, int head) const
{
    return ae::headQueries(*layers[std::size_t(layer)], head);
}

const Matrix& ModelTrace::headKeys(int layer, int head) const
{
    return ae::headKeys(*layers[std::size_t(layer)], head);
}

const Matrix& ModelTrace::headValues(int layer, int head) const
{
    return ae::headValues(*layers[std::size_t(layer)], head);
}

Eigen::Index commonPrefixLength(const std::vector<std::int64_t>& a,
                                const std::vector<std::int64_t>& b)
{
    const auto end = a.begin() + std::ptrdiff_t(std::min(a.size(), b.size()));
    return Eigen::Index(std::mismatch(a.begin(), end, b.begin()).first - a.begin());
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
