// The export dialog: every label with a mnemonic has a buddy, so no "&" is ever shown
// literally ("&Folder:" was), and the mnemonic moves the focus to its field.
#include "ExportDialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTest>

using namespace ae;

class TestExportDialog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void mnemonicsHaveBuddies()
    {
        ExportDialog dialog(QStringLiteral("3 figures of the page \"Weights\""));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        int mnemonics = 0;
        for (const QLabel* label : dialog.findChildren<QLabel*>()) {
            if (!label->text().contains(u'&'))
                continue;
            ++mnemonics;
            QVERIFY2(label->buddy(), qPrintable(label->text())); // without one the "&" is drawn
        }
        QVERIFY(mnemonics >= 2); // &Folder: and PNG &scale:
        QTest::keyClick(&dialog, Qt::Key_F, Qt::AltModifier);
        QVERIFY(qobject_cast<QLineEdit*>(dialog.focusWidget()));
        if (const QString dir = qEnvironmentVariable("AE_SCREENSHOT_DIR"); !dir.isEmpty())
            dialog.grab().save(dir + QStringLiteral("/export-dialog.png"));
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
