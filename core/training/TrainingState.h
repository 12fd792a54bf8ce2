#pragma once

#include "TrainingConfig.h"

namespace ae {

// The Trainer's internals (Trainer.cpp): parameters, gradients, optimiser moments, data
// streams and activations.
class TrainingState
{
public:
    explicit TrainingState(TrainingConfig config) : config(std::move(config)) {}
    TrainingConfig config;
};

} // namespace ae
