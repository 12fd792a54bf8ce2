#pragma once

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QPalette>

class QMainWindow;

namespace ae {

class WalkthroughPanel;

// Lecture-hall mode for a main window: full screen, the walkthrough dock only, 24 pt text,
// a high-contrast palette, and zoom; leaving it restores the window as it was.
class PresentationMode : public QObject
{
    Q_OBJECT
public:
    static constexpr double PointSize = 24; // readable from the back of a hall at 1080p

    PresentationMode(QMainWindow* window, WalkthroughPanel* walkthrough);

    bool isActive() const { return m_active; }
    void setActive(bool active);
    double zoom() const { return m_zoom; }
    // Scales the fonts of the pages (and of the walkthrough): 1 is the normal size.
    void setZoom(double zoom);

private:
    void enter();
    void leave();

    QMainWindow* m_window;
    WalkthroughPanel* m_walkthrough;
    bool m_active = false;
    double m_zoom = 1.0;
    QByteArray m_stateBefore;
    QPalette m_paletteBefore;
    QFont m_fontBefore;
};

} // namespace ae
