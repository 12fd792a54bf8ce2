#include "ControlRow.h"

#include <QHBoxLayout>
#include <QLabel>

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

} // namespace ae
