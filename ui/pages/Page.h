#pragma once

#include "HeatmapSpec.h"
#include "ModelRegistry.h"

#include <QString>

#include <memory>
#include <vector>

class QWidget;

namespace ae {

struct ModelRun;
struct Trace;

// What the window shows every page: the trace of the layer the step pages show, the forward
// of a checkpoint (null for the seed module), the layer (from 0) and head (from 0) chosen.
struct PageInput
{
    std::shared_ptr<const Trace> trace;
    std::shared_ptr<const ModelRun> run;
    int layer = 0;
    int head = 0;
};

// One tab of the window. The window composes the pages it is given and knows nothing of their
// kinds: it asks each whether it applies to what computes the session, hands it the newest
// input when it is on screen, and lets it go when it is not.
class Page
{
public:
    virtual ~Page() = default;

    virtual QWidget* widget() = 0;
    // Stable, for settings, --page and the walkthrough: "tokens", "scores", "model_view".
    virtual QString pageId() const = 0;
    // Whether the page has anything to show for sessions computed by `source`.
    virtual bool appliesTo(ModelSource source) const = 0;
    // Whether it has anything to show for this input, among the pages that apply: a
    // checkpoint's layer without rotary positions has no RoPE page.
    virtual bool appliesToInput(const PageInput&) const { return true; }
    virtual void showInput(const PageInput& input) = 0;
    // Lets go of what the page holds (derived tensors, images) while it is not on screen.
    virtual void release() {}
    // The figures now shown (export, the clipboard, presentation mode).
    virtual std::vector<Figure> currentFigures() const { return {}; }
    // Presentation mode shows the first figure as the slide; a page whose controls are the
    // point (the model view's thumbnails, a query choice) is shown as it is.
    virtual bool showsFigureAsSlide() const { return true; }
};

} // namespace ae
