#pragma once

#include <QString>

namespace ae {

// Where the sample sessions and the compiled translations are read from. An installed app
// has them in <prefix>/share/attention-explorer/{samples,translations}, found from the
// executable's own folder (bin/../share/attention-explorer), so that it finds them wherever it
// is started from, and a staged or relocated installation finds its own copy rather than
// another one on the system. A build tree has no such folder: it uses the copies embedded as
// resources (:/samples, :/i18n), as the tests do.
class DataDirectory
{
public:
    // The installed data folder beside the running executable, or "" (build tree, no
    // application object yet).
    static QString installed();
    // The data folder of an executable in `applicationDirectory`, or "" when there is none.
    static QString installedFor(const QString& applicationDirectory);

    static QString samples();      // installed()/samples, else ":/samples"
    static QString translations(); // installed()/translations, else ":/i18n"
};

} // namespace ae
