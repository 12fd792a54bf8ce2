#pragma once

#include "HeatmapSpec.h"

#include <QObject>
#include <QString>

#include <optional>

namespace ae {

// The (query, key) pair the user pinned by clicking a cell, shared by every view so that
// each highlights the same tokens on whichever of its axes enumerate them, and the text
// the inspector shows for the hovered (or, when nothing is hovered, the pinned) cell.
class CellSelection : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    std::optional<int> pinnedQuery() const { return m_query; }
    std::optional<int> pinnedKey() const { return m_key; }

    // The row or column a view with these axes should highlight.
    std::optional<int> highlightFor(AxisKind axis) const;

    // A click on cell (row, col) of a spec: pins the tokens its axes name (clicking the
    // pinned cell again unpins), and keeps its explanation for the inspector.
    void pin(const HeatmapSpec& spec, int row, int col);
    void clear();
    void hover(const HeatmapSpec& spec, int row, int col); // row < 0: left the view

Q_SIGNALS:
    void pinnedChanged();
    void inspectedTextChanged(const QString& title, const QString& text);

private:
    static QString describe(const HeatmapSpec& spec, int row, int col);

    std::optional<int> m_query, m_key;
    QString m_pinnedTitle, m_pinnedText;
};

} // namespace ae
