#pragma once

#include "HeadsOptions.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace ae {

// What the command line asks for. Every session key is also a flag (--d-in for d_in);
// flags override the session file.
struct CommandLineRequest
{
    enum class Mode
    {
        Gui,
        DumpJson,
        Export,
        ExportDeck,
        Benchmark,
        Help,
        Version,
        Error
    };

    Mode mode = Mode::Gui;
    QString sessionPath;                                   // --session
    QJsonObject overrides;                                 // session keys given as flags
    QString dumpPath;                                      // --dump-json
    QString exportDirectory;                               // --export
    QString exportFormats = QStringLiteral("png,svg,pdf"); // --format
    int exportScale = 1; // --scale (0: not 1, 2 or 4; exportScaleText says what was given)
    QString exportScaleText;
    QString page;         // --page: the step shown first
    bool present = false; // --present: start in presentation mode
    QString language;     // --lang: "en", "zh_CN" ("" = the saved choice or the system's)
    QString deckPath;     // --export-deck
    // --layer: a GPT-2 model's layer, from 1 (0: not given, the first); layerText as given.
    // Checked against the checkpoint's n_layer where the checkpoint is read.
    int layer = 0;
    QString layerText;
    QString text; // help/version text, or the usage error
    // Mode::Error for a session key's value (text that is not UTF-8): the session is invalid,
    // exit 1 as for the same in a session file, not a usage error.
    bool invalidSession = false;
    // The paths of --session and --dump-json as the system gave them (argv's bytes), for
    // names that are not valid in the local encoding.
    QByteArray sessionNative, dumpNative;
    // --detect-heads, --ablate, --generate and their options (with --dump-json only).
    HeadsRequest heads;
    // --train SESSION (training.md §4) with --dump-json or --benchmark; --steps N overrides
    // train.steps (-1: not given); --save-checkpoint DIR (with --dump-json only).
    QString trainSession;
    int trainSteps = -1;
    QString saveCheckpoint;
};

// Parses arguments (argv[0] included) without needing an application object. `native`,
// when given, is argv itself (one entry per argument), the source of the *Native paths.
// Refused with a usage error: two modes at once (--dump-json, --export, --export-deck,
// --benchmark), an option given twice, an empty file name, and options that do not apply
// to the mode (--format and --scale without --export, --page and --present without the
// window, --layer with --dump-json or --benchmark), a --layer that is not a whole number
// from 1, and a value that is not UTF-8 (but for the paths of --session and --dump-json).
CommandLineRequest parseCommandLine(const QStringList& arguments,
                                    const QList<QByteArray>& native = {});

// True when the arguments need no display (so main() need not open one).
bool isHeadless(const CommandLineRequest& request);

// One line on stderr: "attention-explorer: <message>".
void printError(const QString& message);

} // namespace ae
