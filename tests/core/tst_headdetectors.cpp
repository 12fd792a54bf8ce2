// The head detectors (core/analysis/HeadDetectors.h, heads.md §1) and the induction probe
// against PyTorch (tests/fixtures/heads): every layer's and head's mul and abs scores, with
// every combination of exclude_bos and exclude_current_token, on both families' checkpoints;
// the sparse scorer against a dense reference over the T x T pattern; the patterns by hand.
#include "HeadDetectors.h"
#include "HeadsFixture.h"
#include "InductionProbe.h"
#include "RandomModel.h"
#include "TransformerForward.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace ae;
using namespace ae::test;

namespace {

// 4 query heads over 2 key/value heads.
RandomModelShape groupedShape()
{
    RandomModelShape shape;
    shape.heads = 4;
    shape.kvHeads = 2;
    shape.embd = 32;
    return shape;
}

// 150 ids, past two 64-row blocks, with repeats.
std::vector<std::int64_t> repeatingIds()
{
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 150; ++i)
        ids.push_back((i * 7) % 23);
    return ids;
}

Matrix densePattern(const DetectionPattern& p)
{
    Matrix dense = Matrix::Zero(p.rows(), p.rows());
    for (Eigen::Index i = 0; i < p.rows(); ++i)
        for (const std::int64_t j : p.row(i))
            dense(i, j) = 1;
    return dense;
}

// detect_head's arithmetic on dense tensors, as TransformerLens writes it.
HeadScore denseScore(Matrix a, const Matrix& pattern, DetectorOptions options)
{
    Matrix diff = (a - pattern).cwiseAbs();
    for (Matrix* m : {&a, &diff}) {
        if (options.excludeBos)
            m->col(0).setZero();
        if (options.excludeCurrentToken)
            m->diagonal().setZero();
    }
    HeadScore s;
    s.mul = double(a.cwiseProduct(pattern).cast<double>().sum()) / a.cast<double>().sum();
    s.absRaw = diff.cast<double>().mean() * double(diff.rows());
    s.abs = 1.0 - std::round(s.absRaw * 1000.0) / 1000.0;
    return s;
}

// Causal attention weights: each row a random distribution over j <= i.
Matrix randomWeights(Eigen::Index T, std::mt19937& rng)
{
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    Matrix a = Matrix::Zero(T, T);
    for (Eigen::Index i = 0; i < T; ++i) {
        for (Eigen::Index j = 0; j <= i; ++j)
            a(i, j) = std::pow(u(rng), 4.0f);
        a.row(i) /= a.row(i).sum();
    }
    return a;
}

// A rounded abs can only be trusted away from a multiple of 0.0005, where float32 sums round
// one way in PyTorch and the other here.
bool nearRoundingEdge(double raw)
{
    const double scaled = raw * 1000.0;
    return std::abs(scaled - std::floor(scaled) - 0.5) < 1e-3;
}

} // namespace

class TestHeadDetectors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void patterns_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QList<qint64>>("ids");
        QTest::addColumn<QList<QList<qint64>>>("rows");
        const QList<qint64> ids{7, 8, 7, 7, 8};
        QTest::newRow("previous") << int(HeadPattern::PreviousToken) << ids
                                  << QList<QList<qint64>>{{}, {0}, {1}, {2}, {3}};
        QTest::newRow("duplicate") << int(HeadPattern::DuplicateToken) << ids
                                   << QList<QList<qint64>>{{}, {}, {0}, {0, 2}, {1}};
        // t_{j-1} = t_i for 0 < j <= i: row 3 (7) has j = 1 (t_0) and j = 3 (t_2 = 7, itself).
        QTest::newRow("induction")
            << int(HeadPattern::Induction) << ids << QList<QList<qint64>>{{}, {}, {1}, {1, 3}, {2}};
    }

    void patterns()
    {
        QFETCH(int, kind);
        QFETCH(QList<qint64>, ids);
        QFETCH(QList<QList<qint64>>, rows);
        const std::vector<std::int64_t> tokens(ids.begin(), ids.end());
        const DetectionPattern p = detectionPattern(HeadPattern(kind), tokens);
        QCOMPARE(p.rows(), Eigen::Index(rows.size()));
        for (Eigen::Index i = 0; i < p.rows(); ++i) {
            const auto row = p.row(i);
            QCOMPARE(QList<qint64>(row.begin(), row.end()), rows[int(i)]);
        }
    }

    // The sparse sums (one pass, the pattern's cells only) against the dense formulas, for
    // every option, on random causal weights and token runs with many repeats.
    void sparseEqualsDense()
    {
        std::mt19937 rng(5);
        std::uniform_int_distribution<int> token(0, 3);
        for (const Eigen::Index T : {2, 3, 17, 70}) {
            std::vector<std::int64_t> ids;
            for (Eigen::Index i = 0; i < T; ++i)
                ids.push_back(token(rng));
            const Matrix a = randomWeights(T, rng);
            for (const HeadPattern kind : AllHeadPatterns) {
                const DetectionPattern p = detectionPattern(kind, ids);
                for (const bool bos : {false, true})
                    for (const bool current : {false, true}) {
                        const DetectorOptions options{bos, current};
                        const HeadScore sparse = scoreWeights(a, p, options);
                        const HeadScore dense = denseScore(a, densePattern(p), options);
                        if (std::isnan(dense.mul))
                            QVERIFY(std::isnan(sparse.mul));
                        else
                            QVERIFY2(std::abs(sparse.mul - dense.mul) < 1e-6,
                                     qPrintable(QStringLiteral("T %1 mul %2 vs %3")
                                                    .arg(T)
                                                    .arg(sparse.mul)
                                                    .arg(dense.mul)));
                        QVERIFY(std::abs(sparse.absRaw - dense.absRaw) < 1e-5);
                    }
            }
        }
    }

    void probes()
    {
        const QJsonArray probes = readFixture(QStringLiteral("heads/probes.json"))
                                      .value(QLatin1StringView("probes"))
                                      .toArray();
        QVERIFY(!probes.isEmpty());
        for (const QJsonValue& value : probes) {
            const QJsonObject probe = value.toObject();
            const auto vocab = probe.value(QLatin1StringView("vocab")).toInteger();
            const QJsonValue bos = probe.value(QLatin1StringView("bos"));
            QCOMPARE(probeBos(vocab).has_value(), !bos.isNull());
            const auto ids = inductionProbe(
                vocab, probe.value(QLatin1StringView("length")).toInt(),
                std::uint64_t(probe.value(QLatin1StringView("seed")).toInteger()), probeBos(vocab));
            QCOMPARE(ids, jsonIds(probe.value(QLatin1StringView("ids"))));
        }
    }

    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("family");
        QTest::newRow("GPT-2") << QStringLiteral("gpt2");
        QTest::newRow("book") << QStringLiteral("book");
    }

    void matchesPyTorch()
    {
        QFETCH(QString, family);
        constexpr double Tolerance = 1e-4;
        const QJsonObject fixture = headsFixture(family);
        const auto model = headsModel(fixture);
        QVERIFY(model);
        double worst = 0;
        int compared = 0;
        for (const QJsonValue& value : fixture.value(QLatin1StringView("detectors")).toArray()) {
            const QJsonObject c = value.toObject();
            const QJsonObject o = c.value(QLatin1StringView("options")).toObject();
            const DetectorOptions options{
                o.value(QLatin1StringView("exclude_bos")).toBool(),
                o.value(QLatin1StringView("exclude_current_token")).toBool()};
            const auto trace =
                transformerForward(model, jsonIds(c.value(QLatin1StringView("token_ids"))));
            const auto detection = detectHeads(*trace, options);
            QVERIFY(detection);
            const QJsonObject scores = c.value(QLatin1StringView("scores")).toObject();
            for (const HeadPattern kind : AllHeadPatterns) {
                const QJsonObject expected =
                    scores.value(QString::fromUtf8(headPatternKey(kind))).toObject();
                for (int l = 0; l < detection->layers; ++l)
                    for (int h = 0; h < detection->heads; ++h) {
                        const auto cell = [&](const char* key) {
                            return expected.value(QLatin1StringView(key))
                                .toArray()[l]
                                .toArray()[h]
                                .toDouble();
                        };
                        const HeadScore& s = detection->at(kind, l, h);
                        const QString where =
                            QStringLiteral("%1 %2 %3 layer %4 head %5")
                                .arg(c.value(QLatin1StringView("name")).toString(),
                                     QString::fromUtf8(headPatternKey(kind)))
                                .arg(options.excludeBos * 2 + options.excludeCurrentToken)
                                .arg(l)
                                .arg(h);
                        const double mulDiff = std::abs(s.mul - cell("mul"));
                        const double rawDiff = std::abs(s.absRaw - cell("abs_raw"));
                        worst = std::max({worst, mulDiff, rawDiff});
                        QVERIFY2(mulDiff <= Tolerance, qPrintable(where + QStringLiteral(" mul")));
                        QVERIFY2(rawDiff <= Tolerance, qPrintable(where + QStringLiteral(" abs")));
                        if (!nearRoundingEdge(cell("abs_raw")))
                            QVERIFY2(std::abs(s.abs - cell("abs")) < 1e-9,
                                     qPrintable(where + QStringLiteral(" rounded abs")));
                        ++compared;
                    }
            }
        }
        QVERIFY(compared > 0);
        qInfo("%d scores, worst difference %.3g", compared, worst);
    }

    // A detection resumed from an earlier one (typing at the end, a token changed in the
    // middle) keeps the sums of the whole groups of 8 rows before the change and equals a
    // detection from scratch within float32 rounding (the rows after them are derived as a
    // block of their own); other options or another model resume nothing.
    void resumesFromTheUnchangedPrefix()
    {
        const RandomModelShape shape = groupedShape();
        const auto model = randomModel(shape);
        const std::vector<std::int64_t> ids = repeatingIds();
        const DetectorOptions options{false, true};
        auto changed = ids;
        changed[100] = (changed[100] + 1) % 23;
        const std::vector<std::int64_t> shorter(ids.begin(), ids.end() - 3);
        for (const auto& [before, resumedRows] :
             {std::pair{shorter, Eigen::Index(144)}, std::pair{changed, Eigen::Index(96)}}) {
            const auto first = transformerForward(model, before);
            const auto earlier = detectHeads(*first, options);
            QVERIFY(earlier);
            const auto second = transformerForward(model, ids, first.get());
            const auto resumed = detectHeads(*second, options, {}, &*earlier);
            const auto fresh = detectHeads(*second, options);
            QVERIFY(resumed && fresh);
            QCOMPARE(resumed->resumedRows, resumedRows);
            QCOMPARE(fresh->resumedRows, Eigen::Index(0));
            for (const HeadPattern kind : AllHeadPatterns)
                for (int l = 0; l < shape.layers; ++l)
                    for (int h = 0; h < shape.heads; ++h) {
                        const HeadScore& a = resumed->at(kind, l, h);
                        const HeadScore& b = fresh->at(kind, l, h);
                        QVERIFY2(std::abs(a.mul - b.mul) <= 1e-6 * std::max(1.0, std::abs(b.mul)),
                                 qPrintable(QStringLiteral("mul %1 against %2 from scratch")
                                                .arg(a.mul, 0, 'g', 17)
                                                .arg(b.mul, 0, 'g', 17)));
                        QVERIFY2(std::abs(a.absRaw - b.absRaw) <=
                                     1e-6 * std::max(1.0, std::abs(b.absRaw)),
                                 qPrintable(QStringLiteral("abs %1 against %2 from scratch")
                                                .arg(a.absRaw, 0, 'g', 17)
                                                .arg(b.absRaw, 0, 'g', 17)));
                    }
            QCOMPARE(detectHeads(*second, DetectorOptions{true, true}, {}, &*earlier)->resumedRows,
                     Eigen::Index(0));
        }
        const auto trace = transformerForward(model, ids);
        const auto own = detectHeads(*trace, options);
        QCOMPARE(detectHeads(*trace, options, {}, &*own)->resumedRows, Eigen::Index(144));
        const auto other = transformerForward(randomModel(shape), ids);
        QCOMPARE(detectHeads(*other, options, {}, &*own)->resumedRows, Eigen::Index(0));
    }

    // The block-by-block scores of a forward equal the dense ones on each head's derived
    // weights, with grouped key/value heads too (query heads reading their group's keys).
    void forwardEqualsDenseScoring()
    {
        const RandomModelShape shape = groupedShape();
        const auto model = randomModel(shape);
        const std::vector<std::int64_t> ids = repeatingIds();
        const auto trace = transformerForward(model, ids);
        const DetectorOptions options{true, false};
        const auto detection = detectHeads(*trace, options);
        QVERIFY(detection);
        for (const HeadPattern kind : AllHeadPatterns) {
            const DetectionPattern p = detectionPattern(kind, ids);
            for (int l = 0; l < shape.layers; ++l)
                for (int h = 0; h < shape.heads; ++h) {
                    const HeadScore dense =
                        denseScore(*layerAttnWeights(*trace, l, h), densePattern(p), options);
                    QVERIFY(std::abs(detection->at(kind, l, h).mul - dense.mul) < 1e-6);
                    QVERIFY(std::abs(detection->at(kind, l, h).absRaw - dense.absRaw) < 1e-5);
                }
        }
    }

    void ranksHeads()
    {
        HeadDetection d;
        d.layers = 2;
        d.heads = 2;
        d.scores[std::size_t(HeadPattern::Induction)] = {
            {0.2, 0.1, 0}, {std::nan(""), 0.3, 0}, {0.9, -0.5, 0}, {0.2, 0.4, 0}};
        std::vector<std::pair<int, int>> order;
        for (const RankedHead& r : rankHeads(d, HeadPattern::Induction))
            order.emplace_back(r.layer, r.head);
        const std::vector<std::pair<int, int>> mul{{1, 0}, {0, 0}, {1, 1}, {0, 1}};
        QCOMPARE(order, mul); // ties by layer then head, NaN last
        QCOMPARE(rankHeads(d, HeadPattern::Induction, true).front().head, 1); // abs 0.4
    }

    void refusesShortInputsAndCancels()
    {
        const auto model = headsModel(headsFixture(QStringLiteral("gpt2")));
        QVERIFY(model);
        QVERIFY(!detectHeads(*transformerForward(model, {5})));
        const auto trace = transformerForward(model, {5, 6, 5, 6});
        int calls = 0;
        QVERIFY(!detectHeads(*trace, {}, [&](int, int) { return ++calls < 2; }));
        QCOMPARE(calls, 2);
        std::vector<int> seen;
        QVERIFY(detectHeads(*trace, {}, [&](int done, int total) {
            seen.push_back(done);
            return total == 2;
        }));
        QCOMPARE(seen, (std::vector<int>{0, 1, 2}));
    }
};

QTEST_GUILESS_MAIN(TestHeadDetectors)
#include "tst_headdetectors.moc"
