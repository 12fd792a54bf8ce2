#pragma once

#include "Ablation.h"
#include "Generation.h"
#include "HeadDetectors.h"
#include "InductionProbe.h"

#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace ae {

// What heads do on the command line (heads.md): one analysis of a model session, written as
// heads.md's JSON by --dump-json.
//   --detect-heads [--exclude-bos] [--exclude-current-token]
//   --ablate zero|mean
//   either of them on the induction probe: --probe induction [--probe-seed S] [--probe-length L]
//   --generate N [--temperature X] [--top-k K] [--seed S] [--stop-at-eos]
struct HeadsRequest
{
    enum class Analysis
    {
        None,
        Detect,
        Ablate,
        Generate
    };
    Analysis analysis = Analysis::None;
    bool probe = false;
    std::uint64_t probeSeed = 0;
    int probeLength = DefaultProbeLength;
    DetectorOptions detector;
    AblationKind ablation = AblationKind::Zero;
    GenerateOptions generate;

    // "--detect-heads", "--ablate", "--generate": what messages name.
    QString flag() const;
};

// The options above, added to the parser.
void addHeadsOptions(QCommandLineParser& parser);
QStringList headsOptionNames();

// Reads them after parsing; an empty text, or the usage error naming the option: a value that
// is not one (--generate 0, a temperature below 0, --top-k 0, --probe other than induction, a
// probe length below 1), two analyses at once, options of one analysis without it, and any of
// them without --dump-json (`dumpJson`). Checks that need the model (top-k above the
// vocabulary, a probe longer than the context) are made where it is loaded (HeadsRunner).
QString readHeadsOptions(const QCommandLineParser& parser, bool dumpJson, HeadsRequest& request);

} // namespace ae
