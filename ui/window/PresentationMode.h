#pragma once

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QPalette>

class QMainWindow;

namespace ae {

class WalkthroughPanel;

// Lecture-hall mode for a main window: full screen, the walkthrough dock only (at most
// DockShare of the width), text scaled to the screen (24 pt at 1080 lines), a high-contrast
// palette (HeatmapStyle gives its cells high-contrast colours and a thick grid), and zoom;
// leaving it restores the window as it was.
class PresentationMode : public QObject
{
    Q_OBJECT
public:
    static constexpr double PointSize = 24; // readable from the back of a hall at 1080p
    static constexpr double MinPointSize = 12;
    static constexpr double DockShare = 0.25; // of the window's width, for the walkthrough
    // The text size for a window this tall: PointSize at 1080 lines, in proportion below.
    static double pointSizeFor(int windowHeight);

    PresentationMode(QMainWindow* window, WalkthroughPanel* walkthrough);

    bool isActive() const { return m_active; }
    void setActive(bool active);
    double zoom() const { return m_zoom; }
    // Scales the fonts of the pages (and of the walkthrough): 1 is the normal size.
    void setZoom(double zoom);
    // The window's dock layout before presentation mode (for a window that takes over).
    QByteArray stateBefore() const { return m_stateBefore; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void enter();
    void leave();
    void fitToWindow();
    double basePointSize() const;

    QMainWindow* m_window;
    WalkthroughPanel* m_walkthrough;
    bool m_active = false;
    double m_zoom = 1.0;
    QByteArray m_stateBefore;
    QPalette m_paletteBefore;
    QFont m_fontBefore;
};

} // namespace ae
