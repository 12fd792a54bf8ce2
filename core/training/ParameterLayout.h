#pragma once

#include "TrainingConfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ae {

class TorchGenerator;

// Where each parameter of the book's GPTModel lives in one flat float32 buffer (parameters,
// gradients and AdamW's moments all share this layout). Shapes are torch's: nn.Linear's
// weight (out, in), so y = x · Wᵀ. A block's W_query, W_key, W_value weights are adjacent
// (one (3d x d) matrix, queries | keys | values by rows) and so are their biases, so the
// three projections are one product.
struct ParamTensor
{
    std::string name; // the book's state_dict name
    std::vector<std::int64_t> shape;
    std::size_t offset = 0, size = 0;
};

struct BlockOffsets
{
    std::size_t wqkv = 0, bqkv = 0;  // (3d x d), (3d); bqkv only with qkv_bias
    std::size_t wo = 0, bo = 0;      // out_proj (d x d), (d)
    std::size_t fc = 0, fcb = 0;     // ff.layers.0 (4d x d), (4d); only with mlp
    std::size_t proj = 0, projb = 0; // ff.layers.2 (d x 4d), (d)
    std::size_t n1s = 0, n1b = 0;    // norm1 scale, shift (d)
    std::size_t n2s = 0, n2b = 0;    // norm2 (d); only with mlp
};

struct ParameterLayout
{
    int vocab = 0, d = 0, ctx = 0, layers = 0, heads = 0;
    bool qkvBias = false, mlp = true;
    std::size_t tok = 0, pos = 0, lnfs = 0, lnfb = 0, out = 0;
    std::vector<BlockOffsets> blocks;
    std::vector<ParamTensor> tensors; // registration order (model.named_parameters())
    std::size_t total = 0;

    const ParamTensor* find(const std::string& name) const;
};

ParameterLayout parameterLayout(const TrainingConfig& config, int vocabSize);

// torch.manual_seed(init_seed) then the book's constructor: in construction order,
// nn.Embedding's normal_(0, 1), nn.Linear's kaiming-uniform weight then its bias; LayerNorm
// scales 1, shifts 0. `generator` is left where the constructor leaves torch's default
// generator (dropout continues from there).
std::vector<float> initialParameters(const ParameterLayout& layout, TorchGenerator& generator);

} // namespace ae
