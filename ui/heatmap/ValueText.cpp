#include "ValueText.h"

#include "MatrixStats.h"

#include <QCoreApplication>

#include <charconv>
#include <cmath>

namespace ae {

namespace {

constexpr char16_t MinusSign = u'\u2212';

} // namespace

QString withMinusSign(QString text)
{
    if (text.startsWith(u'-'))
        text[0] = QChar(MinusSign);
    return text;
}

QString cellText(float value, int decimals)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value < 0 ? QString(QChar(MinusSign)) + QChar(u'\u221e') : QString(QChar(u'\u221e'));
    // PyTorch prints negative zero (and values that round to it) as "-0.0000"; so do we.
    QString text = QString::number(double(value), 'f', std::clamp(decimals, 0, 9));
    if (std::signbit(value) && !text.startsWith(u'-'))
        text.prepend(u'-');
    return withMinusSign(text);
}

QString csvText(float value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, result.ptr - buffer);
}

QString widestCellText(const Matrix& matrix, int decimals)
{
    return widestCellText(MatrixStats::of(matrix).maxAbs, decimals);
}

QString widestCellText(float maxAbs, int decimals)
{
    return cellText(-maxAbs, decimals);
}

QString rowLabel(const HeatmapSpec& spec, Eigen::Index row)
{
    return row < spec.rowLabels.size() ? spec.rowLabels[row] : QString::number(row);
}

QString columnLabel(const HeatmapSpec& spec, Eigen::Index column)
{
    return column < spec.columnLabels.size() ? spec.columnLabels[column] : QString::number(column);
}

QString cellDescription(const HeatmapSpec& spec, Eigen::Index row, Eigen::Index column)
{
    const std::optional<float> value = specValue(spec, row, column);
    if (!value)
        return {};
    // The figure's own sentence with its arithmetic, which states the value.
    if (spec.explain) {
        const QString explanation = spec.explain(row, column);
        if (!explanation.isEmpty())
            return explanation;
    }
    // Else one from the figure's words: "Attention weights α, query ␣cat, key ␣from: 0.3100".
    const auto along = [](const QString& axis, const QString& label) {
        return axis.isEmpty() ? label : axis + u' ' + label;
    };
    const QString name = spec.title.isEmpty() ? spec.tensorName : spec.title;
    //: %1 the figure's title, %2 and %3 the row and the column (an axis title and a label),
    //: %4 the value
    return QCoreApplication::translate("ae::HeatmapWidget", "%1, %2, %3: %4")
        .arg(name, along(spec.rowAxisTitle, rowLabel(spec, row)),
             along(spec.columnAxisTitle, columnLabel(spec, column)),
             cellText(*value, spec.decimals));
}

} // namespace ae
