#include "GeneratePage.h"

#include "AnalysisTask.h"
#include "FigureWidget.h"
#include "InductionProbe.h"
#include "KvCache.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "PageLayout.h"
#include "TokenSpanText.h"
#include "TransformerModel.h"
#include "WrappedLabel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTextBrowser>
#include <QTextCursor>
#include <QVBoxLayout>

#include <algorithm>

namespace ae {

namespace {

QString tokenLabel(const TransformerModel& model, std::int64_t id)
{
    return visibleTokenText(modelTokenBytes(model, id));
}

QString decoded(const TransformerModel& model, const std::int64_t* ids, std::size_t count)
{
    std::string bytes;
    for (std::size_t i = 0; i < count; ++i)
        bytes += modelTokenBytes(model, ids[i]);
    return QString::fromUtf8(bytes); // a character split across tokens shows as U+FFFD
}

} // namespace

GeneratePage::GeneratePage(QWidget* parent)
    : ModelPage(parent), m_count(new QSpinBox(this)), m_temperature(new QDoubleSpinBox(this)),
      m_topK(new QSpinBox(this)), m_seed(new QSpinBox(this)),
      m_stopAtEnd(new QCheckBox(tr("Stop at <|endoftext|>"), this)),
      m_generate(new QPushButton(tr("&Generate"), this)),
      m_stop(new QPushButton(tr("S&top"), this)), m_text(new QTextBrowser(this)),
      m_cost(new WrappedLabel(this)), m_candidates(new WrappedLabel(this)),
      m_attention(new FigureWidget(this)), m_task(new AnalysisTask(this))
{
    auto* explanation = new WrappedLabel(
        tr("The model continues the sentence one token at a time. Each new token needs only "
           "its own query, key and value: the keys and values of the tokens before it are kept "
           "in a cache, so its attention is one row over every cached key. Temperature 0 takes "
           "the most probable token; above 0 a token is drawn at random (seeded), from the k "
           "most probable only with top-k."),
        this);
    m_count->setRange(1, 1024);
    m_count->setValue(20);
    m_temperature->setRange(0.0, 10.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperature->setValue(0.0);
    m_topK->setRange(0, 50257);
    m_topK->setSpecialValueText(tr("off"));
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(123);
    m_stop->setEnabled(false);
    m_text->setMinimumHeight(fontMetrics().height() * 6);
    m_attention->setMinimumHeight(fontMetrics().height() * 20);

    auto* sizes =
        controlRow(this, {{tr("&New tokens:"), m_count}, {tr("T&emperature:"), m_temperature}});
    auto* sampling = controlRow(this, {{tr("Top-&k:"), m_topK}, {tr("Seed:"), m_seed}});
    auto* actions =
        controlRow(this, {{QString(), m_stopAtEnd}, {QString(), m_generate}, {QString(), m_stop}});

    auto* content = new QWidget(this);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(explanation);
    column->addLayout(sizes);
    column->addLayout(sampling);
    column->addLayout(actions);
    column->addWidget(m_text);
    column->addWidget(m_cost);
    column->addWidget(m_candidates);
    column->addWidget(m_attention, 1);
    scrollContent(this, content);

    connect(m_generate, &QPushButton::clicked, this, [this] { start(); });
    connect(m_stop, &QPushButton::clicked, this, [this] { stop(); });
    connect(m_task, &AnalysisTask::progressed, this, [this] { takeSteps(); });
    connect(m_task, &AnalysisTask::runningChanged, this, [this](bool running) {
        m_generate->setEnabled(!running && m_run);
        m_stop->setEnabled(running);
    });
}

GeneratePage::~GeneratePage()
{
    delete m_task; // stops and waits for the worker while the page is whole
}

void GeneratePage::setRun(const std::shared_ptr<const ModelRun>& run, int, int)
{
    if (run == m_run)
        return;
    stop();
    m_run = run;
    m_steps.clear();
    m_stopped.reset();
    m_generate->setEnabled(bool(run));
    if (run) {
        const TransformerConfig& c = run->trace->model->config();
        m_topK->setMaximum(c.vocabSize);
        m_stopAtEnd->setEnabled(c.vocabSize > EndOfTextId);
        m_count->setMaximum(std::max(1, c.nCtx - int(run->trace->tokenCount())));
    }
    showText();
    showStep();
}

bool GeneratePage::isRunning() const
{
    return m_task->isRunning();
}

void GeneratePage::start()
{
    if (!m_run || m_task->isRunning())
        return;
    const std::shared_ptr<const ModelTrace> trace = m_run->trace;
    const TransformerConfig& c = trace->model->config();
    m_steps.clear();
    m_stopped.reset();
    if (trace->tokenCount() >= c.nCtx) {
        m_stopped = GenerationStop::ContextLength;
        showText();
        return;
    }
    GenerateOptions options;
    options.maxNewTokens = std::min(m_count->value(), c.nCtx - int(trace->tokenCount()));
    options.temperature = float(m_temperature->value());
    options.topK = m_topK->value();
    options.seed = std::uint64_t(m_seed->value());
    if (m_stopAtEnd->isChecked() && c.vocabSize > EndOfTextId)
        options.stopId = EndOfTextId;
    m_stopId = options.stopId;
    options.keepAttention = true;
    auto inbox = m_inbox = std::make_shared<Inbox>();
    m_task->start([this, trace, options, inbox](const AnalysisProgress& progress) {
        int made = 0;
        const Generation generation = generate(trace, options, [&](const GenerationStep& step) {
            {
                const std::lock_guard lock(inbox->mutex);
                inbox->steps.push_back(step);
            }
            return progress(++made, options.maxNewTokens);
        });
        return std::function<void()>([this, stop = generation.stop] {
            takeSteps();
            m_stopped = stop;
            showText();
        });
    });
    showText();
}

void GeneratePage::stop()
{
    if (!m_task->isRunning())
        return;
    m_task->cancel();
    takeSteps(); // what was made before the stop stays
    m_stopped = GenerationStop::Cancelled;
    showText();
}

void GeneratePage::takeSteps()
{
    if (!m_inbox)
        return;
    std::vector<GenerationStep> arrived;
    {
        const std::lock_guard lock(m_inbox->mutex);
        arrived.swap(m_inbox->steps);
    }
    if (arrived.empty())
        return;
    for (GenerationStep& step : arrived)
        m_steps.push_back(std::move(step));
    showText();
    showStep();
}

QString GeneratePage::generatedText() const
{
    if (!m_run)
        return {};
    std::vector<std::int64_t> ids;
    for (const GenerationStep& step : m_steps)
        if (step.id != m_stopId) // the stop token ends the text, as in the book
            ids.push_back(step.id);
    return decoded(*m_run->trace->model, ids.data(), ids.size());
}

namespace {

// Line ends as the text view's paragraphs: one position each, as the text's own.
QString asParagraphs(QString text)
{
    return text.replace(QStringLiteral("\r\n"), QStringLiteral("\n")).replace(u'\r', u'\n');
}

} // namespace

// The prompt, then the generated text in bold blue, then a grey ellipsis while generating. Each
// step rewrites only what changed at the end (the text of the tokens so far is decoded again, so
// a character split across tokens is written whole once complete): setting the whole text at
// every step laid out 1,000 tokens again, 3 ms of the GUI thread per token.
void GeneratePage::showTextOf(const ModelTrace& trace)
{
    QTextCursor cursor(m_text->document());
    if (m_textRun.lock() != m_run) {
        m_text->clear();
        cursor.insertText(
            asParagraphs(decoded(*trace.model, trace.tokenIds.data(), trace.tokenIds.size())),
            QTextCharFormat());
        m_generatedStart = cursor.position();
        m_shownGenerated.clear();
        m_textRun = m_run;
    }
    const QString generated = asParagraphs(generatedText());
    const auto common = int(std::mismatch(generated.begin(), generated.end(),
                                          m_shownGenerated.begin(), m_shownGenerated.end())
                                .first -
                            generated.begin());
    cursor.setPosition(m_generatedStart + common);
    cursor.movePosition(QTextCursor::End, QTextCursor::KeepAnchor);
    QTextCharFormat written;
    written.setForeground(QColor(0x00, 0x72, 0xB2));
    written.setFontWeight(QFont::Bold);
    cursor.insertText(generated.mid(common), written); // in place of the old end and ellipsis
    if (m_task->isRunning()) {
        QTextCharFormat ellipsis;
        ellipsis.setForeground(QColor(Qt::gray));
        cursor.insertText(QStringLiteral(" …"), ellipsis);
    }
    m_shownGenerated = generated;
}

void GeneratePage::showText()
{
    if (!m_run) {
        m_text->clear();
        m_cost->clear();
        return;
    }
    const ModelTrace& trace = *m_run->trace;
    showTextOf(trace);

    const TransformerConfig& c = trace.model->config();
    const Eigen::Index T = trace.tokenCount() + Eigen::Index(m_steps.size());
    const int kvHeads = c.nKvHead > 0 ? c.nKvHead : c.nHead;
    const double cacheFloats = 2.0 * c.nLayer * double(T) * kvHeads * c.headDim();
    const GenerationCost cost = generationCost(c, T);
    const QLocale locale;
    QString text = tr("%1 tokens. Key/value cache: 2·%2 layers·%3 tokens·%4 = %5 floats (%6 MB). "
                      "The next token costs %7 multiply-adds with the cache, %8 computed from "
                      "scratch (%9× as many).")
                       .arg(T)
                       .arg(c.nLayer)
                       .arg(T)
                       .arg(kvHeads * c.headDim())
                       .arg(locale.toString(qlonglong(cacheFloats)))
                       .arg(locale.toString(cacheFloats * 4 / 1e6, 'f', 2))
                       .arg(locale.toString(cost.cached, 'g', 3))
                       .arg(locale.toString(cost.scratch, 'g', 3))
                       .arg(locale.toString(cost.scratch / std::max(cost.cached, 1.0), 'f', 1));
    if (!m_steps.empty())
        text += tr(" Last step: %1 ms.").arg(m_steps.back().ms, 0, 'f', 1);
    if (m_stopped) {
        switch (*m_stopped) {
        case GenerationStop::MaxNewTokens:
            text += tr(" Stopped: the tokens asked for are written.");
            break;
        case GenerationStop::StopToken:
            text += tr(" Stopped: the model wrote <|endoftext|>.");
            break;
        case GenerationStop::ContextLength:
            text += tr(" Stopped: the context of %1 tokens is full.").arg(c.nCtx);
            break;
        case GenerationStop::Cancelled:
            text += tr(" Stopped by you.");
            break;
        }
    }
    m_cost->setText(text);
}

void GeneratePage::showStep()
{
    if (!m_run || m_steps.empty()) {
        m_candidates->clear();
        m_attention->setFigure({});
        Q_EMIT figuresShown();
        return;
    }
    const TransformerModel& model = *m_run->trace->model;
    const GenerationStep& step = m_steps.back();
    QStringList candidates;
    for (const NextToken& t : step.nextTokens)
        candidates << QStringLiteral("%1 %2 %")
                          .arg(tokenLabel(model, t.id))
                          .arg(100.0 * t.prob, 0, 'f', 1);
    m_candidates->setText(tr("Token %1 was drawn from: %2")
                              .arg(m_run->trace->tokenCount() + Eigen::Index(m_steps.size()))
                              .arg(candidates.join(QStringLiteral(", "))));
    // The attention of the token whose logits gave this draw, over every token up to it.
    std::vector<std::int64_t> ids = m_run->trace->tokenIds;
    for (std::size_t i = 0; i + 1 < m_steps.size(); ++i)
        ids.push_back(m_steps[i].id);
    QStringList labels;
    for (const std::int64_t id : ids)
        labels << tokenLabel(model, id);
    Figure figure;
    figure.name = QStringLiteral("15-generate_attention-token%1")
                      .arg(m_run->trace->tokenCount() + Eigen::Index(m_steps.size()));
    figure.title = tr("Where the newest token looks, in every layer (rows: heads)");
    figure.columns = std::min<int>(4, int(step.attention.size()));
    for (std::size_t l = 0; l < step.attention.size(); ++l) {
        HeatmapSpec spec;
        spec.tensorName = QStringLiteral("attn_weights");
        spec.title = tr("Layer %1").arg(l + 1);
        spec.matrix = std::make_shared<const Matrix>(step.attention[l]);
        spec.operation = QStringLiteral("softmax(q·Kᵀ / √%1) : (1×%1)·(%1×%2) → (1×%2)")
                             .arg(model.config().headDim())
                             .arg(step.attention[l].cols());
        for (int h = 0; h < int(step.attention[l].rows()); ++h)
            spec.rowLabels << QString::number(h + 1);
        spec.columnLabels = labels.mid(0, int(step.attention[l].cols()));
        spec.rowAxisTitle = tr("head");
        spec.columnAxisTitle = tr("keys");
        spec.columnAxis = AxisKind::KeyTokens;
        spec.scheme = ColorScheme::Sequential;
        spec.range = std::make_pair(0.0f, 1.0f);
        spec.scale = ScaleMode::PerRow;
        figure.panels.push_back(std::move(spec));
    }
    m_attention->setFigure(figure);
    Q_EMIT figuresShown();
}

void GeneratePage::release()
{
    stop();
    m_run.reset();
    m_steps.clear();
    m_attention->setFigure({});
}

std::vector<Figure> GeneratePage::currentFigures() const
{
    if (m_attention->figure().panels.empty())
        return {};
    return {m_attention->figure()};
}

} // namespace ae
