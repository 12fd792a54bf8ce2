#pragma once

#include "Generation.h"
#include "ModelPage.h"

#include <memory>
#include <mutex>
#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTextBrowser;

namespace ae {

class AnalysisTask;
class FigureWidget;
struct ModelTrace;

// The model writes on (heads.md §3, the book's chapter 5 generate): from the sentence, token
// after token with a key/value cache, greedy or sampled (temperature, top-k, seed), until the
// count, <|endoftext|> or the context length; Stop ends it early. The text grows as each token
// arrives; beside it the new token's attention in every layer and head, its ten most probable
// candidates, and the cache's size against what computing every token again would cost.
class GeneratePage : public ModelPage
{
    Q_OBJECT
public:
    explicit GeneratePage(QWidget* parent = nullptr);
    ~GeneratePage() override;

    QString id() const override { return QStringLiteral("generate"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    void release() override;
    std::vector<Figure> currentFigures() const override;

    void start();
    void stop();
    bool isRunning() const;

    // The steps shown so far, and the generated text.
    const std::vector<GenerationStep>& steps() const { return m_steps; }
    QString generatedText() const;
    QSpinBox* countBox() const { return m_count; }
    QDoubleSpinBox* temperatureBox() const { return m_temperature; }
    QSpinBox* topKBox() const { return m_topK; }
    QSpinBox* seedBox() const { return m_seed; }
    QCheckBox* stopAtEndBox() const { return m_stopAtEnd; }
    QPushButton* generateButton() const { return m_generate; }
    QLabel* costLabel() const { return m_cost; }
    FigureWidget* attentionFigure() const { return m_attention; }

Q_SIGNALS:
    void figuresShown();

private:
    void takeSteps(); // the steps the worker made since the last call
    void showText();
    void showTextOf(const ModelTrace& trace);
    void showStep();

    QSpinBox* m_count;
    QDoubleSpinBox* m_temperature;
    QSpinBox* m_topK;
    QSpinBox* m_seed;
    QCheckBox* m_stopAtEnd;
    QPushButton* m_generate;
    QPushButton* m_stop;
    QTextBrowser* m_text;
    std::weak_ptr<const ModelRun> m_textRun; // whose prompt m_text shows
    int m_generatedStart = 0;                // where the generated text starts in it
    QString m_shownGenerated;                // the generated text it shows
    QLabel* m_cost;
    QLabel* m_candidates;
    FigureWidget* m_attention;
    AnalysisTask* m_task;
    std::shared_ptr<const ModelRun> m_run;
    std::vector<GenerationStep> m_steps;
    std::optional<GenerationStop> m_stopped;
    std::optional<std::int64_t> m_stopId; // the run's stop token, when asked for
    // Steps the worker made and the GUI has not taken yet (one inbox per run).
    struct Inbox
    {
        std::mutex mutex;
        std::vector<GenerationStep> steps;
    };
    std::shared_ptr<Inbox> m_inbox;
};

} // namespace ae
