// The training lab's data streams and sessions: randperm, induction batches and text windows
// equal PyTorch's ids; sessions refused naming the key; the checkpoint written, reopened as the
// book's model with the same forward, and resumed from.
#include "TrainingFixture.h"

#include "BookCheckpoint.h"
#include "ModelTrace.h"
#include "TorchGenerator.h"
#include "TrainingCheckpoint.h"
#include "TrainingData.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QTemporaryDir>

using namespace trainingfixture;

class TestTrainingData : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void randperm();
    void batches_data();
    void batches();
    void refusals_data();
    void refusals();
    void unreadableTextFile();
    void checkpointRoundTrip();
};

void TestTrainingData::randperm()
{
    QFile f(dir() + QStringLiteral("randperm.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray cases = QJsonDocument::fromJson(f.readAll()).array();
    QVERIFY(!cases.isEmpty());
    for (const QJsonValue& c : cases) {
        ae::TorchGenerator g(std::uint64_t(c[QStringLiteral("seed")].toInteger()));
        const std::vector<std::int64_t> got = g.randperm(c[QStringLiteral("n")].toInteger());
        const QJsonArray want = c[QStringLiteral("perm")].toArray();
        QCOMPARE(got.size(), std::size_t(want.size()));
        for (std::size_t i = 0; i < got.size(); ++i)
            QCOMPARE(got[i], want[qsizetype(i)].toInteger());
    }
}

void TestTrainingData::batches_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("induction") << QStringLiteral("induction_small");
    QTest::newRow("chars, stride 4, shuffled") << QStringLiteral("text_chars");
}

void TestTrainingData::batches()
{
    QFETCH(QString, name);
    const ae::TrainingConfig config = session(name);
    const QJsonArray want = expected(name).value(QStringLiteral("batches")).toArray();
    QVERIFY(!want.isEmpty());
    std::optional<ae::InductionStream> induction;
    std::optional<ae::TextCorpus> text;
    if (config.task == ae::TrainingConfig::TaskKind::Text)
        text.emplace(config);
    else
        induction.emplace(config);
    for (int step = 0; step < want.size(); ++step) {
        const ae::TokenBatch got = text ? text->trainBatch(step) : induction->next();
        for (const char* part : {"inputs", "targets"}) {
            const QJsonArray rows = want[step][QLatin1StringView(part)].toArray();
            const std::vector<std::int64_t>& ids = part[0] == 'i' ? got.inputs : got.targets;
            QCOMPARE(got.rows, int(rows.size()));
            for (int r = 0; r < got.rows; ++r)
                for (int c = 0; c < got.cols; ++c)
                    QCOMPARE(ids[std::size_t(r * got.cols + c)], rows[r][c].toInteger());
        }
    }
}

void TestTrainingData::refusals_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("key");
    QTest::newRow("unknown top key") << QByteArray(R"({"init_sed": 1})") << "init_sed";
    QTest::newRow("unknown nested key")
        << QByteArray(R"({"model": {"layers": 2}})") << "model.layers";
    QTest::newRow("wrong type") << QByteArray(R"({"train": {"lr": "fast"}})") << "train.lr";
    QTest::newRow("fraction of a step")
        << QByteArray(R"({"train": {"steps": 1.5}})") << "train.steps";
    QTest::newRow("unknown kind") << QByteArray(R"({"task": {"kind": "copy"}})") << "task.kind";
    QTest::newRow("heads not dividing")
        << QByteArray(R"({"model": {"n_heads": 3}})") << "model.n_heads";
    QTest::newRow("context shorter than the period")
        << QByteArray(R"({"model": {"context_length": 32}})") << "model.context_length";
    QTest::newRow("text without file")
        << QByteArray(R"({"task": {"kind": "text"}})") << "task.text_file";
    QTest::newRow("text too short")
        << QByteArray(R"({"task": {"kind": "text", "text_file": "sample.txt", "max_length": 64}})")
        << "task.text_file";
    QTest::newRow("format") << QByteArray(R"({"format": "attention-explorer-session"})")
                            << "format";
    QTest::newRow("not an object") << QByteArray("[1]") << "";
}

void TestTrainingData::refusals()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, key);
    const ae::TrainingSessionResult r = ae::trainingSessionFromJson(json, dir());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.issues.front().key), key);
    if (!key.isEmpty())
        QVERIFY2(r.issues.front().message.contains(key), qPrintable(r.issues.front().message));
}

void TestTrainingData::unreadableTextFile()
{
    const ae::TrainingSessionResult r = ae::trainingSessionFromJson(
        R"({"task": {"kind": "text", "text_file": "no-such-file.txt"}})", dir());
    QVERIFY(!r.ok());
    QCOMPARE(r.issues.front().key, std::string("task.text_file"));
    QVERIFY(r.issues.front().message.contains(QStringLiteral("no-such-file.txt")));
}

// Saved, reopened by the book's loader: the same canonical weights, the same forward; and a
// session resumes from it.
void TestTrainingData::checkpointRoundTrip()
{
    ae::Trainer trainer(session(QStringLiteral("text_chars")));
    for (int s = 0; s < 3; ++s)
        trainer.step();
    QTemporaryDir tmp;
    const QString folder = tmp.filePath(QStringLiteral("ckpt"));
    QCOMPARE(ae::saveTrainingCheckpoint(trainer, folder), QString());
    const ae::ModelLoadResult loaded =
        ae::loadBookCheckpoint(folder + QStringLiteral("/model.safetensors"));
    QVERIFY2(loaded.model, qPrintable(loaded.error));
    const auto mine = trainer.model();
    const auto a = ae::transformerForward(mine, trainer.probeIds());
    const auto b = ae::transformerForward(loaded.model, trainer.probeIds());
    QVERIFY(ae::sameBits(a->lastLogits, b->lastLogits));
    QCOMPARE(ae::Trainer::resumeIssue(trainer.config(), *loaded.model), std::string());
    ae::Trainer resumed(trainer.config(), *loaded.model);
    const auto p = trainer.parameters(), q = resumed.parameters();
    for (std::size_t i = 0; i < p.size(); ++i)
        QVERIFY2(p[i].values == q[i].values, p[i].name.c_str());
}

QTEST_GUILESS_MAIN(TestTrainingData)
#include "tst_trainingdata.moc"
