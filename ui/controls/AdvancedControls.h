#pragma once

#include "ControlSection.h"

class QComboBox;

namespace ae {

// Settings that change only the last bits of the numbers: cpu_capability.
class AdvancedControls : public ControlSection
{
    Q_OBJECT
public:
    explicit AdvancedControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;

private:
    QComboBox* m_cpuCapability;
};

} // namespace ae
