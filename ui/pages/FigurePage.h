#pragma once

#include "Page.h"
#include "PageCatalog.h"

#include <QScrollArea>

#include <memory>
#include <optional>
#include <vector>

class QLabel;

namespace ae {

class CellSelection;
class ColorScaleChoice;
class FigureWidget;
struct Trace;

// One step of attention: its sections (heading, explanation, figure) from the catalog,
// rebuilt whenever a new trace arrives: for a large trace off the GUI thread (a figure derives
// its heads' T x S tensors), the latest trace winning; the old figures stay until then. Clicks pin
// a (query, key) pair in the shared selection; every figure highlights the pinned pair. Attention
// weights are coloured on the scale of `scales` (shared by the window's pages; the page's own when
// none is given), chosen in a combo box above the figures of pages that show weights.
class FigurePage : public QScrollArea, public Page
{
    Q_OBJECT
public:
    FigurePage(PageDefinition definition, CellSelection* selection, QWidget* parent = nullptr,
               ColorScaleChoice* scales = nullptr);

    const PageDefinition& definition() const { return m_definition; }

    QWidget* widget() override { return this; }
    QString pageId() const override { return m_definition.id; }
    bool appliesTo(ModelSource source) const override
    {
        return !m_definition.seedModuleOnly || source == ModelSource::SeedModule;
    }
    bool appliesToInput(const PageInput& input) const override;
    void showInput(const PageInput& input) override { setTrace(input.trace, input.head); }
    void setTrace(const std::shared_ptr<const Trace>& trace, int head);
    // Lets go of the trace and the figures (their derived tensors, their images): for a page
    // that is not on screen, rebuilt when it is shown again.
    void release() override;
    // True while the figures of the latest trace are being built.
    bool isUpdatePending() const { return m_pending; }
    // The figures now shown (for "export this page").
    std::vector<Figure> currentFigures() const override;
    QWidget* scaleRow() const { return m_scaleRow; }

Q_SIGNALS:
    // New figures are on the page: at once for a small trace, later for a large one (built in
    // the background), and when the colour scale changes. Whoever shows them elsewhere (the
    // presentation stage) takes them again.
    void figuresShown();

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
    void showFigures(std::vector<std::optional<Figure>> figures);
    void clearFigures();
    void dropMatrices();

    PageDefinition m_definition;
    CellSelection* m_selection;
    ColorScaleChoice* m_scales;
    QWidget* m_scaleRow;
    std::vector<Section> m_sections;
    std::shared_ptr<const Trace> m_trace;
    int m_head = 0;
    quint64 m_generation = 0; // of the latest setTrace(): older background results are dropped
    bool m_pending = false;
};

} // namespace ae
