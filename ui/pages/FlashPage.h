#pragma once

#include "Page.h"

#include <QFutureWatcher>
#include <QScrollArea>

#include <optional>

class QLabel;
class QPushButton;
class QSlider;

namespace ae {

class CellSelection;
class FigureWidget;

// FlashAttention tile by tile (session key kernel: flash, docs/todays-attention.md §4): a
// stepper through the tiles in the order the forward computed them (Previous / Next, the
// slider, or [ and ]), each shown in the T x S grid with its scores, P, the rows' running max m
// and sum ℓ with the rescale exp(m − m′), and the block's O after it; then the final O beside
// the standard kernel's, and the memory traffic of both kernels at the session's size and at
// GPT-2's. A tile is computed again by the forward's own code when it is shown (one query
// block's work); the result is built off the GUI thread for long texts.
// A result built off the GUI thread, for the trace of generation `generation`.
struct BuiltResult
{
    quint64 generation = 0;
    Figure figure;
};

class FlashPage : public QScrollArea, public Page
{
    Q_OBJECT
public:
    explicit FlashPage(CellSelection* selection, QWidget* parent = nullptr);

    QWidget* widget() override { return this; }
    QString pageId() const override { return QStringLiteral("flash"); }
    bool appliesTo(ModelSource source) const override { return source == ModelSource::SeedModule; }
    void showInput(const PageInput& input) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;

    // The tile shown (from 0) and how many there are (0 without the flash kernel).
    int step() const;
    int stepCount() const;
    void setStep(int step);
    QLabel* stepLabel() const { return m_stepLabel; }
    QLabel* trafficLabel() const { return m_traffic; }
    FigureWidget* tileFigure() const { return m_tileFigure; }
    FigureWidget* resultFigure() const { return m_resultFigure; }
    // True while the result of the latest trace is being built.
    bool isUpdatePending() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void figuresShown();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showTile();
    void showResult(std::optional<Figure> figure);
    void updateTraffic();
    void updateFonts();

    CellSelection* m_selection;
    QLabel* m_off;
    QWidget* m_body;
    QPushButton* m_previous;
    QSlider* m_slider;
    QPushButton* m_next;
    QLabel* m_stepLabel;
    FigureWidget* m_tileFigure;
    QList<QLabel*> m_headings;
    FigureWidget* m_resultFigure;
    QLabel* m_traffic;
    std::shared_ptr<const Trace> m_trace;
    int m_head = 0;
    std::optional<Figure> m_tile, m_result;
    QFutureWatcher<BuiltResult> m_watcher;
    quint64 m_generation = 0;
};

} // namespace ae
