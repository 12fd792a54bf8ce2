#pragma once

#include "AttentionParams.h"
#include "Trace.h"
#include "TransformerConfig.h"
#include "TransformerParams.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace ae {

// A loaded model in the canonical layout, whatever family's files it came from: its
// configuration and its parameters, checked against each other by the family's loader.
// Immutable once loaded and shared (std::shared_ptr<const TransformerModel>) by every trace
// computed with it; what the parameters point into (the mapped file, converted copies) lives
// as long as the model.
class TransformerModel
{
    // Block `layer`'s attention parameters as the seed module's AttentionParams (W_query |
    // W_key | W_value and their biases from the fused attnWeight, out_proj), converted from the
    // canonical tensors when a view first asks (4·d² floats per layer) and kept.
    class LayerParams : public AttentionParamsSource
    {
    public:
        LayerParams(const TransformerModel& model, int layer) : m_model(model), m_layer(layer) {}
        const AttentionParams& attentionParams() const override;

    private:
        const TransformerModel& m_model;
        int m_layer;
        mutable std::once_flag m_once;
        mutable AttentionParams m_params;
    };

public:
    TransformerModel(std::string path, TransformerConfig config)
        : m_path(std::move(path)), m_config(std::move(config))
    {
    }

    const std::string& path() const { return m_path; }
    const TransformerConfig& config() const { return m_config; }
    const TransformerParams& params() const { return m_params; }

    // Block `layer`'s attention parameters, converted on first use; the pointer keeps `model`
    // alive (a layer's Trace holds it: Trace::params()).
    static std::shared_ptr<const AttentionParamsSource>
    layerParams(const std::shared_ptr<const TransformerModel>& model, int layer);

    // For loaders, before the model is shared:
    TransformerParams& mutableParams() { return m_params; }
    // Keeps `storage` (a mapped file, an archive) alive as long as the model.
    void keep(std::shared_ptr<const void> storage) { m_kept.push_back(std::move(storage)); }
    // `changed` tells whether storage kept was altered under the model (a mapped checkpoint
    // truncated while read: SafetensorsFile::changedWhileRead).
    void watch(std::function<bool()> changed) { m_watches.push_back(std::move(changed)); }
    // A read of the model's weights got something else than the file held when loaded (zeros
    // after a truncation): a forward or an export computed since is wrong. Callers check it
    // after computing and report SafetensorsFile::changedMessage.
    bool changedWhileRead() const
    {
        for (const auto& changed : m_watches)
            if (changed())
                return true;
        return false;
    }
    // Takes a converted tensor (widened from F16/BF16, transposed, concatenated) and returns
    // where its floats now live.
    const float* own(std::vector<float> data)
    {
        m_ownedBytes += data.size() * sizeof(float);
        m_owned.push_back(std::move(data));
        return m_owned.back().data();
    }
    // The bytes of the converted tensors (the process's own memory, unlike the mapped file).
    std::size_t ownedBytes() const { return m_ownedBytes; }

private:
    std::string m_path;
    TransformerConfig m_config;
    TransformerParams m_params;
    std::vector<std::shared_ptr<const void>> m_kept;
    std::vector<std::vector<float>> m_owned;
    std::size_t m_ownedBytes = 0;
    std::vector<std::function<bool()>> m_watches;
    mutable std::mutex m_layerParamsMutex;
    mutable std::vector<std::unique_ptr<LayerParams>> m_layerParams; // per layer, made on demand
};

} // namespace ae
