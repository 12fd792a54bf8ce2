#include "TodaysFormulas.h"

#include "FlashAttention.h"
#include "FormulaText.h"
#include "HeadTensors.h"
#include "Rope.h"
#include "Trace.h"

#include <QStringList>

namespace ae {

using namespace formula;

namespace {

QString scaleText(const Trace& trace)
{
    return trace.session.hasWeights() ? QStringLiteral(" / √%1").arg(trace.headDimKq) : QString();
}

// "[0, 0, 1, 1, 1, 1]": the keys hidden from query q (1), by causal and window.
QString hiddenRow(const Trace& trace, Eigen::Index q)
{
    const KeyRange visible = visibleKeys(headOptions(trace, 0), q, trace.keyCount());
    Matrix mask(1, trace.keyCount());
    for (Eigen::Index j = 0; j < mask.cols(); ++j)
        mask(0, j) = j >= visible.first && j < visible.last ? 0.0f : 1.0f;
    return maskRow(mask, 0);
}

} // namespace

QString TodaysFormulas::ropeNote(const Trace& trace)
{
    return trace.session.rope ? QString()
                              : tr("RoPE is off in this session: the queries and keys are used "
                                   "as projected.");
}

QString TodaysFormulas::groupedNote(const Trace& trace)
{
    return trace.session.grouped() ? QString()
                                   : tr("This session gives every query head its own keys and "
                                        "values.");
}

QString TodaysFormulas::windowNote(const Trace& trace)
{
    return trace.session.window > 0 ? QString() : tr("This session has no sliding window.");
}

QString TodaysFormulas::flashNote(const Trace& trace)
{
    return trace.heads.front().flash ? QString() : tr("This session uses the standard kernel.");
}

QString TodaysFormulas::rope(const Trace& trace, int query)
{
    const Session& s = trace.session;
    const Eigen::Index q = clampedQuery(trace, query);
    const QString i = subscript(q + 1);
    const HeadTrace& head = trace.heads.front();
    QStringList lines;
    if (!s.rope || head.queriesRope.size() == 0) {
        lines << tr("no RoPE: ω%1 = q%1·Kᵀ with q and k as projected").arg(i);
        return lines.join(u'\n');
    }
    const Matrix theta = ae::ropeAngles(2, trace.headDimKq, s.ropeTheta); // row 1: θ_i
    lines << QStringLiteral("θ_i = 1 / %1^(2i / %2) = %3")
                 .arg(s.ropeTheta)
                 .arg(trace.headDimKq)
                 .arg(row(theta, 1));
    lines << (s.ropeStyle == RopeStyle::Half
                  ? tr("pairs (i, i + %1), Hugging Face's rotate_half").arg(trace.headDimKq / 2)
                  : tr("pairs (2i, 2i + 1), Meta's interleaved"));
    lines << QStringLiteral("q%1 = x%1·W_q = %2").arg(i, row(head.queries, q)) + headNote(trace);
    lines << tr("q%1' = q%1·cos(%2·θ) + rotate(q%1)·sin(%2·θ) = %3   (position m = %2)")
                 .arg(i)
                 .arg(q)
                 .arg(row(head.queriesRope, q));
    lines << tr("k_j' likewise at position j;  ω%1 = q%1'·K'ᵀ : %2·%3 → %4 = %5")
                 .arg(i, shape(1, trace.headDimKq), shape(trace.headDimKq, trace.keyCount()),
                      shape(1, trace.keyCount()),
                      row(headTensorRow(trace, 0, HeadTensor::Scores, q), 0));
    lines << QStringLiteral("α%1 = softmax(ω%1%2) = %3")
                 .arg(i, scaleText(trace), row(headTensorRow(trace, 0, HeadTensor::Weights, q), 0));
    return lines.join(u'\n');
}

QString TodaysFormulas::groupedHeads(const Trace& trace, int)
{
    const Session& s = trace.session;
    const int h = s.effectiveHeads(), kv = s.kvHeads();
    const Eigen::Index T = trace.queryCount(), dIn = trace.inputs.cols();
    const Eigen::Index hd = trace.headDimKq, hdv = trace.headDimV;
    QStringList lines;
    lines << tr("num_heads = %1, num_kv_heads = %2: each key/value head serves %1 / %2 = %3 "
                "query heads")
                 .arg(h)
                 .arg(kv)
                 .arg(h / std::max(kv, 1));
    if (s.variant == Variant::MultiHead) {
        lines << QStringLiteral("keys = W_key(x) : %1 → %2")
                     .arg(tuple({1, T, dIn}), tuple({1, T, kv * hd}));
        lines << QStringLiteral("keys.view(b, T, %1, %2).transpose(1, 2).repeat_interleave(%3, "
                                "dim=1) : %4 → %5")
                     .arg(kv)
                     .arg(hd)
                     .arg(h / std::max(kv, 1))
                     .arg(tuple({1, kv, T, hd}), tuple({1, h, T, hd}));
    }
    QStringList readers;
    for (int head = 0; head < h; ++head)
        readers << tr("head %1 → K/V %2").arg(head + 1).arg(trace.kvHeadOf(head) + 1);
    lines << readers.join(QStringLiteral(", "));
    lines << tr("cache per token and layer: %1·(%2 + %3) = %4 floats, against %5·(%2 + %3) = %6 "
                "with one key/value head per query head")
                 .arg(kv)
                 .arg(hd)
                 .arg(hdv)
                 .arg(kv * (hd + hdv))
                 .arg(h)
                 .arg(h * (hd + hdv));
    return lines.join(u'\n');
}

QString TodaysFormulas::window(const Trace& trace, int query)
{
    const Session& s = trace.session;
    const Eigen::Index q = clampedQuery(trace, query);
    const QString i = subscript(q + 1);
    QStringList lines;
    if (s.window <= 0)
        lines << (s.causal ? tr("no window: query i sees every key j ≤ i")
                           : tr("no window: every query sees every key"));
    else if (s.causal)
        lines << tr("window W = %1, causal: query i sees key j when i − %1 < j ≤ i (at most %1 "
                    "keys)")
                     .arg(s.window);
    else
        lines << tr("window W = %1: query i sees key j when |i − j| < %1 (at most %2 keys)")
                     .arg(s.window)
                     .arg(2 * s.window - 1);
    lines << tr("mask%1 = %2   (1 = hidden)").arg(i, hiddenRow(trace, q));
    lines << QStringLiteral("α%1 = softmax(ω%1.masked_fill(mask%1, −∞)%2) = %3")
                     .arg(i, scaleText(trace),
                          row(headTensorRow(trace, 0, HeadTensor::Weights, q), 0)) +
                 headNote(trace);
    if (s.window > 0)
        lines << tr("the cost per query stays W keys however long the text: T·W scores "
                    "instead of T·T");
    return lines.join(u'\n');
}

QString TodaysFormulas::flash(const Trace& trace, int query)
{
    const HeadTrace& head = trace.heads.front();
    const Eigen::Index q = clampedQuery(trace, query);
    const QString i = subscript(q + 1);
    QStringList lines;
    if (!head.flash) {
        lines << tr("standard kernel: ω, α and z over whole rows, T×S scores in memory");
        return lines.join(u'\n');
    }
    const FlashTrace& f = *head.flash;
    std::int64_t skipped = 0;
    for (const std::uint8_t s : f.skipped)
        skipped += s;
    lines << tr("tiles of %1 queries × %2 keys: %3 × %4 = %5 tiles, %6 skipped by the mask")
                 .arg(f.blockQ)
                 .arg(f.blockK)
                 .arg(f.queryBlocks)
                 .arg(f.keyBlocks)
                 .arg(f.queryBlocks * f.keyBlocks)
                 .arg(skipped);
    const Eigen::Index qb = q / f.blockQ;
    lines << tr("x%1 is in query block %2; its m and ℓ after each key block:").arg(i).arg(qb + 1);
    for (Eigen::Index kb = 0; kb < f.keyBlocks; ++kb)
        lines << QStringLiteral("  %1: m = %2, ℓ = %3%4")
                     .arg(kb + 1)
                     .arg(number(f.runningMax(kb, q)), number(f.runningSum(kb, q)),
                          f.isSkipped(qb, kb) ? tr("   (skipped)") : QString());
    lines << tr("z%1 = O%1 / ℓ = %2").arg(i, row(head.contextVec, q)) + headNote(trace);
    lines << tr("the standard kernel's z differs by at most %1 over every row")
                 .arg(double(head.flashMaxDiff), 0, 'g', 3);
    return lines.join(u'\n');
}

} // namespace ae
