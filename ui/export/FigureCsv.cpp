#include "FigureCsv.h"

#include "ValueText.h"

namespace ae {

QString FigureCsv::field(const QString& text)
{
    const bool quote = text.contains(u',') || text.contains(u'"') || text.contains(u'\n') ||
                       text.contains(u'\r') || text != text.trimmed();
    if (!quote)
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QByteArray FigureCsv::toCsv(const HeatmapSpec& spec)
{
    static const Matrix empty;
    // A page's view of a long text holds no matrix: derived now, whole (HeatmapSpec::derived).
    const std::shared_ptr<const Matrix> held = wholeMatrix(spec);
    const Matrix& matrix = held ? *held : empty;
    QString text;
    text += field(spec.tensorName);
    for (Eigen::Index c = 0; c < matrix.cols(); ++c)
        text += u',' + field(columnLabel(spec, c));
    text += u'\n';
    for (Eigen::Index r = 0; r < matrix.rows(); ++r) {
        text += field(rowLabel(spec, r));
        for (Eigen::Index c = 0; c < matrix.cols(); ++c)
            text += u',' + csvText(matrix(r, c));
        text += u'\n';
    }
    return text.toUtf8();
}

QByteArray FigureCsv::toCsv(const Figure& figure)
{
    if (figure.panels.size() == 1)
        return toCsv(figure.panels.front());
    QByteArray csv;
    for (const HeatmapSpec& panel : figure.panels) {
        csv += field(panel.title.isEmpty() ? panel.tensorName : panel.title).toUtf8() + '\n';
        csv += toCsv(panel);
        csv += '\n';
    }
    return csv;
}

} // namespace ae
