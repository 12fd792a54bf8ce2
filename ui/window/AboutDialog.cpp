#include "AboutDialog.h"

#include "ApplicationIcon.h"
#include "WrappedLabel.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent), m_text(new WrappedLabel(this))
{
    setWindowTitle(tr("About Attention Explorer"));

    auto* icon = new QLabel(this);
    icon->setPixmap(applicationIcon().pixmap(64, 64));
    icon->setAlignment(Qt::AlignTop);

    const QString references =
        QStringLiteral("<ul><li>") +
        tr("Sebastian Raschka, <i>Understanding and Coding Self-Attention, Multi-Head Attention, "
           "Causal-Attention, and Cross-Attention in LLMs</i>, Ahead of AI, 14 January 2024.") +
        QStringLiteral("</li><li>") +
        tr("Sebastian Raschka, <i>Build a Large Language Model (From Scratch)</i>, chapter 3, "
           "Coding attention mechanisms, Manning, 2024.") +
        QStringLiteral("</li><li>") +
        tr("Ashish Vaswani et al., <i>Attention Is All You Need</i>, 2017, "
           "<a href=\"https://arxiv.org/abs/1706.03762\">arXiv:1706.03762</a>.") +
        QStringLiteral("</li></ul>");
    m_text->setText(
        tr("<h3>Attention Explorer %1</h3>").arg(QApplication::applicationVersion()) +
        tr("<p>Computes attention in transformers step by step, with PyTorch's numbers.</p>") +
        tr("<p>With the same seeds it shows, digit for digit, the tensors printed in:</p>") +
        references +
        tr("<p>Released under the MIT licence. Copyright © 2026 Seed 03e2f5a1 maintainers.</p>") +
        tr("<p>Built with Qt %1 and Eigen.</p>").arg(QString::fromLatin1(qVersion())));
    m_text->setOpenExternalLinks(true);
    m_text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_text->setMinimumWidth(460);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* row = new QHBoxLayout;
    row->addWidget(icon);
    row->addWidget(m_text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

QString AboutDialog::text() const
{
    return m_text->text();
}

} // namespace ae
