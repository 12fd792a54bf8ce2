#include "AttentionParams.h"

#include "HeadShape.h"
#include "TorchInit.h"

namespace ae {

namespace {

LinearParams drawProjection(TorchGenerator& gen, const Session& s, int out)
{
    if (s.init == InitScheme::Linear)
        return drawLinear(gen, s.dIn, out, s.qkvBias);
    return {drawRand(gen, s.dIn, out), {}};
}

void place(Matrix& whole, RowVector& wholeBias, const LinearParams& part, int column)
{
    whole.middleCols(column, part.weight.cols()) = part.weight;
    if (part.bias.size() > 0)
        wholeBias.segment(column, part.bias.size()) = part.bias;
}

} // namespace

AttentionParams initAttentionParams(const Session& s)
{
    AttentionParams p;
    TorchGenerator gen(s.weightSeed, s.cpuCapability);
    if (!s.hasWeights()) {
        p.streamAfter = gen;
        return p;
    }

    const HeadShape shape = headShape(s);
    p.numHeads = shape.heads;
    const bool multi = s.variant == Variant::MultiHead;
    p.headDimKq = shape.dimKq;
    p.headDimV = shape.dimV;
    p.numKvHeads = s.kvHeads();
    const int widthKq = p.headDimKq * p.numHeads;
    const int widthV = p.headDimV * p.numHeads;
    const int widthKeys = p.headDimKq * p.numKvHeads;
    const int widthValues = p.headDimV * p.numKvHeads;
    p.wQuery.resize(s.dIn, widthKq);
    p.wKey.resize(s.dIn, widthKeys);
    p.wValue.resize(s.dIn, widthValues);
    if (s.qkvBias) {
        p.bQuery.resize(widthKq);
        p.bKey.resize(widthKeys);
        p.bValue.resize(widthValues);
    }

    // Wrapper: each head's module is built in turn (its query, key, value); self-attention
    // is the one-head case; the efficient class draws each full projection once.
    const int modules = multi ? 1 : p.numHeads;
    const int moduleKq = multi ? widthKq : p.headDimKq;
    const int moduleKeys = multi ? widthKeys : p.headDimKq;
    const int moduleValues = multi ? widthValues : p.headDimV;
    for (int m = 0; m < modules; ++m) {
        place(p.wQuery, p.bQuery, drawProjection(gen, s, moduleKq), m * moduleKq);
        place(p.wKey, p.bKey, drawProjection(gen, s, moduleKeys), m * moduleKeys);
        place(p.wValue, p.bValue, drawProjection(gen, s, moduleValues), m * moduleValues);
    }
    p.wQkv.resize(s.dIn, widthKq + widthKeys + widthValues);
    p.wQkv << p.wQuery, p.wKey, p.wValue;
    if (s.qkvBias) {
        p.bQkv.resize(p.wQkv.cols());
        p.bQkv << p.bQuery, p.bKey, p.bValue;
    }
    if (multi) {
        LinearParams outProj = drawLinear(gen, widthV, widthV, true);
        p.outProjWeight = std::move(outProj.weight);
        p.outProjBias = std::move(outProj.bias);
    }
    p.streamAfter = gen;
    return p;
}

} // namespace ae
