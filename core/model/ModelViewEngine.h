#pragma once

#include "ModelRun.h"

#include <memory>
#include <optional>
#include <string>

namespace ae {

struct Trace;

// What the window shows of a model session: the forward (shared by the model views) and one
// block's attention as an ordinary Trace (for the step pages).
struct ModelViewResult
{
    std::shared_ptr<const ModelRun> run;
    std::shared_ptr<const Trace> layerTrace;
    int layer = 0;
    std::optional<SessionIssue> issue; // refused, or the checkpoint could not be read
};

// Session (with "model") and a layer -> ModelViewResult. The checkpoint stays loaded while
// its path is asked for (ModelEngine), and the last forward is kept: while the path and the
// sentence stay the same, choosing another layer computes nothing (every layer's trace is the
// forward's own, ModelTrace.h); when the
// sentence changes, the new forward reuses the last one's unchanged causal prefix (typing at
// the end of a 30-token sentence computes one or two rows, not 30).
// Thread-safe: the cache is read and written under a mutex, the forwards it holds are
// immutable (shared_ptr<const>), and no lock is held while computing; two concurrent
// computations each reuse whatever forward was last stored, and the later one stored wins.
class ModelViewEngine
{
public:
    // `overview`: what every forward reduces of each head's weights for the model view
    // (transformerForward), or null.
    explicit ModelViewEngine(WeightsReductionPolicy overview = nullptr);
    ~ModelViewEngine();

    ModelViewResult compute(const Session& session, int layer) const;
    // Whether `path` is the checkpoint now loaded (else compute() will load it first).
    bool isLoaded(const std::string& path) const;

private:
    struct Cache;
    ModelEngine m_engine;
    std::unique_ptr<Cache> m_cache;
    WeightsReductionPolicy m_overview;
};

} // namespace ae
