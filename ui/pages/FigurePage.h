#pragma once

#include "PageCatalog.h"

#include <QScrollArea>

#include <memory>
#include <vector>

class QLabel;

namespace ae {

class CellSelection;
class ColorScaleChoice;
class FigureWidget;
struct Trace;

// One step of attention: its sections (heading, explanation, figure) from the catalog,
// rebuilt whenever a new trace arrives. Clicks pin a (query, key) pair in the shared
// selection; every figure highlights the pinned pair. Attention weights are coloured on the
// scale of `scales` (shared by the window's pages; the page's own when none is given), chosen
// in a combo box above the figures of pages that show weights.
class FigurePage : public QScrollArea
{
    Q_OBJECT
public:
    FigurePage(PageDefinition definition, CellSelection* selection, QWidget* parent = nullptr,
               ColorScaleChoice* scales = nullptr);

    const PageDefinition& definition() const { return m_definition; }
    void setTrace(const std::shared_ptr<const Trace>& trace, int head);
    // The figures now shown (for "export this page").
    std::vector<Figure> currentFigures() const;
    QWidget* scaleRow() const { return m_scaleRow; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateHeadingFonts();

    struct Section
    {
        QLabel* heading = nullptr;
        QLabel* explanation = nullptr;
        QLabel* absent = nullptr;
        FigureWidget* figure = nullptr;
        std::optional<Figure> current;
    };

    void updateHighlights();

    PageDefinition m_definition;
    CellSelection* m_selection;
    ColorScaleChoice* m_scales;
    QWidget* m_scaleRow;
    std::vector<Section> m_sections;
    std::shared_ptr<const Trace> m_trace;
    int m_head = 0;
};

} // namespace ae
