#pragma once

#include "Ablation.h"
#include "ModelPage.h"

#include <optional>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ae {

class AnalysisTask;
class FigureWidget;
class NextTokenBars;

// What a head is for, found by taking it out (heads.md §2): one head of the model ablated
// (its output z replaced by zeros or by its mean over the positions), the next-token
// probabilities before and after side by side, the loss on the sentence and the KL between
// the two next-token distributions; and every head in turn, a layers x heads grid of the loss
// change or the KL, computed in the background with progress and cancel. A click in the grid
// ablates that head. Everything off the GUI thread.
class AblationPage : public ModelPage
{
    Q_OBJECT
public:
    explicit AblationPage(QWidget* parent = nullptr);
    ~AblationPage() override;

    QString id() const override { return QStringLiteral("ablation"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;

    // Ablates head `head` of block `layer` (from 0), as a click in the grid does.
    void chooseHead(int layer, int head);
    void ablateEveryHead();

    bool isUpdatePending() const;
    const std::optional<AblationResult>& single() const { return m_single; }
    const std::optional<Prediction>& base() const { return m_base; }
    const std::optional<AblationGrid>& grid() const { return m_grid; }
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* metricBox() const { return m_metric; }
    QSpinBox* layerBox() const { return m_layer; }
    QSpinBox* headBox() const { return m_head; }
    QPushButton* everyHeadButton() const { return m_everyHead; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* summaryLabel() const { return m_summary; }
    FigureWidget* gridFigure() const { return m_gridFigure; }

Q_SIGNALS:
    void figuresShown();

private:
    void ablateChosen();
    void showSingle();
    void showGrid();
    AblationKind kind() const;

    QLabel* m_summary;
    QComboBox* m_kind;
    QSpinBox* m_layer;
    QSpinBox* m_head;
    NextTokenBars* m_before;
    NextTokenBars* m_after;
    QLabel* m_afterTitle;
    QComboBox* m_metric;
    QPushButton* m_everyHead;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    FigureWidget* m_gridFigure;
    AnalysisTask* m_singleTask;
    AnalysisTask* m_gridTask;
    std::shared_ptr<const ModelRun> m_run;
    std::optional<Prediction> m_base;
    std::optional<AblationResult> m_single;
    std::optional<AblationGrid> m_grid;
};

} // namespace ae
