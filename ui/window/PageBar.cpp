#include "PageBar.h"

#include <QButtonGroup>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>

#include <algorithm>

namespace ae {

PageBar::PageBar(QTabWidget* tabs, QWidget* parent)
    : QWidget(parent), m_tabs(tabs), m_group(new QButtonGroup(this))
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_tabs->tabBar()->hide();
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* button = new QToolButton(this);
        button->setText(m_tabs->tabText(i));
        button->setToolTip(m_tabs->tabToolTip(i));
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        button->setAccessibleName(m_tabs->tabText(i).remove(u'&'));
        m_group->addButton(button, i);
        m_buttons.push_back(button);
    }
    connect(m_group, &QButtonGroup::idClicked, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (QAbstractButton* current = button(index))
            current->setChecked(true);
    });
    sync();
    relayout();
}

QAbstractButton* PageBar::button(int index) const
{
    return index >= 0 && index < int(m_buttons.size()) ? m_buttons[std::size_t(index)] : nullptr;
}

void PageBar::sync()
{
    bool changed = false; // laid out again only then: sync() runs at every result
    for (int i = 0; i < int(m_buttons.size()); ++i) {
        QToolButton* button = m_buttons[std::size_t(i)];
        const bool visible = m_tabs->isTabVisible(i);
        if (button->isHidden() == visible) {
            button->setVisible(visible);
            changed = true;
        }
    }
    if (QAbstractButton* current = button(m_tabs->currentIndex()))
        current->setChecked(true);
    if (changed)
        relayout();
}

void PageBar::relayout()
{
    updateGeometry();
    arrange(width(), true);
}

int PageBar::arrange(int width, bool apply) const
{
    int x = 0, y = 0, rowHeight = 0;
    for (QToolButton* button : m_buttons) {
        if (button->isHidden())
            continue;
        const QSize size = button->sizeHint();
        if (x > 0 && x + size.width() > width) { // the next row; a row holds one button at least
            x = 0;
            y += rowHeight;
            rowHeight = 0;
        }
        if (apply)
            button->setGeometry(
                QRect(QPoint(x, y), QSize(std::min(size.width(), width), size.height())));
        x += size.width();
        rowHeight = std::max(rowHeight, size.height());
    }
    return y + rowHeight;
}

int PageBar::heightForWidth(int width) const
{
    return arrange(width, false);
}

QSize PageBar::sizeHint() const
{
    int width = 0;
    for (const QToolButton* button : m_buttons)
        if (!button->isHidden())
            width += button->sizeHint().width();
    return {width, heightForWidth(width)};
}

QSize PageBar::minimumSizeHint() const
{
    int width = 0;
    for (const QToolButton* button : m_buttons)
        if (!button->isHidden())
            width = std::max(width, button->sizeHint().width());
    return {width, heightForWidth(width)};
}

void PageBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrange(width(), true);
}

} // namespace ae
