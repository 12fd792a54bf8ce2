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
        if (!t.empty() && seen.insert(t.data).second)
            bytes += 4.0 * double(t.rows) * double(t.cols);
    };
    add(p.wte);
    add(p.wpe);
    for (const TransformerLayerParams& l : p.layers)
        for (const TensorRef* t : {&l.ln1Weight, &l.ln1Bias, &l.attnWeight, &l.attnBias,
                                   &l.attnProjWeight, &l.attnProjBias, &l.ln2Weight, &l.ln2Bias,
                                   &l.fcWeight, &l.fcBias, &l.fcProjWeight, &l.fcProjBias})
            add(*t);
    add(p.lnfWeight);
    add(p.lnfBias);
    add(p.outHead);
    return bytes;
}

} // namespace

double parameterCount(const TransformerConfig& c)
{
    const double d = c.nEmbd, kv = double(c.nKvHead) * c.headDim();
    const double attention = 2 * d + d * (d + 2 * kv) + (d + 2 * kv) + d * d + d;
    const double feedForward = c.mlp ? 2 * d + d * 4 * d + 4 * d + 4 * d * d + d : 0.0;
    const double embeddings = double(c.vocabSize) * d * (c.tiedHead ? 1 : 2) + double(c.nCtx) * d;
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
    const double f = c.mlp ? 4.0 * d : 0.0;
    const double cores = std::max(1u, std::thread::hardware_concurrency());
    const double trace = 8.0 * layers * t * d + t * d;
    const double temporaries = 3.0 * t * d + t * (2.0 * d + f) + t * d +
                               cores * 3.0 * double(CausalBlockRows) * t + 5.0 * c.vocabSize;
    const double layerParams = 4.0 * d * d + 4.0 * d;
    ModelRunBytes bytes;
    bytes.process = 4.0 * (double(std::max(traces, 1)) * trace + temporaries + layerParams) +
                    estimateViewBytes(c.nHead, tokens, tokens, textBytes) +
                    double(model.ownedBytes());
    bytes.mapped = std::max(0.0, parameterBytes(model.params()) - double(model.ownedBytes()));
    return bytes;
}

} // namespace ae
