#pragma once

#include "Matrix.h"

#include <QString>
#include <QStringView>

#include <optional>

// Numbers as the manual-embedding table reads and writes them: C locale ('.' decimal
// point, no group separators), finite and within float range, since a session holds
// float32 and refuses NaN and infinity.
namespace ae {

std::optional<float> parseFiniteNumber(QStringView text);

// The shortest text that reads back as exactly `value`.
QString numberText(float value);

struct NumberBlock
{
    Matrix values;
    QString error; // set when the text is not a block of numbers
};

// A block of numbers as copied from a spreadsheet or printed by Python: one row per
// line, numbers separated by tabs, spaces, commas or semicolons. Brackets and
// parentheses are ignored and '#' starts a comment, so the rows of a torch.tensor([[...]])
// literal paste as they are. Every row must have the same count.
NumberBlock parseNumberBlock(const QString& text);

} // namespace ae
