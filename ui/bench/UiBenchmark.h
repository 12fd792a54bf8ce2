#pragma once

#include <string>
#include <vector>

namespace ae {

struct Session;

struct UiTimings
{
    // The longest work of one turn of the GUI thread's event loop (LoopTurns.h), and of it the
    // GUI thread's time on a core and queued for one behind other threads (ThreadClock.h).
    struct Block
    {
        double ms = 0, cpuMs = 0, queuedMs = 0;
    };

    double renderMs = 0;   // every head's attention weights painted at view size, in parallel
    double uiUpdateMs = 0; // a control change until every visible heatmap shows the new trace
    // The same by direction of the change (the masking method): to neg-inf, whose fast path
    // skips the masked blocks, and to renormalize, which computes every score.
    double uiUpdateToNegInfMs = 0;
    double uiUpdateToRenormalizeMs = 0;
    // The longest work of one turn of the GUI thread's event loop meanwhile: from the first
    // event it handled after waking until it went back to wait.
    Block guiMaxBlock;
    // The longest the GUI thread took to come back from waiting with a timer due, over the
    // whole run: time the system gave to other threads (or, in a VM, the host kept the core).
    double guiMaxWaitMs = 0;
    // The event the longest single event handling belonged to: "ClassName(objectName in its
    // ancestors) EventType: N ms (its CPU time, the GUI thread's waits and preemptions)" (a
    // handler that sends events synchronously is split at them).
    std::string guiMaxBlockEvent;
    double guiMaxEventMs = 0;
    int visibleHeatmaps = 0;
    // With the flash kernel: the flash page's next tile until painted (median), and the
    // longest the GUI thread blocked meanwhile.
    double flashStepMs = 0;
    double flashStepMaxBlockMs = 0;
    // A model session's analyses in the window: every head ablated (sentences up to 64 tokens;
    // else 0), then up to 20 tokens generated, each until on the page, and the longest the GUI
    // thread blocked meanwhile.
    double ablateAllMs = 0, ablateAllMaxBlockMs = 0;
    double generateMs = 0;
    Block generateMaxBlock;
    std::string generateMaxEvent; // as guiMaxBlockEvent, while generating
    // A model session's first edit and back after the window loaded, on a heap just given back
    // to the system (as the app's idle trim leaves it): its longest block, apart from the
    // pages' typing, which is measured after it.
    Block firstEditBlock;
    // A model session's edit at the start (the first word off, then back), on the page whose
    // edit took longest beyond its own forward: the time until that page showed it, that
    // edit's forward, the longest block on any page, and the most rows any page's edit's
    // forward reused (0 unless the text repeats itself: "a a a" without its first word is
    // the same tokens as the original's start, and the forward reuses them).
    double editStartMs = 0, editStartMaxBlockMs = 0, editStartForwardMs = 0;
    int editStartReusedTokens = 0;
    int generatedTokens = 0;
    // A model session's typing, page by page (the page on screen is the one updated).
    struct Page
    {
        std::string id; // "model_view", "weights", "head_view"
        double uiUpdateMs = 0;
        double guiMaxBlockMs = 0;
        int visibleHeatmaps = 0;
        // The edit at the start on this page: of its two edits, the one longest beyond its
        // forward (until painted, and that forward); 0 for a text of one word.
        double editStartMs = 0, editStartForwardMs = 0;
    };
    std::vector<Page> pages;
};

// Measures the UI side of a session with the real widgets (offscreen platform): the
// --benchmark's render_ms and ui_update_ms: medians of `runs` renders and of `runs` control
// changes each way.
UiTimings measureUi(const Session& session, int runs);

// The same for a GPT-2 model session (the session key "model"): each change is typing, the
// sentence's last word taken away or put back, until the forward, the selected layer's
// trace and everything visible show the new sentence; measured with the window on each of
// the model view (every thumbnail), the selected layer's attention weights (a step page and
// its heatmaps) and the head view, one after the other: `pages` has each page's median and
// longest block, uiUpdateMs the slowest page's median, guiMaxBlock the longest block of
// all, visibleHeatmaps the most heatmaps a page showed. renderMs and the masking-method
// medians stay 0.
UiTimings measureModelUi(const Session& session, int runs);

} // namespace ae
