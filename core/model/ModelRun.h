#pragma once

#include "Forward.h"
#include "SessionIssue.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ae {

class TransformerModel;
struct ModelTrace;
struct Session;
struct Trace;

// One session computed, whatever computes it: the tokens, the forward's layered trace and how
// long each stage took. A seed-module session is a run of one layer (seedModuleRun).
struct ModelRun
{
    std::vector<std::string> tokens;
    std::shared_ptr<const ModelTrace> trace;
    double loadMs = 0;    // checkpoint opened, validated and mapped (0 when cached)
    double forwardMs = 0; // ids -> logits (the rows after a reused prefix only: trace->reusedRows)
};

// The seed module's trace as a run: one layer, no checkpoint, forwardMs its forward's time.
std::shared_ptr<const ModelRun> seedModuleRun(std::shared_ptr<const Trace> trace);

struct ModelRunResult
{
    std::optional<ModelRun> run;
    std::optional<SessionIssue> issue; // the session was refused (key "model" or "sentence")
    bool ioError = false;              // the checkpoint could not be read at all
    // Refused by the memory guard (estimateModelRunBytes over limits::MaxProcessBytes): not a
    // fault of the session but of this machine's budget, exit 2 as an I/O error.
    bool overMemoryLimit = false;
};

// Session (with "model") -> tokens -> memory guard -> forward. The checkpoint is loaded once
// per path and kept while the same path is asked for. Thread-safe.
class ModelEngine
{
public:
    ModelEngine();
    ~ModelEngine();

    // `previous`, a forward of the same checkpoint (or null): its unchanged causal prefix is
    // reused (transformerForward with previous), only the rows after it are computed. The
    // memory guard counts it as a second trace held while the new one is made. `overview`:
    // transformerForward's (the model view's reduction of every head, or null).
    ModelRunResult compute(const Session& session, const ModelTrace* previous = nullptr,
                           WeightsReductionPolicy overview = nullptr) const;
    // The checkpoint alone (cached as compute does): null and `issue` set on failure.
    std::shared_ptr<const TransformerModel> model(const std::string& path, ModelRunResult& failure,
                                                  double* loadMs = nullptr) const;

private:
    struct Cache;
    std::unique_ptr<Cache> m_cache;
};

} // namespace ae
