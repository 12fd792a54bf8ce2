// Nothing is lost through the window: closing with unsaved changes asks first (Cancel keeps the
// window, Discard closes, Save writes the file, a failed save keeps the window and the edits),
// and a dropped file that is not a session is refused with a message, the session kept.
#include "MainWindow.h"
#include "MessageBoxAnswerer.h"
#include "SessionDocument.h"
#include "SessionFile.h"
#include "SessionJson.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace ae;

namespace {

void editSomething(MainWindow& window)
{
    window.document()->edit([](Session& s) { s.sentence = "Nothing here is saved yet"; });
    QVERIFY(window.document()->isModified());
}

bool drop(MainWindow& window, const QList<QUrl>& urls)
{
    QMimeData data;
    data.setUrls(urls);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent event(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &event);
    return true;
}

} // namespace

class TestNothingLost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("attention-explorer-tests"));
    }

    void cancelKeepsTheWindowOpen()
    {
        MainWindow window;
        window.show();
        editSomething(window);
        MessageBoxAnswerer answerer({QMessageBox::Cancel});
        QVERIFY(!window.close());
        QCOMPARE(answerer.unanswered(), 0);
        QCOMPARE(answerer.titles, QStringList{QStringLiteral("Unsaved Changes")});
        QVERIFY(window.isVisible());
        QVERIFY(window.document()->isModified());
        QCOMPARE(window.document()->session().sentence, std::string("Nothing here is saved yet"));
        window.closeWithoutAsking();
    }

    void discardCloses()
    {
        MainWindow window;
        window.show();
        editSomething(window);
        MessageBoxAnswerer answerer({QMessageBox::Discard});
        QVERIFY(window.close());
        QCOMPARE(answerer.titles.size(), 1);
    }

    void unmodifiedClosesWithoutAsking()
    {
        MainWindow window;
        window.show();
        QVERIFY(!window.document()->isModified());
        MessageBoxAnswerer answerer({QMessageBox::Cancel});
        QVERIFY(window.close());
        QVERIFY(answerer.titles.isEmpty());
    }

    void saveWritesTheFileThenCloses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lecture.json"));
        QCOMPARE(SessionFile::save(path, Session{}), QString());
        MainWindow window;
        window.show();
        QVERIFY(window.openSession(path));
        editSomething(window);
        MessageBoxAnswerer answerer({QMessageBox::Save});
        QVERIFY(window.close());
        const SessionLoadResult saved = SessionFile::load(path);
        QVERIFY(!saved.issue);
        QCOMPARE(saved.session.sentence, std::string("Nothing here is saved yet"));
    }

    void failedSaveKeepsTheWindowAndTheEdits()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("course"));
        QVERIFY(QDir().mkpath(folder));
        const QString path = folder + QStringLiteral("/lecture.json");
        QCOMPARE(SessionFile::save(path, Session{}), QString());
        MainWindow window;
        window.show();
        QVERIFY(window.openSession(path));
        editSomething(window);
        QVERIFY(QDir(folder).removeRecursively()); // the save can no longer succeed
        MessageBoxAnswerer answerer({QMessageBox::Save, QMessageBox::Ok});
        QVERIFY(!window.close());
        QCOMPARE(answerer.titles, (QStringList{QStringLiteral("Unsaved Changes"),
                                               QStringLiteral("Cannot Save Session")}));
        QVERIFY(window.isVisible());
        QVERIFY(window.document()->isModified());
        QCOMPARE(window.document()->session().sentence, std::string("Nothing here is saved yet"));
        window.closeWithoutAsking();
    }

    void droppedBinaryFileIsRefused()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("photo.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
        file.close();
        MainWindow window;
        window.show();
        const QByteArray before = sessionToJson(window.document()->session());
        MessageBoxAnswerer answerer({QMessageBox::Ok});
        QVERIFY(drop(window, {QUrl::fromLocalFile(path)}));
        QCOMPARE(answerer.titles, QStringList{QStringLiteral("Cannot Open Session")});
        QVERIFY2(answerer.texts.value(0).contains(QStringLiteral("photo.json")),
                 qPrintable(answerer.texts.value(0)));
        QCOMPARE(sessionToJson(window.document()->session()), before);
        QVERIFY(window.document()->filePath().isEmpty());
    }

    void droppedSessionOpens()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("cross.json"));
        Session session;
        session.sentence = "Dropped onto the window";
        QCOMPARE(SessionFile::save(path, session), QString());
        MainWindow window;
        window.show();
        QVERIFY(drop(window, {QUrl::fromLocalFile(path)}));
        QCOMPARE(window.document()->filePath(), path);
        QCOMPARE(window.document()->session().sentence, session.sentence);
    }

    void droppingSeveralFilesOrARemoteUrlIsNotAccepted()
    {
        MainWindow window;
        window.show();
        QVERIFY(!drop(window, {QUrl::fromLocalFile(QStringLiteral("/tmp/a.json")),
                               QUrl::fromLocalFile(QStringLiteral("/tmp/b.json"))}));
        QVERIFY(!drop(window, {QUrl(QStringLiteral("https://example.org/session.json"))}));
    }
};

QTEST_MAIN(TestNothingLost)
#include "tst_nothinglost.moc"
