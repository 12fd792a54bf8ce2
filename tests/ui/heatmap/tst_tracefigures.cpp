// The figures built from a computed trace: one file-name scheme for --export and the pages,
// cross-attention axes that name their sentences, a causal cross-attention that says what
// its mask means, and attention weights coloured on a scale that shows a long causal
// sentence's structure.
#include "ColorMap.h"
#include "ColorScaleChoice.h"
#include "Engine.h"
#include "HeadsFigures.h"
#include "MatrixStats.h"
#include "PageCatalog.h"
#include "Session.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <algorithm>

using namespace ae;

namespace {

std::shared_ptr<const Trace> compute(const Session& session)
{
    static const Engine engine;
    const ComputeResult result = engine.compute(session);
    if (!result.trace)
        qFatal("session refused: %s", result.issue ? qPrintable(result.issue->message) : "?");
    return result.trace;
}

Session article()
{
    return Session{};
}

Session multiHeadCausalDropout()
{
    Session s;
    s.variant = Variant::MultiHeadWrapper;
    s.numHeads = 2;
    s.causal = true;
    s.dropout = 0.5;
    s.training = true;
    s.positional = Positional::Learned;
    return s;
}

Session cross(bool causal)
{
    Session s;
    s.sentence = "the cat sat";
    s.sourceSentence = "die Katze sass auf der Matte";
    s.causal = causal;
    return s;
}

Session rope()
{
    Session s;
    s.variant = Variant::MultiHead;
    s.numHeads = 2;
    s.dOutKq = s.dOutV = 4;
    s.causal = true;
    s.rope = true;
    s.ropeStyle = RopeStyle::Interleaved;
    return s;
}

Session numbered(int which)
{
    return which == 0   ? article()
           : which == 1 ? multiHeadCausalDropout()
           : which == 2 ? cross(true)
                        : rope();
}

std::vector<Figure> pageFigures(const std::shared_ptr<const Trace>& trace)
{
    std::vector<Figure> figures;
    for (const PageDefinition& page : pageCatalog())
        for (const PageSection& section : page.sections)
            if (const std::optional<Figure> figure = section.figure(trace, 0))
                figures.push_back(*figure);
    return figures;
}

} // namespace

class TestTraceFigures : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fileNamesFollowOneScheme_data()
    {
        QTest::addColumn<int>("session");
        QTest::newRow("the article") << 0;
        QTest::newRow("two heads, causal, dropout, positions") << 1;
        QTest::newRow("cross-attention, causal") << 2;
        QTest::newRow("RoPE, two heads") << 3;
    }

    // "<step>-<snake_case name>[-head<k>]", the same from the pages as from --export.
    void fileNamesFollowOneScheme()
    {
        QFETCH(int, session);
        const auto trace = compute(numbered(session));
        static const QRegularExpression scheme(
            QStringLiteral("^\\d\\d-[a-z0-9]+(_[a-z0-9]+)*(-head\\d+)?$"));
        QSet<QString> exported;
        for (const Figure& figure : figures::allFigures(trace)) {
            QVERIFY2(scheme.match(figure.name).hasMatch(), qPrintable(figure.name));
            QVERIFY2(!exported.contains(figure.name),
                     qPrintable(figure.name)); // no two files alike
            exported.insert(figure.name);
        }
        for (const Figure& figure : pageFigures(trace)) {
            QVERIFY2(scheme.match(figure.name).hasMatch(), qPrintable(figure.name));
            // What the pages show under a name is what --export writes under it.
            if (figure.name != QStringLiteral("01-positions"))
                QVERIFY2(exported.contains(figure.name), qPrintable(figure.name));
        }
    }

    // Twelve heads' files sort in head order (head01 ... head12), as a file manager lists them.
    void fileNamesSortInHeadOrder()
    {
        Session s;
        s.variant = Variant::MultiHeadWrapper;
        s.numHeads = 12;
        const auto trace = compute(s);
        QStringList weights;
        for (const Figure& figure : figures::allFigures(trace))
            if (figure.name.startsWith(QLatin1StringView("05-attn_weights")))
                weights << figure.name;
        QCOMPARE(weights.size(), 12);
        QCOMPARE(weights.front(), QStringLiteral("05-attn_weights-head01"));
        QStringList sorted = weights;
        sorted.sort();
        QCOMPARE(sorted, weights);
        QCOMPARE(figures::fileNumber(7, 1024), QStringLiteral("0007"));
        QCOMPARE(figures::fileNumber(2, 2), QStringLiteral("2"));
    }

    // The RoPE page shows the forward's own rotated queries and keys, the angles m·θ_i, and one
    // vector's scores with itself equal along each diagonal (they depend on m − n only).
    void ropePageShowsTheRotation()
    {
        const auto trace = compute(rope());
        const std::vector<PageDefinition> pages = pageCatalog();
        const auto page = std::find_if(pages.begin(), pages.end(),
                                       [](const PageDefinition& p) { return p.id == "rope"; });
        QVERIFY(page != pages.end());
        std::vector<Figure> shown;
        for (const PageSection& section : page->sections)
            if (const std::optional<Figure> figure = section.figure(trace, 1))
                shown.push_back(*figure);
        QCOMPARE(shown.size(), std::size_t(4));

        const Matrix& angles = *shown[0].panels.front().matrix; // (T, h/2), h = 2
        QCOMPARE(angles.cols(), Eigen::Index(1));
        for (Eigen::Index m = 0; m < angles.rows(); ++m)
            QVERIFY(std::abs(angles(m, 0) - float(m)) < 1e-6f); // θ_0 = 1 / 10000^0

        QVERIFY(*shown[1].panels[0].matrix == trace->heads[1].queries);
        QVERIFY(*shown[1].panels[1].matrix == trace->heads[1].queriesRope);
        QVERIFY(*shown[1].panels[0].matrix != *shown[1].panels[1].matrix);

        const Matrix& relative = *shown[3].panels.front().matrix;
        for (Eigen::Index m = 1; m < relative.rows(); ++m)
            for (Eigen::Index n = 1; n < relative.cols(); ++n)
                QVERIFY2(std::abs(relative(m, n) - relative(m - 1, n - 1)) <=
                             1e-4f * (1 + std::abs(relative(m, n))),
                         qPrintable(QStringLiteral("(%1, %2)").arg(m).arg(n)));
        // One pair at θ_0 = 1: a step apart, the score is |v|²·cos(1).
        QVERIFY(relative(0, 0) > 0);
        QVERIFY(std::abs(relative(0, 1) / relative(0, 0) - std::cos(1.0f)) < 1e-3f);

        // Without RoPE the page says how to turn it on.
        const auto plain = compute(article());
        for (const PageSection& section : page->sections)
            QVERIFY(!section.figure(plain, 0) && !section.whenAbsent.isEmpty());
    }

    // Grouped heads: the head grid puts the query heads that share a key/value head in one row,
    // and the cache figure counts kv_heads·(d_k + d_v) floats per token against one key/value
    // head per query head, here and at Llama 2's sizes (7B: 32·256 both ways; 70B: 8·256
    // against 64·256).
    void groupedHeadsShareRows()
    {
        Session s;
        s.variant = Variant::MultiHead;
        s.init = InitScheme::Linear;
        s.numHeads = 4;
        s.numKvHeads = 2;
        s.dOutKq = s.dOutV = 8; // head size 2
        const auto trace = compute(s);
        const Figure grid = figures::headGrid(trace);
        QCOMPARE(grid.columns, 2); // one group a row
        // 12 heads in 4 groups of 3: two groups a row, panels as large as without groups (4).
        Session twelve = s;
        twelve.numHeads = 12;
        twelve.numKvHeads = 4;
        twelve.dOutKq = twelve.dOutV = 24;
        QCOMPARE(figures::headGrid(compute(twelve)).columns, 6);
        QVERIFY(grid.panels[2].title.contains(QStringLiteral("K/V head 2")));
        QVERIFY(grid.panels[1].title.contains(QStringLiteral("K/V head 1")));
        const HeatmapSpec cache = figures::kvCache(trace);
        const Matrix expected = (Matrix(3, 2) << 8, 16, 8192, 8192, 2048, 16384).finished();
        QCOMPARE(*cache.matrix, expected);
        QVERIFY(cache.explain(2, 0).contains(QStringLiteral("8·(128 + 128)")));
        // Without grouping both layouts are the same; the export has the figure.
        s.numKvHeads = 0;
        const auto plain = compute(s);
        const Matrix both = *figures::kvCache(plain).matrix;
        QCOMPARE(both(0, 0), both(0, 1));
        QCOMPARE(figures::headGrid(plain).columns, 4);
        QStringList names;
        for (const Figure& figure : figures::allFigures(plain))
            names << figure.name;
        QVERIFY(names.contains(QStringLiteral("08-kv_cache")));
    }

    // A sliding window without causal: the mask page shows its band (|i − j| ≥ W hidden) and a
    // cell says why it is hidden; the export has the mask and both methods' figure.
    void windowMaskIsTheBand()
    {
        Session s;
        s.window = 2;
        const auto trace = compute(s);
        const HeatmapSpec mask = figures::causalMask(trace);
        QVERIFY(mask.matrix);
        const Matrix& m = *mask.matrix;
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            for (Eigen::Index j = 0; j < m.cols(); ++j)
                QCOMPARE(m(i, j), std::abs(i - j) >= 2 ? 1.0f : 0.0f);
        QVERIFY(mask.title.contains(QStringLiteral("window")));
        QVERIFY(mask.explain(0, 3).contains(QStringLiteral("outside the window")));
        QVERIFY(mask.explain(3, 2).contains(QStringLiteral("inside the window")));
        QStringList names;
        for (const Figure& figure : figures::allFigures(trace))
            names << figure.name;
        QVERIFY(names.contains(QStringLiteral("04-mask")));
        QVERIFY(names.contains(QStringLiteral("05-mask_methods")));
    }

    void crossAttentionAxesNameTheSentences()
    {
        const auto self = compute(article());
        const HeatmapSpec selfWeights = figures::weights(self, 0);
        QCOMPARE(selfWeights.rowAxisTitle, QStringLiteral("queries"));
        QCOMPARE(selfWeights.columnAxisTitle, QStringLiteral("keys"));

        const auto trace = compute(cross(false));
        for (const HeatmapSpec& spec : {figures::scores(trace, 0), figures::weights(trace, 0)}) {
            QVERIFY2(spec.rowAxisTitle.contains(QStringLiteral("sentence")),
                     qPrintable(spec.rowAxisTitle));
            QVERIFY2(spec.columnAxisTitle.contains(QStringLiteral("source sentence")),
                     qPrintable(spec.columnAxisTitle));
            QVERIFY(spec.columnAxisTitle.contains(QStringLiteral("values")));
        }
        QVERIFY(figures::context(trace, 0).rowAxisTitle.contains(QStringLiteral("sentence")));
        QVERIFY(figures::sourceEmbeddings(trace).rowAxisTitle.contains(
            QStringLiteral("source sentence")));
    }

    // Allowed (PyTorch computes it), and the agreement banner says what the mask means.
    void causalCrossAttentionSaysWhatItMeans()
    {
        const auto selfTrace = compute(multiHeadCausalDropout());
        const QString selfTitle = figures::maskMethods(selfTrace, 0).title;
        QVERIFY(!selfTitle.contains(QStringLiteral("cross-attention")));

        const auto trace = compute(cross(true));
        QCOMPARE(trace->queryCount(), Eigen::Index(3));
        QCOMPARE(trace->keyCount(), Eigen::Index(6));
        const QString title = figures::maskMethods(trace, 0).title;
        QVERIFY2(title.contains(QStringLiteral("cross-attention")), qPrintable(title));
        QVERIFY(title.contains(QStringLiteral("by position")));
        QVERIFY(title.contains(QStringLiteral("same weights"))); // the agreement is still reported
        QVERIFY(figures::causalMask(trace).title.contains(QStringLiteral("source tokens")));
        // Query 0 sees source token 0 only; the last query sees tokens 0 to 2, never 3 to 5.
        const HeatmapSpec weights = figures::weights(trace, 0); // owns the derived matrix
        const Matrix& w = *weights.matrix;
        QCOMPARE(w(0, 0), 1.0f);
        QCOMPARE(w.block(2, 3, 1, 3).sum(), 0.0f);
    }

    // GPT-2-sized causal weights: a row far down has weights near 1/T. On the fixed 0-1 scale
    // nearly all of the lower triangle is white; the default scale gives every visible cell
    // a colour well away from white, and masked cells stay white.
    void longCausalWeightsAreNotWhite()
    {
        Session s;
        QStringList words;
        for (int i = 0; i < 200; ++i)
            words << QStringLiteral("w%1").arg(i);
        s.sentence = words.join(u' ').toStdString();
        s.causal = true;
        s.dIn = 16;
        s.dOutKq = s.dOutV = 16;
        s.init = InitScheme::Linear;
        const auto trace = compute(s);
        HeatmapSpec spec = figures::weights(trace, 0);
        QCOMPARE(spec.scale, ColorScaleChoice::Default);
        const Matrix& w = *spec.matrix;
        const MatrixStats stats = MatrixStats::of(w);
        auto visibleNearWhite = [&](const ColorMap& colors) {
            int pale = 0, visible = 0;
            for (Eigen::Index r = 0; r < w.rows(); ++r)
                for (Eigen::Index c = 0; c <= r; ++c, ++visible)
                    pale += colors.index(w(r, c), r) < ColorMap::Size / 8;
            return double(pale) / visible;
        };
        const ColorMap byDefault = ColorMap::forSpec(spec, stats);
        QVERIFY2(visibleNearWhite(byDefault) < 0.05,
                 qPrintable(QString::number(visibleNearWhite(byDefault))));
        QCOMPARE(byDefault.index(w(0, 5), 0), 0); // masked: white
        spec.scale = ScaleMode::Fixed;
        const ColorMap fixed = ColorMap::forSpec(spec, stats);
        QVERIFY2(visibleNearWhite(fixed) > 0.8,
                 qPrintable(QString::number(visibleNearWhite(fixed))));
        spec.scale = ScaleMode::Logarithmic;
        QVERIFY(visibleNearWhite(ColorMap::forSpec(spec, stats)) < 0.05);
    }

    void scaleChoiceAppliesToWeightsOnly()
    {
        ColorScaleChoice choice;
        QCOMPARE(choice.mode(), ScaleMode::PerRow);
        choice.setMode(ScaleMode::Logarithmic);
        const auto trace = compute(multiHeadCausalDropout());
        const Figure dropout = choice.apply(figures::dropout(trace, 0));
        QCOMPARE(dropout.panels[0].scheme, ColorScheme::Mask);
        QCOMPARE(dropout.panels[0].scale, ScaleMode::Fixed); // masks are untouched
        QCOMPARE(dropout.panels[1].scale, ScaleMode::Logarithmic);
        QCOMPARE(dropout.panels[2].scale, ScaleMode::Logarithmic);
        const Figure scores = choice.apply(
            figures::single(figures::scores(trace, 0), QStringLiteral("03-attn_scores")));
        QCOMPARE(scores.panels[0].scale, ScaleMode::Fixed);
        const Session before = trace->session;
        QCOMPARE(before.sentence,
                 multiHeadCausalDropout().sentence); // a view choice: nothing in the session
    }
};

QTEST_MAIN(TestTraceFigures)
#include "tst_tracefigures.moc"
