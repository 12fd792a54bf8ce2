#pragma once

#include <QCoreApplication>
#include <QString>

namespace ae {

struct Trace;

// The formulas of the walkthrough's steps on today's attention (steps 13 to 16: RoPE, grouped
// key/value heads, a sliding window, FlashAttention's tiles), in the manner of VariantFormulas:
// the trace's own numbers and shapes, and a correct description of whatever trace is given (a
// session without the key says so).
class TodaysFormulas
{
    Q_DECLARE_TR_FUNCTIONS(TodaysFormulas)

public:
    static QString rope(const Trace& trace, int query);
    static QString groupedHeads(const Trace& trace, int query);
    static QString window(const Trace& trace, int query);
    static QString flash(const Trace& trace, int query);

    static QString ropeNote(const Trace& trace);
    static QString groupedNote(const Trace& trace);
    static QString windowNote(const Trace& trace);
    static QString flashNote(const Trace& trace);
};

} // namespace ae
