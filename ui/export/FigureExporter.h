#pragma once

#include "HeatmapSpec.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QString>

class QClipboard;
class QMimeData;

namespace ae {

class HeatmapPainter;

enum class ExportFormat
{
    Png,
    Svg,
    Pdf,
    Csv
};

// Writes figures (a single heatmap is a one-panel figure) as PNG at 1x/2x/4x, vector SVG and
// PDF (one rectangle per cell, text as text, for matrices up to HeatmapPainter's vector
// limit), CSV, and copies them to the clipboard. Figures are drawn black on white at
// their preferred size (HeatmapPainter::preferredSize), whatever the desktop theme. Every
// file is rendered to memory first and then written atomically (SessionFile), so a failure
// leaves no file behind, and every failure is reported as a message naming the file.
class FigureExporter
{
    Q_DECLARE_TR_FUNCTIONS(FigureExporter)

public:
    struct ParsedFormats
    {
        QList<ExportFormat> formats;
        QString error; // empty on success
    };

    static constexpr int DefaultFontPixelSize = 14;
    // Image pixels per cell when SVG and PDF embed big matrices as an image.
    static constexpr int VectorRasterCellPixels = 4;

    explicit FigureExporter(int fontPixelSize = DefaultFontPixelSize);

    // "png,svg,pdf" (case-insensitive, spaces and duplicates ignored) -> formats, in order.
    static ParsedFormats formatsFromString(const QString& text);
    static QString suffix(ExportFormat format); // "png"
    // "<figure.name>.svg", "<figure.name>@2x.png"; unsafe file name characters become '-'.
    static QString fileName(const Figure& figure, ExportFormat format, int pngScale = 1);
    static Figure figureOf(const HeatmapSpec& spec);

    QSize logicalSize(const Figure& figure) const;
    // The longest side of a PNG at scale 1: a figure drawn larger (the model view of GPT-2's 144
    // heads is 9084 px wide) is reduced to it, so that a slide or a viewer shows it whole. At
    // scale N the image is N times this one.
    static constexpr int MaxPngSide = 3840;
    // logicalSize() x scale device pixels (reduced to MaxPngSide x scale on the longest side),
    // devicePixelRatio = the pixels per logical unit. Null if too large.
    QImage image(const Figure& figure, int scale = 1) const;
    // The file's contents; empty with `error` set when rendering failed.
    QByteArray render(const Figure& figure, ExportFormat format, int pngScale = 1,
                      QString* error = nullptr) const;

    // Returns an empty string on success, else a message naming the file and the reason.
    QString write(const Figure& figure, ExportFormat format, const QString& path,
                  int pngScale = 1) const;
    // Writes fileName(figure, format, pngScale) into `directory` for every format; returns
    // the failures' messages, one per line (empty: all written).
    QString writeAll(const Figure& figure, const QList<ExportFormat>& formats,
                     const QString& directory, int pngScale = 1) const;

    // The figure as an image (2x, for crisp pasting) and as CSV text.
    QMimeData* mimeData(const Figure& figure) const;
    void copyToClipboard(const Figure& figure, QClipboard* clipboard = nullptr) const;

private:
    QByteArray svg(const Figure& figure) const;
    QByteArray pdf(const Figure& figure) const;
    HeatmapPainter painter(int rasterCellPixels) const;

    int m_fontPixelSize;
};

} // namespace ae
