#pragma once

#include "ControlSection.h"

class QCheckBox;
class QComboBox;

namespace ae {

class DropoutEdit;
class DropoutSeedEdit;
class WrappedLabel;

// What happens to the attention weights: causal, mask_method, dropout, training and
// dropout_seed. A causal mask on cross-attention is allowed (PyTorch computes it: triu of a
// T x S matrix), with a note under the check box saying what it means.
class MaskDropoutControls : public ControlSection
{
    Q_OBJECT
public:
    explicit MaskDropoutControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;
    static QString crossCausalNote();

private:
    QCheckBox* m_causal;
    WrappedLabel* m_crossCausalNote;
    QComboBox* m_maskMethod;
    DropoutEdit* m_dropout;
    QCheckBox* m_training;
    DropoutSeedEdit* m_dropoutSeed;
};

} // namespace ae
