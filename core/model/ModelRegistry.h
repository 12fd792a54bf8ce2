#pragma once

#include "ModelLoad.h"

#include <QString>

#include <functional>
#include <vector>

namespace ae {

// The model families the app opens. A family is a loader from its files into the canonical
// layout (TransformerModel) plus a cheap test of whether a file is one of its own; every
// family then runs the same forward. Adding a family is a folder under core/model/ and one
// entry in modelFamilies().
struct ModelFamily
{
    const char* name; // TransformerConfig::family: "gpt2", "book"
    // Whether `file` (a regular file; a folder was resolved to its model file before) is this
    // family's: by its suffix and, for safetensors, its tensor names. Reads the header only.
    std::function<bool(const QString& file)> recognises;
    std::function<ModelLoadResult(const QString& file)> load;
};

// In the order they are asked; the last one (GPT-2) takes what no other recognised.
const std::vector<ModelFamily>& modelFamilies();

// A model file, or a folder holding one (model.safetensors, else model.pth): the file to load
// (empty for a folder without either).
QString modelFile(const QString& path);

// Opens PATH (a model file or folder) with the family that recognises it.
ModelLoadResult loadModel(const QString& path);

} // namespace ae
