#pragma once

#include "ModelPage.h"

#include <cstdint>
#include <memory>
#include <vector>

class QComboBox;
class QLabel;

namespace ae {

class FigureWidget;
class TransformerModel;

// BertViz's "head view" for one query token: where each head of the selected layer sends that
// token's attention, one row per head over the key tokens it may see (the later ones are
// masked), each row on its own scale. The query is chosen in a combo box (the last token first:
// the one whose next token the model predicts). When the query sees more keys than a row can
// show readably (modelfigures::MaxHeadViewKeys), the page shows each head's strongest keys
// by default, says so under the query, and offers every key as the other choice.
class HeadViewPage : public ModelPage
{
    Q_OBJECT
public:
    explicit HeadViewPage(QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("head_view"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;
    QComboBox* queryBox() const { return m_query; }
    QComboBox* keysBox() const { return m_keys; } // 0: the strongest keys, 1: every key
    QLabel* keysNote() const { return m_keysNote; }
    FigureWidget* figureWidget() const { return m_figure; }

private:
    void render();

    QLabel* m_explanation;
    QComboBox* m_query;
    std::vector<std::int64_t> m_listedIds;               // the tokens m_query lists
    std::weak_ptr<const TransformerModel> m_listedModel; // whose ids they are
    QComboBox* m_keys;
    QLabel* m_keysNote;
    FigureWidget* m_figure;
    std::shared_ptr<const ModelRun> m_run;
    int m_layer = 0;
    int m_head = 0;
    std::optional<Figure> m_current;
};

} // namespace ae
