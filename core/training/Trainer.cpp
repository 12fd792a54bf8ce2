#include "Trainer.h"

#include "TrainingState.h"
#include "TransformerModel.h"

#include <cmath>
#include <stdexcept>

namespace ae {

Trainer::Trainer(TrainingConfig config) : m_state(std::make_unique<TrainingState>(std::move(config)))
{
}

Trainer::Trainer(TrainingConfig config, const TransformerModel&)
    : m_state(std::make_unique<TrainingState>(std::move(config)))
{
}

Trainer::~Trainer() = default;

std::string Trainer::resumeIssue(const TrainingConfig&, const TransformerModel&)
{
    return {};
}

const TrainingConfig& Trainer::config() const
{
    return m_state->config;
}

int Trainer::vocabSize() const
{
    return m_state->config.vocabSize;
}

const std::vector<std::string>& Trainer::charVocabulary() const
{
    static const std::vector<std::string> none;
    return none;
}

float Trainer::step()
{
    throw std::logic_error("Trainer::step: not implemented yet");
}

int Trainer::stepsDone() const
{
    return 0;
}

float Trainer::validationLoss()
{
    return std::nanf("");
}

bool Trainer::hasValidation() const
{
    return false;
}

bool Trainer::evaluationDue() const
{
    return false;
}

const std::vector<std::int64_t>& Trainer::probeIds() const
{
    static const std::vector<std::int64_t> none;
    return none;
}

std::shared_ptr<const ProbeSnapshot> Trainer::probe() const
{
    return std::make_shared<const ProbeSnapshot>();
}

std::shared_ptr<const TransformerModel> Trainer::model() const
{
    return nullptr;
}

std::vector<Trainer::NamedTensor> Trainer::parameters() const
{
    return {};
}

std::vector<Trainer::NamedTensor> Trainer::gradients() const
{
    return {};
}

} // namespace ae
