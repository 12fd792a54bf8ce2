// The training lab as a user drives it: a session from the controls trains on the worker
// thread to the same losses as the engine trains it directly (the GUI path neither skips nor
// repeats a step), pauses and resumes where it stopped, records the probe at every evaluation
// point for the replay, refuses a session naming its key before any step, and opens the
// trained model in the explorer as a checkpoint that reads its own ids.

#include "BookCheckpoint.h"
#include "CurveChart.h"
#include "FigureWidget.h"
#include "MessageBoxAnswerer.h"
#include "ModelRegistry.h"
#include "Trainer.h"
#include "TrainingForm.h"
#include "TrainingWindow.h"
#include "TrainingWorker.h"
#include "TransformerModel.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace ae;

namespace {

// A small induction session (the fixture's shapes): quick, and past a few evaluation points.
TrainingConfig smallInduction(int steps)
{
    TrainingConfig c;
    c.vocabSize = 16;
    c.minPeriod = 3;
    c.maxPeriod = 6;
    c.nLayers = 2;
    c.nHeads = 2;
    c.embDim = 16;
    c.contextLength = 12;
    c.mlp = false;
    c.batchSize = 4;
    c.steps = steps;
    c.lr = 1e-2;
    c.evalEvery = 10;
    return c;
}

bool finished(const TrainingWindow& lab, int steps)
{
    return int(lab.losses().size()) == steps && !lab.worker()->isRunning();
}

// The lab trains smallInduction(steps) from the start; false when it did not finish in a minute.
bool trainSmall(TrainingWindow& lab, int steps)
{
    lab.form()->setConfig(smallInduction(steps));
    lab.reset();
    lab.startOrPause();
    return QTest::qWaitFor([&] { return finished(lab, steps); }, 60000);
}

// "Open in Explorer" (its action, as the menu triggers it): the folder the trained model was
// saved into, empty when none was announced within a minute.
QString openInExplorer(TrainingWindow& lab)
{
    QSignalSpy opened(&lab, &TrainingWindow::openModelRequested);
    QMetaObject::invokeMethod(&lab, [&lab] {
        for (QAction* action : lab.findChildren<QAction*>())
            if (action->text().contains(QStringLiteral("Explorer")))
                action->trigger();
    });
    if (!QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000))
        return {};
    return opened.front().front().toString();
}

} // namespace

class TestTrainingLab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void trainsAsTheEngineDoes()
    {
        TrainingWindow lab;
        lab.form()->setConfig(smallInduction(30));
        lab.reset();
        QVERIFY(lab.issueText().isEmpty());
        lab.startOrPause();
        QTRY_VERIFY_WITH_TIMEOUT(finished(lab, 30), 60000);

        Trainer direct(smallInduction(30));
        for (int s = 0; s < 30; ++s)
            QVERIFY(lab.losses()[std::size_t(s)] == direct.step());
        // The probe at step 0 and at every evaluation point: 10, 20, 30.
        QCOMPARE(int(lab.probes().size()), 4);
        QCOMPARE(lab.probes().back()->step, 30);
        const auto last = direct.probe();
        QVERIFY(lab.probes().back()->attnWeights == last->attnWeights);
        // The replay follows the newest point; moving it shows an earlier one.
        QCOMPARE(lab.replay()->value(), 3);
        auto* figure = lab.findChild<FigureWidget*>(QStringLiteral("probeHead"));
        QVERIFY(figure && !figure->figure().panels.empty());
        const QString newest = figure->figure().panels.front().title;
        QVERIFY(newest.contains(QStringLiteral("30")));
        lab.replay()->setValue(1);
        QVERIFY(figure->figure().panels.front().title.contains(QStringLiteral("10")));
        // Every head has a score curve with a point per evaluation.
        for (CurveChart* chart : lab.findChildren<CurveChart*>())
            if (chart->series().size() == 4)
                for (const CurveChart::Series& s : chart->series())
                    QCOMPARE(int(s.points.size()), 4);
    }

    void pausesAndResumes()
    {
        TrainingWindow lab;
        lab.form()->setConfig(smallInduction(400));
        lab.reset();
        // Paused as soon as 5 losses have arrived, from the progress that brings them (a poll
        // could come after all 400 steps: a step of this model takes well under a millisecond).
        // The worker then finishes the step in hand, reports it and says it stopped; its
        // isRunning() turns false at once, before that step's loss has arrived.
        QSignalSpy running(lab.worker(), &TrainingWorker::runningChanged);
        bool pausing = false;
        connect(lab.worker(), &TrainingWorker::progressed, &lab, [&] {
            if (!pausing && lab.losses().size() >= 5) {
                pausing = true;
                lab.startOrPause();
            }
        });
        lab.startOrPause();
        QTRY_VERIFY_WITH_TIMEOUT(pausing && !running.isEmpty() && !running.last().at(0).toBool(),
                                 60000);
        const std::size_t paused = lab.losses().size();
        QVERIFY(paused < 400);
        QTest::qWait(200);
        QCOMPARE(lab.losses().size(), paused); // nothing trains while paused
        lab.stepOnce();
        QTRY_COMPARE_WITH_TIMEOUT(lab.losses().size(), paused + 1, 60000);
        lab.startOrPause();
        QTRY_VERIFY_WITH_TIMEOUT(finished(lab, 400), 60000);
        Trainer direct(smallInduction(400));
        for (std::size_t s = 0; s < 400; ++s)
            QVERIFY(lab.losses()[s] == direct.step());
    }

    // A text task (the bundled rhyme, characters): validation losses and a sample of text
    // at each evaluation point, written in the text's own characters.
    void textTaskWritesSamples()
    {
        TrainingWindow lab;
        QVERIFY(lab.openSample(QStringLiteral(":/samples/training/rhyme.json")));
        TrainingConfig c = lab.form()->config();
        QCOMPARE(c.task, TrainingConfig::TaskKind::Text);
        c.steps = 20;
        c.evalEvery = 10;
        lab.form()->setConfig(c);
        lab.reset();
        lab.startOrPause();
        QTRY_VERIFY_WITH_TIMEOUT(finished(lab, 20), 60000);
        auto* samples = lab.findChild<QTextBrowser*>();
        QVERIFY(samples);
        const QString text = samples->toPlainText();
        for (const char* step : {"Step 0:", "Step 10:", "Step 20:"})
            QVERIFY2(text.contains(QLatin1StringView(step)), qPrintable(text));
        for (const QChar ch : text.mid(text.indexOf(QStringLiteral("Step 20:")) + 8))
            QVERIFY2(ch == QLatin1Char('\n') ||
                         c.text.find(QString(ch).toStdString()) != std::string::npos,
                     qPrintable(QString(ch)));
    }

    // Open text file: a UTF-8 file becomes the text task's text; a file that is not UTF-8 (as a
    // session's task.text_file) or cannot be read is refused naming it, the text kept.
    void opensATextFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString good = dir.filePath(QStringLiteral("poem.txt"));
        const QString bad = dir.filePath(QStringLiteral("photo.txt"));
        const std::string poem = "Twinkle, twinkle, little star — 小星星\n";
        for (const auto& [path, bytes] :
             {std::pair{good, QByteArray::fromStdString(poem)},
              std::pair{bad, QByteArray::fromRawData("\x89PNG\r\n\x1a\n\xff\xfe", 10)}}) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QCOMPARE(file.write(bytes), bytes.size());
        }
        TrainingWindow lab;
        lab.openText(good);
        QCOMPARE(lab.form()->config().text, poem);
        MessageBoxAnswerer answerer({QMessageBox::Ok, QMessageBox::Ok});
        lab.openText(bad);
        lab.openText(dir.filePath(QStringLiteral("missing.txt")));
        QCOMPARE(answerer.titles, (QStringList{QStringLiteral("Cannot Open Text"),
                                               QStringLiteral("Cannot Open Text")}));
        QVERIFY2(answerer.texts[0].contains(QStringLiteral("photo.txt is not UTF-8")),
                 qPrintable(answerer.texts[0]));
        QVERIFY2(answerer.texts[1].contains(QStringLiteral("cannot read")),
                 qPrintable(answerer.texts[1]));
        QCOMPARE(lab.form()->config().text, poem);
    }

    // Save Checkpoint into a folder that has a checkpoint already (a downloaded GPT-2's, say)
    // asks first: No leaves the files as they were, Yes replaces them with the trained model.
    void asksBeforeReplacingACheckpoint()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString config = dir.filePath(QStringLiteral("config.json"));
        {
            QFile file(config);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QVERIFY(file.write("{\"n_layer\": 12}") > 0);
        }
        TrainingWindow lab;
        QVERIFY(trainSmall(lab, 10));
        QSignalSpy saved(lab.worker(), &TrainingWorker::saved);
        {
            MessageBoxAnswerer answerer({QMessageBox::No});
            lab.saveCheckpointInto(dir.path());
            QCOMPARE(answerer.titles, QStringList{QStringLiteral("Replace Checkpoint?")});
            QVERIFY2(answerer.texts.front().contains(QStringLiteral("config.json")),
                     qPrintable(answerer.texts.front()));
        }
        QTest::qWait(100);
        QCOMPARE(saved.size(), 0);
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("model.safetensors"))));
        MessageBoxAnswerer answerer({QMessageBox::Yes});
        lab.saveCheckpointInto(dir.path());
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 60000);
        QCOMPARE(saved.front().at(1).toString(), QString());
        const ModelLoadResult loaded = loadModel(dir.path());
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        QCOMPARE(loaded.model->config().nLayer, 2);
    }

    void refusesNamingTheKey()
    {
        TrainingWindow lab;
        TrainingConfig bad = smallInduction(10);
        bad.nHeads = 3; // does not divide emb_dim 16
        lab.form()->setConfig(bad);
        lab.reset();
        QVERIFY2(lab.issueText().contains(QStringLiteral("n_heads")), qPrintable(lab.issueText()));
        lab.startOrPause();
        QTest::qWait(200);
        QVERIFY(lab.losses().empty());
    }

    void opensTheTrainedModel()
    {
        TrainingWindow lab;
        QVERIFY(trainSmall(lab, 10));
        const QString dir = openInExplorer(lab);
        QVERIFY(!dir.isEmpty());
        QVERIFY(dir.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        const ModelLoadResult loaded = loadModel(dir);
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        QCOMPARE(loaded.model->config().tokenizer, std::string("ids"));
        const ModelTokens tokens = modelTokens(*loaded.model, "3 15 0");
        QCOMPARE(tokens.ids, (std::vector<std::int64_t>{3, 15, 0}));
        QDir(dir).removeRecursively();
    }

    // Resume From Checkpoint: the lab trains on from the saved weights (its first probe is the
    // trained model's attention, not fresh weights'); a checkpoint of other shapes is refused.
    void resumesFromACheckpoint()
    {
        TrainingWindow trained;
        QVERIFY(trainSmall(trained, 10));
        const QString dir = openInExplorer(trained);
        QVERIFY(!dir.isEmpty());
        const auto last = trained.probes().back();
        QCOMPARE(last->step, 10);

        TrainingWindow lab;
        lab.form()->setConfig(smallInduction(10));
        lab.reset();
        QTRY_VERIFY_WITH_TIMEOUT(!lab.probes().empty(), 60000);
        const auto fresh = lab.probes().front();
        QVERIFY(fresh->attnWeights != last->attnWeights);
        MessageBoxAnswerer answerer({QMessageBox::Ok, QMessageBox::Ok, QMessageBox::Ok});
        // config.json, which the dialog offers too, stands for the model file beside it.
        lab.resumeFrom(QDir(dir).filePath(QStringLiteral("config.json")));
        QTRY_VERIFY_WITH_TIMEOUT((!lab.probes().empty() && lab.probes().front() != fresh) ||
                                     !answerer.texts.isEmpty(),
                                 10000);
        QVERIFY2(answerer.texts.isEmpty(), qPrintable(answerer.texts.join(u'\n')));
        QCOMPARE(lab.probes().front()->step, 0);
        QVERIFY(lab.probes().front()->attnWeights == last->attnWeights);

        TrainingWindow other;
        TrainingConfig fourHeads = smallInduction(10);
        fourHeads.nHeads = 4;
        other.form()->setConfig(fourHeads);
        other.reset();
        other.resumeFrom(QDir(dir).filePath(QStringLiteral("model.safetensors")));
        QTRY_COMPARE_WITH_TIMEOUT(answerer.titles, QStringList{QStringLiteral("Cannot Resume")},
                                  10000);
        QVERIFY2(answerer.texts.front().contains(QStringLiteral("\"model.n_heads\" is 4")),
                 qPrintable(answerer.texts.front()));
        // A file the loader refuses: its message, which names the file once.
        const QString notes = QDir(dir).filePath(QStringLiteral("notes.safetensors"));
        {
            QFile file(notes);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QVERIFY(file.write("not a checkpoint") > 0);
        }
        lab.resumeFrom(notes);
        QTRY_COMPARE_WITH_TIMEOUT(answerer.texts.size(), 2, 10000);
        QCOMPARE(answerer.titles.back(), QStringLiteral("Cannot Resume"));
        QVERIFY2(answerer.texts.back().count(QStringLiteral("notes.safetensors")) == 1,
                 qPrintable(answerer.texts.back()));
        QDir(dir).removeRecursively();
    }
};

QTEST_MAIN(TestTrainingLab)
#include "tst_traininglab.moc"
