// Attention as today's models compute it (todays-attention.md): every session of
// tests/fixtures/today (written by generate_todays_fixtures.py with PyTorch: RoPE in both styles,
// grouped-query and multi-query heads, sliding windows, FlashAttention-2's tiles) on both
// arithmetic paths, every tensor of PyTorch's dump within 1e-5 absolute + 1e-4 relative, and the
// flash tiles' order, skips, m and l likewise. Prints the worst difference per session and path
// (llm.c's check_tensor). Sessions that leave the new keys at their defaults compute exactly
// what they computed before, bit for bit.
#include "AttentionParams.h"
#include "AttentionTraffic.h"
#include "Engine.h"
#include "Fixtures.h"
#include "FlashAttention.h"
#include "Forward.h"
#include "HeadTensors.h"
#include "ModelRun.h"
#include "Rope.h"
#include "RunJson.h"
#include "SessionJson.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceArithmetic.h"

#include <QDir>
#include <QJsonDocument>
#include <QTest>

#include <cmath>
#include <tuple>

using namespace ae;
using namespace ae::test;

namespace {

constexpr double Absolute = 1e-5, Relative = 1e-4;

struct Worst
{
    double diff = 0;
    QString where;
};

bool numericArray(const QJsonArray& a)
{
    for (const QJsonValue& v : a) {
        if (v.isArray())
            return numericArray(v.toArray());
        if (v.isString() && v.toString() != QLatin1StringView("-inf") &&
            v.toString() != QLatin1StringView("inf") && v.toString() != QLatin1StringView("nan"))
            return false;
        if (!v.isString() && !v.isDouble())
            return false;
    }
    return true;
}

void compareValue(const QJsonValue& e, const QJsonValue& a, const QString& name, Worst& worst);

void compareObject(const QJsonObject& expected, const QJsonObject& actual, const QString& path,
                   Worst& worst)
{
    for (auto it = expected.begin(); it != expected.end(); ++it) {
        const QString name = path + it.key();
        if (!actual.contains(it.key()))
            QFAIL(qPrintable(name + QStringLiteral(" is missing from the dump")));
        compareValue(it.value(), actual.value(it.key()), name, worst);
        if (QTest::currentTestFailed())
            return;
    }
}

void compareValue(const QJsonValue& e, const QJsonValue& a, const QString& name, Worst& worst)
{
    if (e.isObject()) {
        compareObject(e.toObject(), a.toObject(), name + u'.', worst);
    } else if (e.isArray() && !e.toArray().isEmpty() && e.toArray().first().isObject()) {
        const QJsonArray expected = e.toArray(), actual = a.toArray();
        QCOMPARE(actual.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            compareObject(expected[i].toObject(), actual[i].toObject(),
                          name + QStringLiteral("[%1].").arg(i), worst);
            if (QTest::currentTestFailed())
                return;
        }
    } else if (e.isArray() && numericArray(e.toArray())) {
        const auto cmp = compareTensors(jsonMatrix(e), jsonMatrix(a), Absolute, Relative);
        if (!cmp.ok)
            QFAIL(qPrintable(cmp.describe(name)));
        if (cmp.worstDiff > worst.diff)
            worst = {cmp.worstDiff, name};
    } else {
        QCOMPARE(a, e); // tokens, vocabulary, tile indices, skipped
    }
}

QByteArray dumpText(const std::shared_ptr<const Trace>& trace)
{
    return QByteArray::fromStdString(runToJson(*seedModuleRun(trace)));
}

QStringList todayFixtureNames()
{
    QStringList names = QDir(fixturePath(QStringLiteral("today")))
                            .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (QString& name : names)
        name.chop(5);
    return names;
}

std::shared_ptr<const Trace> computed(const QByteArray& json)
{
    const auto parsed = sessionFromJson(json);
    if (parsed.issue)
        qWarning("%s", qPrintable(parsed.issue->message));
    const ComputeResult result = Engine().compute(parsed.session);
    if (result.issue)
        qWarning("%s", qPrintable(result.issue->message));
    return result.trace;
}

} // namespace

class TestTodaysAttention : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void session_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("fast");
        QVERIFY(todayFixtureNames().size() >= 18);
        for (const QString& name : todayFixtureNames()) {
            QTest::addRow("%s torch-order", qPrintable(name)) << name << false;
            QTest::addRow("%s fast", qPrintable(name)) << name << true;
        }
    }

    void session()
    {
        QFETCH(QString, name);
        QFETCH(bool, fast);
        const QJsonObject fixture = readFixture(QStringLiteral("today/%1.json").arg(name));
        const auto parsed =
            sessionFromJsonObject(fixture.value(QStringLiteral("session")).toObject());
        QVERIFY2(!parsed.issue, parsed.issue ? qPrintable(parsed.issue->message) : "");
        const ComputeResult result = Engine().compute(parsed.session);
        QVERIFY2(result.trace, result.issue ? qPrintable(result.issue->message) : "");
        const Arithmetic arithmetic = fast ? Arithmetic::Fast : Arithmetic::TorchOrder;
        const auto trace = test::withArithmetic(result.trace, arithmetic);
        const QJsonObject actual = QJsonDocument::fromJson(dumpText(trace)).object();
        const QJsonObject expected = fixture.value(QStringLiteral("expected")).toObject();
        QCOMPARE(actual.value(QStringLiteral("heads")).toArray().size(),
                 expected.value(QStringLiteral("heads")).toArray().size());
        Worst worst;
        compareObject(expected, actual, {}, worst);
        if (!QTest::currentTestFailed())
            qInfo("%s (%s): worst |diff| %.3g (%s)", qPrintable(name),
                  fast ? "fast" : "torch order", worst.diff, qPrintable(worst.where));
    }

    // The defaults of the new keys, written out, change nothing: every golden session of
    // tests/fixtures/sessions gives the same dump, byte for byte, with them as without them.
    void defaultsChangeNothing()
    {
        const QStringList names = sessionFixtureNames();
        QVERIFY(names.size() >= 30);
        for (const QString& name : names) {
            const QJsonObject fixture = readFixture(QStringLiteral("sessions/%1.json").arg(name));
            QJsonObject session = fixture.value(QStringLiteral("session")).toObject();
            const auto plain = computed(QJsonDocument(session).toJson());
            QVERIFY2(plain, qPrintable(name));
            session[QStringLiteral("rope")] = false;
            session[QStringLiteral("rope_style")] = QStringLiteral("half");
            session[QStringLiteral("rope_theta")] = 10000;
            session[QStringLiteral("kernel")] = QStringLiteral("standard");
            session[QStringLiteral("block_q")] = 2;
            session[QStringLiteral("block_k")] = 2;
            if (plain->session.variant == Variant::MultiHead)
                session[QStringLiteral("num_kv_heads")] = plain->session.numHeads;
            const auto explicitDefaults = computed(QJsonDocument(session).toJson());
            QVERIFY2(explicitDefaults, qPrintable(name));
            QVERIFY2(dumpText(plain) == dumpText(explicitDefaults), qPrintable(name));
            QVERIFY(plain->kvHeads.empty());
        }
    }

    // What makes RoPE relative: the same vector as query at m and key at n scores a function
    // of m - n only, in both styles.
    void ropeScoresDependOnOffsetOnly_data()
    {
        QTest::addColumn<bool>("interleaved");
        QTest::newRow("half") << false;
        QTest::newRow("interleaved") << true;
    }

    void ropeScoresDependOnOffsetOnly()
    {
        QFETCH(bool, interleaved);
        const RowVector v =
            (RowVector(8) << 0.3f, -1.2f, 0.7f, 2.0f, -0.4f, 0.9f, 1.5f, -0.8f).finished();
        const Matrix same = v.replicate(12, 1);
        const RopeRotation rotation =
            ropeRotation(12, 8, interleaved ? RopeStyle::Interleaved : RopeStyle::Half, 10000.0);
        const Matrix rotated = applyRope(same, rotation);
        for (int offset = 0; offset < 6; ++offset) {
            const float first = rotated.row(offset).dot(rotated.row(0));
            for (int n = 1; n + offset < 12; ++n)
                QVERIFY(std::fabs(rotated.row(n + offset).dot(rotated.row(n)) - first) < 1e-4f);
        }
        QVERIFY(std::fabs(rotated.row(0).dot(rotated.row(0)) - v.squaredNorm()) < 1e-5f);
    }

    // The stepper's tiles (flashTile: a query block run again up to one key block) against
    // PyTorch's tile by tile: m and l after each tile as the dump has them, O of the block after
    // it, and the rescale factor exp(m − m′); the last tile of a block divides into the very
    // context the forward kept, bit for bit (the same code).
    void flashTiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("fast");
        int flashFixtures = 0;
        for (const QString& name : todayFixtureNames()) {
            if (!readFixture(QStringLiteral("today/%1.json").arg(name))
                     .contains(QStringLiteral("flash_tile_outputs")))
                continue;
            ++flashFixtures;
            QTest::addRow("%s torch-order", qPrintable(name)) << name << false;
            QTest::addRow("%s fast", qPrintable(name)) << name << true;
        }
        QVERIFY(flashFixtures >= 8);
    }

    void flashTiles()
    {
        QFETCH(QString, name);
        QFETCH(bool, fast);
        const QJsonObject fixture = readFixture(QStringLiteral("today/%1.json").arg(name));
        const auto parsed =
            sessionFromJsonObject(fixture.value(QStringLiteral("session")).toObject());
        const ComputeResult result = Engine().compute(parsed.session);
        QVERIFY(result.trace);
        const auto trace =
            test::withArithmetic(result.trace, fast ? Arithmetic::Fast : Arithmetic::TorchOrder);
        const QJsonArray heads = fixture.value(QStringLiteral("expected"))
                                     .toObject()
                                     .value(QStringLiteral("heads"))
                                     .toArray();
        const QJsonArray outputs = fixture.value(QStringLiteral("flash_tile_outputs")).toArray();
        QCOMPARE(outputs.size(), int(trace->heads.size()));
        double worst = 0;
        for (int h = 0; h < int(trace->heads.size()); ++h) {
            const FlashTrace& f = *trace->heads[std::size_t(h)].flash;
            const QJsonArray tiles = heads[h]
                                         .toObject()
                                         .value(QStringLiteral("flash"))
                                         .toObject()
                                         .value(QStringLiteral("tiles"))
                                         .toArray();
            QCOMPARE(tiles.size(), int(f.queryBlocks * f.keyBlocks));
            for (int t = 0; t < tiles.size(); ++t) {
                const QJsonObject expected = tiles[t].toObject();
                const Eigen::Index qb = expected.value(QStringLiteral("q_block")).toInt();
                const Eigen::Index kb = expected.value(QStringLiteral("k_block")).toInt();
                const FlashTile tile =
                    flashTile(headQueries(*trace, h), headKeys(*trace, h), headValues(*trace, h),
                              headOptions(*trace, h), f.blockQ, f.blockK, qb, kb);
                const QString where =
                    QStringLiteral("head %1 tile (%2, %3)").arg(h).arg(qb).arg(kb);
                QCOMPARE(tile.skipped, expected.value(QStringLiteral("skipped")).toBool());
                QCOMPARE(tile.scores.size() == 0, tile.skipped);
                const auto column = [](const QJsonValue& v) {
                    const Matrix row = jsonMatrix(QJsonArray{v});
                    return Matrix(row.transpose());
                };
                for (const auto& [actual, wanted, label] :
                     {std::tuple{&tile.mAfter, column(expected.value(QStringLiteral("m"))), "m"},
                      std::tuple{&tile.lAfter, column(expected.value(QStringLiteral("l"))), "l"},
                      std::tuple{&tile.output, jsonMatrix(outputs[h].toArray()[t]), "O"}}) {
                    const auto cmp = compareTensors(wanted, *actual, Absolute, Relative);
                    QVERIFY2(cmp.ok,
                             qPrintable(cmp.describe(where + u' ' + QLatin1StringView(label))));
                    worst = std::max(worst, cmp.worstDiff);
                }
                // Its m and l are the forward's own (FlashTrace), and the rescale is exp(m − m′).
                for (Eigen::Index i = 0; i < tile.rows; ++i) {
                    QCOMPARE(tile.mAfter(i, 0), f.runningMax(kb, tile.firstRow + i));
                    QCOMPARE(tile.lAfter(i, 0), f.runningSum(kb, tile.firstRow + i));
                    const float base = tile.mAfter(i, 0) == -INFINITY ? 0.0f : tile.mAfter(i, 0);
                    QCOMPARE(tile.rescale(i, 0),
                             tile.skipped ? 1.0f : std::exp(tile.mBefore(i, 0) - base));
                    if (kb + 1 == f.keyBlocks && tile.lAfter(i, 0) > 0) {
                        const RowVector context = tile.output.row(i) / tile.lAfter(i, 0);
                        QVERIFY(context ==
                                trace->heads[std::size_t(h)].contextVec.row(tile.firstRow + i));
                    }
                }
            }
        }
        qInfo("%s (%s): worst tile |diff| %.3g", qPrintable(name), fast ? "fast" : "torch order",
              worst);
    }

    // The IO count of both kernels (AttentionTraffic.h), against the paper's sums done by hand.
    void memoryTraffic()
    {
        HeadOptions open;
        // T = S = 4, dk = dv = 2, 2 x 2 tiles: standard (8 + 8 + 16) + 32 + (16 + 8 + 8) = 96;
        // tiled 4·(2 + 2 + 1) + 4 tiles · 2·(2 + 2) = 52.
        AttentionTraffic t = attentionTraffic(4, 4, 2, 2, 2, 2, open);
        QCOMPARE(t.standard, 96.0);
        QCOMPARE(t.tiled, 52.0);
        QCOMPARE(t.computedTiles, std::int64_t(4));
        HeadOptions causal;
        causal.causal = true;
        t = attentionTraffic(4, 4, 2, 2, 2, 2, causal); // tile (0, 1) is skipped
        QCOMPARE(t.tiled, 44.0);
        QCOMPARE(t.skippedTiles, std::int64_t(1));
        // GPT-2's head (T = 1024, d = 64), causal, 128 x 128 tiles: 36 of 64 tiles computed;
        // 1024·129 + 36·128·128 = 721,920 against 4·64·1024 + 4·1024² = 4,456,448.
        t = attentionTraffic(1024, 1024, 64, 64, 128, 128, causal);
        QCOMPARE(t.computedTiles, std::int64_t(36));
        QCOMPARE(t.tiled, 721920.0);
        QCOMPARE(t.standard, 4456448.0);
        // A causal window of 3 over 8 tokens in 1 x 1 tiles: the visible cells, 1 + 2 + 3·6.
        causal.window = 3;
        t = attentionTraffic(8, 8, 2, 2, 1, 1, causal);
        QCOMPARE(t.computedTiles, std::int64_t(1 + 2 + 3 * 6));
    }

    // The flash kernel on a longer text, fast path, several heads: its context equals the
    // standard kernel's to float32 rounding, and exactly the tiles the causal window hides
    // entirely are skipped.
    void flashMatchesStandardOnLongText()
    {
        const auto trace =
            computed(R"({"sentence": ")" + QByteArray::fromStdString(numberedSentence(150)) +
                     R"(", "variant": "multihead", "init": "linear", "d_in": 16,
            "d_out_kq": 32, "d_out_v": 32, "num_heads": 4, "num_kv_heads": 2, "rope": true,
            "causal": true, "window": 20, "kernel": "flash", "block_q": 16, "block_k": 8})");
        QVERIFY(trace);
        for (const HeadTrace& head : trace->heads) {
            QVERIFY(head.flash);
            QVERIFY2(head.flashMaxDiff < 1e-5, qPrintable(QString::number(head.flashMaxDiff)));
            const FlashTrace& f = *head.flash;
            for (Eigen::Index qb = 0; qb < f.queryBlocks; ++qb)
                for (Eigen::Index kb = 0; kb < f.keyBlocks; ++kb) {
                    const Eigen::Index firstRow = qb * 16,
                                       lastRow = std::min<Eigen::Index>(150, firstRow + 16) - 1;
                    const Eigen::Index firstKey = kb * 8, lastKey = firstKey + 7;
                    // Visible somewhere: a key j with lastRow - 20 < j <= ... for some row.
                    const bool hidden = firstKey > lastRow || lastKey <= firstRow - 20;
                    QCOMPARE(f.isSkipped(qb, kb), hidden);
                }
        }
        qInfo("flash vs standard, 150 tokens, 4 heads: worst |diff| %.3g",
              double(trace->heads[0].flashMaxDiff));
    }

    // Tiles of 16 keys and more, fast path: a tile's max and sum run in packets of columns
    // (FlashRows.cpp), here one packet (16), two and a tail of 8 (40), four (64), with ragged
    // tiles at the end of every row. Each row's last m is its largest scaled score, exactly;
    // its last l the sum of exp(score - m) over its keys, to float32 rounding; the context the
    // standard kernel's.
    void flashWideTiles_data()
    {
        QTest::addColumn<int>("blockK");
        QTest::newRow("16") << 16;
        QTest::newRow("40") << 40;
        QTest::newRow("64") << 64;
    }

    void flashWideTiles()
    {
        QFETCH(int, blockK);
        const auto trace =
            computed(R"({"sentence": ")" + QByteArray::fromStdString(numberedSentence(150)) +
                     R"(", "variant": "multihead", "init": "linear", "d_in": 16,
            "d_out_kq": 32, "d_out_v": 32, "num_heads": 2, "causal": true, "kernel": "flash",
            "block_q": 16, "block_k": )" +
                     QByteArray::number(blockK) + "}");
        QVERIFY(trace);
        QCOMPARE(trace->arithmetic, Arithmetic::Fast);
        for (int h = 0; h < 2; ++h) {
            const HeadTrace& head = trace->heads[std::size_t(h)];
            QVERIFY(head.flash);
            QVERIFY2(head.flashMaxDiff < 1e-5, qPrintable(QString::number(head.flashMaxDiff)));
            const FlashTrace& f = *head.flash;
            const auto scores = headTensor(*trace, h, HeadTensor::Scores);
            const float divisor = headOptions(*trace, h).scoreDivisor;
            double worstSum = 0;
            for (Eigen::Index r = 0; r < trace->queryCount(); ++r) {
                const RowVector scaled = scores->row(r).leftCols(r + 1) / divisor;
                const float m = scaled.maxCoeff();
                QVERIFY(f.runningMax(f.keyBlocks - 1, r) == m); // not QCOMPARE's fuzzy compare
                const double sum = (scaled.cast<double>().array() - double(m)).exp().sum();
                worstSum =
                    std::max(worstSum, std::abs(f.runningSum(f.keyBlocks - 1, r) - sum) / sum);
            }
            QVERIFY2(worstSum < 1e-5, qPrintable(QString::number(worstSum)));
        }
    }

    // A sliding window on a long text, fast path: a block of rows multiplies and sums from the
    // panel holding its first row's first visible key on (the blocks from row 128 on start past
    // key 0). Each visible score is still q·k, each row's weights sum to 1 inside its window
    // and are 0 outside, and the context is the weights times the values, to float32 rounding.
    void windowOnLongTextMatchesDenseProducts()
    {
        const auto trace =
            computed(R"({"sentence": ")" + QByteArray::fromStdString(numberedSentence(300)) +
                     R"(", "variant": "multihead", "init": "linear", "d_in": 16,
            "d_out_kq": 32, "d_out_v": 32, "num_heads": 2, "causal": true, "window": 40})");
        QVERIFY(trace);
        QCOMPARE(trace->arithmetic, Arithmetic::Fast);
        const Eigen::Index T = trace->queryCount();
        QCOMPARE(T, Eigen::Index(300));
        for (int h = 0; h < 2; ++h) {
            const Matrix& q = headQueries(*trace, h);
            const Matrix& k = headKeys(*trace, h);
            const Matrix& v = headValues(*trace, h);
            const auto scores = headTensor(*trace, h, HeadTensor::Scores);
            const auto weights = headTensor(*trace, h, HeadTensor::Weights);
            double worstScore = 0, worstSum = 0;
            for (Eigen::Index r = 0; r < T; ++r) {
                const Eigen::Index first = std::max<Eigen::Index>(0, r - 39);
                for (Eigen::Index j = first; j <= r; ++j) {
                    const double exact = q.row(r).cast<double>().dot(k.row(j).cast<double>());
                    worstScore = std::max(worstScore, std::abs((*scores)(r, j) - exact));
                }
                QVERIFY(weights->row(r).leftCols(first).isZero(0));
                QVERIFY(weights->row(r).rightCols(T - r - 1).isZero(0));
                worstSum = std::max(worstSum, std::abs(weights->row(r).cast<double>().sum() - 1));
            }
            QVERIFY2(worstScore < 1e-4, qPrintable(QString::number(worstScore)));
            QVERIFY2(worstSum < 1e-5, qPrintable(QString::number(worstSum)));
            const Eigen::MatrixXd dense = weights->cast<double>() * v.cast<double>();
            const double worstContext =
                (dense - trace->heads[std::size_t(h)].contextVec.cast<double>())
                    .cwiseAbs()
                    .maxCoeff();
            QVERIFY2(worstContext < 1e-5, qPrintable(QString::number(worstContext)));
        }
    }

    // The fast path reads the standard kernel's scores, computed 64 rows at a time, and runs
    // rows four at a time: a query block of 3 rows straddling rows 63 and 64, and one at the
    // ragged end, stepped (flashTile) give the forward's m, l and context to the bit. A head
    // size of 68: four packets of columns and a scalar tail.
    void flashTileMatchesForwardAcrossScoreBlocks()
    {
        const auto trace =
            computed(R"({"sentence": ")" + QByteArray::fromStdString(numberedSentence(150)) +
                     R"(", "variant": "multihead", "init": "linear", "d_in": 16,
            "d_out_kq": 136, "d_out_v": 136, "num_heads": 2, "causal": true, "kernel": "flash",
            "block_q": 3, "block_k": 5})");
        QVERIFY(trace);
        QCOMPARE(trace->arithmetic, Arithmetic::Fast);
        const FlashTrace& f = *trace->heads[1].flash;
        for (const Eigen::Index qb : {Eigen::Index(21), f.queryBlocks - 1}) {
            const Eigen::Index kb = f.keyBlocks - 1;
            const FlashTile tile =
                flashTile(headQueries(*trace, 1), headKeys(*trace, 1), headValues(*trace, 1),
                          headOptions(*trace, 1), f.blockQ, f.blockK, qb, kb);
            QVERIFY(tile.rows > 0);
            for (Eigen::Index i = 0; i < tile.rows; ++i) {
                const Eigen::Index r = tile.firstRow + i;
                QCOMPARE(tile.mAfter(i, 0), f.runningMax(kb, r));
                QCOMPARE(tile.lAfter(i, 0), f.runningSum(kb, r));
                const RowVector context = tile.output.row(i) / tile.lAfter(i, 0);
                QVERIFY(context == trace->heads[1].contextVec.row(r));
            }
        }
        QVERIFY(trace->heads[1].flashMaxDiff < 1e-5f);
    }
};

QTEST_GUILESS_MAIN(TestTodaysAttention)
#include "tst_todaysattention.moc"
