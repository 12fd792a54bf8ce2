// The engine's memo of the Q/K/V projections: a recompute whose inputs and parameters are
// unchanged (a control: the masking method, causal, dropout) reuses them, any other change
// projects again, and either way the trace is bit for bit that of a fresh engine.

#include "Engine.h"
#include "Fixtures.h"
#include "Trace.h"

#include <QTest>

#include <functional>

using namespace ae;

namespace {

Session longSession()
{
    Session s;
    s.sentence = test::numberedSentence(200); // the fast path (TorchOrder below ~100 tokens)
    s.variant = Variant::MultiHead;
    s.init = InitScheme::Linear;
    s.dIn = 32;
    s.dOutKq = s.dOutV = 16;
    s.numHeads = 4;
    s.causal = true;
    return s;
}

std::shared_ptr<const Trace> computeWith(const Engine& engine, const Session& s)
{
    const ComputeResult result = engine.compute(s);
    if (!result.trace)
        qFatal("session refused: %s", qPrintable(result.issue->message));
    return result.trace;
}

// Every tensor the forward keeps, bit for bit.
bool sameTrace(const Trace& a, const Trace& b)
{
    if (a.heads.size() != b.heads.size() || !sameBits(a.contextVec, b.contextVec) ||
        !sameBits(a.contextVecHeads, b.contextVecHeads))
        return false;
    for (std::size_t h = 0; h < a.heads.size(); ++h) {
        const HeadTrace &x = a.heads[h], &y = b.heads[h];
        if (!sameBits(x.queries, y.queries) || !sameBits(x.keys, y.keys) ||
            !sameBits(x.values, y.values) || !sameBits(x.contextVec, y.contextVec) ||
            !sameBits(x.dropoutMask, y.dropoutMask) || x.maskMethodsMaxDiff != y.maskMethodsMaxDiff)
            return false;
    }
    return true;
}

using Change = std::function<void(Session&)>;

} // namespace

Q_DECLARE_METATYPE(Change)

class TestForwardMemo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void changes_data()
    {
        QTest::addColumn<Change>("change");
        QTest::addColumn<bool>("reused");
        QTest::newRow("mask method")
            << Change([](Session& s) { s.maskMethod = MaskMethod::Renormalize; }) << true;
        QTest::newRow("not causal") << Change([](Session& s) { s.causal = false; }) << true;
        QTest::newRow("dropout") << Change([](Session& s) {
            s.dropout = 0.3;
            s.training = true;
        }) << true;
        QTest::newRow("sentence") << Change([](Session& s) { s.sentence += " more"; }) << false;
        QTest::newRow("one word") << Change([](Session& s) { s.sentence[0] = 'v'; }) << false;
        QTest::newRow("weight seed") << Change([](Session& s) { s.weightSeed = 7; }) << false;
        QTest::newRow("embedding seed") << Change([](Session& s) { s.embeddingSeed = 7; }) << false;
        QTest::newRow("positions")
            << Change([](Session& s) { s.positional = Positional::Sinusoidal; }) << false;
        QTest::newRow("heads") << Change([](Session& s) { s.numHeads = 2; }) << false;
        QTest::newRow("bias") << Change([](Session& s) { s.qkvBias = true; }) << false;
    }

    void changes()
    {
        QFETCH(Change, change);
        QFETCH(bool, reused);
        const Engine engine;
        const Session before = longSession();
        const auto first = computeWith(engine, before);
        QVERIFY(!first->timings.projectionsReused);
        Session after = before;
        change(after);
        const auto second = computeWith(engine, after);
        QCOMPARE(second->timings.projectionsReused, reused);
        // The same bits as a fresh engine's, reused or not.
        const auto fresh = computeWith(Engine(), after);
        QVERIFY(!fresh->timings.projectionsReused);
        QVERIFY(sameTrace(*second, *fresh));
        // And back: the first session again equals its first trace.
        QVERIFY(sameTrace(*computeWith(engine, before), *first));
    }

    // Simplified attention has no projections to reuse.
    void simplifiedHasNone()
    {
        const Engine engine;
        Session s = longSession();
        s.variant = Variant::Simplified;
        computeWith(engine, s);
        QVERIFY(!computeWith(engine, s)->timings.projectionsReused);
    }
};

QTEST_GUILESS_MAIN(TestForwardMemo)
#include "tst_forwardmemo.moc"
