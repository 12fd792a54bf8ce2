#pragma once

#include "HeatmapSpec.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace ae {

struct Trace;

// One titled figure of a page, with the sentences that explain it. `figure` returns
// nothing when the step does not apply to the session (dropout in eval mode, the mask
// without causal attention); the page then shows `whenAbsent` instead.
struct PageSection
{
    QString heading;
    QString explanation;
    std::function<std::optional<Figure>(const std::shared_ptr<const Trace>&, int head)> figure;
    QString whenAbsent;
};

struct PageDefinition
{
    QString id;    // stable, for settings and the walkthrough: "scores"
    QString title; // tab title (translated)
    std::vector<PageSection> sections;
    // The step exists only in the seed module: a checkpoint's layer starts from LN1 of the
    // residual stream, not from embeddings of its own, and runs in eval mode (no dropout).
    bool seedModuleOnly = false;
    // For a step both have: whether a checkpoint's layer shows it (null: always).
    std::function<bool(const Trace&)> checkpointShows = {};
};

// The steps of attention in the seed documents' order, as data: the pages are built from
// this list, so adding a step is adding an entry here.
std::vector<PageDefinition> pageCatalog();

} // namespace ae
