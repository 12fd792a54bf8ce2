#pragma once

#include "HeatmapSpec.h"

#include <QObject>

#include <vector>

class QComboBox;
class QMenu;
class QWidget;

namespace ae {

// How attention weights are coloured on every page of a window (ScaleMode): a view choice,
// shared by the pages, kept while the window lives, never written into the session. The
// default, a scale per row, shows where each query looks even when a row's weights are all
// far below 1 (a long causal sentence), where a fixed 0-1 scale would leave them white.
class ColorScaleChoice : public QObject
{
    Q_OBJECT
public:
    static constexpr ScaleMode Default = ScaleMode::PerRow;

    explicit ColorScaleChoice(QObject* parent = nullptr);

    ScaleMode mode() const { return m_mode; }
    void setMode(ScaleMode mode);
    // Every Sequential panel of `figure` on this scale.
    Figure apply(Figure figure) const;

    static std::vector<ScaleMode> modes();
    static QString name(ScaleMode mode);        // "Per row"
    static QString description(ScaleMode mode); // a sentence for the tooltip

    // A combo box (for the pages) and a menu of radio items (for View), both kept in step.
    QComboBox* createComboBox(QWidget* parent);
    QMenu* createMenu(QWidget* parent);

Q_SIGNALS:
    void modeChanged(ScaleMode mode);

private:
    ScaleMode m_mode = Default;
};

} // namespace ae
