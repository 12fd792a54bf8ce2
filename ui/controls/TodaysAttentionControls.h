#pragma once

#include "ControlSection.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace ae {

// Attention as today's models compute it (docs/todays-attention.md): rope, rope_style,
// rope_theta, num_kv_heads, window, kernel, block_q and block_k. A key that does not apply is
// greyed out and says why, unless its value is not the default (then it stays editable, so
// that a refused combination can be undone where it was made). The alphabet has no mnemonic
// letter left for them: Tab reaches them.
class TodaysAttentionControls : public ControlSection
{
    Q_OBJECT
public:
    explicit TodaysAttentionControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;

private:
    QCheckBox* m_rope;
    QComboBox* m_ropeStyle;
    QDoubleSpinBox* m_ropeTheta;
    QSpinBox* m_numKvHeads;
    QSpinBox* m_window;
    QComboBox* m_kernel;
    QSpinBox* m_blockQ;
    QSpinBox* m_blockK;
};

} // namespace ae
