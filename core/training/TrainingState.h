#pragma once

#include "AdamW.h"
#include "ParameterLayout.h"
#include "TorchGenerator.h"
#include "TrainNetwork.h"
#include "TrainingConfig.h"
#include "TrainingData.h"

#include <memory>
#include <optional>
#include <vector>

namespace ae {

// The Trainer's internals (Trainer.cpp): the flat parameters, gradients and AdamW's moments
// (ParameterLayout), the data streams, the dropout generator and the activations reused
// from step to step.
class TrainingState
{
public:
    explicit TrainingState(TrainingConfig c) : config(std::move(c)) {}

    TrainingConfig config;
    ParameterLayout layout;
    std::vector<float> params, grads;
    std::optional<AdamW> optimizer;
    TorchGenerator generator; // torch's default generator: init, then dropout
    std::optional<InductionStream> induction;
    std::optional<TextCorpus> text;
    std::vector<std::int64_t> probeIds;
    Activations acts;
    int steps = 0;
};

} // namespace ae
