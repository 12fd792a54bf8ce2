#pragma once

// A random model in the canonical layout (GPT-2's), built in memory for tests that need a
// model of a given shape rather than a checkpoint: normal weights around 0 (LayerNorm gains
// around 1), the output head tied to wte. Header-only: only tests that link ae_model use it.
#include "TransformerModel.h"

#include <memory>
#include <random>
#include <vector>

namespace ae::test {

struct RandomModelShape
{
    int layers = 2;
    int heads = 4;
    int kvHeads = 4; // key/value heads: fewer than heads groups them
    int embd = 128;
    int context = 512;
    int vocab = 300;
    int window = 0; // sliding window of this many keys (Mistral's); 0: none
    unsigned seed = 11;
};

inline std::shared_ptr<const TransformerModel> randomModel(const RandomModelShape& shape)
{
    TransformerConfig c;
    c.family = "gpt2";
    c.nLayer = shape.layers;
    c.nHead = shape.heads;
    c.nKvHead = shape.kvHeads;
    c.nEmbd = shape.embd;
    c.nCtx = shape.context;
    c.vocabSize = shape.vocab;
    c.window = shape.window;
    const Eigen::Index d = c.nEmbd;
    const Eigen::Index kvd = Eigen::Index(c.nKvHead) * c.headDim();
    auto model = std::make_shared<TransformerModel>("random", c);
    std::mt19937 random(shape.seed);
    const auto tensor = [&](Eigen::Index rows, Eigen::Index cols, float scale, float mean = 0) {
        std::normal_distribution<float> normal(mean, scale);
        std::vector<float> values(std::size_t(rows * cols));
        for (float& v : values)
            v = normal(random);
        return TensorRef{model->own(std::move(values)), rows, cols};
    };
    TransformerParams& p = model->mutableParams();
    p.wte = tensor(c.vocabSize, d, 0.5f);
    p.wpe = tensor(c.nCtx, d, 0.1f);
    for (int l = 0; l < c.nLayer; ++l) {
        TransformerLayerParams layer;
        layer.ln1Weight = tensor(1, d, 0.1f, 1.0f);
        layer.ln1Bias = tensor(1, d, 0.1f);
        layer.attnWeight = tensor(d, d + 2 * kvd, 0.2f);
        layer.attnBias = tensor(1, d + 2 * kvd, 0.1f);
        layer.attnProjWeight = tensor(d, d, 0.1f);
        layer.attnProjBias = tensor(1, d, 0.1f);
        layer.ln2Weight = tensor(1, d, 0.1f, 1.0f);
        layer.ln2Bias = tensor(1, d, 0.1f);
        layer.fcWeight = tensor(d, 4 * d, 0.1f);
        layer.fcBias = tensor(1, 4 * d, 0.1f);
        layer.fcProjWeight = tensor(4 * d, d, 0.1f);
        layer.fcProjBias = tensor(1, d, 0.1f);
        p.layers.push_back(layer);
    }
    p.lnfWeight = tensor(1, d, 0.1f, 1.0f);
    p.lnfBias = tensor(1, d, 0.1f);
    p.outHead = p.wte;
    return model;
}

} // namespace ae::test
