// The useful FLOPs --benchmark divides by the forward's time (ForwardCost.h), against sums done
// by hand: 2 per multiply-add of the projections, of the scores and context over the visible
// cells only, and of out_proj.
#include "Engine.h"
#include "ForwardCost.h"
#include "Session.h"
#include "Trace.h"

#include <QTest>

using namespace ae;

namespace {

double flopsOf(const Session& s)
{
    const ComputeResult result = Engine().compute(s);
    if (!result.trace)
        qFatal("session refused");
    return forwardFlops(*result.trace);
}

} // namespace

class TestForwardCost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void countsByHand()
    {
        // The article: T = S = 6, d_in = 3, d_k = 2, d_v = 4. Projections 2·6·3·(2 + 2 + 4) =
        // 288; scores and context over 36 cells 2·36·(2 + 4) = 432.
        Session article;
        QCOMPARE(flopsOf(article), 720.0);
        // Causal: 21 visible cells, 2·21·6 = 252.
        article.causal = true;
        QCOMPARE(flopsOf(article), 540.0);
        // A causal window of 2: 1 + 2·5 = 11 cells, 2·11·6 = 132.
        article.window = 2;
        QCOMPARE(flopsOf(article), 420.0);

        // Efficient multi-head, 4 heads of 2 sharing 2 key/value heads, causal: queries 2·6·3·8
        // = 288, keys and values 2·6·3·2·(2 + 2) = 288, attention 4·2·21·(2 + 2) = 672,
        // out_proj 2·6·8·8 = 768.
        Session grouped;
        grouped.variant = Variant::MultiHead;
        grouped.init = InitScheme::Linear;
        grouped.numHeads = 4;
        grouped.numKvHeads = 2;
        grouped.dOutKq = grouped.dOutV = 8;
        grouped.causal = true;
        QCOMPARE(flopsOf(grouped), 2016.0);

        // Simplified attention: no projections, d = d_in = 3: 2·36·(3 + 3) = 432.
        Session simplified;
        simplified.variant = Variant::Simplified;
        QCOMPARE(flopsOf(simplified), 432.0);
    }
};

QTEST_GUILESS_MAIN(TestForwardCost)
#include "tst_forwardcost.moc"
