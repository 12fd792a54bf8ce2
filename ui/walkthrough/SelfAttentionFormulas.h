#pragma once

#include <QCoreApplication>
#include <QString>

namespace ae {

struct Session;
struct Trace;

// The formulas of the walkthrough's first seven steps (tokens to the context vector), written
// with the trace's own numbers and shapes, one statement per line. `query` is the chosen
// query token (0-based; the seeds' x(2) is 1), clamped to the trace's tokens. Nothing is
// computed here: every number printed is a value the trace (or core's TraceDerived) holds.
// Each formula describes the trace it is given, so a step whose session is still being
// computed shows the previous trace's numbers correctly labelled.
class SelfAttentionFormulas
{
    Q_DECLARE_TR_FUNCTIONS(SelfAttentionFormulas)

public:
    static QString tokens(const Trace& trace, int query);
    static QString embeddings(const Trace& trace, int query);
    static QString simplified(const Trace& trace, int query);
    static QString projections(const Trace& trace, int query);
    static QString scores(const Trace& trace, int query);
    static QString scaling(const Trace& trace, int query);
    static QString context(const Trace& trace, int query);

    // Hook for positional embeddings, which are being added to the engine: when Session
    // gains them, return that key here; step 2's note and formula then say x = token
    // embedding + position embedding instead of "no positional embeddings".
    static bool hasPositionalEmbeddings(const Session& session);
    static QString embeddingsNote(const Trace& trace);
};

} // namespace ae
