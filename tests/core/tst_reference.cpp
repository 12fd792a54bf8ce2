// The engine's fast paths (GEMMs, fused softmax, parallel heads, the derived tensors)
// against the plain reference in tests/support/ReferenceAttention, over sessions that
// cover every variant, both mask methods, cross-attention, dropout and sizes up to
// a few hundred tokens.
#include "Engine.h"
#include "HeadTensors.h"
#include "ReferenceAttention.h"
#include "SessionJson.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

std::string words(int count, int salt)
{
    std::string text;
    for (int i = 0; i < count; ++i) {
        text += 'w';
        text += std::to_string((i * 7 + salt) % (count / 2 + 3));
        text += ' ';
    }
    return text;
}

} // namespace

class TestReference : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void engineMatchesReference_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("sourceTokens");
        QTest::addColumn<bool>("fast"); // which arithmetic the engine must have chosen
        QTest::newRow("article") << QByteArray("{}") << 0 << 0 << false;
        QTest::newRow("simplified causal")
            << QByteArray(R"({"variant":"simplified","causal":true})") << 0 << 0 << false;
        QTest::newRow("wrapper renormalize")
            << QByteArray(
                   R"({"variant":"multihead-wrapper","num_heads":3,"causal":true,"mask_method":"renormalize","d_in":8})")
            << 40 << 0 << false;
        QTest::newRow("multihead linear bias")
            << QByteArray(
                   R"({"variant":"multihead","init":"linear","qkv_bias":true,"d_in":32,"d_out_kq":24,"d_out_v":24,"num_heads":4,"causal":true})")
            << 130 << 0 << false;
        QTest::newRow("multihead dropout")
            << QByteArray(
                   R"({"variant":"multihead","init":"linear","d_in":16,"d_out_kq":16,"d_out_v":16,"num_heads":2,"causal":true,"dropout":0.3,"training":true})")
            << 64 << 0 << false;
        QTest::newRow("cross wrapper T<S")
            << QByteArray(R"({"variant":"multihead-wrapper","num_heads":2,"d_in":6,"causal":true})")
            << 9 << 23 << false;
        QTest::newRow("cross multihead T>S")
            << QByteArray(
                   R"({"variant":"multihead","init":"linear","d_in":12,"d_out_kq":12,"d_out_v":12,"num_heads":3})")
            << 50 << 7 << false;
        QTest::newRow("self-attention 300 tokens")
            << QByteArray(
                   R"({"d_in":20,"d_out_kq":10,"d_out_v":5,"causal":true,"dropout":0.5,"training":true,"dropout_seed":9})")
            << 300 << 0 << false;
        QTest::newRow("simplified cross")
            << QByteArray(R"({"variant":"simplified","d_in":4})") << 11 << 13 << false;
        // Large enough for the fast path (blocked SIMD GEMMs, causal block skipping).
        QTest::newRow("fast multihead causal")
            << QByteArray(
                   R"({"variant":"multihead","init":"linear","d_in":16,"d_out_kq":16,"d_out_v":16,"num_heads":4,"causal":true})")
            << 600 << 0 << true;
        QTest::newRow("fast causal renormalize")
            << QByteArray(
                   R"({"variant":"multihead-wrapper","num_heads":2,"d_in":8,"d_out_kq":8,"d_out_v":8,"causal":true,"mask_method":"renormalize"})")
            << 400 << 0 << true;
        QTest::newRow("fast cross causal, T<S, dropout")
            << QByteArray(
                   R"({"variant":"multihead","init":"linear","qkv_bias":true,"d_in":24,"d_out_kq":24,"d_out_v":24,"num_heads":3,"causal":true,"dropout":0.2,"training":true})")
            << 300 << 700 << true;
        QTest::newRow("fast simplified causal")
            << QByteArray(R"({"variant":"simplified","d_in":12,"causal":true})") << 700 << 0
            << true;
    }

    void engineMatchesReference()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, tokens);
        QFETCH(int, sourceTokens);
        QFETCH(bool, fast);
        auto parsed = sessionFromJson(json);
        QVERIFY(!parsed.issue);
        Session session = parsed.session;
        if (tokens > 0)
            session.sentence = words(tokens, 1);
        if (sourceTokens > 0)
            session.sourceSentence = words(sourceTokens, 5);
        const ComputeResult result = Engine().compute(session);
        QVERIFY2(result.trace, result.issue ? qPrintable(result.issue->message) : "");
        const Trace& trace = *result.trace;
        QCOMPARE(trace.arithmetic, fast ? Arithmetic::Fast : Arithmetic::TorchOrder);
        const ReferenceForward reference = referenceForward(trace);
        QCOMPARE(trace.heads.size(), reference.heads.size());
        for (std::size_t h = 0; h < trace.heads.size(); ++h) {
            const HeadTrace& head = trace.heads[h];
            const ReferenceHead& ref = reference.heads[h];
            const QString at = QStringLiteral("head %1 ").arg(h);
            if (session.hasWeights()) {
                AE_COMPARE_TENSORS(at + QStringLiteral("queries"), ref.queries, head.queries, 1e-5);
                AE_COMPARE_TENSORS(at + QStringLiteral("keys"), ref.keys, head.keys, 1e-5);
                AE_COMPARE_TENSORS(at + QStringLiteral("values"), ref.values, head.values, 1e-5);
            }
            const int index = int(h);
            AE_COMPARE_TENSORS(at + QStringLiteral("attn_scores"), ref.scores,
                               *headTensor(trace, index, HeadTensor::Scores), 1e-4);
            AE_COMPARE_TENSORS(at + QStringLiteral("attn_weights"), ref.weights,
                               *headTensor(trace, index, HeadTensor::Weights), 1e-5);
            if (session.causal)
                AE_COMPARE_TENSORS(at + QStringLiteral("other method"), ref.weightsOtherMethod,
                                   otherMethodWeights(trace, index), 1e-5);
            if (session.dropoutActive())
                AE_COMPARE_TENSORS(at + QStringLiteral("attn_weights_dropped"), ref.dropped,
                                   *headTensor(trace, index, HeadTensor::WeightsDropped), 1e-5);
            AE_COMPARE_TENSORS(at + QStringLiteral("context_vec"), ref.context, head.contextVec,
                               1e-5);
        }
        AE_COMPARE_TENSORS(QStringLiteral("context_vec"), reference.contextVec, trace.contextVec,
                           1e-5);
        if (session.causal)
            QVERIFY(trace.maskMethodsMaxDiff() < 1e-5f);
    }

    void derivedTensors()
    {
        Session session;
        session.causal = true;
        const auto trace = Engine().compute(session).trace;
        const Matrix mask = causalMask(6, 6);
        const Matrix masked = maskedScores(*trace, 0);
        const Matrix scaled = scaledScores(*trace, 0);
        const auto scores = headTensor(*trace, 0, HeadTensor::Scores);
        for (Eigen::Index i = 0; i < 6; ++i)
            for (Eigen::Index j = 0; j < 6; ++j) {
                QCOMPARE(mask(i, j), j > i ? 1.0f : 0.0f);
                QCOMPARE(std::isinf(masked(i, j)), j > i);
                QCOMPARE(scaled(i, j), (*scores)(i, j) / std::sqrt(2.0f));
            }
    }

    void sameSessionSameNumbers()
    {
        Session session;
        session.variant = Variant::MultiHead;
        session.dOutKq = session.dOutV = 4;
        session.numHeads = 2;
        session.dropout = 0.25;
        session.training = true;
        const Engine engine;
        const auto first = engine.compute(session).trace;
        const auto second = engine.compute(session).trace; // from the memoised stages
        const auto fresh = Engine().compute(session).trace;
        QVERIFY(first->contextVec == second->contextVec);
        QVERIFY(first->contextVec == fresh->contextVec);
        QVERIFY(first->heads[1].dropoutMask == fresh->heads[1].dropoutMask);
    }
};

QTEST_GUILESS_MAIN(TestReference)
#include "tst_reference.moc"
