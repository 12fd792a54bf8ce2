#pragma once

#include "SessionIssue.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ae {

class TransformerModel;
struct Gpt2Trace;
struct Session;

// One model session computed: the tokens, the forward's trace and how long each stage took.
struct Gpt2Run
{
    std::vector<std::string> tokens;
    std::shared_ptr<const Gpt2Trace> trace;
    double loadMs = 0;    // checkpoint opened, validated and mapped (0 when cached)
    double forwardMs = 0; // ids -> logits (the rows after a reused prefix only: trace->reusedRows)
};

struct Gpt2RunResult
{
    std::optional<Gpt2Run> run;
    std::optional<SessionIssue> issue; // the session was refused (key "model" or "sentence")
    bool ioError = false;              // the checkpoint could not be read at all
};

// Session (with "model") -> tokens -> GPT-2 forward. The checkpoint is loaded once per
// path and kept while the same path is asked for. Thread-safe.
class Gpt2Engine
{
public:
    Gpt2Engine();
    ~Gpt2Engine();

    // `previous`, a forward of the same checkpoint (or null): its unchanged causal prefix is
    // reused (gpt2Forward with previous), only the rows after it are computed.
    Gpt2RunResult compute(const Session& session, const Gpt2Trace* previous = nullptr) const;
    // The checkpoint alone (cached as compute does): null and `issue` set on failure.
    std::shared_ptr<const TransformerModel> model(const std::string& path, Gpt2RunResult& failure,
                                                  double* loadMs = nullptr) const;

private:
    struct Cache;
    std::unique_ptr<Cache> m_cache;
};

} // namespace ae
