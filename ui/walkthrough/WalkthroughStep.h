#pragma once

#include "HeatmapSpec.h"

#include <QString>

#include <functional>
#include <memory>
#include <variant>
#include <vector>

namespace ae {

struct Session;
struct Trace;

// What a step does to the session before it is shown. Steps that demonstrate a variant
// change a few keys of the walkthrough's session (EditSession); the last two open a bundled
// sample instead (OpenSample); the first ones show the session as it is (std::monostate).
struct EditSession
{
    std::function<void(Session&)> change;
};
struct OpenSample
{
    QString resourcePath; // ":/samples/german-english-cross.json"
};
using StepAction = std::variant<std::monostate, EditSession, OpenSample>;

// A drawing of the deck that is not a heatmap.
enum class StepExtra
{
    None,
    TokenStrip,
    ScalingChart
};

// One step of the walkthrough, as data (WalkthroughCatalog lists them in the seeds' order).
struct WalkthroughStep
{
    QString id;          // stable: "scaling"
    QString title;       // translated
    QString explanation; // 2-4 sentences, translated
    QString pageId;      // the page that shows it (PageCatalog's ids, and "tokens")
    StepAction action;
    bool usesQuery = false; // the formula follows the chosen query token
    StepExtra extra = StepExtra::None;
    // A sentence about this trace to add to the explanation (may return an empty string).
    std::function<QString(const Trace&)> note;
    // The formula with the trace's numbers and shapes, one statement per line.
    std::function<QString(const Trace&, int query)> formula;
    // The figures the deck draws for this step (the panel shows the page instead).
    std::function<std::vector<Figure>(const std::shared_ptr<const Trace>&)> figures;
    // The page's figure presentation mode shows for this step, by its name without the number
    // and head ("mask_methods" for "05-mask_methods-head1"); empty: the page's first figure.
    QString slideFigure = {};
    // A training session the step offers to open in the training lab (a button under the
    // formula): ":/samples/training/induction.json"; empty for none.
    QString trainingSession = {};
};

} // namespace ae
