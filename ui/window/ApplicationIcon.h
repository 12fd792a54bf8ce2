#pragma once

#include <QIcon>

namespace ae {

// The application's icon (resources/desktop/icons): the theme's "attention-explorer" when the
// desktop has one (the package installs it into hicolor), else the PNG sizes embedded in this
// library, so that a build tree and a bare installation show it too.
QIcon applicationIcon();

} // namespace ae
