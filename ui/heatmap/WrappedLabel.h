#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>

#include <array>

namespace ae {

// A label whose text wraps at word boundaries, and which remembers its height for a width.
// Layouts ask a wrapped label for its height at a width many times per pass, and Qt 6.4
// caches none of QWidgetItem::minimumHeightForWidth's calls: each lays the text out again.
// A page's scroll area asked that of every label on the page each time one of its labels
// changed (perf, SmolLM2 at 1,024 tokens: an event of 16.7 ms CPU on the GUI thread). The
// heights are kept for the last few widths and forgotten when anything they depend on
// changes: the text, its format, the font, the margins, the indent or the style.
class WrappedLabel : public QLabel
{
public:
    explicit WrappedLabel(QWidget* parent = nullptr);
    explicit WrappedLabel(const QString& text, QWidget* parent = nullptr);

    int heightForWidth(int width) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    // What a height depends on beside the width.
    struct Key
    {
        QString text;
        QFont font;
        QMargins margins;
        int margin = 0, indent = 0;
        Qt::TextFormat format = Qt::AutoText;
        bool wordWrap = true;
        bool operator==(const Key&) const = default;
    };
    Key currentKey() const;

    struct Entry
    {
        int width = -1, height = 0;
    };
    static constexpr std::size_t Widths = 4;
    mutable Key m_key;
    mutable std::array<Entry, Widths> m_heights{};
    mutable std::size_t m_next = 0; // the entry replaced next
};

} // namespace ae
