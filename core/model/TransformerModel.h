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

    // Block `layer`'s parameters in the canonical layout: a view of params().layers[layer]
    // (kept as long as the model); or, for a model whose loader left its blocks in the file's
    // F16/BF16 (convertLayersOnUse: params().layers is then empty), the block converted now
    // into float32 memory that lives as long as the returned pointer, so that a forward holds
    // one block's float32 weights at a time instead of every block's.
    std::shared_ptr<const TransformerLayerParams> layer(int layer) const;
    using LayerConverter = std::function<std::shared_ptr<const TransformerLayerParams>(int)>;
    // `layerBytes`: the float32 bytes of the largest converted block (for the memory guard);
    // `storedBytes`: the file's bytes of every block, read in place from the mapping.
    void convertLayersOnUse(LayerConverter convert, double layerBytes, double storedBytes)
    {
        m_convertLayer = std::move(convert);
        m_convertedLayerBytes = layerBytes;
        m_storedLayerBytes = storedBytes;
    }
    bool convertsLayersOnUse() const { return bool(m_convertLayer); }
    double convertedLayerBytes() const { return m_convertedLayerBytes; }
    double storedLayerBytes() const { return m_storedLayerBytes; }

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
    LayerConverter m_convertLayer;
    double m_convertedLayerBytes = 0;
    double m_storedLayerBytes = 0;
    mutable std::mutex m_layerParamsMutex;
    mutable std::vector<std::unique_ptr<LayerParams>> m_layerParams; // per layer, made on demand
};

} // namespace ae
