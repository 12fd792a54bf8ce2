#pragma once

#include "ModelRegistry.h"
#include "StepSessions.h"
#include "WalkthroughStep.h"

#include <QList>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;

namespace ae {

class ScalingChartWidget;
struct Trace;

// The walkthrough: the seeds' path through attention in twelve steps, for a dock or the
// presentation view. Shows the step's title, explanation and formula with the numbers of
// the trace it is given, and asks the window to show the step's page and to set up the
// session the step demonstrates (it never changes the session itself). Steps are 0-based.
//
// Keys (navigationActions(), active while the panel or a child has focus; add them to a
// window to make them window-wide): next = Right, Space, PageDown (a presentation clicker);
// previous = Left, PageUp; first = Home; last = End.
class WalkthroughPanel : public QWidget
{
    Q_OBJECT
public:
    explicit WalkthroughPanel(QWidget* parent = nullptr);
    ~WalkthroughPanel() override;

    const std::vector<WalkthroughStep>& steps() const { return m_steps; }
    int step() const { return m_step; }
    int query() const { return m_query; } // the chosen query token, 0-based
    std::shared_ptr<const Trace> trace() const { return m_trace; }
    // The user's own session, which the steps change (the deck should start from it, not from
    // a step's dropout or multi-head session); none before the first trace.
    std::optional<Session> baseSession() const { return m_sessions.base(); }
    QList<QAction*> navigationActions() const;

    // Shows the step that explains `pageId` for the session on screen, without asking for any
    // session: the one whose own session is `shown` if there is one (the causal-mask step for
    // the weights of a causal session), else the page's first step. Nothing changes when the
    // current step already shows that page with that session.
    void showStepOfPage(const QString& pageId, const Session& shown);
    // The window holds the user's own session while the steps show theirs: a "Back to my
    // session" button is shown.
    void setHoldingUserSession(bool holding);
    // A new window (another language) continues where `old` was: step, query, the user's
    // session the steps start from, the trace.
    void takeOver(const WalkthroughPanel& old);

    // Lecture-hall mode: every text at this size (title larger, formula and controls a little
    // smaller), and smaller, down to MinFitScale of it, as long as the step would not fit the
    // panel's height (a clicker cannot scroll); 0 restores the normal fonts.
    void setPresentationFont(qreal pointSize);
    static constexpr double MinFitScale = 0.5;

    // What the panel shows now (for tests and the presentation view).
    QString titleText() const;
    QString explanationText() const;
    QString formulaText() const;
    bool scalingChartShown() const;
    bool isPendingNoteShown() const; // "the pages still show the previous session ..."

public Q_SLOTS:
    void setTrace(std::shared_ptr<const ae::Trace> trace);
    void setStep(int index); // asks for the step's page and session (also for the current step)
    void next();
    void previous();
    void setQuery(int tokenIndex);
    void setScalingChartShown(bool shown);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

Q_SIGNALS:
    void stepChanged(int index);
    void pageRequested(const QString& pageId);
    // Apply with SessionDocument::edit: it sets the whole session the step demonstrates.
    void sessionChangeRequested(std::function<void(ae::Session&)> change);
    // Open this bundled sample (":/samples/gpt2-small.json") as MainWindow::openSample does.
    void sampleRequested(const QString& resourcePath);
    void queryChanged(int tokenIndex);
    // The user leaves the walkthrough and wants their own session back.
    void giveBackRequested();
    // The step's training session (WalkthroughStep::trainingSession), for the training lab.
    void trainingLabRequested(const QString& sessionPath);

private:
    void buildActions();
    // The walkthrough of what computes the sessions shown (a checkpoint has its own steps); the
    // step with the same id stays chosen, else the first.
    void useStepsOf(ModelSource source);
    void updateQueryChoices();
    void updateContent();
    void applyFonts(qreal pointSize, qreal contentScale);
    void fitPresentationText();

    ModelSource m_source = ModelSource::SeedModule;
    std::vector<WalkthroughStep> m_steps;
    StepSessions m_sessions;
    std::shared_ptr<const Trace> m_trace;
    std::vector<std::string> m_queryTokens; // what the query combo box lists
    int m_step = 0;
    int m_query;

    QPushButton* m_previous;
    QPushButton* m_next;
    QComboBox* m_stepList;
    QLabel* m_counter;
    QPushButton* m_giveBack;
    QPushButton* m_openLab; // the step's training session, in the training lab
    QLabel* m_title;
    QLabel* m_explanation;
    QLabel* m_note;
    QLabel* m_pending;
    QLabel* m_queryLabel;
    QComboBox* m_queryChoice;
    QLabel* m_formula;
    QString m_formulaText; // plain, one statement per line
    QCheckBox* m_scalingToggle;
    QLabel* m_scalingLabel; // the toggle's text, wrapped (a check box's own text never wraps)
    ScalingChartWidget* m_scalingChart;
    QList<QAction*> m_actions;
    QWidget* m_content;
    QScrollArea* m_scroll;
    qreal m_presentationSize = 0;
    bool m_fitting = false;
};

} // namespace ae
