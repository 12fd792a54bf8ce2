// The command line under hostile conditions (issue 13 §2), run as a separate process: a
// FIFO as the session, names that are not UTF-8, `ulimit -f`, conflicting or misplaced
// options, and what messages echo. Devices and read-only files as the dump's target:
// tst_hostiledump.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"
#include "ZeroCheckpoint.h"

#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace {

QString gpt2Fixture(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR "/gpt2/") + relative;
}

} // namespace

class TestHostileCli : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fifoAsSessionIsRefusedWithoutBlocking()
    {
        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath(QStringLiteral("session.fifo")));
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        const Run r = run({QStringLiteral("--session"), QFile::decodeName(fifo),
                           QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 2); // not -2: it did not hang
        QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
        const Run directory = run({QStringLiteral("--session"), dir.path(),
                                   QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(directory.exitCode, 2);
        QVERIFY2(directory.err.contains("directory"), directory.err.constData());
    }

    void oversizedSessionIsRefusedBeforeReading()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("big.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(62 * 1024 * 1024)); // sparse: 62 MB that cost nothing
        file.close();
        const Run r = run({QStringLiteral("--session"), file.fileName(),
                           QStringLiteral("--dump-json"), QStringLiteral("-")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("62.0 MB; a session file may be at most 16 MB"), r.err.constData());
    }

    void namesThatAreNotUtf8()
    {
        QTemporaryDir dir;
        QFile session(dir.filePath(QStringLiteral("ok.json")));
        QVERIFY(session.open(QIODevice::WriteOnly));
        session.write(R"({"sentence": "bytes as given", "causal": true})");
        session.close();
        QVERIFY(QFile::rename(session.fileName(), dir.filePath(QStringLiteral("tmp"))));
        // na\xffme.json and out\xfe.json, made and read by their bytes.
        QCOMPARE(::rename(QFile::encodeName(dir.filePath(QStringLiteral("tmp"))).constData(),
                          QByteArray(QFile::encodeName(dir.path()) + "/na\xffme.json").constData()),
                 0);
        const Run r = shell(
            QStringLiteral("exec \"$AE\" --session \"$(printf 'na\\377me.json')\" --dump-json "
                           "\"$(printf 'out\\376.json')\""),
            dir.path());
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile out(QFile::decodeName(QByteArray(QFile::encodeName(dir.path()) + "/out\xfe.json")));
        struct stat info
        {
        };
        QCOMPARE(
            ::stat(QByteArray(QFile::encodeName(dir.path()) + "/out\xfe.json").constData(), &info),
            0);
        QVERIFY(S_ISREG(info.st_mode) && info.st_size > 100);
    }

    // Text in argv that is not UTF-8 is refused as the same in a session file is (exit 1 for a
    // session key), never turned into U+FFFD (issue 23 §9); U+FFFD itself is text like any.
    void textThatIsNotUtf8IsRefused()
    {
        QTemporaryDir dir;
        const Run sentence =
            shell(QStringLiteral("exec \"$AE\" --sentence \"$(printf 'a\\377b')\" --dump-json -"),
                  dir.path());
        QCOMPARE(sentence.exitCode, 1);
        QVERIFY2(sentence.err.contains("--sentence is not valid UTF-8: byte 0xff at byte 1"),
                 sentence.err.constData());
        QVERIFY(sentence.out.isEmpty());
        const Run overlong =
            shell(QStringLiteral("exec \"$AE\" --title \"$(printf 'x\\300\\257')\" --dump-json -"),
                  dir.path());
        QCOMPARE(overlong.exitCode, 1);
        QVERIFY2(overlong.err.contains("byte 0xc0 at byte 1"), overlong.err.constData());
        const Run folder =
            shell(QStringLiteral("exec \"$AE\" --export \"$(printf 'figs\\376')\" --format csv"),
                  dir.path());
        QCOMPARE(folder.exitCode, 2); // not a session key: a usage error
        QVERIFY2(folder.err.contains("--export is not valid UTF-8"), folder.err.constData());
        QVERIFY(QDir(dir.path()).isEmpty());
        const Run replacement =
            shell(QStringLiteral("exec \"$AE\" --sentence \"$(printf 'a\\357\\277\\275b')\" "
                                 "--dump-json -"),
                  dir.path());
        QVERIFY2(replacement.exitCode == 0, replacement.err.constData());
    }

    void fileSizeLimitIsAMessage()
    {
        QTemporaryDir dir;
        const Run r =
            shell(QStringLiteral("ulimit -f 4; exec \"$AE\" --dump-json out.json"), dir.path());
        QCOMPARE(r.exitCode, 2); // not killed by SIGXFSZ
        QVERIFY2(r.err.contains("cannot write") && r.err.contains("out.json"), r.err.constData());
        QVERIFY(QDir(dir.path())
                    .entryList(QDir::Files | QDir::Hidden)
                    .isEmpty()); // nothing half-written
    }

    void outOfMemoryIsAMessage()
    {
        // Within the guard (GPT-2 small at 4000 tokens), but the address space is capped
        // below what it needs (its trace alone is some 280 MB; the dump is streamed and derives
        // one head's T x S tensor at a time): std::bad_alloc is caught at the command-line
        // boundary.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#endif
#endif
        QTemporaryDir dir;
        QFile session(dir.filePath(QStringLiteral("big.json")));
        QVERIFY(session.open(QIODevice::WriteOnly));
        QByteArray sentence;
        for (int i = 0; i < 4000; ++i)
            sentence += 't' + QByteArray::number(i) + ' ';
        session.write(
            "{\"variant\": \"multihead\", \"init\": \"linear\", \"d_in\": 768, \"d_out_kq\": 768, "
            "\"d_out_v\": 768, \"num_heads\": 12, \"causal\": true, \"sentence\": \"" +
            sentence + "\"}");
        session.close();
        const Run r =
            shell(QStringLiteral(
                      "ulimit -v 250000; exec \"$AE\" --session big.json --dump-json out.json"),
                  dir.path());
        QCOMPARE(r.exitCode, 2); // not an abort
        QVERIFY2(r.err.contains("out of memory"), r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.json"))));
    }

    // The same for a model's forward (issue 23 item 2): its heads, products and LayerNorms
    // run in OpenMP regions, where an exception may not escape (the runtime would call
    // std::terminate: "terminate called after throwing std::bad_alloc", exit 134). A model
    // with a long context at 6000 tokens (its trace alone is some 100 MB) under an address
    // space of 300 MB, dumped and benchmarked. Where the allocation fails depends on the
    // system; tst_parallelfailure makes it fail inside the regions, deterministically.
    void modelOutOfMemoryIsAMessage()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#endif
#endif
        QTemporaryDir dir;
        // 1 layer, 8 heads, d = 512, n_ctx = 8192, 300 tokens.
        QVERIFY(ae::test::writeZeroCheckpoint(dir.filePath(QStringLiteral("model.safetensors")),
                                              {QStringLiteral("F32"), 512, 8192, 300, 8}));
        QFile session(dir.filePath(QStringLiteral("long.json")));
        QVERIFY(session.open(QIODevice::WriteOnly));
        // "a!" is two tokens below id 256 however often it repeats (no merge joins them).
        session.write("{\"model\": \"model.safetensors\", \"sentence\": \"" +
                      QByteArray("a!").repeated(3000) + "\"}");
        session.close();
        for (const char* mode : {"--dump-json out.json", "--benchmark"}) {
            const Run r =
                shell(QStringLiteral("ulimit -v 300000; exec \"$AE\" --session long.json %1")
                          .arg(QLatin1StringView(mode)),
                      dir.path());
            QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("%1: exit %2: %3")
                                                     .arg(QLatin1StringView(mode))
                                                     .arg(r.exitCode)
                                                     .arg(QString::fromLocal8Bit(r.err))));
            // Refused by the memory guard's estimate before the forward, or, when the estimate
            // fits but the allocation does not, by the forward's parallel regions.
            QVERIFY2(r.err.contains("out of memory") || r.err.contains("this run would need"),
                     r.err.constData());
            QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("out.json"))));
        }
    }

    // A model path or a config.json that is not a regular file is refused at once with exit 2
    // (issue 23 §3, §4): a FIFO would block open(), /dev/zero never ends, and an unreadable
    // config.json must not be skipped in favour of guessed hyper-parameters.
    void nonRegularModelFilesAreRefused_data()
    {
        QTest::addColumn<QString>("model");  // "fifo", or a path
        QTest::addColumn<QString>("config"); // "fifo", "folder", "zero" or "" (the fixture's)
        QTest::addColumn<QString>("fragment");
        QTest::newRow("model a FIFO")
            << QStringLiteral("fifo") << QString() << QStringLiteral("not a regular file");
        QTest::newRow("model /dev/zero") << QStringLiteral("/dev/zero") << QString()
                                         << QStringLiteral("/dev/zero: cannot open the file");
        QTest::newRow("config.json a FIFO")
            << QString() << QStringLiteral("fifo") << QStringLiteral("config.json: cannot read it");
        QTest::newRow("config.json a folder") << QString() << QStringLiteral("folder")
                                              << QStringLiteral("config.json: cannot read it");
        QTest::newRow("config.json a link to /dev/zero")
            << QString() << QStringLiteral("zero") << QStringLiteral("config.json: cannot read it");
    }
    void nonRegularModelFilesAreRefused()
    {
        QFETCH(QString, model);
        QFETCH(QString, config);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString modelPath = dir.filePath(QStringLiteral("model.safetensors"));
        const QByteArray configPath =
            QFile::encodeName(dir.filePath(QStringLiteral("config.json")));
        if (model == QLatin1StringView("fifo"))
            QCOMPARE(::mkfifo(QFile::encodeName(modelPath).constData(), 0600), 0);
        else if (model.isEmpty())
            QVERIFY(QFile::copy(gpt2Fixture(QStringLiteral("f32_prefix/model.safetensors")),
                                modelPath));
        if (config == QLatin1StringView("fifo"))
            QCOMPARE(::mkfifo(configPath.constData(), 0600), 0);
        else if (config == QLatin1StringView("folder"))
            QCOMPARE(::mkdir(configPath.constData(), 0700), 0);
        else if (config == QLatin1StringView("zero"))
            QCOMPARE(::symlink("/dev/zero", configPath.constData()), 0);
        else
            QVERIFY(QFile::copy(gpt2Fixture(QStringLiteral("f32_prefix/config.json")),
                                QFile::decodeName(configPath)));
        QProcess process;
        process.start(QStringLiteral(AE_EXECUTABLE),
                      {QStringLiteral("--model"),
                       model.isEmpty() || model == QLatin1StringView("fifo") ? modelPath : model,
                       QStringLiteral("--sentence"), QStringLiteral("a b"),
                       QStringLiteral("--dump-json"), QStringLiteral("-")});
        const Run r = finished(process, 20000);
        QCOMPARE(r.exitCode, 2); // not -2: it neither hung nor read without end
        QVERIFY2(r.err.contains(fragment.toUtf8()), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // A checkpoint that cannot be mapped (here: larger than the address space the process
    // may use) is an I/O error, exit 2, like one that cannot be opened (issue 23 §9).
    void failedMapIsAnIoError()
    {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
        QSKIP(
            "a sanitizer's shadow memory needs terabytes of address space: ulimit -v cannot apply");
#endif
#endif
        QTemporaryDir dir;
        QFile big(dir.filePath(QStringLiteral("big.safetensors")));
        QVERIFY(big.open(QIODevice::WriteOnly));
        QVERIFY(big.resize(qint64(1) << 30)); // sparse: 1 GB that costs nothing
        big.close();
        const Run r = shell(QStringLiteral("ulimit -v 250000; exec \"$AE\" --model "
                                           "big.safetensors --sentence 'a b' --dump-json -"),
                            dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("big.safetensors: cannot map the file into memory"),
                 r.err.constData());
    }

    void refusedCombinations_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString dump = QStringLiteral("--dump-json"), out = QStringLiteral("out.json");
        QTest::newRow("dump and deck")
            << QStringList{dump, out, QStringLiteral("--export-deck"), QStringLiteral("d.pdf")}
            << QStringLiteral("--dump-json, --export-deck cannot be combined");
        QTest::newRow("dump and export")
            << QStringList{dump, out, QStringLiteral("--export"), QStringLiteral("figs")}
            << QStringLiteral("cannot be combined");
        QTest::newRow("dump and benchmark")
            << QStringList{QStringLiteral("--benchmark"), dump, out}
            << QStringLiteral("--dump-json, --benchmark cannot be combined");
        QTest::newRow("format with dump")
            << QStringList{dump, out, QStringLiteral("--format"), QStringLiteral("png")}
            << QStringLiteral("--format applies only to --export");
        QTest::newRow("scale with dump")
            << QStringList{dump, out, QStringLiteral("--scale"), QStringLiteral("2")}
            << QStringLiteral("--scale applies only to --export");
        QTest::newRow("page with dump")
            << QStringList{dump, out, QStringLiteral("--page"), QStringLiteral("scores")}
            << QStringLiteral("--page applies only to the window");
        QTest::newRow("session twice") << QStringList{QStringLiteral("--session"),
                                                      QStringLiteral("a.json"),
                                                      QStringLiteral("--session"),
                                                      QStringLiteral("b.json"),
                                                      dump,
                                                      out}
                                       << QStringLiteral("--session is given more than once");
        QTest::newRow("empty session")
            << QStringList{QStringLiteral("--session"), QString(), dump, out}
            << QStringLiteral("--session needs a file name");
        QTest::newRow("empty dump")
            << QStringList{dump, QString()} << QStringLiteral("--dump-json needs a file name");
        QTest::newRow("scale 2.0")
            << QStringList{QStringLiteral("--export"), QStringLiteral("figs"),
                           QStringLiteral("--scale"), QStringLiteral("2.0")}
            << QStringLiteral("--scale must be 1, 2 or 4, not \"2.0\"");
        QTest::newRow("scale abc")
            << QStringList{QStringLiteral("--export"), QStringLiteral("figs"),
                           QStringLiteral("--scale"), QStringLiteral("abc")}
            << QStringLiteral("not \"abc\"");
        QTest::newRow("escape in an argument")
            << QStringList{QStringLiteral("\x1b[31mred"), dump, out}
            << QStringLiteral("unexpected argument \"\\x1b[31mred\"");
    }

    void refusedCombinations()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const Run r = run(arguments, dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromLocal8Bit(r.err).contains(message), r.err.constData());
        QVERIFY(!r.err.contains('\x1b'));
        QVERIFY(QDir(dir.path())
                    .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden)
                    .isEmpty());
    }

    void booleanWordsAreCaseInsensitive_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<bool>("causal");
        for (const char* yes : {"true", "TRUE", "True", "yes", "YES", "on", "On"})
            QTest::newRow(yes) << QString::fromLatin1(yes) << true;
        for (const char* no : {"false", "FALSE", "No", "OFF"})
            QTest::newRow(no) << QString::fromLatin1(no) << false;
    }

    void booleanWordsAreCaseInsensitive()
    {
        QFETCH(QString, word);
        QFETCH(bool, causal);
        const Run r = run(
            {QStringLiteral("--causal"), word, QStringLiteral("--dump-json"), QStringLiteral("-")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QJsonDocument::fromJson(r.out).object().contains(
                     QStringLiteral("mask_methods_max_abs_diff")),
                 causal);
    }

    void hugeWordIsRefusedAtOnce()
    {
        QTemporaryDir dir;
        QFile session(dir.filePath(QStringLiteral("word.json")));
        QVERIFY(session.open(QIODevice::WriteOnly));
        session.write("{\"sentence\": \"" + QByteArray(1 << 20, 'w') + "\"}");
        session.close();
        for (const QString& mode : {QStringLiteral("--benchmark"), QStringLiteral("--dump-json")}) {
            QStringList arguments{QStringLiteral("--session"), session.fileName(), mode};
            if (mode == QLatin1StringView("--dump-json"))
                arguments << QStringLiteral("-");
            const Run r = run(arguments);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("a text may have at most 32768"), r.err.constData());
        }
    }
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostilecli.moc"
