// A GPT-2 model session in the assembled window, offscreen, on the PyTorch fixture checkpoints
// (tests/fixtures/gpt2): computed and shown, not refused; the layer selector changes the trace
// the step pages show without recomputing the forward; the model view's thumbnails choose a
// layer and head; a broken checkpoint is a message naming the file, never a crash.
#include "ComputeService.h"
#include "ControlPanel.h"
#include "FigurePage.h"
#include "Fixtures.h"
#include "HeadTensors.h"
#include "MainWindow.h"
#include "ModelInfoBox.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ModelViewPage.h"
#include "ModelWindowFixtures.h"
#include "NextTokensPage.h"
#include "PresentationStage.h"
#include "SessionDocument.h"
#include "ThumbnailGrid.h"
#include "Tokenizer.h"
#include "Trace.h"
#include "TraceTokens.h"
#include "WalkthroughCatalog.h"
#include "WalkthroughPanel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

// The visible label whose text contains `text`, or null.
QLabel* shownLabel(MainWindow& window, const QString& text)
{
    for (QLabel* label : window.findChildren<QLabel*>())
        if (label->isVisible() && label->text().contains(text))
            return label;
    return nullptr;
}

bool messageShown(MainWindow& window, const QString& text)
{
    return shownLabel(window, text) != nullptr;
}

} // namespace

class TestModelWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    // A sentence longer than the model reads: the message and a button that keeps its first
    // n_ctx tokens, which computes them.
    void tooLongSentenceOffersToKeepTheFirstTokens()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        Session session = modelSession(QStringLiteral("f32_prefix")); // n_ctx 32
        // Built by appending: GCC 12 warns (-Wrestrict, a false positive) on assigning a literal.
        std::string sentence(1, 'a');
        for (int i = 0; i < 20; ++i)
            sentence.append(" a b");
        session.sentence = std::move(sentence);
        QSignalSpy refused(window.computeService(), &ComputeService::sessionRefused);
        window.document()->setSession(session);
        QVERIFY(refused.wait(30000));
        QVERIFY(messageShown(window, QStringLiteral("n_ctx = 32")));
        auto* keep = window.findChild<QPushButton*>(QStringLiteral("truncate"));
        QVERIFY(keep && keep->isVisible());
        QVERIFY2(keep->text().remove(u'&').contains(QStringLiteral("first 32 tokens")),
                 qPrintable(keep->text()));
        keep->click();
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QCOMPARE(trace->tokens.size(), std::size_t(32));
        QVERIFY(window.document()->session().truncate);
        QVERIFY(!keep->isVisible());
    }

    void showsAModelSession_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("heads");
        QTest::newRow("F32, 2 heads") << QStringLiteral("f32_prefix") << 2;
        QTest::newRow("F16, 4 heads") << QStringLiteral("f16_plain") << 4;
        QTest::newRow("BF16, 1 head") << QStringLiteral("bf16_noconfig") << 1;
    }

    void showsAModelSession()
    {
        QFETCH(QString, fixture);
        QFETCH(int, heads);
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->setSession(modelSession(fixture));
        // Until the checkpoint is read, the status bar says so.
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("model.safetensors")));
        const auto trace = waitForTrace(window);
        QVERIFY(trace);
        QVERIFY(window.modelRun());
        QCOMPARE(int(trace->heads.size()), heads);
        QCOMPARE(trace->tokens.size(), std::size_t(7));
        QCOMPARE(trace->tokenIds.front(), std::int64_t(16));
        QVERIFY(!messageShown(window, QStringLiteral("cannot be computed")));
        QCOMPARE(window.layerBox()->maximum(), 2);
        // The session panel shows the checkpoint, not the random module's keys.
        auto* controls = window.findChild<ControlPanel*>();
        QVERIFY(controls);
        QVERIFY(!controls->controlFor(QStringLiteral("num_heads"))->isVisibleTo(controls));
        QVERIFY(!controls->controlFor(QStringLiteral("weight_seed"))->isVisibleTo(controls));
        QVERIFY(controls->controlFor(QStringLiteral("sentence"))->isVisibleTo(controls));
        auto* info = window.findChild<ModelInfoBox*>();
        QVERIFY(info && info->isVisibleTo(controls));
        QVERIFY(info->text().contains(QStringLiteral("n_head = %1").arg(heads)));
        QVERIFY(window.showPage(QStringLiteral("weights")));
        auto* weights = qobject_cast<FigurePage*>(window.pages()->currentWidget());
        QVERIFY(weights);
        QVERIFY(!weights->currentFigures().empty());
        QVERIFY(window.showPage(QStringLiteral("next_token")));
        auto* next = findPage<NextTokensPage>(window);
        QCOMPARE(next->shown().size(), std::size_t(10));
        // Back to the random module: the model pages go away again.
        window.document()->setSession(Session{});
        QVERIFY(waitForTrace(window));
        QVERIFY(!window.modelRun());
        QVERIFY(!window.pages()->isTabVisible(window.pages()->indexOf(next)));
    }

    void layerSelectorChangesTheTrace()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->setSession(modelSession(QStringLiteral("f16_plain")));
        const auto first = waitForTrace(window);
        QVERIFY(first);
        const auto run = window.modelRun();
        QCOMPARE(first->inputs, run->trace->layers[0]->inputs);
        window.layerBox()->setValue(2);
        const auto second = waitForTrace(window);
        QVERIFY(second);
        QCOMPARE(second->inputs, run->trace->layers[1]->inputs);
        QVERIFY(second->heads[0].queries != first->heads[0].queries);
        QCOMPARE(window.modelRun(), run); // the forward was kept, only the layer recomputed
        QVERIFY(window.showPage(QStringLiteral("weights")));
        auto* weights = qobject_cast<FigurePage*>(window.pages()->currentWidget());
        QCOMPARE(weights->currentFigures().front().panels.front().matrix.get(),
                 headTensor(*second, 0, HeadTensor::Weights).get());
    }

    void thumbnailChoosesLayerAndHead()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->setSession(modelSession(QStringLiteral("f16_plain")));
        QVERIFY(waitForTrace(window));
        auto* view = findPage<ModelViewPage>(window);
        QVERIFY(view);
        QSignalSpy ready(view, &ModelViewPage::thumbnailsReady);
        QVERIFY(window.showPage(QStringLiteral("model_view")));
        QVERIFY(ready.wait(20000));
        QCOMPARE(view->grid()->thumbnailCount(), 2 * 4);
        QSignalSpy shown(&window, &MainWindow::traceShown);
        QTest::mouseClick(view->grid(), Qt::LeftButton, {}, view->grid()->cellRect(1, 2).center());
        QVERIFY(shown.wait(20000));
        QCOMPARE(window.layerBox()->value(), 2);
        QCOMPARE(window.headBox()->value(), 3);
        auto* page = qobject_cast<FigurePage*>(window.pages()->currentWidget());
        QVERIFY(page);
        QCOMPARE(page->definition().id, QStringLiteral("weights"));
        QCOMPARE(window.trace()->inputs, window.modelRun()->trace->layers[1]->inputs);
    }

    // On a checkpoint the walkthrough is the model's own (issue 22, item 4): a page chosen in the
    // window (a thumbnail opens the weights) shows the model's step for it, and no step speaks
    // of what a checkpoint does not have (the seed's random weights, its sorted vocabulary, a
    // step without trainable weights, the article's SelfAttention module).
    void walkthroughSpeaksOfTheModel()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        auto* walkthrough = window.findChild<WalkthroughPanel*>();
        QVERIFY(walkthrough);
        QVERIFY(walkthrough->steps().size() == WalkthroughCatalog::steps().size());
        window.document()->setSession(modelSession(QStringLiteral("f32_prefix")));
        QVERIFY(waitForTrace(window));
        const std::vector<WalkthroughStep> model = WalkthroughCatalog::modelSteps();
        QCOMPARE(walkthrough->steps().size(), model.size());
        for (std::size_t i = 0; i < model.size(); ++i)
            QCOMPARE(walkthrough->steps()[i].id, model[i].id);
        for (const WalkthroughStep& step : model)
            for (const char* seedOnly : {"sorted", "no trainable weights", "SelfAttention module",
                                         "torch.manual_seed", "untrained"})
                QVERIFY2(!step.explanation.contains(QLatin1StringView(seedOnly)),
                         qPrintable(step.id + QStringLiteral(": ") + QLatin1StringView(seedOnly)));
        QVERIFY(window.showPage(QStringLiteral("weights")));
        QCOMPARE(walkthrough->titleText(), model[4].title); // scaling, the mask and softmax
        QVERIFY(window.showPage(QStringLiteral("next_token")));
        QCOMPARE(walkthrough->titleText(), model[8].title);
        QVERIFY(window.showPage(QStringLiteral("head_roles")));
        QCOMPARE(walkthrough->titleText(), model[9].title);           // the heads' roles
        QCOMPARE(model.back().id, QStringLiteral("induction-forms")); // then the training lab
        // Back to the random module: its own steps again.
        window.document()->setSession(Session{});
        QVERIFY(waitForTrace(window));
        QCOMPARE(walkthrough->steps().size(), WalkthroughCatalog::steps().size());
    }

    // The deck and presentation mode work on a model session: the deck is written (the engine
    // alone refuses model sessions), presentation mode shows the step pages and model pages.
    void deckAndPresentation()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->setSession(modelSession(QStringLiteral("f16_plain")));
        QVERIFY(waitForTrace(window));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.pdf"));
        QCOMPARE(window.exportDeck(path, false), QString());
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF"));

        auto* view = findPage<ModelViewPage>(window);
        QSignalSpy ready(view, &ModelViewPage::thumbnailsReady);
        QVERIFY(window.showPage(QStringLiteral("model_view")));
        QVERIFY(ready.wait(20000));
        // In presentation mode a step page is a slide of its main figure; a model page is shown
        // itself, large.
        window.showPage(QStringLiteral("weights"));
        window.setPresentationMode(true);
        QVERIFY(window.presentationStage()->isVisible());
        window.showPage(QStringLiteral("model_view"));
        QVERIFY(!window.presentationStage()->isVisible());
        QVERIFY(view->isVisible());
        window.setPresentationMode(false);
    }

    // --layer: the first forward is shown on the layer asked for; one beyond the checkpoint's
    // shows the last layer and says so.
    void startLayer_data()
    {
        QTest::addColumn<int>("asked"); // from 0
        QTest::addColumn<int>("shown"); // from 1
        QTest::newRow("layer 2 of 2") << 1 << 2;
        QTest::newRow("layer 6 of 2") << 5 << 2;
    }
    void startLayer()
    {
        QFETCH(int, asked);
        QFETCH(int, shown);
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->setSession(modelSession(QStringLiteral("f16_plain")));
        window.setStartLayer(asked);
        QVERIFY(waitForTrace(window));
        QTRY_COMPARE(window.layerBox()->value(), shown);
        QCOMPARE(window.trace()->inputs, window.modelRun()->trace->layers[1]->inputs);
        QCOMPARE(window.statusBar()->currentMessage().contains(QStringLiteral("does not exist")),
                 asked + 1 != shown);
    }

    void brokenCheckpointIsAMessage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("absurd header length")
            << QByteArray("\xff\xff\xff\xff\xff\xff\xff\x7f{}", 10);
        QTest::newRow("header not JSON") << (QByteArray("\x08\0\0\0\0\0\0\0", 8) + "not json");
    }

    void brokenCheckpointIsAMessage()
    {
        QFETCH(QByteArray, bytes);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.safetensors"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        MainWindow window;
        window.show();
        const auto before = waitForTrace(window);
        QVERIFY(before);
        QSignalSpy refused(window.computeService(), &ComputeService::sessionRefused);
        Session s;
        s.model = path.toStdString();
        s.tokenizer = TokenizerKind::Gpt2;
        s.sentence = "1,2";
        window.document()->setSession(s);
        QVERIFY(refused.wait(20000));
        // No stale figures (issue 22, item 3): the seed module's pages would pass for the model's.
        QVERIFY(!window.trace());
        QVERIFY(!window.run());
        QVERIFY(!window.pages()->isVisible());
        QVERIFY(messageShown(window, QStringLiteral("broken.safetensors")));
        QVERIFY(!window.modelRun());
        // The window's banner keeps its text's height with no pages under it (it took the
        // pages' room, its text in the middle of a blue block).
        QLabel* banner = shownLabel(window, QStringLiteral("cannot be computed"));
        QVERIFY(banner);
        QTRY_VERIFY2(banner->height() <= banner->heightForWidth(banner->width()) + 1,
                     qPrintable(QStringLiteral("%1 px for %2 px of text")
                                    .arg(banner->height())
                                    .arg(banner->heightForWidth(banner->width()))));
    }

    // File > Open Model…, Open Recent, drag and drop and Open Session… all open a model the same
    // way (issue 22, item 2): a checkpoint file, its folder or its config.json becomes an untitled
    // session that is not modified (quitting asks nothing, item 3), on the sentence shown.
    void opensAModel_data()
    {
        QTest::addColumn<QString>("target"); // relative to the fixture's folder
        QTest::newRow("checkpoint file") << QStringLiteral("model.safetensors");
        QTest::newRow("folder") << QStringLiteral(".");
        QTest::newRow("config.json") << QStringLiteral("config.json");
    }

    void opensAModel()
    {
        QFETCH(QString, target);
        const QString folder = fixturePath(QStringLiteral("gpt2/f32_prefix"));
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        window.document()->edit([](Session& s) { s.sentence = "1,2,3"; });
        QVERIFY(waitForTrace(window));
        QVERIFY(window.document()->isModified());
        QVERIFY(window.openSession(QDir(folder).filePath(target)));
        QVERIFY(waitForTrace(window));
        QVERIFY(window.modelRun());
        QCOMPARE(window.document()->session().sentence, std::string("1,2,3"));
        QVERIFY(!window.document()->isModified());
        QVERIFY(window.document()->filePath().isEmpty());
        QCOMPARE(QFileInfo(QString::fromStdString(window.document()->session().model))
                     .canonicalFilePath(),
                 QFileInfo(target == QLatin1StringView("model.safetensors")
                               ? QDir(folder).filePath(target)
                               : folder)
                     .canonicalFilePath());
    }

    // --model FILE in the window: an untitled session of command-line keys, not modified.
    void commandLineModelIsNotModified()
    {
        MainWindow window;
        window.show();
        QVERIFY(waitForTrace(window));
        QJsonObject keys;
        keys[QStringLiteral("model")] =
            fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors"));
        keys[QStringLiteral("sentence")] = QStringLiteral("1,2,3"); // within its vocabulary
        QVERIFY(window.openSession(QString(), keys));
        QVERIFY(waitForTrace(window));
        QVERIFY(window.modelRun());
        QVERIFY(!window.document()->isModified());
    }
};

QTEST_MAIN(TestModelWindow)
#include "tst_modelwindow.moc"
