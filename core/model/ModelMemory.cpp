#include "ModelMemory.h"

#include "AttentionKernel.h"
#include "Limits.h"
#include "ModelMessages.h"
#include "SessionValidator.h"
#include "TransformerModel.h"

#include <algorithm>
#include <set>
#include <thread>

namespace ae {

namespace {

// The float32 bytes every parameter tensor spans (a tied output head counted once).
double parameterBytes(const TransformerParams& p)
{
    std::set<const float*> seen;
    double bytes = 0;
    const auto add = [&](const TensorRef& t) {
        if (t.data && seen.insert(t.data).second) // float32 only: mappedBytes() counts halves
            bytes += 4.0 * double(t.rows) * double(t.cols);
    };
    add(p.wte);
    add(p.wpe);
    for (const TransformerLayerParams& l : p.layers)
        for (const TensorRef* t :
             {&l.ln1Weight, &l.ln1Bias, &l.attnWeight, &l.attnBias, &l.queryWeight, &l.keyWeight,
              &l.valueWeight, &l.qNormWeight, &l.kNormWeight, &l.attnProjWeight, &l.attnProjBias,
              &l.ln2Weight, &l.ln2Bias, &l.fcGateWeight, &l.fcWeight, &l.fcBias, &l.fcProjWeight,
              &l.fcProjBias})
            add(*t);
    add(p.lnfWeight);
    add(p.lnfBias);
    add(p.outHead);
    return bytes;
}

// The file's bytes read in place: float32 tensors as parameterBytes counts them (less what the
// model converted into memory of its own), half-precision embeddings and blocks as stored.
double mappedBytes(const TransformerModel& model)
{
    const TransformerParams& p = model.params();
    double half = model.storedLayerBytes();
    if (p.wte.half)
        half += 2.0 * double(p.wte.rows) * double(p.wte.cols);
    if (p.outHead.half && p.outHead.half != p.wte.half)
        half += 2.0 * double(p.outHead.rows) * double(p.outHead.cols);
    return std::max(0.0, parameterBytes(p) - double(model.ownedBytes())) + half;
}

} // namespace

double parameterCount(const TransformerConfig& c)
{
    const double d = c.nEmbd, q = c.attentionWidth(), kv = double(c.kvHeads()) * c.headDim();
    const double f = c.feedForwardWidth();
    const double attention = 2 * d + d * (q + 2 * kv) + (q + 2 * kv) + q * d + d;
    const double gate = c.feedForward == FeedForwardKind::SwiGlu ? d * f : 0.0;
    const double feedForward = c.mlp ? 2 * d + d * f + f + f * d + d + gate : 0.0;
    const double positions = c.rope.on ? 0.0 : double(c.nCtx) * d;
    const double embeddings = double(c.vocabSize) * d * (c.tiedHead ? 1 : 2) + positions;
    return embeddings + double(c.nLayer) * (attention + feedForward) + 2 * d;
}

QString checkConversionBytes(const QString& path, double bytes)
{
    const double limit = double(limits::MaxProcessBytes - limits::BaseProcessBytes);
    if (bytes <= limit)
        return {};
    const auto [need, most] = memoryTexts(bytes, limit);
    return ModelMemory::tr("%1: converting its weights to float32 in memory would take %2; the "
                           "limit is %3")
        .arg(path, need, most);
}

ModelRunBytes estimateModelRunBytes(const TransformerModel& model, std::int64_t tokens,
                                    std::size_t textBytes, int traces)
{
    const TransformerConfig& c = model.config();
    const double t = double(tokens), d = c.nEmbd, layers = c.nLayer;
    const double f = c.mlp ? double(c.feedForwardWidth()) : 0.0;
    const double cores = std::max(1u, std::thread::hardware_concurrency());
    // Rotary models keep the rotated queries and keys beside the projected ones.
    const double rotated =
        c.rope.on ? double(c.attentionWidth()) + double(c.kvHeads()) * c.headDim() : 0.0;
    const double trace = layers * t * (7.0 * d + rotated) + t * d;
    const double temporaries = 4.0 * t * d + t * (2.0 * d + f) + t * d +
                               cores * 3.0 * double(CausalBlockRows) * t + 5.0 * c.vocabSize;
    const double layerParams = 4.0 * d * d + 4.0 * d;
    ModelRunBytes bytes;
    bytes.process = 4.0 * (double(std::max(traces, 1)) * trace + temporaries + layerParams) +
                    estimateViewBytes(c.nHead, tokens, tokens, textBytes) +
                    double(model.ownedBytes()) + model.convertedLayerBytes();
    bytes.mapped = mappedBytes(model);
    return bytes;
}

} // namespace ae
