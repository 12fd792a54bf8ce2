#include "TodaysAttentionCheck.h"

#include "HeadShape.h"
#include "Limits.h"
#include "Session.h"
#include "SessionValidator.h"

#include <QCoreApplication>

namespace ae {

namespace {

// The context of this file's messages (see SessionValidator.cpp).
struct TodaysAttentionCheck
{
    Q_DECLARE_TR_FUNCTIONS(TodaysAttentionCheck)
};

std::optional<SessionIssue> checkRope(const Session& s)
{
    if (!s.rope)
        return std::nullopt;
    if (!s.hasWeights())
        return SessionIssue{
            "rope", TodaysAttentionCheck::tr("rope rotates the projected queries and keys: variant "
                                             "\"simplified\" has no projections")};
    if (s.isCross())
        return SessionIssue{"rope", TodaysAttentionCheck::tr(
                                        "rope needs queries and keys from one sentence (positions "
                                        "0, 1, … of both): it cannot be used with source_sentence "
                                        "(cross-attention)")};
    const int dk = headShape(s).dimKq;
    if (dk % 2 != 0)
        return SessionIssue{
            "rope", TodaysAttentionCheck::tr("rope rotates pairs of dimensions: the head size of "
                                             "queries and keys (%1) must be even")
                        .arg(dk)};
    return std::nullopt;
}

std::optional<SessionIssue> checkKvHeads(const Session& s)
{
    if (s.numKvHeads == 0 || s.numKvHeads == s.effectiveHeads())
        return std::nullopt;
    if (s.variant != Variant::MultiHead)
        return SessionIssue{
            "num_kv_heads",
            TodaysAttentionCheck::tr("num_kv_heads (%1) needs variant \"multihead\": the other "
                                     "variants give every head its own keys and values")
                .arg(s.numKvHeads)};
    if (s.numKvHeads > s.numHeads || s.numHeads % s.numKvHeads != 0)
        return SessionIssue{
            "num_kv_heads",
            TodaysAttentionCheck::tr("num_kv_heads (%1) must divide num_heads (%2): each "
                                     "key/value head serves the same number of query heads")
                .arg(s.numKvHeads)
                .arg(s.numHeads)};
    return std::nullopt;
}

std::optional<SessionIssue> checkFlash(const Session& s)
{
    if (s.kernel != KernelKind::Flash)
        return std::nullopt;
    if (s.dropoutActive())
        return SessionIssue{"kernel", TodaysAttentionCheck::tr(
                                          "kernel \"flash\" cannot be used with dropout (%1) in "
                                          "training: the tiled forward here has no dropout")
                                          .arg(s.dropout)};
    if (s.maskMethod == MaskMethod::Renormalize)
        return SessionIssue{
            "kernel", TodaysAttentionCheck::tr(
                          "kernel \"flash\" cannot be used with mask_method \"renormalize\": the "
                          "tiled forward hides keys by -inf before its running softmax")};
    return std::nullopt;
}

} // namespace

std::optional<SessionIssue> checkTodaysAttention(const Session& s)
{
    // A session built in code (not read from a file) may hold any value.
    if (s.window != 0)
        if (auto issue = checkRange("window", s.window, 1, limits::MaxWindow))
            return issue;
    if (auto issue = checkRange("block_q", s.blockQ, 1, limits::MaxWindow))
        return issue;
    if (auto issue = checkRange("block_k", s.blockK, 1, limits::MaxWindow))
        return issue;
    if (s.numKvHeads != 0)
        if (auto issue = checkRange("num_kv_heads", s.numKvHeads, 1, limits::MaxHeads))
            return issue;
    if (!(s.ropeTheta > 0.0))
        return SessionIssue{
            "rope_theta",
            TodaysAttentionCheck::tr("rope_theta (%1) must be above 0").arg(s.ropeTheta)};
    if (auto issue = checkRope(s))
        return issue;
    if (auto issue = checkKvHeads(s))
        return issue;
    return checkFlash(s);
}

} // namespace ae
