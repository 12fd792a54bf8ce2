#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace ae {

// What the command line asks for. Every session key is also a flag (--d-in for d_in);
// flags override the session file.
struct CommandLineRequest
{
    enum class Mode { Gui, DumpJson, Export, ExportDeck, Benchmark, Help, Version, Error };

    Mode mode = Mode::Gui;
    QString sessionPath;      // --session
    QJsonObject overrides;    // session keys given as flags
    QString dumpPath;         // --dump-json
    QString exportDirectory;  // --export
    QString exportFormats = QStringLiteral("png,svg,pdf"); // --format
    int exportScale = 1;      // --scale
    QString page;             // --page: the step shown first
    bool present = false;     // --present: start in presentation mode
    QString language;         // --lang: "en", "zh_CN" ("" = the saved choice or the system's)
    QString deckPath;         // --export-deck
    QString text;             // help/version text, or the usage error
};

// Parses arguments (argv[0] included) without needing an application object.
CommandLineRequest parseCommandLine(const QStringList& arguments);

// True when the arguments need no display (so main() need not open one).
bool isHeadless(const CommandLineRequest& request);

} // namespace ae
