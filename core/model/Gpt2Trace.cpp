#include "Gpt2Trace.h"

#include "Gpt2Model.h"

namespace ae {

int Gpt2Trace::headCount() const
{
    return model ? model->config().nHead : 0;
}

int Gpt2Trace::headDim() const
{
    return model ? model->config().headDim() : 0;
}

Matrix Gpt2Trace::headQueries(int layer, int head) const
{
    return layers[std::size_t(layer)].queries.middleCols(head * headDim(), headDim());
}

Matrix Gpt2Trace::headKeys(int layer, int head) const
{
    return layers[std::size_t(layer)].keys.middleCols(head * headDim(), headDim());
}

Matrix Gpt2Trace::headValues(int layer, int head) const
{
    return layers[std::size_t(layer)].values.middleCols(head * headDim(), headDim());
}

} // namespace ae
