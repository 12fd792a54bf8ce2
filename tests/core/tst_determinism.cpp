// The same session always gives the same bits: computed again, with another number of
// OpenMP threads, or by several threads sharing one Engine at once (the compute service and
// the command line do). Every tensor and the mask-method comparison are compared through
// the whole --dump-json text. The shared-Engine case also runs under ThreadSanitizer
// (tst_determinism_threads, label concurrency: scripts/test-tsan).
#include "Engine.h"
#include "ModelRun.h"
#include "RunJson.h"
#include "Session.h"
#include "Trace.h"

#include <QTest>

#include <thread>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ae;

namespace {

std::string words(int count)
{
    std::string text;
    for (int i = 0; i < count; ++i) {
        text += 'w';
        text += std::to_string((i * 7) % (count / 2 + 3));
        text += ' ';
    }
    return text;
}

Session session(Variant variant, int heads, int tokens, MaskMethod mask, int d)
{
    Session s;
    s.sentence = words(tokens);
    s.variant = variant;
    s.init = InitScheme::Linear;
    s.numHeads = heads;
    s.dIn = d;
    s.dOutKq = s.dOutV = d;
    s.causal = true;
    s.maskMethod = mask;
    s.weightSeed = 7;
    return s;
}

std::string dump(const Engine& engine, const Session& s)
{
    const ComputeResult result = engine.compute(s);
    return result.trace ? runToJson(*seedModuleRun(result.trace)) : std::string();
}

void setThreads(int threads)
{
#ifdef _OPENMP
    omp_set_num_threads(threads);
#else
    Q_UNUSED(threads);
#endif
}

} // namespace

Q_DECLARE_METATYPE(ae::Session)

class TestDeterminism : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameBits_data()
    {
        QTest::addColumn<Session>("session");
        // Fast path (GEMMs in blocks, packet exp), heads in parallel or one head with its row
        // blocks in parallel; GPT-2's shape scaled down; both mask methods.
        QTest::newRow("multihead 4x16, T=130, renormalize")
            << session(Variant::MultiHead, 4, 130, MaskMethod::Renormalize, 64);
        QTest::newRow("multihead 4x16, T=130, neg-inf")
            << session(Variant::MultiHead, 4, 130, MaskMethod::NegInf, 64);
        QTest::newRow("one head, T=200, renormalize")
            << session(Variant::SelfAttention, 1, 200, MaskMethod::Renormalize, 32);
        QTest::newRow("wrapper 3 heads, T=150, neg-inf")
            << session(Variant::MultiHeadWrapper, 3, 150, MaskMethod::NegInf, 24);
    }

    void sameBits()
    {
        QFETCH(Session, session);
        const Engine engine;
        setThreads(2);
        const std::string first = dump(engine, session);
        QVERIFY(!first.empty());
        for (int threads : {1, 3, 2}) {
            setThreads(threads);
            QVERIFY2(dump(Engine(), session) == first,
                     qPrintable(QStringLiteral("%1 threads differ").arg(threads)));
            QVERIFY2(dump(engine, session) == first,
                     qPrintable(QStringLiteral("%1 threads, cached stages").arg(threads)));
        }
        setThreads(2);
    }

    // Several threads computing different sessions on one Engine (whose caches they share)
    // get what a lone computation gives.
    void engineSharedBetweenThreads()
    {
        const std::vector<Session> sessions{
            session(Variant::MultiHead, 2, 70, MaskMethod::Renormalize, 16),
            session(Variant::SelfAttention, 1, 90, MaskMethod::NegInf, 12),
            session(Variant::MultiHeadWrapper, 2, 12, MaskMethod::NegInf, 6),
            session(Variant::MultiHead, 2, 70, MaskMethod::NegInf, 16)};
        std::vector<std::string> expected;
        for (const Session& s : sessions)
            expected.push_back(dump(Engine(), s));

        const Engine shared;
        std::vector<std::vector<std::string>> results(sessions.size());
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < sessions.size(); ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 3; ++round)
                    results[t].push_back(
                        dump(shared, sessions[(t + std::size_t(round)) % sessions.size()]));
            });
        for (auto& thread : threads)
            thread.join();
        for (std::size_t t = 0; t < sessions.size(); ++t)
            for (int round = 0; round < 3; ++round)
                QVERIFY2(results[t][std::size_t(round)] ==
                             expected[(t + std::size_t(round)) % sessions.size()],
                         qPrintable(QStringLiteral("thread %1, round %2").arg(t).arg(round)));
    }
};

QTEST_GUILESS_MAIN(TestDeterminism)
#include "tst_determinism.moc"
