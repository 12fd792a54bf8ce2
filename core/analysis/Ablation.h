#pragma once

#include "AnalysisProgress.h"
#include "Matrix.h"
#include "ModelTrace.h"

#include <optional>
#include <string_view>
#include <vector>

namespace ae {

// Ablation of one attention head (heads.md §2, TransformerLens's ablation demos): head h of
// block l has its output z (T x hd: its columns of headsConcatenated(layer), before the
// output projection, whose bias stays) replaced, then the rest of the forward runs as usual.
//   Zero: z = 0;  Mean: every row of z = its mean over the T positions of the same input.
enum class AblationKind
{
    Zero,
    Mean
};
std::string_view ablationKindKey(AblationKind kind); // "zero", "mean"

// What a forward predicts on the sentence: the loss (mean next-token cross-entropy over
// positions 0 ... T-2), the last position's logits and its 10 most probable next tokens.
struct Prediction
{
    double loss = 0;
    RowVector lastLogits;
    std::vector<NextToken> nextTokens;
};

// An ablated forward's prediction and KL(p_base ‖ p_ablated) of the last position's
// next-token distributions (natural log).
struct AblationResult
{
    Prediction prediction;
    double kl = 0;
};

// The unablated forward's prediction, from its final residual stream (logits at every
// position). Needs a model's trace with 1 < T.
Prediction basePrediction(const ModelTrace& trace);

// Head `head` of block `layer` ablated, reusing the trace's residual stream below the block.
AblationResult ablateHead(const ModelTrace& trace, const Prediction& base, AblationKind kind,
                          int layer, int head);

// Every head in turn: results[layer · heads + head]. The heads of one block share the residual
// stream entering it, and nothing below the block is computed again; the ablated sequences run
// stacked (StackedBlocks.h), up to MaxStackedRows rows at a time, a stack spanning several
// blocks' heads so that the blocks above them run once for all of them. `progress` counts
// heads (and is asked again between blocks); cancelled: nullopt.
struct AblationGrid
{
    AblationKind kind = AblationKind::Zero;
    Prediction base;
    int layers = 0, heads = 0;
    std::vector<AblationResult> results;

    const AblationResult& at(int layer, int head) const
    {
        return results[std::size_t(layer * heads + head)];
    }
};
inline constexpr Eigen::Index MaxStackedRows = 1536;
std::optional<AblationGrid> ablateEveryHead(const ModelTrace& trace, AblationKind kind,
                                            const AnalysisProgress& progress = {});

} // namespace ae
