#pragma once

#include "ModelPage.h"
#include "ModelTrace.h"

class QDoubleSpinBox;
class QLabel;

namespace ae {

class NextTokenBars;

// The model's answer: the ten most likely tokens after the sentence's last one, with their
// probabilities as bars (softmax of the last token's logits), tokens shown as text with ␣ for
// a space. A temperature divides the logits before softmax (1: the model's own probabilities).
class NextTokensPage : public ModelPage
{
    Q_OBJECT
public:
    explicit NextTokensPage(QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("next_token"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;

    const std::vector<NextToken>& shown() const { return m_shown; }
    QString tokenText(int rank) const; // the text a row shows for its token
    QDoubleSpinBox* temperatureBox() const { return m_temperature; }

private:
    void render();

    QLabel* m_explanation;
    QLabel* m_context;
    QDoubleSpinBox* m_temperature;
    NextTokenBars* m_bars;
    std::shared_ptr<const ModelRun> m_run;
    std::vector<NextToken> m_shown;
};

} // namespace ae
