#include "ParameterLayout.h"

#include "TorchGenerator.h"
#include "TorchInit.h"

#include <span>

namespace ae {

const ParamTensor* ParameterLayout::find(const std::string& name) const
{
    for (const ParamTensor& t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

ParameterLayout parameterLayout(const TrainingConfig& config, int vocabSize)
{
    ParameterLayout l;
    l.vocab = vocabSize;
    l.d = config.embDim;
    l.ctx = config.contextLength;
    l.layers = config.nLayers;
    l.heads = config.nHeads;
    l.qkvBias = config.qkvBias;
    l.mlp = config.mlp;
    const auto d = std::int64_t(l.d);
    std::size_t next = 0;
    auto place = [&](std::int64_t n) {
        const std::size_t at = next;
        next += std::size_t(n);
        return at;
    };
    // Storage order first (qkv fused), then the names in registration order.
    l.tok = place(l.vocab * d);
    l.pos = place(l.ctx * d);
    for (int i = 0; i < l.layers; ++i) {
        BlockOffsets b;
        b.wqkv = place(3 * d * d);
        if (l.qkvBias)
            b.bqkv = place(3 * d);
        b.wo = place(d * d);
        b.bo = place(d);
        if (l.mlp) {
            b.fc = place(4 * d * d);
            b.fcb = place(4 * d);
            b.proj = place(4 * d * d);
            b.projb = place(d);
        }
        b.n1s = place(d);
        b.n1b = place(d);
        if (l.mlp) {
            b.n2s = place(d);
            b.n2b = place(d);
        }
        l.blocks.push_back(b);
    }
    l.lnfs = place(d);
    l.lnfb = place(d);
    l.out = place(l.vocab * d);
    l.total = next;

    auto add = [&](std::string name, std::vector<std::int64_t> shape, std::size_t offset) {
        std::size_t size = 1;
        for (const std::int64_t s : shape)
            size *= std::size_t(s);
        l.tensors.push_back({std::move(name), std::move(shape), offset, size});
    };
    add("tok_emb.weight", {l.vocab, d}, l.tok);
    add("pos_emb.weight", {l.ctx, d}, l.pos);
    for (int i = 0; i < l.layers; ++i) {
        const BlockOffsets& b = l.blocks[std::size_t(i)];
        const std::string p = "trf_blocks." + std::to_string(i) + '.';
        const char* qkv[] = {"att.W_query.", "att.W_key.", "att.W_value."};
        for (std::size_t k = 0; k < 3; ++k) {
            add(p + qkv[k] + "weight", {d, d}, b.wqkv + k * std::size_t(d * d));
            if (l.qkvBias)
                add(p + qkv[k] + "bias", {d}, b.bqkv + k * std::size_t(d));
        }
        add(p + "att.out_proj.weight", {d, d}, b.wo);
        add(p + "att.out_proj.bias", {d}, b.bo);
        if (l.mlp) {
            add(p + "ff.layers.0.weight", {4 * d, d}, b.fc);
            add(p + "ff.layers.0.bias", {4 * d}, b.fcb);
            add(p + "ff.layers.2.weight", {d, 4 * d}, b.proj);
            add(p + "ff.layers.2.bias", {d}, b.projb);
        }
        add(p + "norm1.scale", {d}, b.n1s);
        add(p + "norm1.shift", {d}, b.n1b);
        if (l.mlp) {
            add(p + "norm2.scale", {d}, b.n2s);
            add(p + "norm2.shift", {d}, b.n2b);
        }
    }
    add("final_norm.scale", {d}, l.lnfs);
    add("final_norm.shift", {d}, l.lnfb);
    add("out_head.weight", {l.vocab, d}, l.out);
    return l;
}

std::vector<float> initialParameters(const ParameterLayout& l, TorchGenerator& g)
{
    std::vector<float> p(l.total, 0.0f);
    auto span = [&](std::size_t offset, std::size_t n) {
        return std::span<float>(p.data() + offset, n);
    };
    auto linear = [&](std::size_t w, std::size_t b, int in, int out, bool bias) {
        const LinearParams drawn = drawLinear(g, in, out, bias);
        // drawn.weight is (in x out): back to torch's (out x in).
        for (int o = 0; o < out; ++o)
            for (int i = 0; i < in; ++i)
                p[w + std::size_t(o) * std::size_t(in) + std::size_t(i)] = drawn.weight(i, o);
        for (int o = 0; bias && o < out; ++o)
            p[b + std::size_t(o)] = drawn.bias(o);
    };
    const auto d = std::size_t(l.d);
    g.normal(span(l.tok, std::size_t(l.vocab) * d), 0.0f, 1.0f);
    g.normal(span(l.pos, std::size_t(l.ctx) * d), 0.0f, 1.0f);
    for (const BlockOffsets& b : l.blocks) {
        for (std::size_t k = 0; k < 3; ++k)
            linear(b.wqkv + k * d * d, b.bqkv + k * d, l.d, l.d, l.qkvBias);
        linear(b.wo, b.bo, l.d, l.d, true);
        if (l.mlp) {
            linear(b.fc, b.fcb, l.d, 4 * l.d, true);
            linear(b.proj, b.projb, 4 * l.d, l.d, true);
        }
        std::fill_n(p.data() + b.n1s, d, 1.0f);
        if (l.mlp)
            std::fill_n(p.data() + b.n2s, d, 1.0f);
    }
    std::fill_n(p.data() + l.lnfs, d, 1.0f);
    linear(l.out, 0, l.d, l.vocab, false);
    return p;
}

} // namespace ae
