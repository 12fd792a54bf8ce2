#pragma once

#include "ControlSection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace ae {

class SeedSpinBox;

// The attention module: variant, init, d_out_kq, d_out_v, num_heads, qkv_bias and
// weight_seed. Keys that fit together change together: "multihead" keeps d_out_v equal
// to d_out_kq, "self-attention" has one head.
class AttentionControls : public ControlSection
{
    Q_OBJECT
public:
    explicit AttentionControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;

private:
    QComboBox* m_variant;
    QComboBox* m_init;
    QLabel* m_dOutKqLabel;
    QSpinBox* m_dOutKq;
    QSpinBox* m_dOutV;
    QSpinBox* m_numHeads;
    QCheckBox* m_qkvBias;
    SeedSpinBox* m_weightSeed;
};

} // namespace ae
