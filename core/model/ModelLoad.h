#pragma once

#include <QString>

#include <memory>

namespace ae {

class TransformerModel;

// What a family's loader gives: the model in the canonical layout, or why not.
struct ModelLoadResult
{
    std::shared_ptr<const TransformerModel> model; // null on failure
    QString error;                                 // names the file, the tensor and the rule
    bool ioError = false;         // the file could not be opened or mapped at all (exit 2, not 1)
    bool overMemoryLimit = false; // converting the weights would pass the memory guard (exit 2)
};

} // namespace ae
