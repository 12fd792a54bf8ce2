#include "FigureExporter.h"

#include "FigureCsv.h"
#include "HeatmapPainter.h"
#include "SessionFile.h"

#include <QBuffer>
#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QMimeData>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <cmath>

namespace ae {

namespace {

// Beyond this a 4x PNG of a large grid would need gigabytes.
constexpr qint64 MaxImagePixels = qint64(16384) * 16384;
// PDF and SVG use CSS pixels: 96 per inch, 72 points per inch.
constexpr int VectorDpi = 96;

} // namespace

FigureExporter::FigureExporter(int fontPixelSize) : m_fontPixelSize(fontPixelSize) {}

HeatmapPainter FigureExporter::painter(int rasterCellPixels) const
{
    HeatmapStyle style = HeatmapStyle::forExport(m_fontPixelSize);
    style.rasterCellPixels = rasterCellPixels;
    return HeatmapPainter(style);
}

FigureExporter::ParsedFormats FigureExporter::formatsFromString(const QString& text)
{
    ParsedFormats parsed;
    const QStringList names = text.split(u',');
    for (const QString& raw : names) {
        const QString name = raw.trimmed().toLower();
        std::optional<ExportFormat> format;
        for (const ExportFormat f :
             {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv})
            if (name == suffix(f))
                format = f;
        if (!format) {
            parsed.formats.clear();
            parsed.error =
                name.isEmpty()
                    ? tr("empty format name in \"%1\"; known formats: png, svg, pdf, csv").arg(text)
                    : tr("unknown export format \"%1\"; known formats: png, svg, pdf, csv")
                          .arg(raw.trimmed());
            return parsed;
        }
        if (!parsed.formats.contains(*format))
            parsed.formats.append(*format);
    }
    return parsed;
}

QString FigureExporter::suffix(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    }
    return {};
}

QString FigureExporter::fileName(const Figure& figure, ExportFormat format, int pngScale)
{
    static const QRegularExpression unsafe(QStringLiteral("[\\\\/:*?\"<>|\\x00-\\x1f]"));
    QString stem = figure.name.trimmed();
    stem.replace(unsafe, QStringLiteral("-"));
    if (stem.isEmpty() || stem.startsWith(u'.'))
        stem.prepend(QStringLiteral("figure"));
    if (format == ExportFormat::Png && pngScale > 1)
        stem += u'@' + QString::number(pngScale) + u'x';
    return stem + u'.' + suffix(format);
}

Figure FigureExporter::figureOf(const HeatmapSpec& spec)
{
    Figure figure;
    figure.name = spec.tensorName;
    figure.panels.push_back(spec);
    return figure;
}

QSize FigureExporter::logicalSize(const Figure& figure) const
{
    const QSizeF size = painter(0).preferredSize(figure);
    return {std::max(1, int(std::ceil(size.width()))), std::max(1, int(std::ceil(size.height())))};
}

QImage FigureExporter::image(const Figure& figure, int scale) const
{
    scale = std::clamp(scale, 1, 8);
    const QSize size = logicalSize(figure);
    const double ratio =
        scale * std::min(1.0, double(MaxPngSide) / std::max(size.width(), size.height()));
    const QSize pixels(std::max(1, int(std::ceil(size.width() * ratio))),
                       std::max(1, int(std::ceil(size.height() * ratio))));
    if (qint64(pixels.width()) * qint64(pixels.height()) > MaxImagePixels)
        return {};
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter p(&image);
    painter(0).paint(p, figure, QRectF(QPointF(0, 0), QSizeF(size)));
    p.end();
    return image;
}

QByteArray FigureExporter::svg(const Figure& figure) const
{
    const QSize size = logicalSize(figure);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(VectorDpi);
    generator.setTitle(figure.title.isEmpty() && !figure.panels.empty()
                           ? figure.panels.front().title
                           : figure.title);
    generator.setDescription(tr("Exported by Attention Explorer"));
    QPainter p;
    if (!p.begin(&generator))
        return {};
    painter(VectorRasterCellPixels).paint(p, figure, QRectF(QPointF(0, 0), QSizeF(size)));
    p.end();
    return buffer.data();
}

QByteArray FigureExporter::pdf(const Figure& figure) const
{
    const QSize size = logicalSize(figure);
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setCreator(QStringLiteral("Attention Explorer"));
    writer.setTitle(figure.title.isEmpty() && !figure.panels.empty() ? figure.panels.front().title
                                                                     : figure.title);
    writer.setResolution(VectorDpi);
    // One page exactly the figure's size: a figure to place in slides, not a printout.
    const QSizeF points(size.width() * 72.0 / VectorDpi, size.height() * 72.0 / VectorDpi);
    writer.setPageSize(QPageSize(points, QPageSize::Point, figure.name, QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter p;
    if (!p.begin(&writer))
        return {};
    painter(VectorRasterCellPixels).paint(p, figure, QRectF(QPointF(0, 0), QSizeF(size)));
    p.end();
    return buffer.data();
}

QByteArray FigureExporter::render(const Figure& figure, ExportFormat format, int pngScale,
                                  QString* error) const
{
    QByteArray bytes;
    switch (format) {
    case ExportFormat::Png: {
        const QImage picture = image(figure, pngScale);
        if (!picture.isNull()) {
            QBuffer buffer(&bytes);
            buffer.open(QIODevice::WriteOnly);
            if (!picture.save(&buffer, "PNG"))
                bytes.clear();
        }
        break;
    }
    case ExportFormat::Svg:
        bytes = svg(figure);
        break;
    case ExportFormat::Pdf:
        bytes = pdf(figure);
        break;
    case ExportFormat::Csv:
        bytes = FigureCsv::toCsv(figure);
        break;
    }
    if (bytes.isEmpty() && error)
        *error = format == ExportFormat::Png
                     ? tr("the image would be too large (%1×%2 pixels)")
                           .arg(logicalSize(figure).width() * pngScale)
                           .arg(logicalSize(figure).height() * pngScale)
                     : tr("the %1 renderer failed").arg(suffix(format).toUpper());
    return bytes;
}

QString FigureExporter::write(const Figure& figure, ExportFormat format, const QString& path,
                              int pngScale) const
{
    QString error;
    const QByteArray bytes = render(figure, format, pngScale, &error);
    if (bytes.isEmpty())
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), error);
    return SessionFile::writeAtomically(path, bytes);
}

QString FigureExporter::writeAll(const Figure& figure, const QList<ExportFormat>& formats,
                                 const QString& directory, int pngScale) const
{
    QStringList errors;
    const QDir dir(directory);
    for (const ExportFormat format : formats) {
        const QString error =
            write(figure, format, dir.filePath(fileName(figure, format, pngScale)), pngScale);
        if (!error.isEmpty())
            errors.append(error);
    }
    return errors.join(u'\n');
}

QMimeData* FigureExporter::mimeData(const Figure& figure) const
{
    auto* data = new QMimeData;
    data->setImageData(image(figure, 2));
    data->setText(QString::fromUtf8(FigureCsv::toCsv(figure)));
    return data;
}

void FigureExporter::copyToClipboard(const Figure& figure, QClipboard* clipboard) const
{
    if (!clipboard)
        clipboard = QGuiApplication::clipboard();
    if (clipboard)
        clipboard->setMimeData(mimeData(figure));
}

} // namespace ae
