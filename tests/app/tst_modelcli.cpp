// The command line with a GPT-2 checkpoint (spec gpt2.md §2-§3), run as a separate
// process on a fixture checkpoint: the dump's keys and shapes, the model path relative to
// the session file, refusals with exit 1 (invalid session or checkpoint) and 2 (no file),
// and --benchmark's figures. The numbers themselves are checked against PyTorch in
// tests/core/tst_gpt2forward.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include "CliRun.h"
#include "SgemmFigures.h"
#include "ZeroCheckpoint.h"

namespace {

QString fixture(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR "/gpt2/") + relative;
}

// A folder with the F32 fixture checkpoint, its config.json and a session naming it relatively.
QString prepare(const QTemporaryDir& dir, const QByteArray& session, const QByteArray& model = {})
{
    QFile::copy(fixture(QStringLiteral("f32_prefix/config.json")),
                dir.filePath(QStringLiteral("config.json")));
    if (model.isEmpty()) {
        QFile::copy(fixture(QStringLiteral("f32_prefix/model.safetensors")),
                    dir.filePath(QStringLiteral("model.safetensors")));
    } else {
        QFile f(dir.filePath(QStringLiteral("model.safetensors")));
        f.open(QIODevice::WriteOnly);
        f.write(model);
    }
    const QString path = dir.filePath(QStringLiteral("session.json"));
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(session);
    return path;
}

// --benchmark on a session of the fixture checkpoint with `sentence`: the run, and the figures
// it printed (empty when it failed).
Run benchmark(const QByteArray& sentence, QJsonObject& figures)
{
    QTemporaryDir dir;
    const QString session =
        prepare(dir, R"({"model": "model.safetensors", "sentence": ")" + sentence + R"("})");
    const Run r = run({QStringLiteral("--session"), session, QStringLiteral("--benchmark")});
    figures = r.exitCode == 0 ? QJsonDocument::fromJson(r.out).object() : QJsonObject();
    return r;
}

} // namespace

class TestModelCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dumpHasEveryKeyOfTheContract()
    {
        QTemporaryDir dir;
        const QString session =
            prepare(dir, R"({"model": "model.safetensors", "sentence": "a b c"})");
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r =
            run({QStringLiteral("--session"), session, QStringLiteral("--dump-json"), out});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject dump = QJsonDocument::fromJson(file.readAll()).object();

        const QJsonArray tokens = dump.value(QLatin1StringView("tokens")).toArray();
        const QJsonArray ids = dump.value(QLatin1StringView("token_ids")).toArray();
        const qsizetype T = tokens.size();
        QVERIFY(T > 0);
        QCOMPARE(ids.size(), T);
        const QJsonObject model = dump.value(QLatin1StringView("model")).toObject();
        QCOMPARE(model.value(QLatin1StringView("n_layer")).toInt(), 2);
        QCOMPARE(model.value(QLatin1StringView("n_head")).toInt(), 2);
        QCOMPARE(model.value(QLatin1StringView("n_embd")).toInt(), 16);
        QCOMPARE(model.value(QLatin1StringView("n_ctx")).toInt(), 32);
        QCOMPARE(model.value(QLatin1StringView("vocab_size")).toInt(), 300);
        QCOMPARE(model.value(QLatin1StringView("dtype")).toString(), QStringLiteral("F32"));

        const QJsonArray layers = dump.value(QLatin1StringView("layers")).toArray();
        QCOMPARE(layers.size(), 2);
        for (const QJsonValue& layer : layers) {
            const QJsonArray heads = layer.toObject().value(QLatin1StringView("heads")).toArray();
            QCOMPARE(heads.size(), 2);
            for (const QJsonValue& head : heads) {
                for (const char* key : {"queries", "keys", "values"}) {
                    const QJsonArray m = head.toObject().value(QLatin1StringView(key)).toArray();
                    QCOMPARE(m.size(), T);
                    QCOMPARE(m.first().toArray().size(), 8); // head_dim = 16 / 2
                }
                const QJsonArray weights =
                    head.toObject().value(QLatin1StringView("attn_weights")).toArray();
                QCOMPARE(weights.size(), T);
                QCOMPARE(weights.last().toArray().size(), T);
                QCOMPARE(weights.first().toArray().at(1).toDouble(), 0.0); // causal
            }
        }

        const QJsonArray next = dump.value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(next.size(), 10);
        double previous = 1.0, sum = 0;
        for (const QJsonValue& v : next) {
            const QJsonObject n = v.toObject();
            QVERIFY(n.contains(QLatin1StringView("token")));
            const qint64 id = n.value(QLatin1StringView("id")).toInteger(-1);
            QVERIFY(id >= 0 && id < 300);
            const double p = n.value(QLatin1StringView("prob")).toDouble();
            QVERIFY(p > 0 && p <= previous);
            previous = p;
            sum += p;
        }
        QVERIFY(sum <= 1.0 + 1e-6);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::addColumn<QByteArray>("model"); // empty: the good fixture
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("longer than n_ctx")
            << QByteArray(R"({"model": "model.safetensors", "sentence": "a)" +
                          QByteArray(" a").repeated(32) + R"("})")
            << QByteArray() << 1 << QStringLiteral("n_ctx = 32");
        QTest::newRow("random-module key")
            << QByteArray(R"({"model": "model.safetensors", "num_heads": 3})") << QByteArray() << 1
            << QStringLiteral("num_heads configures the random attention module");
        QTest::newRow("source_sentence")
            << QByteArray(R"({"model": "model.safetensors", "source_sentence": "x"})")
            << QByteArray() << 1 << QStringLiteral("source_sentence");
        QTest::newRow("truncated checkpoint")
            << QByteArray(R"({"model": "model.safetensors"})")
            << QByteArray("\x08\0\0\0\0\0\0\0{}", 10) << 1 << QStringLiteral("model.safetensors");
        QTest::newRow("no such checkpoint")
            << QByteArray(R"({"model": "elsewhere/none.safetensors"})") << QByteArray() << 2
            << QStringLiteral("none.safetensors");
    }
    void refusals()
    {
        QFETCH(QByteArray, session);
        QFETCH(QByteArray, model);
        QFETCH(int, exitCode);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString path = prepare(dir, session, model);
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run r = run({QStringLiteral("--session"), path, QStringLiteral("--dump-json"), out});
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromLocal8Bit(r.err).contains(fragment), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }

    // A sentence longer than the model reads is refused with the way out; --truncate (or the
    // session key) keeps its first n_ctx tokens, those the whole sentence starts with.
    void truncateKeepsTheFirstTokens()
    {
        QTemporaryDir dir;
        const QString session = prepare(dir, R"({"model": "model.safetensors", "sentence": "a)" +
                                                 QByteArray(" a b").repeated(20) + R"("})");
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        const Run refused =
            run({QStringLiteral("--session"), session, QStringLiteral("--dump-json"), out});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("keep its first 32 tokens (--truncate"),
                 refused.err.constData());
        const Run kept = run({QStringLiteral("--session"), session, QStringLiteral("--truncate"),
                              QStringLiteral("--dump-json"), out});
        QVERIFY2(kept.exitCode == 0, kept.err.constData());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray ids = QJsonDocument::fromJson(file.readAll())
                                   .object()
                                   .value(QLatin1StringView("token_ids"))
                                   .toArray();
        QCOMPARE(ids.size(), 32);
        // "a", then " a", " b" again and again: the 32nd token is " a".
        QCOMPARE(ids.at(31).toInteger(), ids.at(1).toInteger());
        // The benchmark times typing on the truncated text too: the last word taken off a
        // text longer than n_ctx still leaves n_ctx tokens (it ran past the context before).
        const Run timed = run({QStringLiteral("--session"), session, QStringLiteral("--truncate"),
                               QStringLiteral("--benchmark")});
        QVERIFY2(timed.exitCode == 0, timed.err.constData());
        const QJsonObject figures = QJsonDocument::fromJson(timed.out).object();
        QCOMPARE(figures.value(QLatin1StringView("tokens")).toInt(), 32);
        QCOMPARE(figures.value(QLatin1StringView("prefix_reused_tokens")).toInt(), 32);
        // Without a model there is nothing to truncate to: refused, naming the key.
        const Run seed = run({QStringLiteral("--truncate"), QStringLiteral("--dump-json"), out});
        QCOMPARE(seed.exitCode, 1);
        QVERIFY2(seed.err.contains("truncate applies only with model"), seed.err.constData());
    }

    // The memory guard covers model runs (issue 23 §6): 16,384 tokens of a model that
    // reads that many would derive T x T weights of 1 GB each for the views, so the run is
    // refused before the forward, with the estimate and the limit, exit 2.
    void memoryGuardRefusesBeforeTheForward()
    {
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("model.safetensors"));
        QVERIFY(ae::test::writeZeroCheckpoint(model, {QStringLiteral("F32"), 8, 16384, 50257}));
        const QString out = dir.filePath(QStringLiteral("dump.json"));
        QElapsedTimer timer;
        timer.start();
        const Run r = run({QStringLiteral("--model"), model, QStringLiteral("--sentence"),
                           QStringLiteral("a") + QStringLiteral(" a").repeated(16383),
                           QStringLiteral("--dump-json"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("this run would need") && r.err.contains("T=16384") &&
                     r.err.contains("the limit is 1.50 GB"),
                 r.err.constData());
        QVERIFY(!QFile::exists(out));
        QVERIFY2(timer.elapsed() < 10000, "refused only after computing");
        // The same checkpoint with a short sentence runs.
        const Run small =
            run({QStringLiteral("--model"), model, QStringLiteral("--sentence"),
                 QStringLiteral("a b c"), QStringLiteral("--dump-json"), QStringLiteral("-")});
        QVERIFY2(small.exitCode == 0, small.err.constData());
    }

    // Weights widened from F16 into the process's own memory are estimated before they are
    // converted: a 1 GB F16 token table (2 GB as float32) is refused at once, exit 2.
    void wideningPastTheGuardIsRefused()
    {
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("model.safetensors"));
        QVERIFY(ae::test::writeZeroCheckpoint(model, {QStringLiteral("F16"), 512, 8, 1 << 20}));
        QElapsedTimer timer;
        timer.start();
        const Run r =
            run({QStringLiteral("--model"), model, QStringLiteral("--sentence"),
                 QStringLiteral("a b"), QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("converting its weights to float32 in memory would take") &&
                     r.err.contains("the limit is"),
                 r.err.constData());
        QVERIFY(r.out.isEmpty());
        QVERIFY2(timer.elapsed() < 10000, "refused only after converting");
    }

    void modelFlagIsRelativeToTheWorkingFolder()
    {
        QTemporaryDir dir;
        prepare(dir, "{}");
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(QStringLiteral(AE_EXECUTABLE),
                      {QStringLiteral("--model"), QStringLiteral("model.safetensors"),
                       QStringLiteral("--sentence"), QStringLiteral("a b"),
                       QStringLiteral("--dump-json"), QStringLiteral("-")});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const QJsonObject dump = QJsonDocument::fromJson(process.readAllStandardOutput()).object();
        QCOMPARE(dump.value(QLatin1StringView("token_ids")).toArray().size(), 2);
    }

    void benchmarkPrintsItsFigures()
    {
        QJsonObject figures;
        const Run r = benchmark("a b c d", figures);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char* key :
             {"forward_ms", "gflops", "init_ms", "peak_rss_mb", "first_forward_ms",
              "prefix_forward_ms", "prefix_forward_delete_ms", "ui_update_ms", "gui_max_block_ms",
              "gui_max_wait_ms", "ui_update_model_view_ms", "ui_update_weights_ms",
              "ui_update_head_view_ms",
              // heads.md's analyses (HeadsBenchmark.h)
              "detect_ms", "ablate_all_ms", "generate_ms_per_token", "generate_prefix_ms_per_token",
              "generate_scratch_ms_per_token",
              // the analysis pages in the window
              "ui_update_head_roles_ms", "gui_max_block_head_roles_ms", "window_ablate_all_ms",
              "gui_max_block_ablate_all_ms", "window_generate_ms", "gui_max_block_generate_ms",
              // an edit at the start: the whole forward again
              "ui_update_edit_start_ms", "gui_max_block_edit_start_ms", "edit_start_forward_ms",
              // the longest blocks' time on a core and queued for one
              "gui_max_block_cpu_ms", "gui_max_block_queued_ms", "gui_max_block_generate_cpu_ms",
              "gui_max_block_generate_queued_ms",
              // the first edit on a heap given back to the system
              "gui_max_block_first_edit_ms", "gui_max_block_first_edit_cpu_ms",
              "gui_max_block_first_edit_queued_ms"})
            QVERIFY2(figures.value(QLatin1StringView(key)).toDouble(-1) >= 0, key);
        const QString sgemm = ae::test::sgemmFiguresProblem(figures);
        QVERIFY2(sgemm.isEmpty(), qPrintable(sgemm));
        // A block's split is part of it (a little slack: the clocks are read a moment apart).
        for (const char* block :
             {"gui_max_block", "gui_max_block_generate", "gui_max_block_first_edit"}) {
            const auto figure = [&](const char* suffix) {
                return figures.value(QLatin1StringView(block) + QLatin1StringView(suffix))
                    .toDouble();
            };
            QVERIFY2(figure("_cpu_ms") + figure("_queued_ms") <= figure("_ms") + 1.0, block);
        }
        // The longest events, of the typing and while generating, with their CPU time, their
        // time queued for a core and the GUI thread's waits and preemptions.
        for (const char* key : {"gui_max_event", "gui_max_event_generate"})
            QVERIFY2(
                figures.value(QLatin1StringView(key))
                    .toString()
                    .contains(QRegularExpression(QStringLiteral(
                        R"(: [0-9.]+ ms \([0-9.]+ ms on the CPU, [0-9.]+ queued for it, \d+ waits, )"
                        R"(\d+ preemptions\)$)"))),
                key);
        // The edit at the start is shown after its forward has run, never before, on every
        // page measured; the overall figure is the page with the most beyond its forward.
        QVERIFY(figures.value(QLatin1StringView("ui_update_edit_start_ms")).toDouble() >=
                figures.value(QLatin1StringView("edit_start_forward_ms")).toDouble());
        const auto extra = [&](const QString& suffix) {
            return figures.value(QStringLiteral("ui_update_edit_start") + suffix).toDouble() -
                   figures.value(QStringLiteral("edit_start_forward") + suffix).toDouble();
        };
        for (const char* page : {"model_view", "weights", "head_view", "head_roles"}) {
            const QString suffix = u'_' + QLatin1StringView(page) + QStringLiteral("_ms");
            QVERIFY2(figures.contains(QStringLiteral("ui_update_edit_start") + suffix), page);
            QVERIFY2(figures.value(QStringLiteral("edit_start_forward") + suffix).toDouble() > 0,
                     page);
            QVERIFY2(extra(suffix) >= 0, page);
            QVERIFY2(extra(suffix) <= extra(QStringLiteral("_ms")), page);
        }
        // "b c d" shares no token with "a b c d" at its start: the edits reused nothing.
        QCOMPARE(figures.value(QLatin1StringView("edit_start_reused_tokens")).toInt(-1), 0);
        // Twenty tokens, or as many as the context leaves.
        QVERIFY(figures.value(QLatin1StringView("window_generated_tokens")).toInt() > 0);
        QCOMPARE(figures.value(QLatin1StringView("tokens")).toInt(), 4); // "a", " b", " c", " d"
        // Typing "a b c" -> "a b c d" reuses the 3 tokens of "a b c".
        QCOMPARE(figures.value(QLatin1StringView("prefix_reused_tokens")).toInt(), 3);
        // The weights page of the selected layer shows heatmaps: the benchmark measured them.
        QVERIFY(figures.value(QLatin1StringView("visible_heatmaps_weights")).toInt() > 0);
    }

    // A text that repeats itself has an "edit at the start" that is no edit there: "a a a" is
    // the first three tokens of "a a a a", which the forward reuses, and the figures say so.
    void benchmarkCountsAnEditAtTheStartThatReuses()
    {
        QJsonObject figures;
        const Run r = benchmark("a a a a", figures);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(figures.value(QLatin1StringView("edit_start_reused_tokens")).toInt(-1), 3);
    }
};

QTEST_GUILESS_MAIN(TestModelCli)
#include "tst_modelcli.moc"
