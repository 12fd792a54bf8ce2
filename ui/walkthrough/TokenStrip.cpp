#include "TokenStrip.h"

#include "MessageText.h"

#include "Trace.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>
#include <vector>

namespace ae {

TokenStrip::TokenStrip(const Trace& trace, QFont font, TokenStripColors colors)
    : m_trace(trace), m_font(std::move(font)), m_colors(colors)
{
}

QSizeF TokenStrip::preferredSize(double maxWidth) const
{
    QFont bold = m_font;
    bold.setBold(true);
    const QFontMetricsF metrics(bold);
    const double padding = std::round(metrics.height() * 0.35);
    const double gap = std::round(metrics.height() * 0.4);
    const double boxHeight = metrics.height() * 1.75 + 2 * padding;
    double widest = 0, x = 0;
    int lines = 1;
    for (const auto* tokens : {&m_trace.tokens, &m_trace.sourceTokens})
        for (const std::string& token : *tokens) {
            const double width =
                metrics.horizontalAdvance(elidedLabel(QString::fromStdString(token))) + 2 * padding;
            if (x > 0 && x + width > maxWidth) {
                x = 0;
                ++lines;
            }
            x += width + gap;
            widest = std::max(widest, x);
        }
    lines += m_trace.session.isCross() ? 2 : 0; // the source's own line and the headings
    return {std::min(widest, maxWidth), std::min(lines, 6) * (boxHeight + gap)};
}

void TokenStrip::paint(QPainter& painter, const QRectF& target) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (m_trace.session.isCross()) {
        const double middle = target.top() + target.height() / 2;
        paintGroup(painter, target, target.top(), tr("Queries' sentence"), m_trace.tokens,
                   m_trace.tokenIds, middle);
        paintGroup(painter, target, middle, tr("Source sentence (keys and values)"),
                   m_trace.sourceTokens, m_trace.sourceTokenIds, target.bottom());
    } else {
        paintGroup(painter, target, target.top(), QString(), m_trace.tokens, m_trace.tokenIds,
                   target.bottom());
    }
    painter.restore();
}

double TokenStrip::paintGroup(QPainter& painter, const QRectF& target, double top,
                              const QString& heading, const std::vector<std::string>& tokens,
                              const std::vector<std::int64_t>& ids, double bottom) const
{
    QFont bold = m_font;
    bold.setBold(true);
    QFont small = m_font;
    small.setPixelSize(std::max(1, int(std::round(m_font.pixelSize() * 0.75))));
    const QFontMetricsF tokenMetrics(bold), idMetrics(small);
    const double padding = std::round(tokenMetrics.height() * 0.35);
    const double gap = std::round(tokenMetrics.height() * 0.4);
    const double boxHeight = tokenMetrics.height() + idMetrics.height() + 2 * padding;
    double y = top;
    if (!heading.isEmpty()) {
        painter.setFont(small);
        painter.setPen(m_colors.muted);
        painter.drawText(QRectF(target.left(), y, target.width(), idMetrics.height()),
                         Qt::AlignLeft, heading);
        y += idMetrics.height() * 1.4;
    }
    const QString moreTemplate = tr("… and %1 more");
    const double moreWidth =
        tokenMetrics.horizontalAdvance(moreTemplate.arg(tokens.size())) + 2 * padding;
    const int lines = std::max(1, int(std::floor((bottom - y + gap) / (boxHeight + gap))));
    std::vector<double> widths(tokens.size());
    for (std::size_t i = 0; i < tokens.size(); ++i)
        widths[i] =
            std::max(tokenMetrics.horizontalAdvance(elidedLabel(QString::fromStdString(tokens[i]))),
                     idMetrics.horizontalAdvance(QString::number(ids.at(i)))) +
            2 * padding;
    // Width of tokens i, i + 1, ... to the end, boxes and gaps.
    std::vector<double> rest(tokens.size() + 1, 0.0);
    for (std::size_t i = tokens.size(); i-- > 0;)
        rest[i] = rest[i + 1] + widths[i] + (i + 1 < tokens.size() ? gap : 0.0);
    int line = 0;
    double x = target.left();
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const QString text =
            elidedLabel(QString::fromStdString(tokens[i])); // bounded before layout
        const QString id = QString::number(ids.at(i));
        const double width = widths[i];
        if (x > target.left() && x + width > target.right()) {
            x = target.left();
            y += boxHeight + gap;
            ++line;
        }
        // On the last line that fits, when the rest does not fit, keep room for "… and N more".
        if (line == lines - 1 && x + rest[i] > target.right() &&
            x + width + gap + moreWidth > target.right()) {
            painter.setFont(bold);
            painter.setPen(m_colors.muted);
            painter.drawText(QRectF(x, y, target.right() - x, boxHeight),
                             Qt::AlignLeft | Qt::AlignVCenter, moreTemplate.arg(tokens.size() - i));
            return y + boxHeight + gap;
        }
        const QRectF box(x, y, width, boxHeight);
        painter.setPen(QPen(m_colors.frame, 1.5));
        painter.setBrush(m_colors.box);
        painter.drawRoundedRect(box, padding, padding);
        painter.setFont(bold);
        painter.setPen(m_colors.foreground);
        painter.drawText(QRectF(x, y + padding, width, tokenMetrics.height()), Qt::AlignCenter,
                         text);
        painter.setFont(small);
        painter.setPen(m_colors.muted);
        painter.drawText(QRectF(x, y + padding + tokenMetrics.height(), width, idMetrics.height()),
                         Qt::AlignCenter, id);
        x += width + gap;
    }
    return y + boxHeight + gap;
}

} // namespace ae
