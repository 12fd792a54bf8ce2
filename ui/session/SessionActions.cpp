#include "SessionActions.h"

#include "ModelRegistry.h"
#include "RecentFiles.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionFile.h"

#include <QAbstractButton>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace ae {

SessionActions::SessionActions(QWidget* window, SessionDocument* document, QMenu* recentMenu)
    : QObject(window), m_window(window), m_document(document),
      m_recent(new RecentFiles(recentMenu, this))
{
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        Q_EMIT aboutToReplaceSession();
        if (maybeSave())
            openSession(path);
    });
}

bool SessionActions::openSession(const QString& path, const QJsonObject& overrides, bool quiet)
{
    if (!path.isEmpty() && overrides.isEmpty() && looksLikeModel(path)) {
        openModel(path);
        return true;
    }
    const QString error = m_document->load(path, overrides);
    if (!error.isEmpty()) {
        if (!quiet)
            QMessageBox::warning(m_window, tr("Cannot Open Session"), error);
        return false;
    }
    if (!path.isEmpty())
        m_recent->add(path);
    return true;
}

void SessionActions::offerRecovery()
{
    // Every orphaned autosave is offered, newest first (two instances killed: two offers).
    // The first one restored takes this window; later ones can be saved to a file. One
    // kept for later stays on disk and is offered again at the next start.
    const auto recoveries = SessionAutosave::pendingRecoveries();
    bool restored = false;
    for (std::size_t i = 0; i < recoveries.size(); ++i) {
        const SessionAutosave::Recovery& recovery = recoveries[i];
        const QString name = recovery.filePath.isEmpty() ? tr("an untitled session")
                                                         : QFileInfo(recovery.filePath).fileName();
        QMessageBox box(QMessageBox::Question, tr("Restore Session"),
                        tr("Attention Explorer did not close normally while you were editing %1. "
                           "Restore it as it was?")
                            .arg(name),
                        QMessageBox::NoButton, m_window);
        if (recoveries.size() > 1)
            box.setInformativeText(
                tr("Unsaved session %1 of %2.").arg(i + 1).arg(recoveries.size()));
        box.setStandardButtons(restored
                                   ? QMessageBox::Save | QMessageBox::Ignore | QMessageBox::Discard
                                   : QMessageBox::Yes | QMessageBox::Ignore | QMessageBox::Discard);
        box.button(QMessageBox::Ignore)->setText(tr("Keep for Later"));
        if (!restored)
            box.button(QMessageBox::Yes)->setText(tr("Restore"));
        else
            box.button(QMessageBox::Save)->setText(tr("Save As\u2026"));
        box.setDefaultButton(restored ? QMessageBox::Save : QMessageBox::Yes);
        const int answer = box.exec();
        if (answer == QMessageBox::Yes) {
            m_document->setSession(recovery.session, recovery.filePath, recovery.modified);
            restored = true;
        } else if (answer == QMessageBox::Save) {
            const QString path = QFileDialog::getSaveFileName(
                m_window, tr("Save Session"), recovery.filePath, tr("Sessions (*.json)"));
            const QString error =
                path.isEmpty() ? tr("not saved") : SessionFile::save(path, recovery.session);
            if (!error.isEmpty()) {
                QMessageBox::warning(m_window, tr("Cannot Save Session"),
                                     error + u'\n' +
                                         tr("It will be offered again at the next start."));
                continue;
            }
        } else if (answer != QMessageBox::Discard) {
            continue; // kept for later
        }
        SessionAutosave::discard(recovery.autosavePath);
    }
}

void SessionActions::openSample(const QString& resourcePath)
{
    // A sample opens as a new, untitled session: saving asks where, never into the resources.
    const SessionLoadResult loaded = SessionFile::load(resourcePath);
    if (loaded.issue) {
        QMessageBox::warning(m_window, tr("Cannot Open Sample"), loaded.issue->message);
        return;
    }
    m_document->setSession(loaded.session);
}

void SessionActions::openModel(const QString& path)
{
    Session session;
    session.model = modelPath(path).toStdString();
    session.sentence = m_document->session().sentence;
    m_document->setSession(session);
    m_recent->add(modelPath(path));
}

void SessionActions::openModelDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Model"),
        QFileInfo(QString::fromStdString(m_document->session().model)).path(),
        tr("Models (*.safetensors *.pth config.json);;All files (*)"));
    if (!path.isEmpty())
        openModel(path);
}

void SessionActions::newSession()
{
    if (maybeSave())
        m_document->setSession(Session{});
}

void SessionActions::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"),
                                                      QFileInfo(m_document->filePath()).path(),
                                                      tr("Sessions (*.json);;All files (*)"));
    if (!path.isEmpty())
        openSession(path);
}

bool SessionActions::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    const QString error = m_document->saveAs(m_document->filePath());
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Cannot Save Session"),
                             error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    return true;
}

bool SessionActions::saveAs()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Session"),
                                                m_document->filePath(), tr("Sessions (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    const QString error = m_document->saveAs(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Cannot Save Session"),
                             error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    m_recent->add(path);
    return true;
}

bool SessionActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved Changes"),
        tr("The session has changes that are not saved. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace ae
