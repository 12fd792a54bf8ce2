#pragma once

#include "HeatmapSpec.h"

#include <QCoreApplication>

#include <vector>

namespace ae {

struct ModelRun;
struct WalkthroughStep;

// What a deck shows of a checkpoint beyond a layer's trace: the deck of a model follows the
// model's walkthrough (WalkthroughCatalog::steps(ModelSource::Checkpoint)); its steps on the
// model's own pages (the model view, the head view, the next tokens, the heads' roles) take their
// figures from the whole forward, and every slide says which layer and checkpoint it shows.
class ModelSlides
{
    Q_DECLARE_TR_FUNCTIONS(ModelSlides)

public:
    // Whether `step` is shown on one of the model's own pages (its figures come from figures()).
    static bool isModelPage(const WalkthroughStep& step);
    // The figures of such a step: the model view, the head view of `query` in `layer`, the
    // next tokens at temperature 1, or every head's detector scores.
    static std::vector<Figure> figures(const WalkthroughStep& step, const ModelRun& run, int layer,
                                       int query);
    // "Here: layer 2 of 12 of the checkpoint model.safetensors (…)".
    static QString layerNote(const ModelRun& run, int layer);
};

} // namespace ae
