#pragma once

#include <functional>

class QJsonObject;

namespace ae {

struct CommandLineRequest;
struct Session;

struct ModelRunResult;

// The exit code of a refused model run: 2 when the checkpoint could not be read or the memory
// guard refused, 1 when the session is at fault.
int exitCodeOf(const ModelRunResult& refused);

// The command line with a model session (a checkpoint, spec gpt2.md §2-§3).
// --benchmark: init_ms (checkpoint opened, validated, mapped), first_forward_ms (the
// first forward, which pages the weights in), forward_ms (median of the next runs,
// ids -> logits), prefix_forward_ms and prefix_forward_delete_ms (typing: the sentence's last
// word put back and taken away, each forward reusing the previous one's unchanged causal
// prefix; prefix_reused_tokens of it), heads.md's analyses (HeadsBenchmark.h: detect_ms,
// ablate_all_ms, generate_ms_per_token and the same token from scratch), sgemm_gflops and
// of_sgemm (SgemmReference.h, taken between the forwards) and peak_rss_mb, as one JSON line.
// `more` adds the window's figures (the graphical front end: ui_update_ms for typing,
// gui_max_block_ms); it runs before peak_rss_mb is read.
int runModelBenchmark(const Session& session, const std::function<void(QJsonObject&)>& more = {});

// The peak resident memory of this program in MB: VmHWM, which starts afresh at exec (every
// benchmark's peak_rss_mb).
double processPeakRssMb();

// Every benchmark's figures of the process, added to `out`: peak_rss_mb (processPeakRssMb) and
// products (productKernels(): what computed the large products).
void addProcessFigures(QJsonObject& out);

} // namespace ae
