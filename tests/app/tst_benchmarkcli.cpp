// --benchmark runs and prints one JSON object with every documented key as its last line.
// Speed itself is measured by scripts/bench_compare.py, never asserted in a test.
#include "SgemmFigures.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {

// The last line of `attention-explorer --benchmark flags`, offscreen, with `env` added to the
// environment, as JSON: empty when the run fails or its last line is not JSON.
QJsonObject benchmarkJson(const QStringList& flags, const QList<QPair<QString, QString>>& env = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    for (const auto& [name, value] : env)
        environment.insert(name, value);
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(AE_EXECUTABLE),
                  QStringList{QStringLiteral("--benchmark")} + flags);
    if (!process.waitForFinished(120000) || process.exitCode() != 0)
        return {};
    const QList<QByteArray> lines = process.readAllStandardOutput().trimmed().split('\n');
    QJsonParseError error;
    const QJsonObject result = QJsonDocument::fromJson(lines.last(), &error).object();
    return error.error == QJsonParseError::NoError ? result : QJsonObject{};
}

} // namespace

class TestBenchmarkCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void printsJson_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("causal") << QStringList{QStringLiteral("--causal"), QStringLiteral("true")};
        // The flash kernel refuses the renormalising mask that the benchmark's control change
        // would choose: it then changes the weight seed instead (it waited forever).
        QTest::newRow("causal, flash kernel")
            << QStringList{QStringLiteral("--causal"), QStringLiteral("true"),
                           QStringLiteral("--kernel"), QStringLiteral("flash")};
    }
    void printsJson()
    {
        QFETCH(QStringList, flags);
        const QJsonObject result = benchmarkJson(flags);
        QVERIFY2(!result.isEmpty(), "--benchmark failed or printed no JSON");
        for (const char* key :
             {"forward_ms", "gflops", "embedding_ms", "init_ms", "render_ms", "ui_update_ms",
              "gui_max_block_ms", "gui_max_wait_ms", "peak_rss_mb", "complete_ms",
              "ui_update_to_neg_inf_ms", "ui_update_to_renormalize_ms"}) {
            QVERIFY2(result.value(QLatin1StringView(key)).isDouble(), key);
            QVERIFY2(result.value(QLatin1StringView(key)).toDouble() >= 0, key);
        }
        const QString sgemm = ae::test::sgemmFiguresProblem(result);
        QVERIFY2(sgemm.isEmpty(), qPrintable(sgemm));
        QCOMPARE(result.value(QStringLiteral("tokens")).toInt(), 6);
        QCOMPARE(result.value(QStringLiteral("num_heads")).toInt(), 1);
        QCOMPARE(result.value(QStringLiteral("d_in")).toInt(), 3);
        QVERIFY(result.value(QStringLiteral("causal")).toBool());
        // The flash page's stepper is timed only with the flash kernel.
        const bool flash = flags.contains(QStringLiteral("flash"));
        for (const char* key : {"flash_step_ms", "gui_max_block_flash_step_ms"})
            QVERIFY2(flash ? result.value(QLatin1StringView(key)).toDouble() > 0
                           : !result.contains(QLatin1StringView(key)),
                     key);
    }

    // `products` says what computed the large products: with OpenBLAS pinned to its Haswell
    // kernel and chosen for every tile, that kernel by name (or Eigen, in a build without
    // OpenBLAS); as it comes, some kernel.
    void namesTheProductKernels()
    {
        for (const bool pinned : {true, false}) {
            const QJsonObject result =
                pinned ? benchmarkJson(
                             {}, {{QStringLiteral("OPENBLAS_CORETYPE"), QStringLiteral("Haswell")},
                                  {QStringLiteral("AE_GEMM"), QStringLiteral("openblas")}})
                       : benchmarkJson({});
            QVERIFY2(!result.isEmpty(), "--benchmark failed or printed no JSON");
            const QString products = result.value(QStringLiteral("products")).toString();
            if (pinned)
                QVERIFY2(products == QStringLiteral("openblas Haswell") ||
                             products == QStringLiteral("eigen"),
                         qPrintable(products));
            else
                QVERIFY2(
                    products == QStringLiteral("eigen") ||
                        (products.startsWith(QStringLiteral("openblas ")) && products.size() > 9),
                    qPrintable(products));
        }
    }

    void refusesAnInvalidSession()
    {
        QProcess process;
        process.start(
            QStringLiteral(AE_EXECUTABLE),
            {QStringLiteral("--benchmark"), QStringLiteral("--num-heads"), QStringLiteral("3")});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 1);
        QVERIFY(process.readAllStandardError().contains("num_heads"));
    }
};

QTEST_GUILESS_MAIN(TestBenchmarkCli)
#include "tst_benchmarkcli.moc"
