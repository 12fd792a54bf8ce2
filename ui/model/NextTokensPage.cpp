#include "NextTokensPage.h"

#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "NextTokenBars.h"
#include "TokenSpanText.h"
#include "WrappedLabel.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ae {

NextTokensPage::NextTokensPage(QWidget* parent)
    : ModelPage(parent), m_explanation(new WrappedLabel(this)), m_context(new WrappedLabel(this)),
      m_temperature(new QDoubleSpinBox(this)), m_bars(new NextTokenBars(this))
{
    m_explanation->setText(
        tr("What the model predicts after the last token: its final hidden state, after every "
           "layer's attention and MLP and the final LayerNorm, times the token embedding table "
           "gives one logit per token of the vocabulary; softmax turns them into probabilities. "
           "These are the ten most likely (␣ is a space)."));
    m_temperature->setRange(0.05, 5.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setValue(1.0);
    m_temperature->setToolTip(tr("softmax(logits / temperature): below 1 the most likely token "
                                 "takes more, above 1 the probabilities even out"));
    auto* temperatureLabel = new QLabel(tr("&Temperature:"), this);
    temperatureLabel->setBuddy(m_temperature);
    auto* temperatureRow = new QHBoxLayout;
    temperatureRow->addWidget(temperatureLabel);
    temperatureRow->addWidget(m_temperature);
    temperatureRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addWidget(m_context);
    layout->addLayout(temperatureRow);
    layout->addWidget(m_bars);
    layout->addStretch(1);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, [this] { render(); });
}

void NextTokensPage::setRun(const std::shared_ptr<const ModelRun>& run, int, int)
{
    if (run == m_run)
        return;
    m_run = run;
    render();
}

void NextTokensPage::release()
{
    m_run.reset();
    render();
}

QString NextTokensPage::tokenText(int rank) const
{
    return visibleTokenText(modelTokenBytes(*m_run->trace->model, m_shown[std::size_t(rank)].id));
}

void NextTokensPage::render()
{
    m_shown.clear();
    if (m_run) {
        const ModelTrace& trace = *m_run->trace;
        const double temperature = m_temperature->value();
        m_shown = temperature == 1.0 ? trace.nextTokens : trace.nextTokensAt(float(temperature));
        const std::int64_t last = trace.tokenIds.empty() ? 0 : trace.tokenIds.back();
        m_context->setText(tr("After \"%1\" (token %2 of %3):")
                               .arg(visibleTokenText(modelTokenBytes(*trace.model, last)))
                               .arg(trace.tokenIds.size())
                               .arg(trace.tokenIds.size()));
    }
    QStringList labels;
    std::vector<float> values;
    for (int i = 0; i < int(m_shown.size()); ++i) {
        labels << QStringLiteral("%1.  %2").arg(i + 1).arg(tokenText(i));
        values.push_back(m_shown[std::size_t(i)].prob);
    }
    m_bars->setRows(labels, values);
}

std::vector<Figure> NextTokensPage::currentFigures() const
{
    if (m_shown.empty())
        return {};
    return {modelfigures::nextTokens(*m_run->trace->model, m_shown, m_temperature->value())};
}

} // namespace ae
