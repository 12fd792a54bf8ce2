#include "PresentationMode.h"

#include "WalkthroughPanel.h"

#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>

namespace ae {

namespace {

// Black on white, whatever the desktop theme: projectors wash out greys and dark themes.
QPalette highContrast()
{
    QPalette contrast;
    contrast.setColor(QPalette::Window, Qt::white);
    contrast.setColor(QPalette::WindowText, Qt::black);
    contrast.setColor(QPalette::Base, Qt::white);
    contrast.setColor(QPalette::Text, Qt::black);
    contrast.setColor(QPalette::Button, QColor(235, 235, 235));
    contrast.setColor(QPalette::ButtonText, Qt::black);
    contrast.setColor(QPalette::Highlight, QColor(0, 70, 160));
    contrast.setColor(QPalette::HighlightedText, Qt::white);
    return contrast;
}

} // namespace

PresentationMode::PresentationMode(QMainWindow* window, WalkthroughPanel* walkthrough)
    : QObject(window), m_window(window), m_walkthrough(walkthrough)
{
}

double PresentationMode::pointSizeFor(int windowHeight)
{
    return std::clamp(PointSize * windowHeight / 1080.0, MinPointSize, PointSize);
}

double PresentationMode::basePointSize() const
{
    return pointSizeFor(m_window->height());
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event)
{
    if (m_active && watched == m_window && event->type() == QEvent::Resize)
        fitToWindow();
    return QObject::eventFilter(watched, event);
}

// Text and the walkthrough's share follow the window's size (full screen: the screen's).
void PresentationMode::fitToWindow()
{
    setZoom(m_zoom);
    if (auto* dock = qobject_cast<QDockWidget*>(m_walkthrough->parentWidget()))
        m_window->resizeDocks({dock}, {int(m_window->width() * DockShare)}, Qt::Horizontal);
}

void PresentationMode::setZoom(double zoom)
{
    m_zoom = std::clamp(zoom, 0.5, 4.0);
    QFont font = m_active ? m_fontBefore : QApplication::font();
    const double base = m_active ? basePointSize() : QApplication::font().pointSizeF();
    font.setPointSizeF(base * m_zoom);
    m_window->centralWidget()->setFont(font);
    m_walkthrough->setPresentationFont(m_active || m_zoom != 1.0 ? base * m_zoom : 0);
}

void PresentationMode::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active)
        enter();
    else
        leave();
}

void PresentationMode::enter()
{
    m_stateBefore = m_window->saveState();
    m_paletteBefore = m_window->palette();
    m_fontBefore = m_window->centralWidget()->font();
    m_window->setPalette(highContrast());
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
        dock->setVisible(dock->widget() == m_walkthrough);
    if (auto* dock = qobject_cast<QDockWidget*>(m_walkthrough->parentWidget()))
        dock->raise();
    m_window->menuBar()->setVisible(false);
    for (QToolBar* bar : m_window->findChildren<QToolBar*>())
        bar->setVisible(false);
    m_window->statusBar()->setVisible(false);
    m_zoom = 1.0;
    if (QScreen* screen =
            m_window->screen()) // without a window manager, full screen is only a state
        m_window->setGeometry(screen->geometry());
    m_window->showFullScreen();
    fitToWindow();
    m_window->installEventFilter(this);
    m_walkthrough->setFocus();
}

void PresentationMode::leave()
{
    m_window->removeEventFilter(this);
    m_window->setPalette(m_paletteBefore);
    m_window->centralWidget()->setFont(m_fontBefore);
    m_walkthrough->setPresentationFont(0);
    m_zoom = 1.0;
    m_window->menuBar()->setVisible(true);
    m_window->statusBar()->setVisible(true);
    m_window->showNormal();
    m_window->restoreState(m_stateBefore);
}

} // namespace ae
