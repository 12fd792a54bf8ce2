#pragma once

#include <QWidget>

#include <vector>

class QAbstractButton;
class QButtonGroup;
class QTabWidget;
class QToolButton;

namespace ae {

// The window's page tabs on as many rows as the width needs: every page's whole title within
// reach of the mouse at any window size (a tab bar scrolled three of them behind arrows at
// 1280 x 720, and eliding gave "H…"). It stands in for the tab bar of `tabs`, which it hides:
// a click shows the page, the page shown is the checked button. Titles are the tabs' (a new
// language builds a new window); call sync() after showing or hiding tabs.
class PageBar : public QWidget
{
    Q_OBJECT
public:
    explicit PageBar(QTabWidget* tabs, QWidget* parent = nullptr);

    // The buttons follow the tabs' visibility.
    void sync();
    // The button of tab `index` (for tests).
    QAbstractButton* button(int index) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();
    // Lays the visible buttons out in rows `width` wide (moving them when `apply`); the height.
    int arrange(int width, bool apply) const;

    QTabWidget* m_tabs;
    QButtonGroup* m_group;
    std::vector<QToolButton*> m_buttons;
};

} // namespace ae
