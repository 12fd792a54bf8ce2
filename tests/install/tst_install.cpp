// `cmake --install` into a staging folder (DESTDIR, prefix /usr, as the Debian package does):
// every file in its place, the desktop entry, the AppStream metainfo and the MIME type pass
// their validators (when installed: desktop-file-utils, appstream, shared-mime-info), and the
// staged binary computes a staged sample from another folder.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString AppId = QStringLiteral(AE_APP_ID);
const QString Prefix = QStringLiteral("/usr");

struct Run
{
    int exitCode = -1;
    QByteArray out, err;
};

// Runs `program` in `workingDirectory` with a throw-away home, so that nothing the program
// saves (settings, autosaves) lands in the real one.
Run run(const QString& program, const QStringList& arguments, const QString& workingDirectory,
        const QString& home, const QProcessEnvironment& extra = {})
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), home);
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/.local/share"));
    for (const QString& key : extra.keys())
        environment.insert(key, extra.value(key));
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    process.waitForFinished(300000);
    Run r;
    r.exitCode =
        process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2; // -2: crashed
    r.out = process.readAllStandardOutput();
    r.err = process.readAllStandardError();
    return r;
}

QStringList filesIn(const QString& folder, const QString& pattern)
{
    return QDir(folder).entryList({pattern}, QDir::Files, QDir::Name);
}

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_stage;
    QTemporaryDir m_elsewhere; // the working folder of the staged binary, and its home

    QString staged(const QString& relative) const
    {
        return m_stage.filePath(Prefix.mid(1) + u'/' + relative);
    }
    QString data(const QString& relative) const
    {
        return staged(QStringLiteral(AE_DATADIR) + u'/' + relative);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_stage.isValid());
        QVERIFY(m_elsewhere.isValid());
        QProcessEnvironment destdir;
        destdir.insert(QStringLiteral("DESTDIR"), m_stage.path());
        const Run install = run(QStringLiteral(AE_CMAKE_COMMAND),
                                {QStringLiteral("--install"), QStringLiteral(AE_BUILD_DIR),
                                 QStringLiteral("--prefix"), Prefix},
                                m_elsewhere.path(), m_elsewhere.path(), destdir);
        QVERIFY2(install.exitCode == 0, install.err.constData());
    }

    void layout_data()
    {
        QTest::addColumn<QString>("path");
        const QString bin = QStringLiteral(AE_BINDIR);
        QTest::newRow("binary") << bin + QStringLiteral("/attention-explorer");
        QTest::newRow("desktop entry")
            << QStringLiteral(AE_DATADIR "/applications/") + AppId + QStringLiteral(".desktop");
        QTest::newRow("metainfo") << QStringLiteral(AE_DATADIR "/metainfo/") + AppId +
                                         QStringLiteral(".metainfo.xml");
        QTest::newRow("mime type")
            << QStringLiteral(AE_DATADIR "/mime/packages/") + AppId + QStringLiteral(".xml");
        QTest::newRow("scalable icon")
            << QStringLiteral(AE_DATADIR "/icons/hicolor/scalable/apps/attention-explorer.svg");
        for (int size : {16, 22, 24, 32, 48, 64, 128, 256, 512}) {
            const QString path =
                QStringLiteral(AE_DATADIR "/icons/hicolor/%1x%1/apps/attention-explorer.png")
                    .arg(size);
            QTest::newRow(qPrintable(QStringLiteral("icon %1").arg(size))) << path;
        }
        for (const QString& sample :
             filesIn(QStringLiteral(AE_SOURCE_DIR "/resources/samples"), QStringLiteral("*.json")))
            QTest::newRow(qPrintable(QStringLiteral("sample ") + sample))
                << QStringLiteral(AE_DATADIR "/attention-explorer/samples/") + sample;
        for (const QString& ts : filesIn(QStringLiteral(AE_SOURCE_DIR "/resources/translations"),
                                         QStringLiteral("*.ts"))) {
            const QString qm = QFileInfo(ts).completeBaseName() + QStringLiteral(".qm");
            QTest::newRow(qPrintable(QStringLiteral("translation ") + qm))
                << QStringLiteral(AE_DATADIR "/attention-explorer/translations/") + qm;
        }
        QTest::newRow("man page") << QStringLiteral(AE_MANDIR "/man1/attention-explorer.1.gz");
        QTest::newRow("licence") << QStringLiteral(AE_DATADIR "/doc/attention-explorer/copyright");
    }

    void layout()
    {
        QFETCH(QString, path);
        const QFileInfo file(staged(path));
        QVERIFY2(file.isFile(), qPrintable(file.filePath()));
        QVERIFY2(file.size() > 0, qPrintable(file.filePath()));
        if (path.startsWith(QStringLiteral(AE_BINDIR)))
            QVERIFY(file.isExecutable());
    }

    void nothingElseInstalled()
    {
        // Everything under the prefix is one of the files above: no test, library or header.
        const QStringList top =
            QDir(m_stage.filePath(Prefix.mid(1))).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QCOMPARE(top, QStringList({QStringLiteral(AE_BINDIR), QStringLiteral(AE_DATADIR)}));
        QCOMPARE(filesIn(staged(QStringLiteral(AE_BINDIR)), QStringLiteral("*")),
                 QStringList{QStringLiteral("attention-explorer")});
    }

    void desktopEntryValidates()
    {
        const QString validator =
            QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
        if (validator.isEmpty())
            QSKIP("desktop-file-validate is not installed (Debian: desktop-file-utils)");
        const Run check = run(
            validator, {data(QStringLiteral("applications/") + AppId + QStringLiteral(".desktop"))},
            m_elsewhere.path(), m_elsewhere.path());
        QVERIFY2(check.exitCode == 0 && check.out.isEmpty(), (check.out + check.err).constData());
    }

    void desktopEntryOpensSessions()
    {
        QFile desktop(data(QStringLiteral("applications/") + AppId + QStringLiteral(".desktop")));
        QVERIFY(desktop.open(QIODevice::ReadOnly));
        const QByteArray entry = desktop.readAll();
        QVERIFY(entry.contains("\nMimeType=application/x-attention-explorer-session;\n"));
        QVERIFY(entry.contains("\nExec=attention-explorer --session=%f\n"));
        QVERIFY(entry.contains("\nIcon=attention-explorer\n"));
    }

    void metainfoValidates()
    {
        const QString appstreamcli = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
        if (appstreamcli.isEmpty())
            QSKIP("appstreamcli is not installed (Debian: appstream)");
        const Run check = run(
            appstreamcli,
            {QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--pedantic"),
             data(QStringLiteral("metainfo/") + AppId + QStringLiteral(".metainfo.xml"))},
            m_elsewhere.path(), m_elsewhere.path());
        QVERIFY2(check.exitCode == 0, (check.out + check.err).constData());
        // The whole tree: the metainfo's launchable names the installed desktop entry.
        const Run tree = run(appstreamcli,
                             {QStringLiteral("validate-tree"), QStringLiteral("--no-net"),
                              QStringLiteral("--pedantic"), m_stage.filePath(Prefix.mid(1))},
                             m_elsewhere.path(), m_elsewhere.path());
        QVERIFY2(tree.exitCode == 0, (tree.out + tree.err).constData());
    }

    void mimeTypeRegisters()
    {
        const QString updater =
            QStandardPaths::findExecutable(QStringLiteral("update-mime-database"));
        if (updater.isEmpty())
            QSKIP("update-mime-database is not installed (Debian: shared-mime-info)");
        const QString mime = data(QStringLiteral("mime"));
        QProcessEnvironment searched; // or it warns that the staged folder is not searched
        searched.insert(QStringLiteral("XDG_DATA_DIRS"), data(QString()));
        const Run update = run(updater, {mime}, m_elsewhere.path(), m_elsewhere.path(), searched);
        QVERIFY2(update.exitCode == 0 && update.err.isEmpty(), update.err.constData());
        QFile globs(mime + QStringLiteral("/globs2"));
        QVERIFY(globs.open(QIODevice::ReadOnly));
        QVERIFY(
            globs.readAll().contains(":application/x-attention-explorer-session:*.attention.json"));
        // The generated caches are the package's postinst triggers' business, not files of ours.
        QDir generated(mime);
        for (const QString& entry : generated.entryList(QDir::AllEntries | QDir::NoDotAndDotDot))
            if (entry != QLatin1StringView("packages"))
                QVERIFY(QFileInfo(generated.filePath(entry)).isDir()
                            ? QDir(generated.filePath(entry)).removeRecursively()
                            : generated.remove(entry));
    }

    void stagedBinaryComputesASampleFromElsewhere()
    {
        const Run dump = run(staged(QStringLiteral(AE_BINDIR "/attention-explorer")),
                             {QStringLiteral("--session"),
                              data(QStringLiteral("attention-explorer/samples/article.json")),
                              QStringLiteral("--dump-json"), QStringLiteral("out.json")},
                             m_elsewhere.path(), m_elsewhere.path());
        QVERIFY2(dump.exitCode == 0, dump.err.constData());
        QFile out(m_elsewhere.filePath(QStringLiteral("out.json")));
        QVERIFY2(out.open(QIODevice::ReadOnly), "no out.json in the working folder");
        const QJsonObject trace = QJsonDocument::fromJson(out.readAll()).object();
        // The article's sentence, "Life is short, eat dessert first", and its context vectors.
        QCOMPARE(trace.value(QStringLiteral("tokens")).toArray().size(), 6);
        QVERIFY(trace.value(QStringLiteral("tensors"))
                    .toObject()
                    .contains(QStringLiteral("context_vec")));
        QVERIFY(trace.contains(QStringLiteral("heads")));
    }

    void stagedBinaryVersion()
    {
        const Run version =
            run(staged(QStringLiteral(AE_BINDIR "/attention-explorer")),
                {QStringLiteral("--version")}, m_elsewhere.path(), m_elsewhere.path());
        QCOMPARE(version.exitCode, 0);
        QCOMPARE(version.out.trimmed(), QByteArray("attention-explorer " AE_VERSION));
    }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
