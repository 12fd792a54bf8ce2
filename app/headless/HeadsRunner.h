#pragma once

namespace ae {

struct CommandLineRequest;

// --dump-json with --detect-heads, --ablate or --generate (heads.md): the session's model
// loaded, the checks that need it (a model at all, a probe that fits its context, a top-k
// within its vocabulary, two tokens or more to detect or ablate on), the analysis on the
// sentence or the induction probe, and its JSON (HeadsJson.h) written atomically as every dump.
// Refusals print a message naming the option and exit 2, as --layer's; a session or checkpoint
// that cannot be read exits as for a plain dump.
int runHeadsDump(const CommandLineRequest& request);

} // namespace ae
