#include "RunSummary.h"

#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "Trace.h"
#include "TransformerModel.h"

#include <QFileInfo>

namespace ae {

QString RunSummary::of(const ModelRun& run, const Trace& trace, int layer)
{
    const int heads = int(trace.heads.size());
    if (!run.trace->isSeedModule()) {
        const TransformerConfig& c = run.trace->model->config();
        return tr("%1 %2: %3 layers × %4 heads, d = %5 · T = %6 · layer %7 · forward %8 ms")
            .arg(modelFamilyTitle(c),
                 QFileInfo(QString::fromStdString(run.trace->model->path())).fileName())
            .arg(c.nLayer)
            .arg(c.nHead)
            .arg(c.nEmbd)
            .arg(trace.queryCount())
            .arg(layer)
            .arg(run.forwardMs, 0, 'f', 1);
    }
    const Session& s = trace.session;
    const QString module = s.variant == Variant::Simplified      ? tr("Simplified attention")
                           : s.variant == Variant::SelfAttention ? tr("Self-attention")
                                                                 : tr("Multi-head attention");
    const QString tokens = s.isCross() ? tr("%1 tokens attend to %2 source tokens")
                                             .arg(trace.queryCount())
                                             .arg(trace.keyCount())
                                       : tr("%1 tokens").arg(trace.queryCount());
    return tr("%1 · %2 of %3 numbers each · %4 · computed in %5 ms")
        .arg(module, tokens)
        .arg(s.dIn)
        .arg(heads == 1 ? tr("1 head") : tr("%1 heads").arg(heads))
        .arg(trace.timings.embeddingMs + trace.timings.initMs + trace.timings.forwardMs +
                 trace.timings.completeMs,
             0, 'f', 2);
}

} // namespace ae
