// The walkthrough deck: a PDF with exactly one 16:9 landscape page per step for the bundled
// samples, progress reported step by step and cancellable, and no file left behind when the
// session cannot be computed, the export is cancelled or the destination is unwritable.
// AE_WALKTHROUGH_DECKS=<dir> also keeps the decks, to look at them.
#include "DeckExporter.h"
#include "WalkthroughFixtures.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace ae;
using namespace ae::test;

namespace {

// Page objects of a PDF ("/Type /Page", not the "/Type /Pages" tree), read from the bytes.
int pageObjects(const QByteArray& pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    return int(QString::fromLatin1(pdf).count(page));
}

QStringList mediaBoxes(const QByteArray& pdf)
{
    static const QRegularExpression box(QStringLiteral("/MediaBox\\s*\\[([^\\]]*)\\]"));
    QStringList boxes;
    auto matches = box.globalMatch(QString::fromLatin1(pdf));
    while (matches.hasNext())
        boxes << matches.next().captured(1).simplified();
    return boxes;
}

} // namespace

class TestDeckExporter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void onePagePerStep_data()
    {
        QTest::addColumn<QString>("sample");
        for (const QString& sample : sampleNames())
            QTest::newRow(qPrintable(sample)) << sample;
    }

    void onePagePerStep()
    {
        QFETCH(QString, sample);
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("deck.pdf"));
        const DeckExporter exporter;
        QList<int> reported;
        const QString error = exporter.write(sampleSession(sample), path, [&](int step, int total) {
            reported << step;
            return total == DeckExporter::pageCount();
        });
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        QCOMPARE(DeckExporter::pageCount(), 17);
        QCOMPARE(pageObjects(pdf), DeckExporter::pageCount());
        // 16:9 landscape, 13.33 × 7.5 in: 960 × 540 points on every page.
        const QStringList boxes = mediaBoxes(pdf);
        QCOMPARE(boxes.size(), DeckExporter::pageCount());
        for (const QString& box : boxes) {
            const QStringList corners = box.split(u' ');
            QCOMPARE(corners.size(), 4);
            QCOMPARE(corners[2].toDouble(), 960.0);
            QCOMPARE(corners[3].toDouble(), 540.0);
        }
        QCOMPARE(reported.size(), DeckExporter::pageCount() + 1);
        QCOMPARE(reported.last(), DeckExporter::pageCount());

        const QString keep = qEnvironmentVariable("AE_WALKTHROUGH_DECKS");
        if (!keep.isEmpty()) {
            QFile::remove(QDir(keep).filePath(sample + QStringLiteral(".pdf")));
            QVERIFY(QFile::copy(path, QDir(keep).filePath(sample + QStringLiteral(".pdf"))));
        }
    }

    void cancelledExportWritesNothing()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("deck.pdf"));
        const DeckExporter exporter;
        int calls = 0;
        const QString error =
            exporter.write(sampleSession(QStringLiteral("article.json")), path, [&](int step, int) {
                ++calls;
                return step < 3;
            });
        QVERIFY(!error.isEmpty());
        QCOMPARE(calls, 4);
        QVERIFY(!QFile::exists(path));
        const DeckExporter::Result result = exporter.render(
            sampleSession(QStringLiteral("article.json")), [](int, int) { return false; });
        QVERIFY(result.cancelled);
        QVERIFY(result.pdf.isEmpty());
    }

    void unwritableDestination()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("no/such/directory/deck.pdf"));
        const QString error =
            DeckExporter().write(sampleSession(QStringLiteral("article.json")), path);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QStringLiteral("deck.pdf")), qPrintable(error));
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(directory.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).size(),
                 0);
    }

    void refusedSessionWritesNothing()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("deck.pdf"));
        Session session;
        session.qkvBias = true; // needs init "linear"
        const QString error = DeckExporter().write(session, path);
        QVERIFY2(error.contains(QStringLiteral("qkv_bias")), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    // The steps' sessions are computed by the given function, once per distinct session
    // in a row (steps 4 to 7 share the article's).
    void computesEachStepsSession()
    {
        QStringList variants;
        const DeckExporter exporter([&](const Session& session) {
            variants << QString::number(int(session.variant)) + (session.causal ? u'c' : u'-');
            return Engine().compute(session);
        });
        const DeckExporter::Result result =
            exporter.render(sampleSession(QStringLiteral("article.json")));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(pageObjects(result.pdf), 17);
        // the session (steps 1 and 2), simplified, steps 4 to 7, causal, dropout, multi-head,
        // cross, GPT-2, then RoPE, grouped heads, a window and flash (each its own session),
        // and the training lab's step beside the session itself
        QCOMPARE(variants.size(), 13);
        QCOMPARE(variants.mid(8),
                 (QStringList{QStringLiteral("1c"), QStringLiteral("3c"), QStringLiteral("1c"),
                              QStringLiteral("1c"), variants.at(0)}));
        QCOMPARE(variants.at(1), QStringLiteral("0-"));
        QCOMPARE(variants.at(2), QStringLiteral("1-"));
        QCOMPARE(variants.at(3), QStringLiteral("1c"));
        QCOMPARE(variants.at(5), QStringLiteral("3c"));
    }
};

QTEST_MAIN(TestDeckExporter)
#include "tst_deckexporter.moc"
