#pragma once

#include "TransformerConfig.h"
#include "TransformerParams.h"

#include <memory>
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
public:
    TransformerModel(std::string path, TransformerConfig config)
        : m_path(std::move(path)), m_config(std::move(config))
    {
    }

    const std::string& path() const { return m_path; }
    const TransformerConfig& config() const { return m_config; }
    const TransformerParams& params() const { return m_params; }

    // For loaders, before the model is shared:
    TransformerParams& mutableParams() { return m_params; }
    // Keeps `storage` (a mapped file, an archive) alive as long as the model.
    void keep(std::shared_ptr<const void> storage) { m_kept.push_back(std::move(storage)); }
    // Takes a converted tensor (widened from F16/BF16, transposed, concatenated) and returns
    // where its floats now live.
    const float* own(std::vector<float> data)
    {
        m_owned.push_back(std::move(data));
        return m_owned.back().data();
    }

private:
    std::string m_path;
    TransformerConfig m_config;
    TransformerParams m_params;
    std::vector<std::shared_ptr<const void>> m_kept;
    std::vector<std::vector<float>> m_owned;
};

} // namespace ae
