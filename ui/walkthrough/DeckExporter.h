#pragma once

#include "DeckSlidePainter.h"
#include "Engine.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>

namespace ae {

struct ModelRun;
struct Session;
struct Trace;

// Writes the walkthrough of a session as a PDF deck a lecturer can present: one landscape
// 16:9 page per step (title, explanation, formula with the numbers, the step's figures;
// see DeckSlidePainter), vector text and cells. Several steps change the session (simplified,
// causal, dropout, multi-head) or open a sample (cross-attention, GPT-2), so each step's
// session is derived from the given one as the panel would (WalkthroughCatalog::sessionFor)
// and computed here, synchronously; steps sharing a session share one computation (about
// 0.2 s for the GPT-2 sample's). The file is rendered in memory, then written atomically:
// a failure or a cancellation leaves no file behind.
class DeckExporter
{
    Q_DECLARE_TR_FUNCTIONS(DeckExporter)

public:
    // Called before each step (step = 0 ... total - 1) and once at the end (step = total);
    // returning false cancels.
    using Progress = std::function<bool(int step, int total)>;
    using Compute = std::function<ComputeResult(const Session&)>;

    struct Result
    {
        QByteArray pdf; // empty on failure
        QString error;  // empty on success
        bool cancelled = false;
    };

    // `compute` defaults to a private Engine (thread-safe; pass a shared one to reuse its
    // memoised embedding tables).
    explicit DeckExporter(Compute compute = {});

    // The query token the formulas follow and the figures highlight (0-based, clamped).
    void setQuery(int tokenIndex) { m_query = tokenIndex; }
    int query() const { return m_query; }

    // The session's run and the layer (from 0) the steps show. A checkpoint's run makes the
    // deck the model's (ModelSlides: the steps on that layer's own trace, the model's pages);
    // the session given to render() then only names the deck. A seed-module run changes
    // nothing: the steps derive and compute their sessions.
    void setRun(std::shared_ptr<const ModelRun> run, int layer);

    Result render(const Session& session, const Progress& progress = {}) const;
    // Empty on success, else a message naming the file and the reason.
    QString write(const Session& session, const QString& path, const Progress& progress = {}) const;

    static int pageCount(); // one per walkthrough step
    int pages() const;      // of this deck: pageCount(), or the model deck's

private:
    struct Plan;
    class LastComputation;
    // Slide `index` of `plan` (its content and footer; render() numbers it).
    DeckSlide slide(const Plan& plan, int index, const Session& session,
                    LastComputation& computation) const;

    Compute m_compute;
    int m_query;
    std::shared_ptr<const ModelRun> m_modelRun; // a checkpoint's run, or null
    int m_layer = 0;
};

} // namespace ae
