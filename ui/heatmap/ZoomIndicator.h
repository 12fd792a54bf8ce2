#pragma once

#include <QToolButton>

namespace ae {

// The zoom of a heatmap, shown in its top right corner while it is zoomed in ("250 %  ⟲"),
// so that a view left zoomed is never mistaken for the whole matrix; clicking it goes back
// to the whole matrix (as Ctrl+0 and a double-click do). Hidden at 100 %.
class ZoomIndicator : public QToolButton
{
    Q_OBJECT
public:
    explicit ZoomIndicator(QWidget* parent);

    // Shows `zoom` (1 = the whole matrix: hidden) and moves to the parent's top right corner.
    void setZoom(double zoom);
    static QString label(double zoom);

protected:
    void changeEvent(QEvent* event) override;

private:
    void place();

    double m_zoom = 1;
};

} // namespace ae
