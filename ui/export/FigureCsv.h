#pragma once

#include "HeatmapSpec.h"

#include <QByteArray>

namespace ae {

// A figure's matrices as CSV (UTF-8, LF line ends, RFC 4180 quoting). One panel: a header
// row (the tensor name, then the column labels) and one row per matrix row (its label, then
// the values, written exactly: the shortest text that reads back as the same float, "-inf"
// for masked cells). Several panels: one such block per panel, each after a line with the
// panel's title and followed by an empty line.
class FigureCsv
{
public:
    static QByteArray toCsv(const Figure& figure);
    static QByteArray toCsv(const HeatmapSpec& spec);
    static QString field(const QString& text); // quoted when it holds , " or a line break
};

} // namespace ae
