#pragma once

#include <QTabWidget>

namespace ae {

// The window's tab widget of pages, which does not ask its pages for a height for a width.
// QTabWidget's heightForWidth asks every page in its stack, shown or not (QStackedLayout), and
// each page's word-wrapped labels lay their text out again: Qt 6.4 does not cache
// QWidgetItem::minimumHeightForWidth. Every update that changed a label's text set the whole
// window's layout going through the labels of some twenty pages (perf, SmolLM2 at 1,024
// tokens: a third of the GUI thread's layout time). The pages fill the space the window gives
// them and scroll what does not fit, so their minimum height for a width has nothing to do.
class PageTabs : public QTabWidget
{
public:
    using QTabWidget::QTabWidget;

    bool hasHeightForWidth() const override { return false; }
    int heightForWidth(int) const override { return -1; }
};

} // namespace ae
