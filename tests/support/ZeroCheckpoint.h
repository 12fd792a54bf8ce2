#pragma once

#include <QString>

namespace ae::test {

// The sizes of a GPT-2 checkpoint of one block whose weights are all zeros (still finite:
// every LayerNorm gives its bias, every softmax is uniform).
struct ZeroCheckpoint
{
    QString dtype = QStringLiteral("F32"); // or F16
    int d = 8, positions = 8, vocab = 256, heads = 1;
};

// Writes it as `path` (safetensors) and config.json beside it. The data is a hole in a sparse
// file: gigabytes cost nothing. False if a file cannot be written.
bool writeZeroCheckpoint(const QString& path, const ZeroCheckpoint& sizes);

} // namespace ae::test
