#pragma once

#include <QString>

#include <initializer_list>
#include <utility>

class QHBoxLayout;
class QWidget;

namespace ae {

// The analysis pages' layout.
// One short row of controls: each widget after its label (a buddy, for the mnemonic; no label
// for an empty text), then a stretch. Short rows keep a page narrow enough for a window with
// both docks at 1280 px.
QHBoxLayout* controlRow(QWidget* parent,
                        std::initializer_list<std::pair<QString, QWidget*>> fields);
// `content` (its controls too) fills `page` in a frameless scroll area: a page never widens the
// window, whatever its figures need.
void scrollContent(QWidget* page, QWidget* content);

} // namespace ae
