#pragma once

#include "TrainingConfig.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace ae {

// The training session as controls (spec training.md §1): the task, the model's size, the
// optimiser and the seeds. Edits only: the lab validates (validateTrainingConfig) and trains.
// The text of a text task is held here once read (a sample's, or a file the user opened), so
// a config() carries it as a session file's loader would.
class TrainingForm : public QWidget
{
    Q_OBJECT
public:
    explicit TrainingForm(QWidget* parent = nullptr);

    TrainingConfig config() const;
    void setConfig(const TrainingConfig& config);
    // The text task's text: its name as shown (a file's name, "sample") and its contents.
    void setText(const QString& name, const std::string& text);

Q_SIGNALS:
    void changed();
    void openTextRequested(); // "Open text file…"

private:
    void updateEnabled();

    QComboBox* m_task;
    QSpinBox* m_vocab;
    QSpinBox* m_minPeriod;
    QSpinBox* m_maxPeriod;
    QLabel* m_textName;
    QPushButton* m_openText;
    QComboBox* m_tokenizer;
    QSpinBox* m_maxLength;
    QSpinBox* m_stride;
    QSpinBox* m_layers;
    QSpinBox* m_heads;
    QSpinBox* m_width;
    QSpinBox* m_context;
    QCheckBox* m_mlp;
    QDoubleSpinBox* m_dropout;
    QCheckBox* m_qkvBias;
    QSpinBox* m_batch;
    QSpinBox* m_steps;
    QDoubleSpinBox* m_lr;
    QDoubleSpinBox* m_weightDecay;
    QCheckBox* m_clip;
    QDoubleSpinBox* m_clipNorm;
    QSpinBox* m_evalEvery;
    QSpinBox* m_initSeed;
    QSpinBox* m_dataSeed;
    QSpinBox* m_probeSeed;
    std::string m_textPath; // as a session names it
    std::string m_text;
};

} // namespace ae
