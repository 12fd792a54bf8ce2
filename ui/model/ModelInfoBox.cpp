#include "ModelInfoBox.h"

#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TransformerModel.h"
#include "WrappedLabel.h"

#include <QFileInfo>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

ModelInfoBox::ModelInfoBox(QWidget* parent)
    : QGroupBox(tr("Model"), parent), m_label(new WrappedLabel(this))
{
    setObjectName(QStringLiteral("model"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_label);
}

void ModelInfoBox::setPath(const std::string& path)
{
    if (path == m_path)
        return;
    m_path = path;
    const QString file = QString::fromStdString(path);
    m_label->setText(tr("%1\n%2\n(not read yet)").arg(QFileInfo(file).fileName(), file));
}

void ModelInfoBox::setRun(const std::shared_ptr<const ModelRun>& run)
{
    if (!run || run->trace->isSeedModule())
        return;
    const TransformerModel& model = *run->trace->model;
    const TransformerConfig& c = model.config();
    m_path = model.path();
    const QString path = QString::fromStdString(model.path());
    setTitle(modelFamilyTitle(c));
    // What Llama's family adds: grouped heads, rotary positions, a window.
    QStringList today;
    if (c.kvHeads() != c.nHead)
        today << tr("n_kv_head = %1 (%2 query heads share each)")
                     .arg(c.kvHeads())
                     .arg(c.nHead / c.kvHeads());
    if (c.rope.on)
        today << (c.rope.llama3Scaling ? tr("RoPE, θ = %1, Llama 3 scaling ×%2")
                                             .arg(c.rope.theta, 0, 'g', 10)
                                             .arg(c.rope.scaling.factor)
                                       : tr("RoPE, θ = %1").arg(c.rope.theta, 0, 'g', 10));
    if (c.window > 0)
        today << tr("sliding window of %1 keys").arg(c.window);
    m_label->setText(tr("%1\n%2\n\nn_layer = %3, n_head = %4, n_embd = %5\nhead_dim = %6, "
                        "n_ctx = %7, vocab_size = %8\ndtype: %9\n\nThe random module's keys do not "
                        "apply: the weights are the checkpoint's.")
                         .arg(QFileInfo(path).fileName(), path)
                         .arg(c.nLayer)
                         .arg(c.nHead)
                         .arg(c.nEmbd)
                         .arg(c.headDim())
                         .arg(c.nCtx)
                         .arg(c.vocabSize)
                         .arg(QString::fromStdString(c.dtype) +
                              (today.isEmpty() ? QString() : u'\n' + today.join(u'\n'))));
}

QString ModelInfoBox::text() const
{
    return m_label->text();
}

} // namespace ae
