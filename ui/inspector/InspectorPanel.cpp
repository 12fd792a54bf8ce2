#include "InspectorPanel.h"

#include "WrappedLabel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace ae {

InspectorPanel::InspectorPanel(QWidget* parent)
    : QWidget(parent), m_title(new WrappedLabel(this)), m_text(new QPlainTextEdit(this))
{
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(
        tr("Hover over a cell to see the arithmetic behind it; click to pin it and highlight "
           "its query and key in every view."));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
}

void InspectorPanel::show(const QString& title, const QString& text)
{
    m_title->setText(title);
    m_text->setPlainText(text);
}

} // namespace ae
