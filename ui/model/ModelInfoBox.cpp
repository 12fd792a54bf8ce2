#include "ModelInfoBox.h"

#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TransformerModel.h"

#include <QFileInfo>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

ModelInfoBox::ModelInfoBox(QWidget* parent)
    : QGroupBox(tr("Model"), parent), m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("model"));
    m_label->setWordWrap(true);
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
                         .arg(QString::fromStdString(c.dtype)));
}

QString ModelInfoBox::text() const
{
    return m_label->text();
}

} // namespace ae
