// Every session fixture written by PyTorch (tests/fixtures/sessions), on both arithmetic
// paths: the engine's spec §6 dump must hold every key PyTorch's has, with the same tokens
// and ids and, with TorchOrder arithmetic, every tensor bit for bit equal to PyTorch's
// portable configuration; with the fast (SIMD) path within float32 rounding. Fixtures with
// long rows (T up to 300) keep only some rows ("expected_rows"): the same rows of the dump
// are compared. Prints the worst difference per session and path (llm.c's check_tensor).
#include "AttentionParams.h"
#include "Engine.h"
#include "Fixtures.h"
#include "Forward.h"
#include "ModelRun.h"
#include "RunJson.h"
#include "SessionJson.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceArithmetic.h"

#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace ae;
using namespace ae::test;

namespace {

// The fast path's products and exps round differently from PyTorch's; its weights stay
// within 2e-6 of PyTorch's, and scores of magnitude ~100 within a few ulps.
constexpr double FastTolerance = 1e-5; // absolute and relative

struct Comparison
{
    double tolerance = 0;        // both absolute and relative for Fast, 0 for TorchOrder
    QList<int> rows;             // non-empty: the expected tensors keep only these rows
    Eigen::Index tokenCount = 0; // ... of the tensors with one row per token
    double worst = 0;
    QString where;
};

Matrix selectRows(const Matrix& m, const Comparison& c)
{
    if (c.rows.isEmpty() || m.rows() != c.tokenCount)
        return m;
    Matrix picked(c.rows.size(), m.cols());
    for (int i = 0; i < c.rows.size(); ++i)
        picked.row(i) = m.row(c.rows[i]);
    return picked;
}

// The fast path's absolute tolerance says nothing about weights below 1e-30 (subnormal
// floats among them: scores more than 87 below the row's maximum). PyTorch keeps them down to
// exp(-103.97), and the renormalising method divides by them, so they must be there: each
// within 1 % of PyTorch's (apart from the last few subnormal steps, where the scores'
// rounding can tip a cell to 0).
void compareTinyWeights(const Matrix& expected, const Matrix& actual, const QString& name)
{
    constexpr double Tiny = 1e-30, Resolved = 1e-42;
    for (Eigen::Index i = 0; i < expected.rows(); ++i)
        for (Eigen::Index j = 0; j < expected.cols(); ++j) {
            const double e = expected(i, j), a = actual(i, j);
            if (e < Resolved || e > Tiny)
                continue;
            if (!(std::fabs(a - e) <= 0.01 * e))
                QFAIL(qPrintable(QStringLiteral("%1 (%2, %3): PyTorch %4, fast path %5")
                                     .arg(name)
                                     .arg(i)
                                     .arg(j)
                                     .arg(e, 0, 'g', 6)
                                     .arg(a, 0, 'g', 6)));
        }
}

void compareObject(const QJsonObject& expected, const QJsonObject& actual, const QString& path,
                   Comparison& c)
{
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QString name = path + it.key();
        if (!actual.contains(it.key()))
            QFAIL(qPrintable(name + QStringLiteral(" is missing from the dump")));
        const QJsonValue a = actual.value(it.key());
        const QJsonValue e = it.value();
        if (e.isObject()) {
            compareObject(e.toObject(), a.toObject(), name + u'.', c);
        } else if (e.isArray() && !e.toArray().isEmpty() && e.toArray().first().isString()) {
            QCOMPARE(a.toArray(), e.toArray()); // tokens, vocabulary
        } else if (e.isArray() && !e.toArray().isEmpty() && e.toArray().first().isObject()) {
            const QJsonArray expectedItems = e.toArray();
            const QJsonArray actualItems = a.toArray();
            QCOMPARE(actualItems.size(), expectedItems.size());
            for (int i = 0; i < expectedItems.size(); ++i)
                compareObject(expectedItems[i].toObject(), actualItems[i].toObject(),
                              name + QStringLiteral("[%1].").arg(i), c);
        } else if (e.isArray()) {
            const Matrix actualMatrix = selectRows(jsonMatrix(a), c);
            const Matrix expectedMatrix = jsonMatrix(e);
            const auto cmp = compareTensors(expectedMatrix, actualMatrix, c.tolerance, c.tolerance);
            if (!cmp.ok)
                QFAIL(qPrintable(cmp.describe(name)));
            if (c.tolerance > 0 && it.key() == QStringLiteral("attn_weights"))
                compareTinyWeights(expectedMatrix, actualMatrix, name);
            if (cmp.worstDiff > c.worst) {
                c.worst = cmp.worstDiff;
                c.where = name;
            }
        } else {
            QCOMPARE(a, e);
        }
        if (QTest::currentTestFailed())
            return;
    }
}

QJsonObject dumpOf(const std::shared_ptr<const Trace>& trace)
{
    QJsonParseError error;
    const auto document = QJsonDocument::fromJson(
        QByteArray::fromStdString(runToJson(*seedModuleRun(trace))), &error);
    if (error.error != QJsonParseError::NoError)
        qWarning("the dump is not JSON: %s", qPrintable(error.errorString()));
    return document.object();
}

} // namespace

class TestGoldenSessions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void enoughFixtures()
    {
        QVERIFY2(sessionFixtureNames().size() >= 30,
                 "expected the seed sessions and 20+ of our own");
    }

    void session_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("fast");
        for (const QString& name : sessionFixtureNames()) {
            QTest::addRow("%s torch-order", qPrintable(name)) << name << false;
            QTest::addRow("%s fast", qPrintable(name)) << name << true;
        }
    }

    void session()
    {
        QFETCH(QString, name);
        QFETCH(bool, fast);
        const QJsonObject fixture = readFixture(QStringLiteral("sessions/%1.json").arg(name));
        const auto parsed =
            sessionFromJsonObject(fixture.value(QStringLiteral("session")).toObject());
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        const ComputeResult result = Engine().compute(parsed.session);
        QVERIFY2(result.trace, result.issue ? qPrintable(result.issue->message) : "");
        const Arithmetic arithmetic = fast ? Arithmetic::Fast : Arithmetic::TorchOrder;
        const auto trace = test::withArithmetic(result.trace, arithmetic);
        QCOMPARE(trace->arithmetic, arithmetic);
        const QJsonObject actual = dumpOf(trace);

        const QJsonObject expected = fixture.value(QStringLiteral("expected")).toObject();
        QVERIFY(!expected.isEmpty());
        QCOMPARE(actual.value(QStringLiteral("heads")).toArray().size(),
                 expected.value(QStringLiteral("heads")).toArray().size());

        Comparison c;
        c.tolerance = fast ? FastTolerance : 0.0;
        c.tokenCount = trace->queryCount();
        for (const QJsonValue row : fixture.value(QStringLiteral("expected_rows")).toArray())
            c.rows.append(row.toInt());
        compareObject(expected, actual, {}, c);
        if (!QTest::currentTestFailed())
            qInfo("%s (%s): worst |diff| %.3g (%s)", qPrintable(name),
                  fast ? "fast" : "torch order", c.worst, qPrintable(c.where));
    }
};

QTEST_GUILESS_MAIN(TestGoldenSessions)
#include "tst_goldensessions.moc"
