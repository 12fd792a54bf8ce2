#include "TrainingSession.h"

namespace ae {

TrainingSessionResult trainingSessionFromJson(const QByteArray&, const QString&)
{
    return {};
}

TrainingSessionResult readTrainingSession(const QString&)
{
    return {};
}

std::vector<SessionIssue> validateTrainingConfig(const TrainingConfig&)
{
    return {};
}

} // namespace ae
