// Running out of memory inside an OpenMP parallel region (issue 23 item 2): the exception is
// carried out of the region (ParallelFailure) instead of ending the process through
// std::terminate. Deterministic: this executable replaces malloc so that, while a test
// asks, every allocation of 16 KB or more made inside an active parallel region fails (a
// matrix's storage, Eigen's product workspace), which Eigen and operator new turn into
// std::bad_alloc inside the region. The model's forward and the seed module's must then
// throw std::bad_alloc to their caller, and compute the same bits again afterwards.
#include "Engine.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ParallelFailure.h"
#include "RandomModel.h"
#include "RunJson.h"
#include "Session.h"
#include "Trace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QTest>

#include <atomic>
#include <cstdlib>
#include <stdexcept>

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ae;

// AddressSanitizer and ThreadSanitizer replace malloc themselves, and without OpenMP there is
// no region to fail in.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AE_NO_MALLOC_INJECTION
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AE_NO_MALLOC_INJECTION
#endif
#endif
#ifndef _OPENMP
#define AE_NO_MALLOC_INJECTION
#endif

namespace {

std::atomic<bool> failInRegions{false};
// The runtime's own bookkeeping stays below. (Unused where OpenMP is off: the TSan build.)
[[maybe_unused]] constexpr std::size_t FailFrom = 16 * 1024;

} // namespace

#ifndef AE_NO_MALLOC_INJECTION
extern "C" void* __libc_malloc(std::size_t size);

// glibc's malloc, failing large allocations inside parallel regions while a test asks.
extern "C" void* malloc(std::size_t size) noexcept
{
    if (failInRegions.load(std::memory_order_relaxed) && size >= FailFrom && omp_in_parallel())
        return nullptr;
    return __libc_malloc(size);
}
#endif

namespace {

// While alive, allocations inside parallel regions fail (with two threads, so that the
// regions are active whatever the machine).
struct FailingRegions
{
    FailingRegions() { failInRegions = true; }
    ~FailingRegions() { failInRegions = false; }
};

[[maybe_unused]] std::vector<std::int64_t> someIds(int count)
{
    std::vector<std::int64_t> ids;
    for (int i = 0; i < count; ++i)
        ids.push_back((i * 37 + 5) % 300);
    return ids;
}

[[maybe_unused]] Session largeSeedSession()
{
    Session s;
    for (int i = 0; i < 300; ++i)
        s.sentence += 'w' + std::to_string(i % 97) + ' ';
    s.variant = Variant::MultiHead;
    s.init = InitScheme::Linear;
    s.numHeads = 4;
    s.dIn = s.dOutKq = s.dOutV = 128;
    s.causal = true;
    return s;
}

} // namespace

class TestParallelFailure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
#ifdef _OPENMP
        omp_set_dynamic(0);
        omp_set_num_threads(2);
#endif
    }

    // The first exception thrown in any iteration comes out after the region, type and
    // message intact; the iterations after it are skipped; nothing thrown, nothing rethrown.
    void carriesTheFirstException()
    {
        ParallelFailure failure;
        std::atomic<int> ran{0};
#pragma omp parallel for schedule(static, 1)
        for (int i = 0; i < 64; ++i)
            failure.run([&] {
                ++ran;
                if (i == 0)
                    throw std::runtime_error("iteration 0 failed");
            });
        QVERIFY(failure.failed());
        QVERIFY(ran <= 33); // the thread that failed skipped all its later iterations
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, failure.rethrow());
        try {
            failure.rethrow();
        } catch (const std::runtime_error& error) {
            QCOMPARE(QByteArray(error.what()), QByteArray("iteration 0 failed"));
        }

        ParallelFailure none;
#pragma omp parallel for
        for (int i = 0; i < 64; ++i)
            none.run([] {});
        QVERIFY(!none.failed());
        none.rethrow(); // does not throw
    }

    void modelForwardThrowsOutOfMemory()
    {
#ifdef AE_NO_MALLOC_INJECTION
        QSKIP("malloc cannot be replaced in this build (sanitizer or no OpenMP)");
#else
        // Large enough for every product and head loop to run in parallel at T = 250.
        const auto model = test::randomModel({});
        const std::vector<std::int64_t> ids = someIds(250); // not a whole number of row blocks
        const auto expected = transformerForward(model, ids);
        // A forward of the first 100 tokens, whose rows a forward of all 250 reuses (the
        // typing path; 150 new rows, enough for the heads to run in parallel).
        const auto prefix =
            transformerForward(model, std::vector<std::int64_t>(ids.begin(), ids.begin() + 100));
        {
            FailingRegions failing;
            QVERIFY_THROWS_EXCEPTION(std::bad_alloc, transformerForward(model, ids));
            QVERIFY_THROWS_EXCEPTION(std::bad_alloc, transformerForward(model, ids, prefix.get()));
        }
        // Nothing was left half-done: the same bits as before.
        const auto again = transformerForward(model, ids);
        QVERIFY(again->lastLogits == expected->lastLogits);
        QVERIFY(again->finalResidual() == expected->finalResidual());
#endif
    }

    void seedForwardThrowsOutOfMemory()
    {
#ifdef AE_NO_MALLOC_INJECTION
        QSKIP("malloc cannot be replaced in this build (sanitizer or no OpenMP)");
#else
        const Session s = largeSeedSession();
        const ComputeResult first = Engine().compute(s);
        QVERIFY2(first.trace, "the session is valid");
        const std::string expected = runToJson(*seedModuleRun(first.trace));
        {
            FailingRegions failing;
            const Engine engine; // a fresh engine: its memo does not spare the projections
            QVERIFY_THROWS_EXCEPTION(std::bad_alloc, engine.compute(s));
        }
        QCOMPARE(runToJson(*seedModuleRun(Engine().compute(s).trace)), expected);
#endif
    }
};

QTEST_GUILESS_MAIN(TestParallelFailure)
#include "tst_parallelfailure.moc"
