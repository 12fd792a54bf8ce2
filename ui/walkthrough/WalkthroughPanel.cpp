#include "WalkthroughPanel.h"

#include "BreakableText.h"
#include "ScalingChartWidget.h"
#include "SessionJson.h"
#include "TokenItems.h"
#include "Trace.h"
#include "TraceTokens.h"
#include "WalkthroughCatalog.h"
#include "WrappedLabel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace ae {

namespace {

QLabel* wrappedLabel(QWidget* parent)
{
    auto* label = new WrappedLabel(parent);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

WalkthroughPanel::WalkthroughPanel(QWidget* parent)
    : QWidget(parent), m_steps(WalkthroughCatalog::steps()),
      m_query(WalkthroughCatalog::DefaultQuery),
      m_previous(
          new QPushButton(QIcon::fromTheme(QStringLiteral("go-previous")), tr("Previous"), this)),
      m_next(new QPushButton(QIcon::fromTheme(QStringLiteral("go-next")), tr("Next"), this)),
      m_stepList(new QComboBox(this)), m_counter(new QLabel(this)),
      m_giveBack(new QPushButton(QIcon::fromTheme(QStringLiteral("edit-undo")),
                                 tr("Back to My Session"), this)),
      m_openLab(new QPushButton(tr("Open the Training Lab"), this)), m_title(wrappedLabel(this)),
      m_explanation(wrappedLabel(this)), m_note(wrappedLabel(this)), m_pending(wrappedLabel(this)),
      m_queryLabel(new QLabel(tr("Query token:"), this)), m_queryChoice(new QComboBox(this)),
      m_formula(wrappedLabel(this)), m_scalingToggle(new QCheckBox(this)),
      m_scalingLabel(wrappedLabel(this)), m_scalingChart(new ScalingChartWidget(this))
{
    m_previous->setToolTip(tr("Previous step (Left, Page Up)"));
    m_next->setToolTip(tr("Next step (Right, Space, Page Down)"));
    for (std::size_t i = 0; i < m_steps.size(); ++i)
        m_stepList->addItem(tr("%1. %2").arg(i + 1).arg(m_steps[i].title));
    m_stepList->setToolTip(tr("Go to a step"));
    m_stepList->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_stepList->setMinimumContentsLength(6);
    m_queryChoice->setToolTip(
        tr("The token whose query the formulas follow (the seeds use the second, x(2))"));
    m_queryChoice->setObjectName(QStringLiteral("query_choice"));
    m_giveBack->setToolTip(tr("Leave the walkthrough and get back the session you had before it"));
    m_giveBack->setVisible(false);
    m_giveBack->setObjectName(QStringLiteral("giveBack"));
    m_scalingLabel->setText(tr("Show softmax with and without the scaling as d_k grows"));
    m_scalingLabel->setBuddy(m_scalingToggle);
    m_scalingToggle->setAccessibleName(m_scalingLabel->text());
    m_queryLabel->setBuddy(m_queryChoice);
    // A narrow dock at presentation sizes: the token list shrinks (elided) rather than
    // widening the panel's content beyond the dock, which would cut every line of text.
    m_queryChoice->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_queryChoice->setMinimumContentsLength(4);
    // Muted, not disabled: a disabled label's grey (about 1.5:1 against the window) was hard to
    // read; this grey keeps about 6:1.
    for (QLabel* muted : {m_note, m_pending}) {
        QPalette palette = muted->palette();
        const QColor text = palette.color(QPalette::WindowText);
        const QColor window = palette.color(QPalette::Window);
        palette.setColor(QPalette::WindowText,
                         QColor::fromRgbF(text.redF() * 0.7f + window.redF() * 0.3f,
                                          text.greenF() * 0.7f + window.greenF() * 0.3f,
                                          text.blueF() * 0.7f + window.blueF() * 0.3f));
        muted->setPalette(palette);
    }
    m_pending->setText(
        tr("The pages still show the previous session while this step's session is computed."));
    m_formula->setTextFormat(Qt::RichText);
    m_formula->setFrameShape(QFrame::StyledPanel);
    m_formula->setBackgroundRole(QPalette::AlternateBase);
    m_formula->setAutoFillBackground(true);
    m_formula->setMargin(8);
    m_formula->setAccessibleName(tr("Formula"));

    // The step list on a row of its own, so that a narrow dock at presentation sizes never
    // has to cut it.
    auto* navigation = new QHBoxLayout;
    navigation->addWidget(m_previous);
    navigation->addStretch(1);
    navigation->addWidget(m_next);
    auto* queryRow = new QHBoxLayout;
    queryRow->addWidget(m_queryLabel);
    queryRow->addWidget(m_queryChoice, 1);
    auto* scalingRow = new QHBoxLayout;
    scalingRow->addWidget(m_scalingToggle, 0, Qt::AlignTop);
    scalingRow->addWidget(m_scalingLabel, 1);

    auto* content = m_content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0); // the panel's own margins are around the scroll area
    column->addWidget(m_counter);
    column->addWidget(m_title);
    column->addWidget(m_explanation);
    column->addWidget(m_note);
    column->addWidget(m_pending);
    column->addLayout(queryRow);
    column->addWidget(m_formula);
    column->addLayout(scalingRow);
    column->addWidget(m_scalingChart);
    column->addWidget(m_openLab, 0, Qt::AlignLeft);
    column->addStretch();
    // As tall as its text at the panel's width: without an explicit minimum height the scroll
    // area would take the labels' narrowest wrapping (every word a line) as the least height.
    content->setMinimumHeight(1);
    auto* scroll = m_scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // text wraps to the dock's width
    scroll->setWidget(content);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(navigation);
    layout->addWidget(m_stepList);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_giveBack);

    m_openLab->setToolTip(tr("Train a small model in the app and watch its heads form (Tools > "
                             "Training Lab, Ctrl+Shift+T)"));
    connect(m_openLab, &QPushButton::clicked, this,
            [this] { Q_EMIT trainingLabRequested(m_steps[std::size_t(m_step)].trainingSession); });
    buildActions();
    connect(m_previous, &QPushButton::clicked, this, &WalkthroughPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &WalkthroughPanel::next);
    connect(m_stepList, &QComboBox::activated, this, &WalkthroughPanel::setStep);
    connect(m_queryChoice, &QComboBox::activated, this, &WalkthroughPanel::setQuery);
    connect(m_scalingToggle, &QCheckBox::toggled, this, &WalkthroughPanel::setScalingChartShown);
    connect(m_giveBack, &QPushButton::clicked, this, &WalkthroughPanel::giveBackRequested);
    applyFonts(0, 1.0);
    scroll->viewport()->installEventFilter(this);
    updateContent();
}

WalkthroughPanel::~WalkthroughPanel() = default;

void WalkthroughPanel::buildActions()
{
    const struct
    {
        QString text;
        QList<QKeySequence> keys;
        void (WalkthroughPanel::*slot)();
    } definitions[] = {
        {tr("Next Step"),
         {QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_Space), QKeySequence(Qt::Key_PageDown)},
         &WalkthroughPanel::next},
        {tr("Previous Step"),
         {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)},
         &WalkthroughPanel::previous},
    };
    for (const auto& d : definitions) {
        auto* action = new QAction(d.text, this);
        action->setShortcuts(d.keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, d.slot);
        m_actions << action;
    }
    auto* first = new QAction(tr("First Step"), this);
    first->setShortcut(QKeySequence(Qt::Key_Home));
    connect(first, &QAction::triggered, this, [this] { setStep(0); });
    auto* last = new QAction(tr("Last Step"), this);
    last->setShortcut(QKeySequence(Qt::Key_End));
    connect(last, &QAction::triggered, this, [this] { setStep(int(m_steps.size()) - 1); });
    for (QAction* action : {first, last}) {
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_actions << action;
    }
    addActions(m_actions);
}

QList<QAction*> WalkthroughPanel::navigationActions() const
{
    return m_actions;
}

void WalkthroughPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    if (!trace)
        return;
    m_trace = std::move(trace);
    useStepsOf(modelSource(m_trace->session));
    const bool users = m_sessions.traceShown(m_trace->session);
    updateQueryChoices();
    // A sample's step (cross-attention, GPT-2) speaks of that sample: once the user opened
    // something else, the step of the same page for the new session takes its place.
    const WalkthroughStep& step = m_steps[std::size_t(m_step)];
    if (users && std::holds_alternative<OpenSample>(step.action))
        showStepOfPage(step.pageId, m_trace->session);
    updateContent();
}

void WalkthroughPanel::useStepsOf(ModelSource source)
{
    if (source == m_source)
        return;
    const QString id = m_steps[std::size_t(m_step)].id;
    m_source = source;
    m_steps = WalkthroughCatalog::steps(source);
    m_step = 0;
    const QSignalBlocker blocker(m_stepList);
    m_stepList->clear();
    for (std::size_t i = 0; i < m_steps.size(); ++i) {
        m_stepList->addItem(tr("%1. %2").arg(i + 1).arg(m_steps[i].title));
        if (m_steps[i].id == id)
            m_step = int(i);
    }
}

void WalkthroughPanel::showStepOfPage(const QString& pageId, const Session& shown)
{
    auto showsItself = [&](const WalkthroughStep& step) {
        const std::optional<Session> own = WalkthroughCatalog::sessionFor(step, shown);
        return own && sessionToJson(*own) == sessionToJson(shown);
    };
    // A step that opens the training lab only borrows its page: it is no page's own step.
    auto ofPage = [&](const WalkthroughStep& step) {
        return step.pageId == pageId && step.trainingSession.isEmpty();
    };
    const WalkthroughStep& current = m_steps[std::size_t(m_step)];
    if (current.pageId == pageId && showsItself(current))
        return;
    int chosen = -1;
    for (int i = 0; i < int(m_steps.size()) && chosen < 0; ++i)
        if (ofPage(m_steps[std::size_t(i)]) && showsItself(m_steps[std::size_t(i)]))
            chosen = i;
    // Else the step of that page whose own session differs least from the one shown (a
    // causal GPT-2 session's weights: the causal mask's step, not the simplified one's).
    const QJsonObject shownKeys = QJsonDocument::fromJson(sessionToJson(shown)).object();
    auto differences = [&](const WalkthroughStep& step) {
        const std::optional<Session> own = WalkthroughCatalog::sessionFor(step, shown);
        if (!own)
            return std::numeric_limits<int>::max();
        const QJsonObject ownKeys = QJsonDocument::fromJson(sessionToJson(*own)).object();
        int count = 0;
        for (auto it = ownKeys.begin(); it != ownKeys.end(); ++it)
            count += shownKeys.value(it.key()) != it.value();
        for (auto it = shownKeys.begin(); it != shownKeys.end(); ++it)
            count += !ownKeys.contains(it.key());
        return count;
    };
    int fewest = std::numeric_limits<int>::max();
    const bool found = chosen >= 0;
    for (int i = 0; i < int(m_steps.size()) && !found; ++i) {
        const WalkthroughStep& step = m_steps[std::size_t(i)];
        if (!ofPage(step) || std::holds_alternative<OpenSample>(step.action))
            continue;
        if (const int d = differences(step); d < fewest || chosen < 0) {
            fewest = d;
            chosen = i;
        }
    }
    if (chosen < 0 || (chosen == m_step && current.pageId == pageId))
        return;
    m_step = chosen;
    updateContent();
    Q_EMIT stepChanged(chosen);
}

void WalkthroughPanel::setHoldingUserSession(bool holding)
{
    m_giveBack->setVisible(holding);
}

void WalkthroughPanel::takeOver(const WalkthroughPanel& old)
{
    useStepsOf(old.m_source);
    m_step = old.m_step;
    m_query = old.m_query;
    m_sessions = old.m_sessions;
    m_trace = old.m_trace;
    m_scalingToggle->setChecked(old.m_scalingToggle->isChecked());
    m_giveBack->setVisible(old.m_giveBack->isVisibleTo(&old));
    if (m_trace)
        updateQueryChoices();
    updateContent();
}

void WalkthroughPanel::setStep(int index)
{
    index = std::clamp(index, 0, int(m_steps.size()) - 1);
    const bool changed = index != m_step;
    m_step = index;
    const WalkthroughStep& step = m_steps[std::size_t(index)];
    const StepSessions::Request request =
        m_sessions.requestFor(step, m_trace ? &m_trace->session : nullptr);
    updateContent();
    if (request.session)
        Q_EMIT sessionChangeRequested([session = *request.session](Session& s) { s = session; });
    else if (!request.samplePath.isEmpty())
        Q_EMIT sampleRequested(request.samplePath);
    Q_EMIT pageRequested(step.pageId);
    if (changed)
        Q_EMIT stepChanged(index);
}

void WalkthroughPanel::next()
{
    if (m_step + 1 < int(m_steps.size()))
        setStep(m_step + 1);
}

void WalkthroughPanel::previous()
{
    if (m_step > 0)
        setStep(m_step - 1);
}

void WalkthroughPanel::setQuery(int tokenIndex)
{
    if (m_trace)
        tokenIndex = std::clamp(tokenIndex, 0, std::max(int(m_trace->queryCount()) - 1, 0));
    if (tokenIndex == m_query || tokenIndex < 0)
        return;
    m_query = tokenIndex;
    if (tokenIndex < m_queryChoice->count())
        m_queryChoice->setCurrentIndex(tokenIndex);
    updateContent();
    Q_EMIT queryChanged(tokenIndex);
}

void WalkthroughPanel::setScalingChartShown(bool shown)
{
    m_scalingToggle->setChecked(shown);
    updateContent();
}

bool WalkthroughPanel::isPendingNoteShown() const
{
    return m_pending->isVisibleTo(this);
}

bool WalkthroughPanel::scalingChartShown() const
{
    return m_scalingChart->isVisibleTo(this);
}

void WalkthroughPanel::updateQueryChoices()
{
    if (m_trace->tokens == m_queryTokens)
        return;
    updateTokenItems<std::string>(m_queryChoice, m_queryTokens, m_trace->tokens, [this](int i) {
        return QStringLiteral("x(%1)  %2")
            .arg(QString::number(i + 1),
                 QString::fromStdString(shownQueryToken(*m_trace, std::size_t(i))));
    });
    const int last = int(m_queryTokens.size()) - 1;
    if (m_query > last) {
        m_query = std::min(WalkthroughCatalog::DefaultQuery, last);
        Q_EMIT queryChanged(m_query);
    }
    m_queryChoice->setCurrentIndex(m_query);
}

void WalkthroughPanel::updateContent()
{
    const WalkthroughStep& step = m_steps[std::size_t(m_step)];
    {
        const QSignalBlocker blocker(m_stepList);
        m_stepList->setCurrentIndex(m_step);
    }
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < int(m_steps.size()));
    m_counter->setText(tr("Step %1 of %2").arg(m_step + 1).arg(m_steps.size()));
    m_title->setText(proseBreakable(step.title));
    m_explanation->setText(proseBreakable(WalkthroughCatalog::explanation(step, m_query)));
    const QString note = m_trace && step.note ? step.note(*m_trace) : QString();
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    m_pending->setVisible(m_trace && m_sessions.isPending());
    m_queryLabel->setVisible(step.usesQuery && m_trace);
    m_queryChoice->setVisible(step.usesQuery && m_trace);
    m_formulaText =
        m_trace ? step.formula(*m_trace, m_query) : tr("Waiting for the first computation…");
    m_formula->setText(formulaHtml(m_formulaText));
    const bool scaling = step.extra == StepExtra::ScalingChart;
    m_scalingToggle->setVisible(scaling);
    m_scalingLabel->setVisible(scaling);
    m_scalingChart->setVisible(scaling && m_scalingToggle->isChecked());
    m_openLab->setVisible(!step.trainingSession.isEmpty());
    fitPresentationText();
}

QString WalkthroughPanel::titleText() const
{
    return QString(m_title->text()).remove(QChar(0x200b));
}

QString WalkthroughPanel::explanationText() const
{
    return QString(m_explanation->text()).remove(QChar(0x200b));
}

QString WalkthroughPanel::formulaText() const
{
    return m_formulaText;
}

} // namespace ae
