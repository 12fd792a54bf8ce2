#include "TrainingWindow.h"

#include "BookCheckpoint.h"
#include "ExportActions.h"
#include "HeadAnalysisFigures.h"
#include "ModelRegistry.h"
#include "Trainer.h"
#include "TrainingFigures.h"
#include "TrainingForm.h"
#include "TrainingSession.h"
#include "TrainingWorker.h"
#include "TransformerModel.h"
#include "ViewJobs.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolBar>

// The lab's menus and what its File menu does: sessions, texts, checkpoints, figures (the
// window's layout and training are TrainingWindow.cpp's).
namespace ae {

void TrainingWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* train = menuBar()->addMenu(tr("&Training"));
    QToolBar* bar = addToolBar(tr("Training"));
    bar->setObjectName(QStringLiteral("trainingToolBar"));
    const auto add = [this](QMenu* menu, const QString& text, QKeySequence key, auto slot,
                            QToolBar* toolbar = nullptr) {
        QAction* action = menu->addAction(text);
        action->setShortcut(key);
        if (!key.isEmpty())
            action->setToolTip(QStringLiteral("%1 (%2)").arg(
                QString(text).remove(QLatin1Char('&')), key.toString(QKeySequence::NativeText)));
        connect(action, &QAction::triggered, this, slot);
        if (toolbar)
            toolbar->addAction(action);
        return action;
    };
    add(file, tr("&Open Training Session…"), QKeySequence::Open, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Training Session"), {},
                                                          tr("Training sessions (*.json)"));
        if (!path.isEmpty())
            openSession(path);
    });
    QMenu* samples = file->addMenu(tr("Open &Sample"));
    add(samples, tr("&Induction heads (attention-only, 2 layers)"), {},
        [this] { openSample(QStringLiteral(":/samples/training/induction.json")); });
    add(samples, tr("&Text: a nursery rhyme, characters"), {},
        [this] { openSample(QStringLiteral(":/samples/training/rhyme.json")); });
    file->addSeparator();
    add(file, tr("&Resume From Checkpoint…"), {}, [this] { resumeFromCheckpoint(); });
    add(file, tr("Save &Checkpoint…"), QKeySequence::Save, [this] { saveCheckpoint(); });
    add(file, tr("&Export Figures…"), QKeySequence(tr("Ctrl+E")), [this] { exportFigures(); });
    file->addSeparator();
    add(file, tr("&Close"), QKeySequence::Close, [this] { close(); });

    m_startAction = add(
        train, tr("&Start"), QKeySequence(Qt::Key_F5), [this] { startOrPause(); }, bar);
    add(
        train, tr("S&tep"), QKeySequence(Qt::Key_F10), [this] { stepOnce(); }, bar);
    add(
        train, tr("&Reset"), QKeySequence(tr("Ctrl+R")), [this] { reset(); }, bar);
    train->addSeparator();
    bar->addSeparator();
    add(
        train, tr("Open in &Explorer"), QKeySequence(tr("Ctrl+Shift+E")),
        [this] { openInExplorer(); }, bar)
        ->setStatusTip(tr("Opens the trained model in the main window: every page, the head "
                          "analysis and generation"));
}

void TrainingWindow::openTextFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Text File"), {},
                                                      tr("Text files (*.txt);;All files (*)"));
    if (!path.isEmpty())
        openText(path);
}

void TrainingWindow::openText(const QString& path)
{
    std::string text;
    std::vector<SessionIssue> issues;
    if (!readTrainingText(path, text, issues)) {
        QMessageBox::warning(this, tr("Cannot Open Text"), issues.front().message);
        return;
    }
    m_form->setText(path, text);
}

bool TrainingWindow::openSession(const QString& path, bool quiet)
{
    const TrainingSessionResult result = readTrainingSession(path);
    if (!result.ok()) {
        QStringList lines;
        for (const SessionIssue& issue : result.issues)
            lines << issue.message;
        if (!quiet)
            QMessageBox::warning(this, tr("Cannot Open Training Session"),
                                 tr("%1:\n%2").arg(path, lines.join(QLatin1Char('\n'))));
        return false;
    }
    m_worker->pause();
    m_running = false;
    m_stepsDone = 0;
    m_form->setConfig(result.config);
    reset();
    return true;
}

bool TrainingWindow::openSample(const QString& resourcePath)
{
    return openSession(resourcePath);
}

void TrainingWindow::saveCheckpoint()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Save Checkpoint Into"));
    if (!dir.isEmpty())
        saveCheckpointInto(dir);
}

void TrainingWindow::saveCheckpointInto(const QString& dir)
{
    QStringList present;
    for (const QString& name : {QStringLiteral("model.safetensors"), QStringLiteral("config.json")})
        if (QFileInfo::exists(QDir(dir).filePath(name)))
            present << name;
    if (!present.isEmpty() &&
        QMessageBox::question(this, tr("Replace Checkpoint?"),
                              tr("%1 already has %2. Replace with the model trained here?")
                                  .arg(QDir::toNativeSeparators(dir), present.join(tr(" and "))),
                              QMessageBox::Yes | QMessageBox::No,
                              QMessageBox::No) != QMessageBox::Yes)
        return;
    m_worker->save(dir);
}

void TrainingWindow::openInExplorer()
{
    // A folder of its own per model opened, under the app's data (the main window keeps its
    // path as the session's model).
    const QString base = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    const QString dir = QDir(base).filePath(
        QStringLiteral("trained/%1")
            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))));
    m_pendingExplorerDir = dir;
    m_worker->save(dir);
}

void TrainingWindow::resumeFromCheckpoint()
{
    if (!checkSession())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Resume From Checkpoint"), {},
        tr("Book checkpoints (*.safetensors *.pth config.json);;All files (*)"));
    if (!path.isEmpty())
        resumeFrom(path);
}

void TrainingWindow::resumeFrom(const QString& path)
{
    if (!checkSession())
        return;
    // Off Qt's global pool, whose threads the window's own repaints wait for (ViewJobs.h).
    runThenDeliver(
        analysisJobs(), this,
        [path] {
            // The dialog offers config.json too: the checkpoint is the model file beside it.
            const QString opened = modelPath(path), file = modelFile(opened);
            return file.isEmpty() ? loadModel(opened) // which names what the folder lacks
                                  : loadBookCheckpoint(file);
        },
        [this, path](const ModelLoadResult& loaded) {
            const TrainingConfig config = m_form->config();
            QString issue = loaded.error; // names the file already
            if (loaded.model && issue.isEmpty())
                if (const std::string differs = Trainer::resumeIssue(config, *loaded.model);
                    !differs.empty())
                    issue = tr("%1: %2").arg(path, QString::fromStdString(differs));
            if (!issue.isEmpty()) {
                QMessageBox::warning(this, tr("Cannot Resume"), issue);
                return;
            }
            reset();
            m_generation = m_worker->reset(config, loaded.model);
            statusBar()->showMessage(tr("Resuming from %1").arg(path), 8000);
        });
}

void TrainingWindow::exportFigures()
{
    if (m_probes.empty())
        return;
    const auto& probe = m_probes[std::size_t(std::max(0, m_replay->value()))];
    const QString message = ExportActions::exportFigures(
        this,
        {trainingfigures::probeAttention(probe, probeLabels(*probe)),
         analysisfigures::detectors(probe->detection, analysisfigures::DetectorScore::Mul)},
        tr("the probe's attention and the head scores at step %1").arg(probe->step));
    if (!message.isEmpty())
        statusBar()->showMessage(message, 8000);
}

} // namespace ae
