#pragma once

#include "PageCatalog.h"

#include <QScrollArea>

#include <memory>
#include <vector>

class QLabel;

namespace ae {

class CellSelection;
class FigureWidget;
struct Trace;

// One step of attention: its sections (heading, explanation, figure) from the catalog,
// rebuilt whenever a new trace arrives. Clicks pin a (query, key) pair in the shared
// selection; every figure highlights the pinned pair.
class FigurePage : public QScrollArea
{
    Q_OBJECT
public:
    FigurePage(PageDefinition definition, CellSelection* selection, QWidget* parent = nullptr);

    const PageDefinition& definition() const { return m_definition; }
    void setTrace(const std::shared_ptr<const Trace>& trace, int head);
    // The figures now shown (for "export this page").
    std::vector<Figure> currentFigures() const;

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
    std::vector<Section> m_sections;
    std::shared_ptr<const Trace> m_trace;
    int m_head = 0;
};

} // namespace ae
