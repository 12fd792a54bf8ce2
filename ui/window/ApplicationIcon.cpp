#include "ApplicationIcon.h"

namespace ae {

QIcon applicationIcon()
{
    QIcon embedded;
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256})
        embedded.addFile(QStringLiteral(":/icons/%1x%1/attention-explorer.png").arg(size),
                         QSize(size, size));
    return QIcon::fromTheme(QStringLiteral("attention-explorer"), embedded);
}

} // namespace ae
