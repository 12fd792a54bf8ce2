#include "ColorScaleChoice.h"

#include <QActionGroup>
#include <QComboBox>
#include <QMenu>

namespace ae {

ColorScaleChoice::ColorScaleChoice(QObject* parent) : QObject(parent) {}

void ColorScaleChoice::setMode(ScaleMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    Q_EMIT modeChanged(mode);
}

Figure ColorScaleChoice::apply(Figure figure) const
{
    for (HeatmapSpec& spec : figure.panels)
        if (spec.scheme == ColorScheme::Sequential)
            spec.scale = m_mode;
    return figure;
}

std::vector<ScaleMode> ColorScaleChoice::modes()
{
    return {ScaleMode::PerRow, ScaleMode::Automatic, ScaleMode::Logarithmic, ScaleMode::Fixed};
}

QString ColorScaleChoice::name(ScaleMode mode)
{
    switch (mode) {
    case ScaleMode::Fixed:
        return tr("Fixed, 0 to 1");
    case ScaleMode::Automatic:
        return tr("Automatic, 0 to the largest");
    case ScaleMode::Logarithmic:
        return tr("Logarithmic");
    case ScaleMode::PerRow:
        return tr("Per row");
    }
    return {};
}

QString ColorScaleChoice::description(ScaleMode mode)
{
    switch (mode) {
    case ScaleMode::Fixed:
        return tr("Every weight on the same scale from 0 to 1: colours compare across rows and "
                  "sessions, but weights "
                  "spread over many tokens look white.");
    case ScaleMode::Automatic:
        return tr("From 0 to the largest weight of the matrix.");
    case ScaleMode::Logarithmic:
        return tr("Powers of ten from 0.0001 to the largest weight get equal steps of colour: "
                  "small weights stay "
                  "visible; 0 stays white.");
    case ScaleMode::PerRow:
        return tr("Each row from 0 to its own largest weight (the colour bar's ticks are "
                  "percentages of it): where each query looks most, even when its weights are "
                  "spread over many keys. Colours do not compare across rows; the numbers do.");
    }
    return {};
}

QComboBox* ColorScaleChoice::createComboBox(QWidget* parent)
{
    auto* combo = new QComboBox(parent);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (const ScaleMode mode : modes()) {
        combo->addItem(name(mode), int(mode));
        combo->setItemData(combo->count() - 1, description(mode), Qt::ToolTipRole);
    }
    auto sync = [combo](ScaleMode mode) {
        combo->setCurrentIndex(combo->findData(int(mode)));
        combo->setToolTip(description(mode));
    };
    sync(m_mode);
    connect(this, &ColorScaleChoice::modeChanged, combo, sync);
    connect(combo, &QComboBox::activated, this,
            [this, combo](int index) { setMode(ScaleMode(combo->itemData(index).toInt())); });
    return combo;
}

QMenu* ColorScaleChoice::createMenu(QWidget* parent)
{
    auto* menu = new QMenu(tr("Colour &Scale of Weights"), parent);
    auto* group = new QActionGroup(menu);
    for (const ScaleMode mode : modes()) {
        QAction* action = menu->addAction(name(mode));
        action->setCheckable(true);
        action->setChecked(mode == m_mode);
        action->setToolTip(description(mode));
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, mode] { setMode(mode); });
        connect(this, &ColorScaleChoice::modeChanged, action,
                [action, mode](ScaleMode now) { action->setChecked(now == mode); });
    }
    return menu;
}

} // namespace ae
