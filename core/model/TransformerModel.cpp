#include "TransformerModel.h"

namespace ae {

const AttentionParams& TransformerModel::LayerParams::attentionParams() const
{
    std::call_once(m_once, [this] {
        const TransformerConfig& c = m_model.config();
        const auto layer = m_model.layer(m_layer);
        const TransformerLayerParams& p = *layer;
        const Eigen::Index d = c.attentionWidth(); // the queries' width
        const Eigen::Index kv = Eigen::Index(c.kvHeads()) * c.headDim();
        m_params.numHeads = c.nHead;
        m_params.numKvHeads = c.nKvHead;
        m_params.headDimKq = c.headDim();
        m_params.headDimV = c.headDim();
        // (n_embd x (d + 2·kv)), whichever way the family stores it
        const auto inOut = [](const TensorRef& t) {
            return t.transposed ? Matrix(t.matrix().transpose()) : Matrix(t.matrix());
        };
        Matrix attn;
        if (!p.attnWeight.empty()) {
            attn = inOut(p.attnWeight);
        } else { // the three projections apart (Llama's family)
            attn.resize(c.nEmbd, d + 2 * kv);
            attn << inOut(p.queryWeight), inOut(p.keyWeight), inOut(p.valueWeight);
        }
        m_params.wQuery = attn.leftCols(d);
        m_params.wKey = attn.middleCols(d, kv);
        m_params.wValue = attn.rightCols(kv);
        if (!p.attnBias.empty()) {
            const auto bias = p.attnBias.vector();
            m_params.bQuery = bias.head(d);
            m_params.bKey = bias.segment(d, kv);
            m_params.bValue = bias.tail(kv);
        }
        m_params.outProjWeight = inOut(p.attnProjWeight);
        if (!p.attnProjBias.empty())
            m_params.outProjBias = p.attnProjBias.vector();
    });
    return m_params;
}

std::shared_ptr<const TransformerLayerParams> TransformerModel::layer(int layer) const
{
    if (m_convertLayer)
        return m_convertLayer(layer);
    // Not owned: the model keeps its layers (callers hold the model).
    return {std::shared_ptr<const void>(), &m_params.layers[std::size_t(layer)]};
}

std::shared_ptr<const AttentionParamsSource>
TransformerModel::layerParams(const std::shared_ptr<const TransformerModel>& model, int layer)
{
    std::lock_guard lock(model->m_layerParamsMutex);
    auto& all = model->m_layerParams;
    if (all.size() != std::size_t(model->config().nLayer))
        all.resize(std::size_t(model->config().nLayer));
    auto& slot = all[std::size_t(layer)];
    if (!slot)
        slot = std::make_unique<LayerParams>(*model, layer);
    return {model, slot.get()}; // aliasing: shares the model's ownership
}

} // namespace ae
