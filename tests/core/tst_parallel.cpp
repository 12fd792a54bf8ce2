// Parallel.h: a loop that runs serially opens no region, so that the regions inside it are
// outermost and take the pool's threads; a head's row blocks open a region only when
// outermost. The regression it guards: libgomp starts a nested team's threads afresh, so a
// forward of two new rows crossing a row block, its 270 heads each opening a team of two
// inside a serial loop over heads, started 270 threads (300 ms for SmolLM2). Counted here by
// interposing pthread_create, not timed.
#include "ModelTrace.h"
#include "Parallel.h"
#include "RandomModel.h"
#include "TransformerForward.h"

#include <QTest>

#include <atomic>
#include <dlfcn.h>
#include <pthread.h>
#include <stdexcept>

using namespace ae;

// AddressSanitizer and ThreadSanitizer intercept pthread_create themselves.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AE_NO_THREAD_COUNT
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AE_NO_THREAD_COUNT
#endif
#endif

namespace {

std::atomic<int> threadsStarted{0};

int level()
{
#ifdef _OPENMP
    return omp_get_level();
#else
    return 0;
#endif
}

} // namespace

#ifndef AE_NO_THREAD_COUNT
// Every thread the process starts (libgomp's among them) counted, then started by libc.
extern "C" int pthread_create(pthread_t* thread, const pthread_attr_t* attributes,
                              void* (*start)(void*), void* argument)
{
    using Create = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
    static const auto create = reinterpret_cast<Create>(dlsym(RTLD_NEXT, "pthread_create"));
    ++threadsStarted;
    return create(thread, attributes, start, argument);
}
#endif

class TestParallel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
#ifdef _OPENMP
        omp_set_dynamic(0);
        omp_set_num_threads(2);
#else
        QSKIP("built without OpenMP: every loop is serial");
#endif
    }

    void serialLoopOpensNoRegion()
    {
        std::vector<int> levels(5, -1);
        forEachIndex(5, false, [&](int i) { levels[std::size_t(i)] = level(); });
        QCOMPARE(levels, std::vector<int>(5, 0));
        QVERIFY(outermost());
    }

    void parallelLoopRunsEveryIndexInARegion()
    {
        std::vector<int> levels(64, -1);
        std::vector<char> inner(64, 1);
        forEachIndex(64, true, [&](int i) {
            levels[std::size_t(i)] = level();
            inner[std::size_t(i)] = outermost();
        });
        QCOMPARE(levels, std::vector<int>(64, 1));
        QCOMPARE(inner, std::vector<char>(64, 0));
    }

    void exceptionLeavesAfterTheLoop()
    {
        for (const bool parallel : {false, true}) {
            std::atomic<int> ran{0};
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, forEachIndex(8, parallel, [&](int i) {
                                         ++ran;
                                         if (i == 0)
                                             throw std::runtime_error("index 0 failed");
                                     }));
            QVERIFY(ran >= 1);
        }
    }

    // A causal model's forward of two rows appended after 63 kept ones: rows 63 and 64 fall
    // in two row blocks of every head, and the heads run one after the other (too few rows to
    // share). Once the pool's threads exist, no thread is started.
    void appendedRowsStartNoThread()
    {
        test::RandomModelShape shape;
        shape.layers = 3;
        shape.heads = 4;
#ifdef AE_NO_THREAD_COUNT
        QSKIP("the sanitizer's runtime starts the threads");
#endif
        const auto model = test::randomModel(shape);
        std::vector<std::int64_t> ids;
        for (int i = 0; i < 65; ++i)
            ids.push_back((i * 37 + 5) % shape.vocab);
        const std::vector<std::int64_t> prefix(ids.begin(), ids.begin() + 63);
        const auto first = transformerForward(model, prefix);
        const auto warm = transformerForward(model, ids); // the pool started
        const int before = threadsStarted;
        const auto appended = transformerForward(model, ids, first.get());
        QCOMPARE(appended->reusedRows, Eigen::Index(63));
        QCOMPARE(threadsStarted - before, 0);
        // And the rows are the forward's from scratch, to float32 rounding.
        const Matrix& a = appended->residuals.back();
        const Matrix& b = warm->residuals.back();
        QVERIFY((a - b).cwiseAbs().maxCoeff() <= 1e-4f * std::max(1.0f, b.cwiseAbs().maxCoeff()));
    }
};

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_parallel.moc"
