// Every session fixture written by PyTorch (tests/fixtures/sessions): the engine's
// spec §6 dump must hold every key PyTorch's has, with the same tokens and ids and every
// tensor bit for bit equal to PyTorch's portable configuration (the fixtures are small
// enough for the TorchOrder arithmetic). Prints the worst difference per session.
#include "Engine.h"
#include "Fixtures.h"
#include "SessionJson.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceJson.h"

#include <QJsonDocument>
#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

constexpr double Tolerance = 0; // bit for bit (the issue's bar is 1e-4)

struct Worst
{
    double diff = 0;
    QString where;
};

void compareObject(const QJsonObject& expected, const QJsonObject& actual, const QString& path, Worst& worst)
{
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QString name = path + it.key();
        if (!actual.contains(it.key()))
            QFAIL(qPrintable(name + QStringLiteral(" is missing from the dump")));
        const QJsonValue a = actual.value(it.key());
        const QJsonValue e = it.value();
        if (e.isObject()) {
            compareObject(e.toObject(), a.toObject(), name + u'.', worst);
        } else if (e.isArray() && !e.toArray().isEmpty() && e.toArray().first().isString()) {
            QCOMPARE(a.toArray(), e.toArray()); // tokens, vocabulary
        } else if (e.isArray()) {
            const auto cmp = compareTensors(jsonMatrix(e), jsonMatrix(a), Tolerance, Tolerance);
            if (!cmp.ok)
                QFAIL(qPrintable(cmp.describe(name)));
            if (cmp.worstDiff > worst.diff)
                worst = {cmp.worstDiff, name};
        } else {
            QCOMPARE(a, e);
        }
        if (QTest::currentTestFailed())
            return;
    }
}

} // namespace

class TestGoldenSessions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void enoughFixtures()
    {
        QVERIFY2(sessionFixtureNames().size() >= 30, "expected the seed sessions and 20+ of our own");
    }

    void session_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& name : sessionFixtureNames())
            QTest::newRow(qPrintable(name)) << name;
    }

    void session()
    {
        QFETCH(QString, name);
        const QJsonObject fixture = readFixture(QStringLiteral("sessions/%1.json").arg(name));
        const auto parsed = sessionFromJsonObject(fixture.value(QStringLiteral("session")).toObject());
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        const ComputeResult result = Engine().compute(parsed.session);
        QVERIFY2(result.trace, result.issue ? qPrintable(result.issue->message) : "");
        QCOMPARE(result.trace->arithmetic, Arithmetic::TorchOrder);

        const std::string dump = traceToJson(*result.trace);
        QJsonParseError error;
        const QJsonObject actual = QJsonDocument::fromJson(QByteArray::fromStdString(dump), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);

        const QJsonObject expected = fixture.value(QStringLiteral("expected")).toObject();
        QVERIFY(!expected.isEmpty());
        const QJsonArray expectedHeads = expected.value(QStringLiteral("heads")).toArray();
        QCOMPARE(actual.value(QStringLiteral("heads")).toArray().size(), expectedHeads.size());

        Worst worst;
        compareObject(expected, actual, {}, worst);
        if (!QTest::currentTestFailed())
            qInfo("%s: worst |diff| %.3g (%s)", qPrintable(name), worst.diff, qPrintable(worst.where));
    }
};

QTEST_GUILESS_MAIN(TestGoldenSessions)
#include "tst_goldensessions.moc"
