#pragma once

#include "ModelLoad.h"

#include <QString>

namespace ae {

// The GPT-2 family's loader: PATH (a Hugging Face model.safetensors), with config.json
// from the same folder when present (present but unreadable: an I/O error naming it), into
// the canonical layout (which is GPT-2's own: the tensors are used where they are mapped).
// Validates the whole header first, then every tensor GPT-2 needs (present, F32/F16/BF16,
// shape as the config says, every value finite); other tensors are ignored. The output head
// is wte (tied).
ModelLoadResult loadGpt2Checkpoint(const QString& path);

} // namespace ae
