#pragma once

#include "HeatmapLayout.h"
#include "HeatmapStyle.h"

#include <QCoreApplication>
#include <QString>

#include <utility>
#include <vector>

class QFont;
class QPainter;

namespace ae {

class ColorMap;

// The colour scale next to a heatmap: a gradient bar with "nice" ticks (ScaleTicks) for the
// Diverging and Sequential schemes, two swatches "0" and "1" for masks, and a hatched key
// labelled like the hidden cells ("−∞") when the matrix has non-finite values. A Sequential
// bar (weights, probabilities) says above it which scale it is ("per row", "0 to max", "fixed",
// "log"), in a word or two that fit above the ticks: the same colour means different weights
// on each.
class ColorBarPainter
{
    Q_DECLARE_TR_FUNCTIONS(ColorBarPainter)

public:
    ColorBarPainter(const HeatmapStyle& style, const HeatmapMetrics& metrics)
        : m_style(style), m_metrics(metrics)
    {
    }

    void paint(QPainter& painter, const HeatmapSpec& spec, const ColorMap& colors,
               const HeatmapLayout& layout) const;

    // At most this many ticks fit a bar `height` high.
    static int maxTicks(double height, double lineHeight);
    // The widest tick label of any tick count the bar may use.
    static double widestTickLabel(const QFont& font, const ColorMap& colors);
    // The ticks of a bar with room for `maxCount`: (value, label). A logarithmic scale has
    // one tick per decade; a per-row scale's are percentages of each row's maximum ("100%").
    static std::vector<std::pair<double, QString>> ticks(const ColorMap& colors, int maxCount);
    // Which scale a Sequential bar is on, in a few words above it; empty for other schemes.
    static QString scaleCaption(const ColorMap& colors);

private:
    void paintScale(QPainter& painter, const ColorMap& colors, const HeatmapLayout& layout) const;
    void paintMaskKey(QPainter& painter, const ColorMap& colors, const HeatmapLayout& layout) const;
    void paintHiddenKey(QPainter& painter, const HeatmapSpec& spec,
                        const HeatmapLayout& layout) const;
    void paintCaption(QPainter& painter, const ColorMap& colors, const HeatmapLayout& layout) const;
    void paintKeyLabel(QPainter& painter, const HeatmapLayout& layout, double y,
                       const QString& text) const;
    void frame(QPainter& painter, const QRectF& rect) const;

    const HeatmapStyle& m_style;
    const HeatmapMetrics& m_metrics;
};

} // namespace ae
