// Help > About names the version, the licence and the texts the numbers follow; the window
// icon it shows is the embedded application icon at every size the desktop asks for.
#include "AboutDialog.h"
#include "ApplicationIcon.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

class TestAboutDialog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    }

    void text_data()
    {
        QTest::addColumn<QString>("expected");
        QTest::newRow("version") << QStringLiteral("Attention Explorer 9.8.7");
        QTest::newRow("licence") << QStringLiteral("MIT licence");
        QTest::newRow("the article") << QStringLiteral("Cross-Attention in LLMs");
        QTest::newRow("the book") << QStringLiteral("Build a Large Language Model (From Scratch)");
        QTest::newRow("the transformer paper") << QStringLiteral("arXiv:1706.03762");
        QTest::newRow("maintainers") << QStringLiteral("Seed 03e2f5a1 maintainers");
    }

    void text()
    {
        QFETCH(QString, expected);
        const ae::AboutDialog dialog;
        QVERIFY2(dialog.text().contains(expected), qPrintable(dialog.text()));
    }

    void iconHasEverySize_data()
    {
        QTest::addColumn<int>("size");
        for (int size : {16, 22, 24, 32, 48, 64, 128, 256})
            QTest::newRow(qPrintable(QString::number(size))) << size;
    }

    void iconHasEverySize()
    {
        QFETCH(int, size);
        const QPixmap pixmap = ae::applicationIcon().pixmap(size, size);
        QCOMPARE(pixmap.size(), QSize(size, size));
        // The heatmap's darkest cell, top left (row 0 attends only to itself), is dark purple.
        const QColor topLeftCell = pixmap.toImage().pixelColor(size * 23 / 100, size * 23 / 100);
        QVERIFY2(topLeftCell.value() < 160 && topLeftCell.blue() > topLeftCell.green(),
                 qPrintable(topLeftCell.name()));
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_aboutdialog.moc"
