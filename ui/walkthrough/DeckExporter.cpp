#include "DeckExporter.h"

#include "DeckSlidePainter.h"
#include "FormulaText.h"
#include "ModelRun.h"
#include "ModelSlides.h"
#include "ModelTrace.h"
#include "SessionFile.h"
#include "SessionJson.h"
#include "Trace.h"
#include "WalkthroughCatalog.h"

#include <QBuffer>
#include <QDir>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

namespace ae {

namespace {

// CSS pixels: the slide painter's 1280×720 units become a 13.33 × 7.5 in (960 × 540 pt) page.
constexpr int DeckDpi = 96;

QString sessionName(const Session& session)
{
    if (!session.title.empty())
        return QString::fromStdString(session.title);
    QString sentence = QString::fromStdString(session.sentence).simplified();
    if (sentence.size() > 80)
        sentence = sentence.left(80) + QStringLiteral("…");
    return sentence;
}

} // namespace

// The last computation, kept for the next step (steps 4 to 7 share a session).
class DeckExporter::LastComputation
{
public:
    LastComputation(const DeckExporter::Compute& compute, const Session& session,
                    ComputeResult result)
        : m_compute(compute), m_key(sessionToJson(session)), m_result(std::move(result))
    {
    }

    const ComputeResult& of(const Session& session)
    {
        const QByteArray key = sessionToJson(session);
        if (key != m_key) {
            m_result = {};
            m_result = m_compute(session);
            m_key = key;
        }
        return m_result;
    }

private:
    const DeckExporter::Compute& m_compute;
    QByteArray m_key;
    ComputeResult m_result;
};

DeckExporter::DeckExporter(Compute compute)
    : m_compute(std::move(compute)), m_query(WalkthroughCatalog::DefaultQuery)
{
    if (!m_compute) {
        auto engine = std::make_shared<Engine>();
        m_compute = [engine](const Session& session) { return engine->compute(session); };
    }
}

int DeckExporter::pageCount()
{
    return int(WalkthroughCatalog::steps().size());
}

// The deck's slides in order: one per step of the walkthrough of what computes the session.
struct DeckExporter::Plan
{
    std::vector<WalkthroughStep> steps;
};

int DeckExporter::pages() const
{
    return int(
        WalkthroughCatalog::steps(m_modelRun ? ModelSource::Checkpoint : ModelSource::SeedModule)
            .size());
}

void DeckExporter::setRun(std::shared_ptr<const ModelRun> run, int layer)
{
    m_modelRun = run && !run->trace->isSeedModule() ? std::move(run) : nullptr;
    m_layer = layer;
}

DeckExporter::Result DeckExporter::render(const Session& session, const Progress& progress) const
{
    Result result;
    const ComputeResult base = m_modelRun ? ComputeResult{} : m_compute(session);
    if (!m_modelRun && !base.trace) {
        result.error = tr("the session cannot be computed: %1")
                           .arg(base.issue ? base.issue->message : QString());
        return result;
    }
    const Plan plan{
        WalkthroughCatalog::steps(m_modelRun ? ModelSource::Checkpoint : ModelSource::SeedModule)};
    const int total = int(plan.steps.size());

    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setCreator(QStringLiteral("Attention Explorer"));
    writer.setTitle(tr("Attention, step by step: %1").arg(sessionName(session)));
    writer.setResolution(DeckDpi);
    const QSizeF points(DeckSlidePainter::PageWidth * 72.0 / DeckDpi,
                        DeckSlidePainter::PageHeight * 72.0 / DeckDpi);
    writer.setPageSize(
        QPageSize(points, QPageSize::Point, QStringLiteral("16:9"), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter painter;
    if (!painter.begin(&writer)) {
        result.error = tr("the PDF renderer failed");
        return result;
    }
    LastComputation computation(m_compute, session, base);
    const DeckSlidePainter slidePainter;
    for (int i = 0; i < total; ++i) {
        if (progress && !progress(i, total)) {
            painter.end();
            result.cancelled = true;
            result.error = tr("cancelled");
            return result;
        }
        DeckSlide slide = this->slide(plan, i, session, computation);
        slide.number = i + 1;
        slide.total = total;
        if (i > 0)
            writer.newPage();
        slidePainter.paint(painter, slide);
    }
    if (!painter.end()) {
        result.error = tr("the PDF renderer failed");
        return result;
    }
    if (progress)
        progress(total, total);
    result.pdf = buffer.data();
    return result;
}

DeckSlide DeckExporter::slide(const Plan& plan, int index, const Session& session,
                              LastComputation& computation) const
{
    const WalkthroughStep& step = plan.steps[std::size_t(index)];
    DeckSlide slide;
    slide.title = step.title;
    slide.extra = step.extra;
    slide.footer = tr("Attention Explorer · %1").arg(sessionName(session));
    QString error;
    if (m_modelRun) {
        slide.trace = m_modelRun->trace->layers[std::size_t(m_layer)]; // the forward's own
    } else if (const std::optional<Session> stepSession =
                   WalkthroughCatalog::sessionFor(step, session, &error)) {
        const ComputeResult& computed = computation.of(*stepSession);
        slide.trace = computed.trace;
        if (!computed.trace)
            error = computed.issue ? computed.issue->message : tr("unknown reason");
    }
    if (!slide.trace) {
        slide.explanation = WalkthroughCatalog::explanation(step, m_query);
        slide.error = tr("This step's session cannot be computed: %1").arg(error);
        return slide;
    }
    const Trace& trace = *slide.trace;
    // The model's own pages follow its last token (the one whose next token it predicts).
    const int query = m_modelRun && ModelSlides::isModelPage(step)
                          ? int(trace.queryCount()) - 1
                          : int(formula::clampedQuery(trace, m_query));
    slide.explanation = WalkthroughCatalog::explanation(step, query);
    QString note = step.note ? step.note(trace) : QString();
    if (m_modelRun) {
        const QString here = ModelSlides::layerNote(*m_modelRun, m_layer);
        note = note.isEmpty() ? here : note + u' ' + here;
    } else {
        slide.footer = tr("Attention Explorer · %1").arg(sessionName(trace.session));
    }
    slide.note = note;
    slide.formula = step.formula(trace, query);
    if (m_modelRun && ModelSlides::isModelPage(step))
        slide.figures = ModelSlides::figures(step, *m_modelRun, m_layer, query);
    else if (step.figures)
        slide.figures = step.figures(slide.trace);
    if (step.usesQuery)
        slide.highlightQuery = query;
    return slide;
}

QString DeckExporter::write(const Session& session, const QString& path,
                            const Progress& progress) const
{
    const Result rendered = render(session, progress);
    if (rendered.pdf.isEmpty())
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), rendered.error);
    return SessionFile::writeAtomically(path, rendered.pdf);
}

} // namespace ae
