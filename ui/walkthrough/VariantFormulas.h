#pragma once

#include <QCoreApplication>
#include <QString>

namespace ae {

struct Trace;

// The formulas of the walkthrough's variants (steps 8 to 12: causal mask, dropout,
// multi-head, cross-attention, GPT-2 sizes), in the manner of SelfAttentionFormulas: the
// trace's own numbers and shapes, nothing recomputed, a correct description of whatever
// trace is given (a session that is not causal says so instead of showing a mask).
class VariantFormulas
{
    Q_DECLARE_TR_FUNCTIONS(VariantFormulas)

public:
    static QString causalMask(const Trace& trace, int query);
    static QString dropout(const Trace& trace, int query);
    static QString multiHead(const Trace& trace, int query);
    static QString crossAttention(const Trace& trace, int query);
    static QString gpt2(const Trace& trace, int query);

    // A sentence for the explanation when the trace does not show what the step is about
    // (empty when it does).
    static QString causalNote(const Trace& trace);
    static QString dropoutNote(const Trace& trace);
    static QString multiHeadNote(const Trace& trace);
    static QString crossNote(const Trace& trace);
};

} // namespace ae
