#pragma once

#include <QByteArray>
#include <QString>

namespace ae {

struct ConfigFile
{
    bool present = false;
    QByteArray json;
    QString error; // present but unreadable: names the file and why
};

// config.json beside the weights. Absent (no entry of that name at all): the configuration
// is inferred from the tensors. Present but unreadable (a folder, a FIFO, a device, a link
// that leads nowhere or in a loop, permission denied, over 1 MB): an error naming it, never
// a silent fallback, which would compute with the wrong head count. Every family's loader
// reads its config.json through this.
ConfigFile readConfigFile(const QString& path);

} // namespace ae
