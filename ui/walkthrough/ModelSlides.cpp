#include "ModelSlides.h"

#include "AttentionThumbnails.h"
#include "HeadAnalysisFigures.h"
#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TransformerModel.h"
#include "WalkthroughStep.h"

#include <QFileInfo>

namespace ae {

bool ModelSlides::isModelPage(const WalkthroughStep& step)
{
    return step.pageId == QLatin1StringView("model_view") ||
           step.pageId == QLatin1StringView("head_view") ||
           step.pageId == QLatin1StringView("next_token") ||
           step.pageId == QLatin1StringView("head_roles");
}

std::vector<Figure> ModelSlides::figures(const WalkthroughStep& step, const ModelRun& run,
                                         int layer, int query)
{
    const ModelTrace& trace = *run.trace;
    if (step.pageId == QLatin1StringView("model_view"))
        return {modelfigures::modelView(trace, attentionThumbnails(trace, ThumbnailSide).heads)};
    if (step.pageId == QLatin1StringView("head_view")) {
        if (trace.tokenCount() == 0)
            return {};
        return {modelfigures::headView(trace, layer, query, modelfigures::HeadViewKeys::Strongest)};
    }
    if (step.pageId == QLatin1StringView("next_token"))
        return {modelfigures::nextTokens(*trace.model, trace.nextTokens, 1.0)};
    if (step.pageId == QLatin1StringView("head_roles")) {
        if (const std::optional<HeadDetection> detection = detectHeads(trace))
            return {analysisfigures::detectors(*detection, analysisfigures::DetectorScore::Mul)};
        return {};
    }
    return {};
}

QString ModelSlides::layerNote(const ModelRun& run, int layer)
{
    const ModelTrace& trace = *run.trace;
    return tr("Here: layer %1 of %2 of the checkpoint %3 (%4, its own weights), head 1.")
        .arg(layer + 1)
        .arg(trace.layers.size())
        .arg(QFileInfo(QString::fromStdString(trace.model->path())).fileName(),
             modelFamilyTitle(trace.model->config()));
}

} // namespace ae
