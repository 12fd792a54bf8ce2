#include "FigurePage.h"

#include "CellSelection.h"
#include "ColorScaleChoice.h"
#include "FigureWidget.h"
#include "GuiFirst.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "ViewExtent.h"
#include "ViewJobs.h"
#include "WrappedLabel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>

namespace ae {

FigurePage::FigurePage(PageDefinition definition, CellSelection* selection, QWidget* parent,
                       ColorScaleChoice* scales)
    : QScrollArea(parent), m_definition(std::move(definition)), m_selection(selection),
      m_scales(scales ? scales : new ColorScaleChoice(this))
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    m_scaleRow = new QWidget(content);
    auto* scaleLayout = new QHBoxLayout(m_scaleRow);
    scaleLayout->setContentsMargins(0, 0, 0, 0);
    auto* scaleLabel = new QLabel(tr("&Colour scale of the weights:"), m_scaleRow);
    QComboBox* scaleBox = m_scales->createComboBox(m_scaleRow);
    scaleLabel->setBuddy(scaleBox);
    scaleLayout->addWidget(scaleLabel);
    scaleLayout->addWidget(scaleBox);
    scaleLayout->addStretch(1);
    m_scaleRow->hide();
    layout->addWidget(m_scaleRow);
    connect(m_scales, &ColorScaleChoice::modeChanged, this, [this] {
        if (m_trace)
            setTrace(m_trace, m_head);
    });
    for (std::size_t i = 0; i < m_definition.sections.size(); ++i) {
        const PageSection& definitionSection = m_definition.sections[i];
        Section section;
        section.heading = new QLabel(definitionSection.heading, content);
        section.explanation = new WrappedLabel(definitionSection.explanation, content);
        section.absent = new WrappedLabel(definitionSection.whenAbsent, content);
        section.absent->setEnabled(false);
        section.figure = new FigureWidget(content);
        layout->addWidget(section.heading);
        layout->addWidget(section.explanation);
        layout->addWidget(section.absent);
        layout->addWidget(section.figure);
        layout->addSpacing(12);

        connect(section.figure, &FigureWidget::cellHovered, this,
                [this, i](int panel, int row, int col) {
                    const auto& current = m_sections[i].current;
                    if (current && panel >= 0 && panel < int(current->panels.size()))
                        m_selection->hover(current->panels[std::size_t(panel)], row, col);
                });
        connect(section.figure, &FigureWidget::cellClicked, this,
                [this, i](int panel, int row, int col) {
                    const auto& current = m_sections[i].current;
                    if (current && panel >= 0 && panel < int(current->panels.size()))
                        m_selection->pin(current->panels[std::size_t(panel)], row, col);
                });
        m_sections.push_back(section);
    }
    layout->addStretch(1);
    setWidget(content);
    updateHeadingFonts();
    connect(m_selection, &CellSelection::pinnedChanged, this, &FigurePage::updateHighlights);
}

namespace {

// Figures of traces with more cells than this (T x S x heads) are built off the GUI thread:
// deriving the heads' scores and weights takes milliseconds per head from a few hundred tokens
// on. Smaller ones (the articles', the tests') are built at once, so the page never shows a
// figure of an older trace.
constexpr double BackgroundFigureCells = 256.0 * 256.0;
// Above this many cells (2048 tokens x 12 heads is 48 M), the old figures let go of their
// matrices before the new ones are built, so that two sets of every head's weights never
// coexist (at 4096 tokens one set is some 800 MB); the panels stay, blank, meanwhile, and their
// zoom is reset.
constexpr double ReleaseFirstCells = 32.0 * 1024 * 1024;

double cellsOf(const Trace& trace)
{
    return double(trace.queryCount()) * double(trace.keyCount()) * double(trace.heads.size());
}

// What the GUI thread would otherwise compute when it shows a panel: the matrix's statistics,
// and a derived matrix's reduction (its only data a view reads unless zoomed in).
void prepareOffGuiThread(HeatmapSpec& spec)
{
    if (spec.derived) {
        // A derived matrix (a long text's head) is reduced once per trace to view size
        // (ViewExtent.h), unless the forward did it already (the weights).
        const DerivedMatrix& d = *spec.derived;
        const bool fractions =
            spec.scheme == ColorScheme::Sequential && spec.scale == ScaleMode::PerRow;
        if (!spec.reduced || (fractions && spec.reduced->fractions.size() == 0))
            spec.reduced = std::make_shared<const ReducedMatrix>(d.reduce(
                0, d.rows, reducedViewBlock(d.rows), reducedViewBlock(d.columns), fractions));
        spec.stats = std::make_shared<const MatrixStats>(MatrixStats::of(spec.reduced->values));
        spec.statsOf = nullptr; // of no held matrix: of the reduction
    } else if (spec.matrix) {
        spec.stats = std::make_shared<const MatrixStats>(MatrixStats::of(*spec.matrix));
        spec.statsOf = spec.matrix.get();
    }
}

} // namespace

bool FigurePage::appliesToInput(const PageInput& input) const
{
    return !input.trace || !m_definition.checkpointShows ||
           modelSource(input.trace->session) == ModelSource::SeedModule ||
           m_definition.checkpointShows(*input.trace);
}

void FigurePage::setTrace(const std::shared_ptr<const Trace>& trace, int head)
{
    m_trace = trace;
    m_head = head;
    const quint64 generation = ++m_generation;
    auto build = [sections = m_definition.sections, trace, head, mode = m_scales->mode()] {
        // Long texts: every head's T x S matrices reduced block of rows by block of rows,
        // never whole (HeatmapSpec::derived); their views draw from the reduction.
        const figures::DeferredDerivation deferred;
        std::vector<std::optional<Figure>> figures;
        std::vector<HeatmapSpec*> panels;
        for (const PageSection& section : sections) {
            figures.push_back(section.figure(trace, head));
            if (figures.back())
                for (HeatmapSpec& spec : figures.back()->panels) {
                    if (spec.scheme == ColorScheme::Sequential)
                        spec.scale = mode; // as showFigures() will: the reduction depends on it
                    panels.push_back(&spec);
                }
        }
        // Every panel (a long text's head each) on its own core: 12 heads' weights at
        // T = 1024 are some 70 ms of derivation on one.
        if (cellsOf(*trace) <= BackgroundFigureCells)
            std::for_each(panels.begin(), panels.end(),
                          [](HeatmapSpec* s) { prepareOffGuiThread(*s); });
        else
            QtConcurrent::blockingMap(viewJobHelpers(), panels, [](HeatmapSpec* s) {
                runBehindTheGui();
                prepareOffGuiThread(*s);
            });
        return figures;
    };
    if (cellsOf(*trace) <= BackgroundFigureCells) {
        m_pending = false;
        showFigures(build());
        return;
    }
    if (cellsOf(*trace) > ReleaseFirstCells)
        dropMatrices();
    m_pending = true;
    runThenDeliver(
        viewJobs(), this,
        [build = std::move(build)] {
            runBehindTheGui();
            return build();
        },
        [this, generation](std::vector<std::optional<Figure>> figures) {
            if (generation != m_generation)
                return; // a newer trace (or release()) came meanwhile
            m_pending = false;
            showFigures(std::move(figures));
        });
}

void FigurePage::showFigures(std::vector<std::optional<Figure>> figures)
{
    bool weights = false;
    for (std::size_t i = 0; i < m_sections.size(); ++i) {
        Section& section = m_sections[i];
        section.current = std::move(figures[i]);
        if (section.current) {
            section.current = m_scales->apply(std::move(*section.current));
            for (const HeatmapSpec& spec : section.current->panels)
                weights = weights || spec.scheme == ColorScheme::Sequential;
        }
        const bool shown = section.current.has_value();
        section.figure->setVisible(shown);
        section.absent->setVisible(!shown);
        // Room for every row of panels comes from the panels' height for their width: a grid
        // of heads scrolls rather than shrinks, at any font size.
        if (shown)
            section.figure->setFigure(*section.current);
    }
    m_scaleRow->setVisible(weights);
    updateHighlights();
    Q_EMIT figuresShown();
}

void FigurePage::release()
{
    ++m_generation;
    m_pending = false;
    m_trace.reset();
    clearFigures();
}

void FigurePage::dropMatrices()
{
    for (Section& section : m_sections) {
        if (!section.current)
            continue;
        for (HeatmapSpec& spec : section.current->panels) {
            spec.matrix.reset();
            spec.explain = {};
        }
        section.figure->setFigure(*section.current);
    }
}

void FigurePage::clearFigures()
{
    for (Section& section : m_sections) {
        if (!section.current)
            continue;
        section.current.reset();
        section.figure->setFigure(Figure{});
    }
}

void FigurePage::changeEvent(QEvent* event)
{
    QScrollArea::changeEvent(event);
    if (event->type() ==
        QEvent::FontChange) { // zoom and presentation mode scale headings and figures
        updateHeadingFonts();
        if (m_trace)
            setTrace(m_trace, m_head);
    }
}

void FigurePage::updateHeadingFonts()
{
    QFont headingFont = font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.2);
    for (Section& section : m_sections)
        section.heading->setFont(headingFont);
}

std::vector<Figure> FigurePage::currentFigures() const
{
    std::vector<Figure> figures;
    for (const Section& section : m_sections)
        if (section.current)
            figures.push_back(*section.current);
    return figures;
}

void FigurePage::updateHighlights()
{
    for (const Section& section : m_sections) {
        if (!section.current)
            continue;
        for (int p = 0; p < int(section.current->panels.size()); ++p) {
            const HeatmapSpec& spec = section.current->panels[std::size_t(p)];
            section.figure->setHighlight(p, m_selection->highlightFor(spec.rowAxis),
                                         m_selection->highlightFor(spec.columnAxis));
        }
    }
}

} // namespace ae
