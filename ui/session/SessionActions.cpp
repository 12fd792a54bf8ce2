#include "SessionActions.h"

#include "RecentFiles.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionFile.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace ae {

SessionActions::SessionActions(QWidget* window, SessionDocument* document, QMenu* recentMenu)
    : QObject(window)
    , m_window(window)
    , m_document(document)
    , m_recent(new RecentFiles(recentMenu, this))
{
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave())
            openSession(path);
    });
}

bool SessionActions::openSession(const QString& path, const QJsonObject& overrides, bool quiet)
{
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
    const auto recoveries = SessionAutosave::pendingRecoveries();
    if (recoveries.empty())
        return;
    const SessionAutosave::Recovery& latest = recoveries.front();
    const QString name = latest.filePath.isEmpty() ? tr("an untitled session") : QFileInfo(latest.filePath).fileName();
    const auto answer = QMessageBox::question(
        m_window, tr("Restore Session"),
        tr("Attention Explorer did not close normally while you were editing %1. Restore it as it was?").arg(name),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        m_document->setSession(latest.session, latest.filePath, latest.modified);
    for (const auto& recovery : recoveries)
        SessionAutosave::discard(recovery.autosavePath);
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

void SessionActions::newSession()
{
    if (maybeSave())
        m_document->setSession(Session{});
}

void SessionActions::openDialog()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Session"), QFileInfo(m_document->filePath()).path(),
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
        QMessageBox::warning(m_window, tr("Cannot Save Session"), error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    return true;
}

bool SessionActions::saveAs()
{
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save Session"), m_document->filePath(), tr("Sessions (*.json)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    const QString error = m_document->saveAs(path);
    if (!error.isEmpty()) {
        QMessageBox::warning(m_window, tr("Cannot Save Session"), error + u'\n' + tr("The session is still open: nothing is lost."));
        return false;
    }
    m_recent->add(path);
    return true;
}

bool SessionActions::maybeSave()
{
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(m_window, tr("Unsaved Changes"),
                                              tr("The session has changes that are not saved. Save them first?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace ae
