#include "Gpt2LayerAttention.h"

#include "AttentionParams.h"
#include "Forward.h"
#include "Gpt2Trace.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <chrono>

namespace ae {

std::shared_ptr<const AttentionParams> gpt2LayerParams(const TransformerModel& model, int layer)
{
    const TransformerConfig& c = model.config();
    const TransformerLayerParams& p = model.params().layers[std::size_t(layer)];
    const Eigen::Index d = c.nEmbd;
    auto params = std::make_shared<AttentionParams>();
    params->numHeads = c.nHead;
    params->headDimKq = c.headDim();
    params->headDimV = c.headDim();
    const auto attn = p.attnWeight.matrix(); // (d x 3d)
    const auto bias = p.attnBias.vector();   // (3d)
    params->wQuery = attn.leftCols(d);
    params->wKey = attn.middleCols(d, d);
    params->wValue = attn.rightCols(d);
    params->bQuery = bias.head(d);
    params->bKey = bias.segment(d, d);
    params->bValue = bias.tail(d);
    params->outProjWeight = p.attnProjWeight.matrix();
    params->outProjBias = p.attnProjBias.vector();
    return params;
}

Session gpt2LayerSession(const Gpt2Trace& trace, const Session& base)
{
    const TransformerConfig& c = trace.model->config();
    Session s;
    s.title = base.title;
    s.description = base.description;
    s.sentence = base.sentence;
    s.model = base.model;
    s.tokenizer = TokenizerKind::Gpt2;
    s.vocabSize = c.vocabSize;
    s.contextLength = c.nCtx;
    s.variant = Variant::MultiHead;
    s.dIn = c.nEmbd;
    s.dOutKq = c.nEmbd;
    s.dOutV = c.nEmbd;
    s.numHeads = c.nHead;
    s.qkvBias = true;
    s.causal = true;
    s.dropout = 0.0;
    s.training = false;
    return s;
}

std::shared_ptr<const Trace> gpt2LayerTrace(const Gpt2Trace& trace, int layer, const Session& base,
                                            std::vector<std::string> tokens,
                                            std::shared_ptr<const AttentionParams> params)
{
    auto result = std::make_shared<Trace>();
    result->session = gpt2LayerSession(trace, base);
    result->tokenIds = trace.tokenIds;
    if (tokens.size() != trace.tokenIds.size())
        for (const std::int64_t id : trace.tokenIds)
            tokens.push_back(std::to_string(id));
    result->tokens = std::move(tokens);
    result->inputs = trace.layers[std::size_t(layer)].ln1;

    auto start = std::chrono::steady_clock::now();
    if (!params)
        params = gpt2LayerParams(*trace.model, layer);
    result->timings.initMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    start = std::chrono::steady_clock::now();
    runForward(result->session, params, result->inputs, result->inputs, *result);
    result->timings.forwardMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    start = std::chrono::steady_clock::now();
    completeTrace(*result);
    result->timings.completeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace ae
