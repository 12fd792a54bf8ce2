#pragma once

#include "HeatmapSpec.h"

#include <QRectF>
#include <QSizeF>

#include <cmath>

namespace ae {

// Text sizes the layout needs, measured by the caller (HeatmapPainter) with QFontMetricsF
// and passed as numbers, so the layout is plain arithmetic and testable without fonts.
struct HeatmapMetrics
{
    double lineHeight = 16;  // labels, axis titles, caption, tick labels, note
    double titleHeight = 20; // the title line (larger, bold)
    double titleWidth = 0;   // natural widths of the title and the operation caption
    double operationWidth = 0;
    double rowLabelWidth = 0;     // widest row label (capped by the caller)
    double columnLabelWidth = 0;  // widest column label (capped by the caller)
    double valueWidth = 0;        // widest cell text, e.g. "−0.0000"
    double valueHeight = 14;      // cell text line height
    double tickLabelWidth = 0;    // widest colour-bar tick label
    double scaleCaptionWidth = 0; // which scale the bar is on, above it (0: none)
    bool hasHidden = false;       // the matrix has non-finite cells: a hatched key is shown
};

// Where each part of one heatmap goes in a target rectangle:
//
//        title                    (two lines, like the caption, when wider than the target)
//        operation caption
//                     column axis title
//                     column labels            (tokens are rotated when too wide)
//                                              scale caption ("per row")
//   row  row labels  [ cells               ]  colour bar | ticks
//   axis             [                     ]  hidden key (hatched −∞)
//                     note ("1024×1024 shown as 512×512 ...", only when downsampled)
//
// Cells keep the matrix's proportions (square cells, up to AspectSlack), the area's aspect
// ratio is kept between 1:4 and 4:1 so a 6 x 1024 matrix is still a readable strip, and the
// whole group is centred in the target. Cell sizes of 4 px or more are whole pixels.
struct HeatmapLayout
{
    static constexpr double MaxAreaAspect = 4; // cells area at most 4:1 either way
    static constexpr double AspectSlack = 1; // how much cells may stretch to fill space (1: square)
    static constexpr double MaxPreferredValueExtent =
        960;                                          // preferredSize: cells with values up to this
    static constexpr double MaxPreferredExtent = 640; // preferredSize: other cells areas up to this
    static constexpr double MaxLabelLines = 12; // labels are elided beyond this many line heights
    static constexpr double ThinnedLabelSpacing =
        1.8; // thinned labels: this many label extents apart
    // A text line's glyphs fill about this much of its height (the rest is leading): labels
    // that name tokens touch but do not overlap at this spacing.
    static constexpr double LabelGlyphFill = 0.8;
    static constexpr double MinLabelScale = 0.8; // token labels shrink down to this, then thin
    static constexpr double ThinnedTokenSpacing = 1.25; // thinned token labels: lines apart

    QRectF title, operation, note;
    QRectF rowAxisTitle, columnAxisTitle;
    QRectF rowLabels, columnLabels;
    QRectF cells;
    QRectF colorBar, colorBarLabels, hiddenKey; // hiddenKey: empty unless metrics.hasHidden
    QRectF scaleCaption; // above the bar's top tick label; empty without a caption
    double cellWidth = 0, cellHeight = 0;
    bool columnLabelsRotated = false;
    int rowLabelStep = 1, columnLabelStep = 1;      // show every k-th label
    double rowLabelScale = 1, columnLabelScale = 1; // of the label font (labelFit)
    bool showValues = false;
    // A cell is smaller than a logical pixel: a line is reserved for the note. Whether cells
    // are really drawn in blocks depends on the device's pixel ratio (HeatmapPainter).
    bool downsampled = false;

    static HeatmapLayout compute(const HeatmapSpec& spec, const QRectF& target,
                                 const HeatmapMetrics& metrics);
    // The size at which cells are comfortable: big enough for their values when that keeps
    // the cells area within MaxPreferredValueExtent (6 x 6 ... 16 x 16 at 14 px), else the
    // cells area is at most MaxPreferredExtent and values are left to the tooltips.
    static QSizeF preferredSize(const HeatmapSpec& spec, const HeatmapMetrics& metrics);

    // 1 when a label fits its cell (labelExtent <= cellExtent), else the smallest "nice" k
    // (2, 5, 10, 20, 25, 50, 100, ...) that puts every k-th label ThinnedLabelSpacing label
    // extents apart: labels never overlap.
    static int labelStep(double cellExtent, double labelExtent);
    // How the labels of an axis are shown at a cell size: every `step`-th one, in the label
    // font scaled by `scale`. Labels that name tokens (an axis of QueryTokens or KeyTokens)
    // are each one a reader looks for: all are shown while their glyphs fit
    // (labelExtent × LabelGlyphFill), in a font down to MinLabelScale when the cells are a
    // little smaller, and beyond that every k-th for the smallest k (2, 3, 4, ...) that puts
    // them ThinnedTokenSpacing lines apart. Other labels (indices, heads) are thinned by
    // labelStep().
    struct LabelFit
    {
        int step = 1;
        double scale = 1;
    };
    static LabelFit labelFit(double cellExtent, double labelExtent, bool namesTokens);
    static bool namesTokens(AxisKind axis)
    {
        return axis == AxisKind::QueryTokens || axis == AxisKind::KeyTokens;
    }
    static bool valuesFit(double cellWidth, double cellHeight, const HeatmapMetrics& metrics);
    static double cellPadding(const HeatmapMetrics& metrics);

    // Spacing, all proportional to the label line height.
    static double margin(const HeatmapMetrics& m) { return std::round(m.lineHeight * 0.75); }
    static double gap(const HeatmapMetrics& m) { return std::round(m.lineHeight * 0.4); }
    static double barWidth(const HeatmapMetrics& m) { return std::round(m.lineHeight * 0.9); }
    static double tickLength(const HeatmapMetrics& m) { return std::round(m.lineHeight * 0.3); }
};

} // namespace ae
