#include "TrainingCheckpoint.h"

#include "Trainer.h"

namespace ae {

QString saveTrainingCheckpoint(const Trainer&, const QString&)
{
    return QStringLiteral("not implemented yet");
}

} // namespace ae
