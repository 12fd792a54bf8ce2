#pragma once

#include "TrainingConfig.h"

#include <QMainWindow>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QProgressBar;
class QSlider;
class QTabWidget;
class QTextBrowser;

namespace ae {

class CurveChart;
class FigureWidget;
class ThumbnailGrid;
class TrainingForm;
class TrainingWorker;
class TransformerModel;
struct ProbeSnapshot;
struct TrainingProgress;

// The training lab (spec training.md): the book's GPTModel trained in the app, its heads
// watched while they form. Left: the session's controls; centre: the loss, the previous-token
// and induction scores of every head over the steps, and every layer × head's attention on the
// probe at the step the replay slider shows (the newest while it sits at its end). Training
// runs on a thread of its own (TrainingWorker); the GUI thread only draws what it reports.
class TrainingWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit TrainingWindow(QWidget* parent = nullptr);
    ~TrainingWindow() override;

    // A training session file (the lab's controls take its values); false with a message box
    // unless `quiet`.
    bool openSession(const QString& path, bool quiet = false);
    // A bundled session (":/samples/training/induction.json").
    bool openSample(const QString& resourcePath);
    // Trains the controls' session on from the book checkpoint `path` (Resume From
    // Checkpoint's file), read off the GUI thread; one that does not fit the session is refused
    // with a message box naming the key. Nothing when the session itself is refused.
    void resumeFrom(const QString& path);
    // Save Checkpoint into `dir` without the dialog: the book's model.safetensors and
    // config.json, after asking before either file already there is replaced.
    void saveCheckpointInto(const QString& dir);
    // The text task's text ("Open text file…" without the dialog): a file that cannot be read or
    // is not UTF-8 is refused with a message box naming it, the text before kept.
    void openText(const QString& path);

    TrainingForm* form() const { return m_form; }
    TrainingWorker* worker() const { return m_worker; }
    const std::vector<float>& losses() const { return m_losses; }
    const std::vector<std::shared_ptr<const ProbeSnapshot>>& probes() const { return m_probes; }
    QSlider* replay() const { return m_replay; }
    // The issues refusing the controls' session, as shown (empty: none).
    QString issueText() const;

public Q_SLOTS:
    void startOrPause();
    void stepOnce();
    void reset();

Q_SIGNALS:
    // "Open in Explorer": the trained model, saved as a book checkpoint in `dir`.
    void openModelRequested(const QString& dir);

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    // Validates the controls' session; shows what refuses it. True when it can train.
    bool checkSession();
    void onProgress(const TrainingProgress& progress);
    void addProbe(const std::shared_ptr<const ProbeSnapshot>& probe);
    void showReplay(int index);
    void updateStatus();
    void saveCheckpoint();
    void openInExplorer();
    void resumeFromCheckpoint();
    void openTextFile();
    void exportFigures();
    QStringList probeLabels(const ProbeSnapshot& probe) const;

    TrainingForm* m_form;
    TrainingWorker* m_worker;
    QLabel* m_banner;
    CurveChart* m_lossChart;
    CurveChart* m_previousChart;
    CurveChart* m_inductionChart;
    QSlider* m_replay;
    QLabel* m_replayLabel;
    QTabWidget* m_views;
    ThumbnailGrid* m_grid;     // every layer x head on the probe, small
    FigureWidget* m_attention; // the head chosen in the grid
    FigureWidget* m_scores;
    QTextBrowser* m_samples; // text tasks: what the model writes at each evaluation point
    QProgressBar* m_progress;
    QLabel* m_status;
    QAction* m_startAction = nullptr;
    TrainingConfig m_config; // the session the worker trains
    bool m_configApplied = false;
    int m_generation = 0; // the worker's, of the last reset: older reports are dropped
    bool m_running = false;
    int m_stepsDone = 0;
    double m_stepsPerSecond = 0;
    std::vector<float> m_losses;
    std::vector<std::pair<int, float>> m_valLosses;
    std::vector<std::shared_ptr<const ProbeSnapshot>> m_probes;
    std::vector<std::string> m_vocabulary; // chars task: id -> character
    QString m_pendingExplorerDir;
    std::optional<std::pair<int, int>> m_chosenHead; // else the best induction head shown
};

} // namespace ae
