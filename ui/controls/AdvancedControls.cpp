#include "AdvancedControls.h"

#include "ControlSync.h"
#include "Session.h"

#include <QComboBox>

namespace ae {

AdvancedControls::AdvancedControls(SessionDocument* document, QWidget* parent)
    : ControlSection(QString(), document, parent) // the panel's "Advanced" button is its title
      ,
      m_cpuCapability(new QComboBox(this))
{
    sync::addChoice(m_cpuCapability, CpuCapability::Default, tr("default: portable kernels"));
    sync::addChoice(m_cpuCapability, CpuCapability::Avx2, tr("AVX2 kernels"));
    sync::fitNarrow(m_cpuCapability);
    addRow(
        QStringLiteral("cpu_capability"), tr("CPU capability"), m_cpuCapability,
        tr("Whose last bits the random draws follow: PyTorch's portable kernels "
           "(<code>ATEN_CPU_CAPABILITY=default</code>) or the AVX2 ones torch picks by itself on "
           "AVX2 CPUs."));
    connect(m_cpuCapability, &QComboBox::currentIndexChanged, this, [this] {
        edit([capability = sync::choice<CpuCapability>(m_cpuCapability)](Session& s) {
            s.cpuCapability = capability;
        });
    });
}

void AdvancedControls::setSession(const Session& session)
{
    sync::setChoice(m_cpuCapability, session.cpuCapability);
}

} // namespace ae
