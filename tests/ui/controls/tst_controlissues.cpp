// The session editor's issues: a message appears right under the control at fault, wrapped,
// and goes when the issue is cleared; an issue with no control (the session as a whole, a
// metadata key, an unknown key) shows at the top of the panel.
#include "ControlPanel.h"
#include "IssueLabel.h"
#include "SessionDiff.h"
#include "SessionDocument.h"
#include "SessionIssue.h"

#include <QTest>

using namespace ae;
using test::controlKeys;
using test::EverythingApplies;
using test::sessionFrom;

namespace {

QList<IssueLabel*> visibleIssues(const QWidget& panel)
{
    QList<IssueLabel*> visible;
    for (IssueLabel* label : panel.findChildren<IssueLabel*>())
        if (label->isVisible())
            visible << label;
    return visible;
}

} // namespace

class TestControlIssues : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void issueShowsNextToItsControl_data()
    {
        QTest::addColumn<QString>("key");
        for (const QString& key : controlKeys())
            QTest::newRow(qPrintable(key)) << key;
    }

    void issueShowsNextToItsControl()
    {
        QFETCH(QString, key);
        SessionDocument document;
        document.setSession(sessionFrom(EverythingApplies));
        ControlPanel panel(&document);
        panel.resize(360, 900);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const QString message =
            key + QStringLiteral(" is wrong, and this message is long enough to wrap "
                                 "over more than one line in a narrow dock");

        panel.showIssue(SessionIssue{key.toStdString(), message});
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);

        const QList<IssueLabel*> shown = visibleIssues(panel);
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.front()->text(), message);
        QVERIFY(shown.front()->wordWrap());
        QWidget* control = panel.controlFor(key);
        QVERIFY(control->isVisible());
        QCOMPARE(control->property("aeIssue").toBool(), true);
        // Right under the control, overlapping it horizontally.
        const QRect controlRect(control->mapTo(&panel, QPoint()), control->size());
        const QRect labelRect(shown.front()->mapTo(&panel, QPoint()), shown.front()->size());
        QVERIFY2(labelRect.top() >= controlRect.bottom() &&
                     labelRect.top() - controlRect.bottom() < 16,
                 qPrintable(QStringLiteral("control bottom %1, message top %2")
                                .arg(controlRect.bottom())
                                .arg(labelRect.top())));
        QVERIFY(labelRect.left() < controlRect.right() && labelRect.right() > controlRect.left());

        panel.clearIssue();
        QVERIFY(visibleIssues(panel).isEmpty());
        QCOMPARE(control->property("aeIssue").toBool(), false);
    }

    void issueWithoutAControlShowsAtTheTop_data()
    {
        QTest::addColumn<QString>("key");
        QTest::newRow("the session as a whole") << QString();
        QTest::newRow("metadata") << QStringLiteral("version");
        QTest::newRow("unknown key") << QStringLiteral("num_head");
    }

    void issueWithoutAControlShowsAtTheTop()
    {
        QFETCH(QString, key);
        SessionDocument document;
        ControlPanel panel(&document);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));

        panel.showIssue(
            SessionIssue{key.toStdString(), QStringLiteral("the session is not valid JSON")});

        const QList<IssueLabel*> shown = visibleIssues(panel);
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.front()->objectName(), QStringLiteral("panel_issue"));
        QCOMPARE(shown.front()->text(), QStringLiteral("the session is not valid JSON"));
        panel.clearIssue();
        QVERIFY(visibleIssues(panel).isEmpty());
    }
};

QTEST_MAIN(TestControlIssues)
#include "tst_controlissues.moc"
