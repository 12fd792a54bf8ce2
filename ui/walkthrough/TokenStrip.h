#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QRectF>

class QPainter;

namespace ae {

struct Trace;

struct TokenStripColors
{
    QColor foreground = QColor(0x1a, 0x1a, 0x1a);
    QColor muted = QColor(0x5c, 0x5c, 0x5c);
    QColor box = QColor(0xea, 0xf1, 0xf8);
    QColor frame = QColor(0x43, 0x93, 0xc3);
};

// The deck's picture of step 1: every token in a box with its id underneath, in reading
// order, wrapped into lines; the source sentence's tokens in a second group for
// cross-attention. Tokens that do not fit are summarised as "… and 1000 more". The font is
// set in pixels; `trace` must outlive the strip.
class TokenStrip
{
    Q_DECLARE_TR_FUNCTIONS(TokenStrip)

public:
    TokenStrip(const Trace& trace, QFont font, TokenStripColors colors = {});

    // The size that shows every token (at most six lines) at most `maxWidth` wide.
    QSizeF preferredSize(double maxWidth) const;
    void paint(QPainter& painter, const QRectF& target) const;

private:
    // Paints one group from `top`; returns the y below it.
    double paintGroup(QPainter& painter, const QRectF& target, double top, const QString& heading,
                      const std::vector<std::string>& tokens, const std::vector<std::int64_t>& ids,
                      double bottom) const;

    const Trace& m_trace;
    QFont m_font;
    TokenStripColors m_colors;
};

} // namespace ae
