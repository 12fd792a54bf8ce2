#pragma once

#include <QString>

namespace ae {

class Trainer;

// Writes the trained model as the book's checkpoint (spec training.md §4) into folder DIR
// (created when missing): model.safetensors with the book's state_dict names, F32, every
// parameter plus trf_blocks.{i}.att.mask (the float32 triu(ones(context, context), 1)
// buffer), exactly what safetensors.torch.save_file(model.state_dict(), ...) writes; and
// config.json with the book's config keys. Each file is written atomically (OutputFile).
// Returns "" or a message naming the file and the cause.
QString saveTrainingCheckpoint(const Trainer& trainer, const QString& dir);

} // namespace ae
