// The window's side of issue 13: every orphaned autosave is offered (and one kept for
// later stays), a computation that throws turns the busy indicator off with a message,
// and a pasted megabyte does not reach the sentence editor's layout.
#include "ComputeService.h"
#include "Engine.h"
#include "MessageBoxAnswerer.h"
#include "SentenceControls.h"
#include "SessionActions.h"
#include "SessionAutosave.h"
#include "SessionDocument.h"
#include "SessionJson.h"

#include <QClipboard>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <new>

using namespace ae;

namespace {

void writeOrphan(const QString& name, const std::string& sentence)
{
    Session session;
    session.sentence = sentence;
    QJsonObject record;
    record[QStringLiteral("session")] = sessionToJsonObject(session);
    record[QStringLiteral("file")] = QString();
    record[QStringLiteral("modified")] = true;
    QDir().mkpath(SessionAutosave::directory());
    QFile file(QDir(SessionAutosave::directory()).filePath(name));
    file.open(QIODevice::WriteOnly);
    file.write(QJsonDocument(record).toJson());
}

} // namespace

class TestHostileGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(SessionAutosave::directory()).removeRecursively();
    }

    void everyOrphanIsOffered()
    {
        writeOrphan(QStringLiteral("one.json"), "first orphan");
        writeOrphan(QStringLiteral("two.json"), "second orphan");
        QWidget window;
        QMenu recent;
        SessionDocument document;
        SessionActions actions(&window, &document, &recent);
        MessageBoxAnswerer answerer({QMessageBox::Yes, QMessageBox::Ignore});
        actions.offerRecovery();
        QCOMPARE(answerer.texts.size(), 2);
        QVERIFY(answerer.texts.constFirst().contains(QStringLiteral("1 of 2")));
        const std::string restored = document.session().sentence;
        QVERIFY(restored == "first orphan" || restored == "second orphan");
        // The one kept for later is still there, and offered again next time.
        const auto left = SessionAutosave::pendingRecoveries();
        QCOMPARE(left.size(), std::size_t(1));
        QVERIFY(left.front().session.sentence != restored);
        SessionAutosave::discard(left.front().autosavePath);
    }

    void losingTheFocusWritesAtOnce()
    {
        QDir(SessionAutosave::directory()).removeRecursively();
        SessionDocument document;
        SessionAutosave autosave(&document);
        document.edit([](Session& s) { s.sentence = "first edit"; });
        document.edit([](Session& s) { s.sentence = "typed just before the kill"; }); // debounced
        Q_EMIT qGuiApp->applicationStateChanged(Qt::ApplicationInactive); // no event loop ran
        const QDir dir(SessionAutosave::directory());
        const QStringList records = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QCOMPARE(records.size(), 1);
        QFile file(dir.filePath(records.constFirst()));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject session = QJsonDocument::fromJson(file.readAll())
                                        .object()
                                        .value(QStringLiteral("session"))
                                        .toObject();
        QCOMPARE(session.value(QStringLiteral("sentence")).toString(),
                 QStringLiteral("typed just before the kill"));
    }

    void aThrowingComputationIsAFailureNotASpinner()
    {
        ComputeService service;
        service.setComputeFunction([](const Session&) -> ComputeResult { throw std::bad_alloc(); });
        QSignalSpy refused(&service, &ComputeService::sessionRefused);
        QSignalSpy idle(&service, &ComputeService::idle);
        service.request(Session{});
        QTRY_COMPARE_WITH_TIMEOUT(idle.size(), 1, 10000);
        QCOMPARE(refused.size(), 1);
        QVERIFY(refused.constFirst().constFirst().value<SessionIssue>().message.contains(
            QStringLiteral("memory")));
        QVERIFY(!service.isBusy());
        QVERIFY(service.isIdle());
    }

    void aPastedMegabyteIsRefused()
    {
        SessionDocument document;
        SentenceControls controls(&document);
        controls.setSession(document.session());
        auto* editor =
            qobject_cast<QPlainTextEdit*>(controls.controlFor(QStringLiteral("sentence")));
        QVERIFY(editor);
        const QString before = editor->toPlainText();
        QGuiApplication::clipboard()->setText(QString(1 << 20, u'w'));
        editor->selectAll();
        editor->paste();
        QCOMPARE(editor->toPlainText(), before);
        bool said = false;
        for (const QLabel* label : controls.findChildren<QLabel*>())
            said = said || label->text().contains(QStringLiteral("at most 32768"));
        QVERIFY(said);
        // A paste within the limit still works.
        QGuiApplication::clipboard()->setText(QStringLiteral("a short one"));
        editor->selectAll();
        editor->paste();
        QCOMPARE(editor->toPlainText(), QStringLiteral("a short one"));
    }
};

QTEST_MAIN(TestHostileGui)
#include "tst_hostilegui.moc"
