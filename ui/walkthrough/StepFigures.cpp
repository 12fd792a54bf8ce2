#include "StepFigures.h"

#include "FlashAttention.h"
#include "FlashFigures.h"
#include "HeadsFigures.h"
#include "RopeFigures.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <algorithm>

namespace ae {

namespace {

Figure row(QString name, QString title, std::vector<HeatmapSpec> panels)
{
    Figure figure;
    figure.name = std::move(name);
    figure.title = std::move(title);
    figure.columns = int(panels.size());
    figure.panels = std::move(panels);
    return figure;
}

} // namespace

std::vector<Figure> StepFigures::embeddings(const TracePtr& trace)
{
    if (!trace->session.isCross())
        return {figures::single(figures::embeddings(trace), QStringLiteral("embeddings"))};
    return {row(QStringLiteral("embeddings"), QString(),
                {figures::embeddings(trace), figures::sourceEmbeddings(trace)})};
}

std::vector<Figure> StepFigures::simplified(const TracePtr& trace)
{
    return {
        row(QStringLiteral("simplified"), QString(),
            {figures::scores(trace, 0), figures::weights(trace, 0), figures::context(trace, 0)})};
}

std::vector<Figure> StepFigures::projections(const TracePtr& trace)
{
    if (!trace->session.hasWeights())
        return embeddings(trace);
    return {figures::projections(trace, 0)};
}

std::vector<Figure> StepFigures::scores(const TracePtr& trace)
{
    return {figures::single(figures::scores(trace, 0), QStringLiteral("attn_scores"))};
}

std::vector<Figure> StepFigures::weights(const TracePtr& trace)
{
    return {figures::single(figures::weights(trace, 0), QStringLiteral("attn_weights"))};
}

std::vector<Figure> StepFigures::context(const TracePtr& trace)
{
    std::vector<HeatmapSpec> panels{figures::weights(trace, 0)};
    if (trace->session.hasWeights()) {
        Figure qkv = figures::projections(trace, 0);
        panels.push_back(qkv.panels.back()); // values
    }
    panels.push_back(figures::context(trace, 0));
    return {row(QStringLiteral("context"), QString(), std::move(panels))};
}

std::vector<Figure> StepFigures::causalMask(const TracePtr& trace)
{
    if (!trace->session.masked())
        return weights(trace);
    return {figures::maskMethods(trace, 0)};
}

std::vector<Figure> StepFigures::dropout(const TracePtr& trace)
{
    if (!trace->session.dropoutActive())
        return weights(trace);
    return {figures::dropout(trace, 0)};
}

std::vector<Figure> StepFigures::allHeads(const TracePtr& trace)
{
    if (trace->heads.size() < 2)
        return weights(trace);
    return {figures::headGrid(trace)};
}

std::vector<Figure> StepFigures::rope(const TracePtr& trace)
{
    if (!trace->session.rope)
        return weights(trace);
    return {figures::ropeQueries(trace, 0)};
}

std::vector<Figure> StepFigures::flash(const TracePtr& trace)
{
    if (!trace->heads.front().flash)
        return weights(trace);
    // The second query block's second key block, a tile whose rows rescale what they summed:
    // where it lies and the rows' running m and ℓ (the page has the rest).
    const int step = std::min(figures::flashTileCount(*trace, 0) - 1,
                              int(trace->heads.front().flash->keyBlocks) + 1);
    Figure tile = figures::flashTile(trace, 0, step);
    HeatmapSpec state = tile.panels[tile.panels.size() - 2];
    tile.panels = {tile.panels.front(), std::move(state)};
    tile.columns = 2;
    return {tile};
}

} // namespace ae
