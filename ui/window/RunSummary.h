#pragma once

#include <QCoreApplication>
#include <QString>

namespace ae {

struct ModelRun;
struct Trace;

// The status bar's line about the run shown, in words a student reads: which attention (or
// which checkpoint), how many tokens, how long it took.
class RunSummary
{
    Q_DECLARE_TR_FUNCTIONS(RunSummary)
public:
    // `trace` is the run's layer shown, `layer` its number from 1.
    static QString of(const ModelRun& run, const Trace& trace, int layer);
};

} // namespace ae
