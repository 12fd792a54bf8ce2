#pragma once

#include "SessionIssue.h"

#include <QJsonObject>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QDockWidget;
class QLabel;
class QProgressBar;
class QSpinBox;
class QTabWidget;

namespace ae {

class CellSelection;
class DeckExporter;
class ComputeService;
class ControlPanel;
class InspectorPanel;
class Page;
class PageBar;
class PageStack;
class PresentationMode;
class PresentationStage;
class SessionActions;
class SessionAutosave;
class SessionDocument;
class TrainingWindow;
class WalkthroughPanel;
class WalkthroughSandbox;
struct ComputeResult;
struct Session;
struct Figure;
struct ModelRun;
struct Trace;

// The application window: the session editor (left), one tab per step of attention
// (centre), the cell inspector (right). Every session change is computed off the GUI
// thread and the newest result repaints every page.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    SessionDocument* document() const { return m_document; }
    ComputeService* computeService() const { return m_service; }
    std::shared_ptr<const Trace> trace() const { return m_trace; }
    QTabWidget* pages() const { return m_tabs; }
    // The pages' tabs (the tab widget's own bar is hidden).
    PageBar* pageBar() const { return m_pageBar; }
    // The run now shown (null before the first); modelRun() the same only when a checkpoint
    // computed it (null for the seed module).
    std::shared_ptr<const ModelRun> run() const { return m_run; }
    std::shared_ptr<const ModelRun> modelRun() const;
    QSpinBox* layerBox() const { return m_layer; }
    QSpinBox* headBox() const { return m_head; }
    // --layer: the layer (from 0) a model session's first forward is shown on (the last one
    // if the checkpoint has fewer, with a message in the status bar).
    void setStartLayer(int layer);

    // Opens a session file; false (with a message box unless quiet) when it cannot.
    bool openSession(const QString& path, const QJsonObject& overrides = {}, bool quiet = false);
    // Lecture-hall mode: full screen, the walkthrough beside the step's page, large fonts, a
    // high-contrast palette; the walkthrough's keys (a presentation clicker's PageDown and
    // PageUp, arrows, space) step through it. Esc or F5 leaves it.
    void setPresentationMode(bool on);
    bool isPresentationMode() const;
    // Writes the walkthrough of the current session as a PDF deck; empty string on success.
    QString exportDeck(const QString& path, bool showProgress);
    WalkthroughPanel* walkthrough() const { return m_walkthrough; }

    // After a crash or a kill: offers back the session an earlier instance was editing (once
    // presentation mode is left: nothing modal appears in front of a class).
    void offerRecovery();
    bool isRecoveryOfferDeferred() const { return m_recoveryDeferred; }
    PresentationStage* presentationStage() const { return m_stage; }
    // While the walkthrough shows its steps' sessions it holds the user's own; this gives it
    // back (also done before anything asks to save, opens another session or closes).
    void leaveWalkthrough();
    bool isWalkthroughHoldingSession() const;
    // Opens a bundled sample (":/samples/article.json") as a new, untitled session.
    void openSample(const QString& resourcePath);
    // Tools > Training Lab: the one lab window, created on first use.
    TrainingWindow* showTrainingLab();
    TrainingWindow* trainingLab() const;
    // Shows the page with this id ("tokens", "scores", ... see PageCatalog); false if unknown.
    bool showPage(const QString& id);

    // A new window for another language takes over this one's session (unsaved changes
    // included), file, page and geometry.
    void takeOver(const MainWindow& old);
    // Closes without the unsaved-changes question (the session lives on in another window).
    void closeWithoutAsking();

Q_SIGNALS:
    // Every page shows this trace (emitted after they were updated).
    void traceShown(std::shared_ptr<const ae::Trace> trace);
    // The user chose another language in the menu ("en", "zh_CN").
    void languageChangeRequested(const QString& language);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void showTrace(const std::shared_ptr<const Trace>& trace);
    void showRun(const std::shared_ptr<const ModelRun>& run, int layer);
    // Computes the document's session (a model session: the selected layer).
    void requestCompute();
    void updateTabVisibility();
    void chooseHead(int layer, int head);
    // The deck of the session: the walkthrough's, or for a model session the layer shown's.
    DeckExporter deckExporter() const;
    void showIssue(const SessionIssue& issue);
    // Every page is to show the trace shown, with the layer and head chosen.
    void updatePages();
    void updateStage();
    QString currentPageId() const;
    // The default size, within the screen the window opens on.
    void fitToScreen();
    void updateTitle();
    bool maybeSave();
    void exportFigures(bool all);
    void showStatus(const QString& message);
    std::vector<Figure> currentPageFigures() const;

    SessionDocument* m_document;
    ComputeService* m_service;
    CellSelection* m_selection;
    ControlPanel* m_controls;
    InspectorPanel* m_inspector;
    PageStack* m_stack = nullptr;
    QTabWidget* m_tabs = nullptr; // m_stack's
    PageBar* m_pageBar = nullptr;
    QLabel* m_banner;
    QLabel* m_status;
    QProgressBar* m_busy;
    QSpinBox* m_head;
    QAction* m_headAction = nullptr;
    QSpinBox* m_layer;
    QAction* m_layerAction = nullptr;
    std::optional<int> m_startLayer; // until the first forward is shown
    QString m_layerNotice;           // why the start layer was not shown
    std::shared_ptr<const ModelRun> m_run;
    SessionActions* m_sessions = nullptr;
    SessionAutosave* m_autosave;
    WalkthroughPanel* m_walkthrough;
    PresentationMode* m_presentation;
    PresentationStage* m_stage;
    WalkthroughSandbox* m_sandbox;
    QDockWidget* m_walkthroughDock = nullptr;
    QPointer<TrainingWindow> m_trainingLab;
    bool m_closingForLanguage = false;
    bool m_recoveryDeferred = false;
    bool m_pageFromWalkthrough = false; // the walkthrough asked for the page being shown
    std::shared_ptr<const Trace> m_trace;
};

} // namespace ae
