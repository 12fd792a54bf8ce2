// --export, run as a separate process: every figure of the session in every format, with
// file names that say what each is; files that decode; clear failures.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

int run(const QStringList& arguments, QByteArray* err = nullptr)
{
    QProcess process;
    process.start(QStringLiteral(AE_EXECUTABLE), arguments);
    process.waitForFinished(120000);
    if (err)
        *err = process.readAllStandardError();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
}

} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyFigureInEveryFormat()
    {
        QTemporaryDir dir;
        const int code =
            run({QStringLiteral("--export"), dir.path(), QStringLiteral("--format"),
                 QStringLiteral("png,svg,pdf"), QStringLiteral("--scale"), QStringLiteral("2"),
                 QStringLiteral("--causal"), QStringLiteral("true"), QStringLiteral("--training"),
                 QStringLiteral("true"), QStringLiteral("--dropout"), QStringLiteral("0.5"),
                 QStringLiteral("--variant"), QStringLiteral("multihead-wrapper"),
                 QStringLiteral("--num-heads"), QStringLiteral("2")});
        QCOMPARE(code, 0);
        const QStringList files = QDir(dir.path()).entryList(QDir::Files);
        // At least: embeddings, scores, weights, mask and masked scores, dropout, context, the head
        // grid.
        for (const char* stem :
             {"01-embeddings", "03-attn_scores-head1", "04-mask", "04-masked_scores-head2",
              "05-attn_weights-head1", "06-dropout-head1", "07-context_vec-head2",
              "08-head_grid_attn_weights"}) {
            for (const char* suffix : {"@2x.png", ".svg", ".pdf"})
                QVERIFY2(files.contains(QLatin1StringView(stem) + QLatin1StringView(suffix)),
                         qPrintable(QLatin1StringView(stem) + QLatin1StringView(suffix) +
                                    QStringLiteral(" missing; have ") + files.join(u' ')));
        }
        QImage png(dir.filePath(QStringLiteral("05-attn_weights-head1@2x.png")));
        QVERIFY(!png.isNull());
        QVERIFY(png.width() >= 400);
        QFile pdf(dir.filePath(QStringLiteral("04-mask.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QFile svg(dir.filePath(QStringLiteral("03-attn_scores-head1.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().count("<rect") >= 36);
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("unknown format")
            << QStringList{QStringLiteral("--format"), QStringLiteral("png,gif")} << 2
            << QByteArray("gif");
        QTest::newRow("bad scale") << QStringList{QStringLiteral("--scale"), QStringLiteral("3")}
                                   << 2 << QByteArray("--scale");
        QTest::newRow("invalid session")
            << QStringList{QStringLiteral("--num-heads"), QStringLiteral("2")} << 1
            << QByteArray("num_heads");
    }

    void failures()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        QTemporaryDir dir;
        QByteArray err;
        QCOMPARE(run(QStringList{QStringLiteral("--export"), dir.filePath(QStringLiteral("out"))} +
                         arguments,
                     &err),
                 exitCode);
        QVERIFY2(err.contains(message), err.constData());
        QVERIFY(!QDir(dir.filePath(QStringLiteral("out"))).exists() ||
                QDir(dir.filePath(QStringLiteral("out"))).isEmpty());
    }

    void unwritableDestination()
    {
        QTemporaryDir dir;
        QFile blocker(dir.filePath(QStringLiteral("file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QByteArray err;
        // A directory cannot be made inside a regular file, whoever runs the test.
        QCOMPARE(run({QStringLiteral("--export"), dir.filePath(QStringLiteral("file/sub"))}, &err),
                 2);
        QVERIFY2(err.contains("cannot create"), err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_exportcli.moc"
