#pragma once

#include "HeadAnalysisFigures.h"
#include "ModelPage.h"

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTreeWidget;

namespace ae {

class AnalysisTask;
class FigureWidget;

// What each head of the open model does (heads.md §1, TransformerLens's detect_head): per
// detector (previous token, duplicate token, induction) a layers x heads grid of scores, the
// heads ranked by the chosen detector, and a head's weights with the detector's pattern framed
// when one is clicked (in the grid or the ranking). On the sentence, or on the induction probe
// ([bos] + r + r of seeded random tokens, where induction heads light up); computed off the GUI
// thread.
class HeadRolesPage : public ModelPage
{
    Q_OBJECT
public:
    explicit HeadRolesPage(QWidget* parent = nullptr);
    ~HeadRolesPage() override;

    QString id() const override { return QStringLiteral("head_roles"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;

    // Opens head `head` of block `layer` with `pattern` framed (also what a click does).
    void openHead(HeadPattern pattern, int layer, int head);

    bool isUpdatePending() const;
    const std::shared_ptr<const HeadDetection>& detection() const { return m_detection; }
    QComboBox* inputBox() const { return m_input; }
    QSpinBox* probeSeedBox() const { return m_probeSeed; }
    QSpinBox* probeLengthBox() const { return m_probeLength; }
    QComboBox* scoreBox() const { return m_score; }
    QCheckBox* excludeBosBox() const { return m_excludeBos; }
    QCheckBox* excludeCurrentBox() const { return m_excludeCurrent; }
    QComboBox* rankBox() const { return m_rankBy; }
    QTreeWidget* ranking() const { return m_ranking; }
    FigureWidget* gridFigure() const { return m_grid; }
    FigureWidget* headFigure() const { return m_head; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void figuresShown();

private:
    void changeEvent(QEvent* event) override;
    void fitRankingToFont();
    void compute();
    void render();
    void fillRanking();
    analysisfigures::DetectorScore score() const;

    QComboBox* m_input;
    QSpinBox* m_probeSeed;
    QSpinBox* m_probeLength;
    QComboBox* m_score;
    QCheckBox* m_excludeBos;
    QCheckBox* m_excludeCurrent;
    QLabel* m_status;
    FigureWidget* m_grid;
    QComboBox* m_rankBy;
    QTreeWidget* m_ranking;
    FigureWidget* m_head;
    AnalysisTask* m_task;     // scoring
    AnalysisTask* m_openTask; // a long text's opened head
    std::shared_ptr<const ModelRun> m_run;
    std::shared_ptr<const ModelTrace> m_trace; // what was scored: the sentence's or the probe's
    std::shared_ptr<const HeadDetection> m_detection; // shared with the next computation
    struct Opened
    {
        HeadPattern pattern;
        int layer, head;
    };
    std::optional<Opened> m_opened;
    std::optional<Figure> m_gridFigure, m_headFigure;
};

} // namespace ae
