#include "DeckExporter.h"

#include "DeckSlidePainter.h"
#include "FormulaText.h"
#include "ModelDeck.h"
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

// The last computation, kept for the next step (steps 4 to 7 share a session).
class LastComputation
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

} // namespace

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

int DeckExporter::pages() const
{
    return m_model ? ModelDeck::pageCount() : pageCount();
}

void DeckExporter::setModel(std::shared_ptr<const ModelRun> run,
                            std::shared_ptr<const Trace> layerTrace, int layer)
{
    m_model = std::make_shared<const ModelDeck>(std::move(run), std::move(layerTrace), layer);
}

DeckExporter::Result DeckExporter::render(const Session& session, const Progress& progress) const
{
    Result result;
    const ComputeResult base = m_model ? ComputeResult{} : m_compute(session);
    if (!m_model && !base.trace) {
        result.error = tr("the session cannot be computed: %1")
                           .arg(base.issue ? base.issue->message : QString());
        return result;
    }
    const std::vector<WalkthroughStep> steps = WalkthroughCatalog::steps();
    const int total = pages();

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
        if (m_model) {
            DeckSlide slide = m_model->slide(i, m_query);
            slide.footer = tr("Attention Explorer · %1").arg(sessionName(session));
            if (i > 0)
                writer.newPage();
            slidePainter.paint(painter, slide);
            continue;
        }
        const WalkthroughStep& step = steps[std::size_t(i)];
        DeckSlide slide;
        slide.number = i + 1;
        slide.total = total;
        slide.title = step.title;
        slide.explanation = WalkthroughCatalog::explanation(step, m_query);
        slide.extra = step.extra;
        QString error;
        const std::optional<Session> stepSession =
            WalkthroughCatalog::sessionFor(step, session, &error);
        if (stepSession) {
            const ComputeResult& computed = computation.of(*stepSession);
            slide.trace = computed.trace;
            if (!computed.trace)
                error = computed.issue ? computed.issue->message : tr("unknown reason");
        }
        if (slide.trace) {
            const Trace& trace = *slide.trace;
            const int query = int(formula::clampedQuery(trace, m_query));
            slide.note = step.note ? step.note(trace) : QString();
            slide.formula = step.formula(trace, query);
            if (step.figures)
                slide.figures = step.figures(slide.trace);
            if (step.usesQuery)
                slide.highlightQuery = query;
            slide.footer = tr("Attention Explorer · %1").arg(sessionName(trace.session));
        } else {
            slide.error = tr("This step's session cannot be computed: %1").arg(error);
            slide.footer = tr("Attention Explorer · %1").arg(sessionName(session));
        }
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

QString DeckExporter::write(const Session& session, const QString& path,
                            const Progress& progress) const
{
    const Result rendered = render(session, progress);
    if (rendered.pdf.isEmpty())
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), rendered.error);
    return SessionFile::writeAtomically(path, rendered.pdf);
}

} // namespace ae
