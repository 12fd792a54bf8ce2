// Switching the language rebuilds the window in the new language, and the new window takes
// over the session, unsaved changes included.
#include "MainWindow.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "Translations.h"
#include "WindowHost.h"

#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>

using namespace ae;

class TestWindowHost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    void switchingLanguageKeepsTheSession()
    {
        QVERIFY(Translations::install(QStringLiteral("en")));
        WindowHost host;
        host.show({});
        QSignalSpy first(host.window(), &MainWindow::traceShown);
        QVERIFY(first.wait(10000));
        host.window()->document()->edit([](Session& s) { s.sentence = "unsaved words here"; });
        QCOMPARE(host.window()->menuBar()->actions().first()->text(), QStringLiteral("&File"));

        host.switchLanguage(QStringLiteral("zh_CN"));
        MainWindow* chinese = host.window();
        QVERIFY(chinese);
        QCOMPARE(Translations::current(), QStringLiteral("zh_CN"));
        QVERIFY2(chinese->menuBar()->actions().first()->text().contains(QStringLiteral("文件")),
                 qPrintable(chinese->menuBar()->actions().first()->text()));
        QCOMPARE(chinese->document()->session().sentence, std::string("unsaved words here"));
        QVERIFY(chinese->document()->isModified());
        QSignalSpy shown(chinese, &MainWindow::traceShown);
        QVERIFY(shown.wait(10000));

        host.switchLanguage(QStringLiteral("en"));
        QCOMPARE(host.window()->menuBar()->actions().first()->text(), QStringLiteral("&File"));
        QCOMPARE(host.window()->document()->session().sentence, std::string("unsaved words here"));
        host.window()->document()->setSession(
            Session{}); // unmodified: the window closes without asking
    }
};

QTEST_MAIN(TestWindowHost)
#include "tst_windowhost.moc"
