#include "MainWindow.h"

#include "SessionActions.h"
#include "SessionDocument.h"
#include "WalkthroughPanel.h"
#include "WalkthroughSandbox.h"

#include <QCloseEvent>
#include <QMimeData>
#include <QSettings>

// The window's session commands (open, sample, recovery, the unsaved-changes question, the
// walkthrough giving the user's session back) and the window events that reach them (close,
// drop a file).
namespace ae {

bool MainWindow::openSession(const QString& path, const QJsonObject& overrides, bool quiet)
{
    return m_sessions->openSession(path, overrides, quiet);
}

void MainWindow::openSample(const QString& resourcePath)
{
    m_sessions->openSample(resourcePath);
}

void MainWindow::offerRecovery()
{
    if (isPresentationMode()) {
        m_recoveryDeferred = true;
        return;
    }
    m_sessions->offerRecovery();
}

void MainWindow::leaveWalkthrough()
{
    const QString page = m_sandbox->heldPageId();
    if (!m_sandbox->giveBack())
        return;
    // Back on the page the user left for the steps (with its step): a step's page may have
    // nothing to show for the user's session (every head of a one-head session).
    if (!showPage(page))
        m_walkthrough->showStepOfPage(currentPageId(), m_document->session());
}

bool MainWindow::isWalkthroughHoldingSession() const
{
    return m_sandbox->isHolding();
}

bool MainWindow::maybeSave()
{
    leaveWalkthrough(); // what may need saving is the user's session, not a step's
    return m_sessions->maybeSave();
}

void MainWindow::closeWithoutAsking()
{
    m_closingForLanguage = true;
    close();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_closingForLanguage && !maybeSave()) {
        event->ignore();
        return;
    }
    if (isPresentationMode() && !m_closingForLanguage)
        setPresentationMode(false); // the next launch opens as a window, docks and menus included
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = event->mimeData()->urls().value(0).toLocalFile();
    if (!path.isEmpty() && maybeSave())
        openSession(path);
}

} // namespace ae
