#include "ControlSection.h"

#include "IssueLabel.h"
#include "SessionDocument.h"
#include "WrappedLabel.h"

#include <QFormLayout>
#include <QLabel>

namespace ae {

ControlSection::ControlSection(const QString& title, SessionDocument* document, QWidget* parent)
    : QGroupBox(title, parent), m_document(document), m_form(new QFormLayout(this))
{
    // A narrow dock puts a field under its label rather than squeezing it.
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

QWidget* ControlSection::controlFor(const QString& key) const
{
    const auto it = m_entries.constFind(key);
    return it == m_entries.cend() ? nullptr : it->control;
}

bool ControlSection::showIssue(const QString& key, const QString& message)
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return false;
    clearIssue();
    revealKey(key);
    it->issue->showMessage(message);
    IssueLabel::markControl(it->control);
    m_shown = it->issue;
    m_marked = it->control;
    return true;
}

void ControlSection::clearIssue()
{
    if (m_shown)
        m_shown->clearMessage();
    if (m_marked)
        IssueLabel::unmarkControl(m_marked);
    m_shown = nullptr;
    m_marked = nullptr;
}

QLabel* ControlSection::addRow(const QString& key, const QString& label, QWidget* control,
                               const QString& toolTip)
{
    auto* labelWidget = new QLabel(label, this);
    labelWidget->setBuddy(control);
    labelWidget->setToolTip(toolTip);
    m_form->addRow(labelWidget, control);
    registerKey(key, control, toolTip, addIssueRow(key, false));
    return labelWidget;
}

void ControlSection::addRow(const QString& key, QWidget* control, const QString& toolTip)
{
    m_form->addRow(static_cast<QWidget*>(nullptr), control);
    registerKey(key, control, toolTip, addIssueRow(key, false));
}

QLabel* ControlSection::addWideRow(const QString& key, const QString& label, QWidget* rowWidget,
                                   QWidget* control, const QString& toolTip)
{
    auto* labelWidget = new QLabel(label, this);
    labelWidget->setBuddy(control);
    labelWidget->setToolTip(toolTip);
    m_form->addRow(labelWidget);
    m_form->addRow(rowWidget);
    registerKey(key, control, toolTip, addIssueRow(key, true));
    return labelWidget;
}

void ControlSection::addKey(const QString& key, QWidget* control, const QString& toolTip)
{
    Q_ASSERT(m_lastIssue);
    registerKey(key, control, toolTip, m_lastIssue);
}

void ControlSection::addNote(WrappedLabel* note)
{
    note->setTextFormat(Qt::PlainText);
    QFont small = note->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    note->setFont(small);
    note->setForegroundRole(QPalette::PlaceholderText);
    note->hide();
    m_form->addRow(static_cast<QWidget*>(nullptr), note);
}

void ControlSection::revealKey(const QString& /*key*/) {}

void ControlSection::edit(const std::function<void(Session&)>& change)
{
    m_document->edit(change);
}

IssueLabel* ControlSection::addIssueRow(const QString& key, bool wide)
{
    auto* issue = new IssueLabel(this);
    issue->setObjectName(key + QStringLiteral("_issue"));
    if (wide)
        m_form->addRow(issue);
    else
        m_form->addRow(static_cast<QWidget*>(nullptr), issue);
    m_lastIssue = issue;
    return issue;
}

void ControlSection::registerKey(const QString& key, QWidget* control, const QString& toolTip,
                                 IssueLabel* issue)
{
    control->setObjectName(key);
    control->setToolTip(toolTip);
    m_entries.insert(key, Entry{control, issue, toolTip});
}

void ControlSection::setApplies(const QString& key, bool applies, const QString& whyNot)
{
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return;
    it->control->setEnabled(applies);
    QString toolTip = it->toolTip;
    if (!applies && !whyNot.isEmpty())
        toolTip += QStringLiteral("<p><i>") + whyNot.toHtmlEscaped() + QStringLiteral("</i></p>");
    // Set only when it changes: every session change asks this of every key, and Qt sends a
    // ToolTipChange event through the application's filters for each tooltip set.
    if (it->control->toolTip() != toolTip)
        it->control->setToolTip(toolTip);
    if (QWidget* label = m_form->labelForField(it->control); label && label->toolTip() != toolTip)
        label->setToolTip(toolTip);
}

} // namespace ae
