#pragma once

namespace ae {

struct Session;

struct UiTimings
{
    double renderMs = 0;   // every head's attention weights painted at view size, in parallel
    double uiUpdateMs = 0; // a control change until every visible heatmap shows the new trace
    // The same by direction of the change (the masking method): to neg-inf, whose fast path
    // skips the masked blocks, and to renormalize, which computes every score.
    double uiUpdateToNegInfMs = 0;
    double uiUpdateToRenormalizeMs = 0;
    double guiMaxBlockMs =
        0; // the longest the GUI thread did not return to its event loop meanwhile
    int visibleHeatmaps = 0;
};

// Measures the UI side of a session with the real widgets (offscreen platform): the
// --benchmark's render_ms and ui_update_ms: medians of `runs` renders and of `runs` control
// changes each way.
UiTimings measureUi(const Session& session, int runs);

// The same for a GPT-2 model session (the session key "model"): the window on the model
// view; each change is typing, the sentence's last word taken away or put back, until
// the forward, the selected layer's trace, every thumbnail and every visible heatmap show
// the new sentence. renderMs and the masking-method medians stay 0.
UiTimings measureModelUi(const Session& session, int runs);

} // namespace ae
