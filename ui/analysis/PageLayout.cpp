#include "PageLayout.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace ae {

QHBoxLayout* controlRow(QWidget* parent, std::initializer_list<std::pair<QString, QWidget*>> fields)
{
    auto* layout = new QHBoxLayout;
    for (const auto& [text, widget] : fields) {
        if (!text.isEmpty()) {
            auto* label = new QLabel(text, parent);
            label->setBuddy(widget);
            layout->addWidget(label);
        }
        layout->addWidget(widget);
    }
    layout->addStretch(1);
    return layout;
}

void scrollContent(QWidget* page, QWidget* content)
{
    auto* scroll = new QScrollArea(page);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

} // namespace ae
