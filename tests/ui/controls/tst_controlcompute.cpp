// The session editor drives the computation as the main window wires it
// (document.sessionChanged -> service.request, service.runReady -> panel.setTrace):
// a control change produces a trace of the new shape, and the last of a burst of changes
// is the last trace delivered.
#include "ComputeService.h"
#include "ControlPanel.h"
#include "GuiFirst.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "SessionDiff.h"
#include "SessionDocument.h"
#include "Trace.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

using namespace ae;
using test::sessionFrom;

namespace {

using TracePtr = std::shared_ptr<const Trace>;
using RunPtr = std::shared_ptr<const ModelRun>;

struct Wiring
{
    SessionDocument document;
    ComputeService service;
    ControlPanel panel{&document};
    QSignalSpy runs{&service, &ComputeService::runReady};
    QSignalSpy refusals{&service, &ComputeService::sessionRefused};

    Wiring()
    {
        QObject::connect(&document, &SessionDocument::sessionChanged, &service,
                         &ComputeService::request);
        QObject::connect(&service, &ComputeService::runReady, &panel,
                         [this](const RunPtr& run, int layer) {
                             panel.setTrace(run->trace->layers[std::size_t(layer)]);
                         });
    }

    // The trace of the newest request; fails the test when the session is refused.
    TracePtr latestTrace()
    {
        const auto arrived = [this] {
            return !runs.isEmpty() &&
                   runs.last().at(2).value<quint64>() == service.latestGeneration();
        };
        if (!arrived() && !QTest::qWaitFor([&] { return arrived() || !refusals.isEmpty(); }, 20000))
            return nullptr;
        if (!arrived())
            return nullptr;
        const RunPtr run = runs.last().at(0).value<RunPtr>();
        return run->trace->layers[std::size_t(runs.last().at(1).toInt())];
    }
};

void typeInto(QAbstractSpinBox* spin, const QString& text)
{
    spin->selectAll();
    QTest::keyClicks(spin, text);
}

} // namespace

class TestControlCompute : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void controlChangeGivesANewTrace_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("contextWidth");
        QTest::newRow("num_heads 3, wrapper of heads")
            << QByteArray(R"({"variant": "multihead-wrapper", "num_heads": 2})")
            << QStringLiteral("num_heads") << QStringLiteral("3") << 3 << 6 << 3 * 4;
        QTest::newRow("num_heads 4, efficient class")
            << QByteArray(
                   R"({"variant": "multihead", "d_out_kq": 8, "d_out_v": 8, "num_heads": 2})")
            << QStringLiteral("num_heads") << QStringLiteral("4") << 4 << 6 << 8;
        QTest::newRow("d_out_v 5")
            << QByteArray("{}") << QStringLiteral("d_out_v") << QStringLiteral("5") << 1 << 6 << 5;
        QTest::newRow("a word more") << QByteArray("{}") << QStringLiteral("sentence")
                                     << QStringLiteral(" today") << 1 << 7 << 4;
    }

    void controlChangeGivesANewTrace()
    {
        QFETCH(QByteArray, session);
        QFETCH(QString, key);
        QFETCH(QString, typed);
        QFETCH(int, heads);
        QFETCH(int, tokens);
        QFETCH(int, contextWidth);
        Wiring wiring;
        wiring.document.setSession(sessionFrom(session));
        QVERIFY(wiring.latestTrace());
        const quint64 before = wiring.service.latestGeneration();

        QWidget* control = wiring.panel.controlFor(key);
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(control)) {
            typeInto(spin, typed);
        } else {
            auto* text = qobject_cast<QPlainTextEdit*>(control);
            text->moveCursor(QTextCursor::End);
            QTest::keyClicks(text, typed);
        }

        QVERIFY(wiring.service.latestGeneration() > before);
        const TracePtr trace = wiring.latestTrace();
        QVERIFY(trace);
        QVERIFY(wiring.refusals.isEmpty());
        QCOMPARE(int(trace->heads.size()), heads);
        QCOMPARE(int(trace->contextVec.rows()), tokens);
        QCOMPARE(int(trace->contextVec.cols()), contextWidth);
    }

    // Switching to manual embeddings starts from the torch vectors the last trace used:
    // the numbers do not change, only where they come from.
    void manualStartsFromTheTorchEmbedding()
    {
        Wiring wiring;
        wiring.document.setSession(Session{});
        const TracePtr torch = wiring.latestTrace();
        QVERIFY(torch);

        auto* embedding =
            qobject_cast<QComboBox*>(wiring.panel.controlFor(QStringLiteral("embedding")));
        embedding->setCurrentIndex(embedding->findData(QStringLiteral("manual")));

        QVERIFY(test::sameMatrix(wiring.document.session().inputs, torch->inputs));
        const TracePtr manual = wiring.latestTrace();
        QVERIFY(manual);
        QCOMPARE(manual->session.embedding, EmbeddingSource::Manual);
        QVERIFY(test::sameMatrix(manual->contextVec, torch->contextVec));
    }

    // Latest wins: ComputeService delivers results asynchronously and drops every result
    // whose generation is no longer the newest when it reaches the GUI thread. Fifty changes
    // made before the event loop runs again therefore give exactly one trace: the last.
    void burstOfChangesDeliversOnlyTheLast()
    {
        Wiring wiring;
        wiring.document.setSession(Session{});
        QVERIFY(wiring.latestTrace());
        wiring.runs.clear();
        const quint64 first = wiring.service.latestGeneration() + 1;

        QSignalSpy idle(&wiring.service, &ComputeService::idle);
        auto* dOutV = qobject_cast<QSpinBox*>(wiring.panel.controlFor(QStringLiteral("d_out_v")));
        for (int size = 1; size <= 50; ++size)
            dOutV->setValue(size);
        const quint64 last = wiring.service.latestGeneration();
        QCOMPARE(last, first + 49);

        QVERIFY(idle.wait(20000)); // every one of the 50 computations has finished
        QCOMPARE(idle.count(), 1);
        QVERIFY(wiring.service.isIdle());
        QVERIFY(wiring.refusals.isEmpty());
        QCOMPARE(wiring.runs.size(), 1);
        QCOMPARE(wiring.runs.last().at(2).value<quint64>(), last);
        const auto trace = wiring.runs.last().at(0).value<RunPtr>()->trace->layers.front();
        QCOMPARE(trace->session.dOutV, 50);
        QCOMPARE(int(trace->contextVec.cols()), 50);
    }

    // Free memory goes back to the system only once computing stops for TrimDelayMs: the
    // timer runs while idle, and a new request stops it.
    void trimsOnlyWhenIdle()
    {
        Wiring wiring;
        auto* trim = wiring.service.findChild<QTimer*>(QStringLiteral("trim_timer"));
        QVERIFY(trim);
        QVERIFY(!trim->isActive());
        QSignalSpy idle(&wiring.service, &ComputeService::idle);
        wiring.document.setSession(Session{});
        QVERIFY(idle.wait(20000));
        QVERIFY(trim->isActive());
        QCOMPARE(trim->interval(), ComputeService::TrimDelayMs);
        Session larger;
        larger.dOutV = 7;
        wiring.document.setSession(larger);
        QVERIFY(!wiring.service.isIdle());
        QVERIFY(!trim->isActive());
        QVERIFY(idle.wait(20000));
        QVERIFY(trim->isActive());
    }

    // Nor while an analysis or a training run works in the background (BackgroundWork): the
    // trim would hold the heap's locks while the GUI thread allocates. It waits, and trims
    // once that work is done.
    void trimWaitsForBackgroundWork()
    {
        Wiring wiring;
        auto* trim = wiring.service.findChild<QTimer*>(QStringLiteral("trim_timer"));
        QVERIFY(trim);
        trim->setInterval(1);
        {
            const BackgroundWork working;
            QVERIFY(BackgroundWork::any());
            trim->start();
            QTest::qWait(50);
            QVERIFY(trim->isActive()); // it fired, and started again: not idle yet
        }
        QVERIFY(!BackgroundWork::any());
        QTRY_VERIFY(!trim->isActive()); // fired with nothing under way: trimmed
    }
};

QTEST_MAIN(TestControlCompute)
#include "tst_controlcompute.moc"
