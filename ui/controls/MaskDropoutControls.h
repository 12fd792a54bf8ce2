#pragma once

#include "ControlSection.h"

class QCheckBox;
class QComboBox;

namespace ae {

class DropoutEdit;
class DropoutSeedEdit;

// What happens to the attention weights: causal, mask_method, dropout, training and
// dropout_seed.
class MaskDropoutControls : public ControlSection
{
    Q_OBJECT
public:
    explicit MaskDropoutControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;

private:
    QCheckBox* m_causal;
    QComboBox* m_maskMethod;
    DropoutEdit* m_dropout;
    QCheckBox* m_training;
    DropoutSeedEdit* m_dropoutSeed;
};

} // namespace ae
