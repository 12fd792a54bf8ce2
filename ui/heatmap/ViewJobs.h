#pragma once

class QThreadPool;

namespace ae {

// The threads that compute what views show: heatmap images, a page's figures, a model's
// thumbnails (one per core). Never Qt's global pool: Qt 6's raster paint engine splits the
// GUI thread's own large fills (a window's background, a scroll bar) across the global pool
// and waits for them, so a view job there made every repaint of the window wait behind it
// (measured: paints of 1.5 ms of CPU taking 9 ms, blocked on the fills' semaphore).
QThreadPool* viewJobs();

// The threads of the long analyses (head detectors, every head ablated, generation: the
// AnalysisTask of each page), off Qt's global pool for the same reason: an analysis there
// holds a thread that the GUI thread's parallel fills may wait for.
QThreadPool* analysisJobs();

// Threads for the parts of one view job that run side by side (a page's panels): a job on
// viewJobs() that waited there for helpers would hold a thread they need.
QThreadPool* viewJobHelpers();

// Keeps the threads of Qt's global pool, which the raster engine's parallel fills use, for
// the process's lifetime: Qt retires them after 30 s idle, and the first repaint after a pause
// (a student reading, then typing) would wait for new threads to start.
void keepPaintHelperThreads();

} // namespace ae
