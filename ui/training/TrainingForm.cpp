#include "TrainingForm.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace ae {

namespace {

QSpinBox* spin(QWidget* parent, int low, int high, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setToolTip(tip);
    return box;
}

QDoubleSpinBox* number(QWidget* parent, double low, double high, int decimals, double step,
                       const QString& tip)
{
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(low, high);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setToolTip(tip);
    return box;
}

// A form's row label names the session key too, so a refusal naming "model.n_heads" is found.
QString label(const QString& text, const char* key)
{
    return QStringLiteral("%1 (%2)").arg(text, QLatin1String(key));
}

} // namespace

TrainingForm::TrainingForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);

    auto* task = new QGroupBox(tr("Task"), this);
    auto* taskForm = new QFormLayout(task);
    taskForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_task = new QComboBox(task);
    m_task->addItem(tr("Induction"));
    m_task->addItem(tr("Text"));
    m_task->setToolTip(tr(
        "Induction: rows of a random sequence repeated (the period varies); only a head that finds "
        "the earlier occurrence of the current token and copies what followed "
        "it can predict them. Text: the book's chapter 5."));
    taskForm->addRow(label(tr("Kind"), "task.kind"), m_task);
    m_vocab = spin(task, 2, 50257, tr("Token ids 0 … V−1 of the random sequences"));
    taskForm->addRow(label(tr("Vocabulary"), "vocab_size"), m_vocab);
    m_minPeriod = spin(task, 1, 4096, tr("The shortest period drawn"));
    m_maxPeriod = spin(task, 1, 4096, tr("The longest period drawn (at most context − 1)"));
    auto* periods = new QHBoxLayout;
    periods->addWidget(m_minPeriod);
    periods->addWidget(new QLabel(QStringLiteral("–"), task));
    periods->addWidget(m_maxPeriod);
    taskForm->addRow(label(tr("Periods"), "min_period, max_period"), periods);
    m_textName = new QLabel(task);
    m_openText = new QPushButton(tr("Open Text File…"), task);
    auto* text = new QHBoxLayout;
    text->addWidget(m_textName, 1);
    text->addWidget(m_openText);
    taskForm->addRow(label(tr("Text"), "text_file"), text);
    m_tokenizer = new QComboBox(task);
    m_tokenizer->addItem(tr("Characters"));
    m_tokenizer->addItem(tr("GPT-2 tokens"));
    m_tokenizer->setToolTip(tr("Characters: the text's distinct characters are the vocabulary. "
                               "GPT-2 tokens: 50,257 of them, a much larger output layer."));
    taskForm->addRow(label(tr("Tokenizer"), "tokenizer"), m_tokenizer);
    m_maxLength = spin(task, 1, 4096, tr("Tokens per training window"));
    taskForm->addRow(label(tr("Window"), "max_length"), m_maxLength);
    m_stride = spin(task, 1, 1 << 20, tr("Tokens between the starts of two windows"));
    taskForm->addRow(label(tr("Stride"), "stride"), m_stride);
    layout->addWidget(task);

    auto* model = new QGroupBox(tr("Model (the book's GPTModel)"), this);
    auto* modelForm = new QFormLayout(model);
    modelForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_layers = spin(model, 1, 48, tr("Transformer blocks"));
    modelForm->addRow(label(tr("Layers"), "n_layers"), m_layers);
    m_heads = spin(model, 1, 64, tr("Attention heads per block; they must divide the width"));
    modelForm->addRow(label(tr("Heads"), "n_heads"), m_heads);
    m_width = spin(model, 1, 4096, tr("d: the width of the embeddings and the residual stream"));
    modelForm->addRow(label(tr("Width"), "emb_dim"), m_width);
    m_context = spin(model, 2, 4096, tr("The longest sequence: rows of the position embeddings"));
    modelForm->addRow(label(tr("Context"), "context_length"), m_context);
    m_mlp = new QCheckBox(tr("Feed-forward half"), model);
    m_mlp->setToolTip(tr("Off: attention-only blocks, as in the induction-head papers"));
    modelForm->addRow(label(tr("MLP"), "mlp"), m_mlp);
    m_dropout = number(model, 0, 0.99, 2, 0.05, tr("Dropout while training (not in evaluation)"));
    modelForm->addRow(label(tr("Dropout"), "drop_rate"), m_dropout);
    m_qkvBias = new QCheckBox(tr("W_query, W_key, W_value"), model);
    m_qkvBias->setToolTip(tr("Biases in the query, key and value projections"));
    modelForm->addRow(label(tr("QKV bias"), "qkv_bias"), m_qkvBias);
    layout->addWidget(model);

    auto* train = new QGroupBox(tr("Training (AdamW)"), this);
    auto* trainForm = new QFormLayout(train);
    trainForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_batch = spin(train, 1, 4096, tr("Sequences per step"));
    trainForm->addRow(label(tr("Batch"), "batch_size"), m_batch);
    m_steps = spin(train, 0, 100000000, tr("Optimiser steps in all"));
    trainForm->addRow(label(tr("Steps"), "steps"), m_steps);
    m_lr = number(train, 0.000001, 10, 6, 0.0001, tr("AdamW's learning rate"));
    trainForm->addRow(label(tr("Learning rate"), "lr"), m_lr);
    m_weightDecay = number(train, 0, 10, 4, 0.01, tr("AdamW's decoupled weight decay"));
    trainForm->addRow(label(tr("Weight decay"), "weight_decay"), m_weightDecay);
    m_clip = new QCheckBox(train);
    m_clipNorm = number(train, 0.01, 1e9, 2, 0.1, tr("clip_grad_norm_'s max_norm"));
    auto* clip = new QHBoxLayout;
    clip->addWidget(m_clip);
    clip->addWidget(m_clipNorm, 1);
    trainForm->addRow(label(tr("Clip gradients"), "grad_clip"), clip);
    m_evalEvery = spin(train, 1, 100000000, tr("Steps between two looks at the probe"));
    trainForm->addRow(label(tr("Evaluate every"), "eval_every"), m_evalEvery);
    layout->addWidget(train);

    auto* seeds = new QGroupBox(tr("Seeds"), this);
    auto* seedForm = new QFormLayout(seeds);
    seedForm->setRowWrapPolicy(QFormLayout::WrapLongRows);
    m_initSeed = spin(seeds, 0, 2147483647, tr("torch.manual_seed before the weights are drawn"));
    seedForm->addRow(label(tr("Weights"), "init_seed"), m_initSeed);
    m_dataSeed = spin(seeds, 0, 2147483647, tr("The generator of the batches"));
    seedForm->addRow(label(tr("Data"), "data_seed"), m_dataSeed);
    m_probeSeed = spin(seeds, 0, 2147483647, tr("The generator of the induction probe"));
    seedForm->addRow(label(tr("Probe"), "probe_seed"), m_probeSeed);
    layout->addWidget(seeds);
    layout->addStretch(1);

    setConfig(TrainingConfig{});
    connect(m_openText, &QPushButton::clicked, this, &TrainingForm::openTextRequested);
    connect(m_task, &QComboBox::currentIndexChanged, this, &TrainingForm::updateEnabled);
    connect(m_clip, &QCheckBox::toggled, this, &TrainingForm::updateEnabled);
    for (QSpinBox* box : findChildren<QSpinBox*>())
        connect(box, &QSpinBox::valueChanged, this, &TrainingForm::changed);
    for (QDoubleSpinBox* box : findChildren<QDoubleSpinBox*>())
        connect(box, &QDoubleSpinBox::valueChanged, this, &TrainingForm::changed);
    for (QCheckBox* box : findChildren<QCheckBox*>())
        connect(box, &QCheckBox::toggled, this, &TrainingForm::changed);
    for (QComboBox* box : findChildren<QComboBox*>())
        connect(box, &QComboBox::currentIndexChanged, this, &TrainingForm::changed);
}

TrainingConfig TrainingForm::config() const
{
    TrainingConfig c;
    c.task = m_task->currentIndex() == 1 ? TrainingConfig::TaskKind::Text
                                         : TrainingConfig::TaskKind::Induction;
    c.vocabSize = m_vocab->value();
    c.minPeriod = m_minPeriod->value();
    c.maxPeriod = m_maxPeriod->value();
    c.textFile = m_textPath;
    c.text = m_text;
    c.tokenizer = m_tokenizer->currentIndex() == 1 ? TrainingConfig::TextTokenizer::Gpt2
                                                   : TrainingConfig::TextTokenizer::Chars;
    c.maxLength = m_maxLength->value();
    c.stride = m_stride->value();
    c.nLayers = m_layers->value();
    c.nHeads = m_heads->value();
    c.embDim = m_width->value();
    c.contextLength = m_context->value();
    c.mlp = m_mlp->isChecked();
    c.dropRate = m_dropout->value();
    c.qkvBias = m_qkvBias->isChecked();
    c.batchSize = m_batch->value();
    c.steps = m_steps->value();
    c.lr = m_lr->value();
    c.weightDecay = m_weightDecay->value();
    if (m_clip->isChecked())
        c.gradClip = m_clipNorm->value();
    c.evalEvery = m_evalEvery->value();
    c.initSeed = std::uint64_t(m_initSeed->value());
    c.dataSeed = std::uint64_t(m_dataSeed->value());
    c.probeSeed = std::uint64_t(m_probeSeed->value());
    return c;
}

void TrainingForm::setConfig(const TrainingConfig& c)
{
    const QSignalBlocker blocker(this);
    m_task->setCurrentIndex(c.task == TrainingConfig::TaskKind::Text ? 1 : 0);
    m_vocab->setValue(c.vocabSize);
    m_minPeriod->setValue(c.minPeriod);
    m_maxPeriod->setValue(c.maxPeriod);
    m_tokenizer->setCurrentIndex(c.tokenizer == TrainingConfig::TextTokenizer::Gpt2 ? 1 : 0);
    m_maxLength->setValue(c.maxLength);
    m_stride->setValue(c.stride);
    m_layers->setValue(c.nLayers);
    m_heads->setValue(c.nHeads);
    m_width->setValue(c.embDim);
    m_context->setValue(c.contextLength);
    m_mlp->setChecked(c.mlp);
    m_dropout->setValue(c.dropRate);
    m_qkvBias->setChecked(c.qkvBias);
    m_batch->setValue(c.batchSize);
    m_steps->setValue(c.steps);
    m_lr->setValue(c.lr);
    m_weightDecay->setValue(c.weightDecay);
    m_clip->setChecked(c.gradClip.has_value());
    m_clipNorm->setValue(c.gradClip.value_or(1.0));
    m_evalEvery->setValue(c.evalEvery);
    m_initSeed->setValue(int(c.initSeed));
    m_dataSeed->setValue(int(c.dataSeed));
    m_probeSeed->setValue(int(c.probeSeed));
    setText(QString::fromStdString(c.textFile), c.text);
    m_textPath = c.textFile;
    updateEnabled();
}

void TrainingForm::setText(const QString& name, const std::string& text)
{
    m_textPath = name.toStdString();
    m_text = text;
    m_textName->setText(
        text.empty() ? tr("none")
                     : tr("%1 (%2 characters)").arg(name).arg(QString::fromStdString(text).size()));
    Q_EMIT changed();
}

void TrainingForm::updateEnabled()
{
    const bool text = m_task->currentIndex() == 1;
    for (QWidget* w : {static_cast<QWidget*>(m_vocab), static_cast<QWidget*>(m_minPeriod),
                       static_cast<QWidget*>(m_maxPeriod)})
        w->setEnabled(!text);
    for (QWidget* w : {static_cast<QWidget*>(m_openText), static_cast<QWidget*>(m_tokenizer),
                       static_cast<QWidget*>(m_maxLength), static_cast<QWidget*>(m_stride)})
        w->setEnabled(text);
    m_clipNorm->setEnabled(m_clip->isChecked());
}

} // namespace ae
