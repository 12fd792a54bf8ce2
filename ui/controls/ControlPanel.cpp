#include "ControlPanel.h"

#include "AdvancedControls.h"
#include "AttentionControls.h"
#include "EmbeddingControls.h"
#include "IssueLabel.h"
#include "MaskDropoutControls.h"
#include "ModelInfoBox.h"
#include "ModelRegistry.h"
#include "SentenceControls.h"
#include "Session.h"
#include "SessionDocument.h"
#include "SessionIssue.h"
#include "TodaysAttentionControls.h"
#include "WheelGuard.h"

#include <QLocale>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace ae {

ControlPanel::ControlPanel(SessionDocument* document, QWidget* parent)
    : QWidget(parent), m_issue(new IssueLabel(this)), m_truncate(new QPushButton(this)),
      m_scroll(new QScrollArea(this))
{
    m_issue->setObjectName(QStringLiteral("panel_issue"));
    m_truncate->setObjectName(QStringLiteral("truncate"));
    m_truncate->setToolTip(tr("Computes the sentence's first tokens, as many as the model reads, "
                              "as --truncate does (the session key truncate)"));
    m_truncate->hide();
    connect(m_truncate, &QPushButton::clicked, document,
            [document] { document->edit([](Session& s) { s.truncate = true; }); });

    auto* content = new QWidget(m_scroll);
    auto* sentence = new SentenceControls(document, content);
    m_embedding = new EmbeddingControls(document, content);
    auto* attention = new AttentionControls(document, content);
    auto* maskDropout = new MaskDropoutControls(document, content);
    auto* todays = new TodaysAttentionControls(document, content);
    m_advancedToggle = new QToolButton(content);
    m_advancedToggle->setText(tr("&Advanced"));
    m_advancedToggle->setCheckable(true);
    m_advancedToggle->setAutoRaise(true);
    m_advancedToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advanced = new AdvancedControls(document, content);
    m_model = new ModelInfoBox(content);
    m_sections = {sentence, m_embedding, attention, maskDropout, todays, m_advanced};

    auto* contentLayout = new QVBoxLayout(content);
    contentLayout->addWidget(sentence);
    contentLayout->addWidget(m_model);
    for (ControlSection* section : m_sections)
        if (section != m_advanced && section != sentence)
            contentLayout->addWidget(section);
    contentLayout->addWidget(m_advancedToggle, 0, Qt::AlignLeft);
    contentLayout->addWidget(m_advanced);
    contentLayout->addStretch();

    WheelGuard::install(content);
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->addWidget(m_issue);
    layout->addWidget(m_truncate, 0, Qt::AlignLeft);
    layout->addWidget(m_scroll, 1);

    setAdvancedShown(false);
    connect(m_advancedToggle, &QToolButton::toggled, this, &ControlPanel::setAdvancedShown);
    connect(document, &SessionDocument::sessionChanged, this, &ControlPanel::setSession);
    setSession(document->session());
}

QWidget* ControlPanel::controlFor(const QString& key) const
{
    for (const ControlSection* section : m_sections)
        if (QWidget* control = section->controlFor(key))
            return control;
    return nullptr;
}

void ControlPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_embedding->setTrace(trace);
}

void ControlPanel::showIssue(const SessionIssue& issue)
{
    clearIssue();
    if (issue.truncatableTo > 0) {
        m_truncate->setText(
            tr("&Keep the first %1 tokens").arg(QLocale().toString(issue.truncatableTo)));
        m_truncate->show();
    }
    const QString key = QString::fromStdString(issue.key);
    for (ControlSection* section : m_sections) {
        if (!section->showIssue(key, issue.message))
            continue;
        if (section == m_advanced)
            m_advancedToggle->setChecked(true);
        // After the layout has placed the message (it was hidden until now).
        QTimer::singleShot(0, this, [this, control = QPointer<QWidget>(section->controlFor(key))] {
            if (control)
                m_scroll->ensureWidgetVisible(control);
        });
        return;
    }
    m_issue->showMessage(issue.message);
}

void ControlPanel::clearIssue()
{
    m_issue->clearMessage();
    m_truncate->hide();
    for (ControlSection* section : m_sections)
        section->clearIssue();
}

void ControlPanel::setModelRun(std::shared_ptr<const ModelRun> run)
{
    m_model->setRun(run);
}

void ControlPanel::setSession(const Session& session)
{
    for (ControlSection* section : m_sections)
        section->setSession(session);
    const bool model = modelSource(session) == ModelSource::Checkpoint;
    if (model)
        m_model->setPath(session.model);
    m_model->setVisible(model);
    for (ControlSection* section : m_sections)
        if (section != m_sections.front() && section != m_advanced)
            section->setVisible(!model);
    m_advancedToggle->setVisible(!model);
    setAdvancedShown(!model && m_advancedToggle->isChecked());
}

void ControlPanel::setAdvancedShown(bool shown)
{
    m_advancedToggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    m_advanced->setVisible(shown);
}

} // namespace ae
