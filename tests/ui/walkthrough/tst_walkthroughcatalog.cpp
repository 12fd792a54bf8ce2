// The walkthrough's steps as data: twelve steps in the seeds' order, each showing an existing
// page, explained in 2 to 4 sentences, setting up the session it demonstrates; and the
// formulas print the seeds' own numbers (the article's and the book's printouts, digit for
// digit) and the multi-head shapes of the efficient class.
#include "PageCatalog.h"
#include "WalkthroughFixtures.h"

#include <QRegularExpression>
#include <QSet>

using namespace ae;
using namespace ae::test;

namespace {

QString formulaOf(const QString& stepId, const Session& base,
                  int query = WalkthroughCatalog::DefaultQuery)
{
    const WalkthroughStep step = WalkthroughCatalog::steps().at(std::size_t(stepIndex(stepId)));
    const auto trace = stepTrace(step, base);
    if (!trace)
        return {};
    return step.formula(*trace, query);
}

} // namespace

class TestWalkthroughCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void stepsAreComplete()
    {
        const std::vector<WalkthroughStep> steps = WalkthroughCatalog::steps();
        QCOMPARE(steps.size(), std::size_t(17));
        QSet<QString> pages{QStringLiteral("tokens")};
        for (const PageDefinition& page : pageCatalog())
            pages.insert(page.id);
        pages.insert(QStringLiteral("flash")); // FlashPage: a stepper, not a catalog page
        QSet<QString> ids;
        static const QRegularExpression sentenceEnd(QStringLiteral("[.!?](\\s|$)"));
        for (const WalkthroughStep& step : steps) {
            QVERIFY2(!ids.contains(step.id), qPrintable(step.id));
            ids.insert(step.id);
            QVERIFY2(!step.title.isEmpty(), qPrintable(step.id));
            QVERIFY2(pages.contains(step.pageId), qPrintable(step.id + u' ' + step.pageId));
            const auto sentences = step.explanation.count(sentenceEnd);
            QVERIFY2(sentences >= 2 && sentences <= 4,
                     qPrintable(step.id + QStringLiteral(": %1 sentences").arg(sentences)));
            QVERIFY2(step.formula, qPrintable(step.id));
        }
        QCOMPARE(steps.front().id, QStringLiteral("tokens"));
        QCOMPARE(steps.at(11).id, QStringLiteral("gpt2")); // the seeds' path ends there
        QCOMPARE(steps.at(15).id, QStringLiteral("flash"));
        QCOMPARE(steps.back().id, QStringLiteral("induction-forms"));
        QCOMPARE(steps.back().trainingSession, QStringLiteral(":/samples/training/induction.json"));
    }

    void stepSessions()
    {
        const Session article = sampleSession(QStringLiteral("article.json"));
        auto sessionOf = [&](const char* id) {
            const auto steps = WalkthroughCatalog::steps();
            return WalkthroughCatalog::sessionFor(
                       steps.at(std::size_t(stepIndex(QLatin1StringView(id)))), article)
                .value();
        };
        QCOMPARE(sessionOf("tokens").sentence, article.sentence);
        QCOMPARE(sessionOf("simplified").variant, Variant::Simplified);
        QCOMPARE(sessionOf("trainable-weights").variant, Variant::SelfAttention);
        QCOMPARE(sessionOf("scores").dOutV, 4); // the article's SelfAttention(3, 2, 4)
        QVERIFY(!sessionOf("scaling").causal);
        QVERIFY(sessionOf("causal-mask").causal);
        const Session dropout = sessionOf("dropout");
        QCOMPARE(dropout.dropout, 0.5);
        QVERIFY(dropout.training && dropout.causal);
        const Session multi = sessionOf("multi-head");
        QCOMPARE(multi.variant, Variant::MultiHead);
        QCOMPARE(multi.numHeads, 2);
        QCOMPARE(multi.dOutKq, 2); // d_out = 2: head_dim 1, as in the book's example
        QCOMPARE(multi.dOutV, 2);
        const Session cross = sessionOf("cross-attention");
        QCOMPARE(cross.sourceSentence,
                 std::string("Kannst du mir helfen diesen Satz zu uebersetzen"));
        const Session gpt2 = sessionOf("gpt2");
        QCOMPARE(gpt2.dIn, 768);
        QCOMPARE(gpt2.numHeads, 12);
        QVERIFY(computeTrace(multi)); // every derived session is computable
        const Session rope = sessionOf("rope");
        QVERIFY(rope.rope && rope.causal && rope.dOutKq % 2 == 0);
        const Session grouped = sessionOf("grouped-heads");
        QCOMPARE(grouped.variant, Variant::MultiHead);
        QCOMPARE(grouped.numHeads, 4);
        QCOMPARE(grouped.numKvHeads, 2);
        QCOMPARE(grouped.dOutKq % 4, 0);
        QCOMPARE(sessionOf("sliding-window").window, 3);
        QCOMPARE(sessionOf("flash").kernel, KernelKind::Flash);
        for (const Session& s : {rope, grouped, sessionOf("sliding-window"), sessionOf("flash")})
            QVERIFY(computeTrace(s));
    }

    // The seeds' steps show the seeds' attention whatever today's keys the session has; RoPE's
    // step makes a cross-attention session self-attention (RoPE needs one sequence).
    void todaysKeysStayInTheirSteps()
    {
        Session s = sampleSession(QStringLiteral("article.json"));
        s.rope = true;
        s.window = 2;
        s.kernel = KernelKind::Flash;
        const auto steps = WalkthroughCatalog::steps();
        for (const char* id : {"simplified", "causal-mask", "dropout", "multi-head"}) {
            const Session seed = *WalkthroughCatalog::sessionFor(
                steps.at(std::size_t(stepIndex(QLatin1StringView(id)))), s);
            QVERIFY2(!seed.rope && seed.window == 0 && seed.kernel == KernelKind::Standard, id);
            QVERIFY2(computeTrace(seed), id);
        }
        Session cross = sampleSession(QStringLiteral("german-english-cross.json"));
        const Session rope = *WalkthroughCatalog::sessionFor(
            steps.at(std::size_t(stepIndex(QStringLiteral("rope")))), cross);
        QVERIFY(!rope.isCross() && rope.rope);
        QVERIFY(computeTrace(rope));
    }

    void multiHeadRoundsUpToTheHeads()
    {
        Session s;
        s.dOutKq = 5;
        s.numHeads = 3;
        s.variant = Variant::MultiHeadWrapper;
        const auto steps = WalkthroughCatalog::steps();
        const WalkthroughStep& step =
            steps.at(std::size_t(stepIndex(QStringLiteral("multi-head"))));
        QCOMPARE(WalkthroughCatalog::sessionFor(step, s)->variant,
                 Variant::MultiHeadWrapper); // kept
        s.variant = Variant::SelfAttention;
        const Session multi = *WalkthroughCatalog::sessionFor(step, s);
        QCOMPARE(multi.variant, Variant::MultiHead);
        QCOMPARE(multi.dOutKq, 6);
        QVERIFY(computeTrace(multi));
    }

    // The numbers the seeds print, in the step that shows them.
    void formulasPrintTheSeedsNumbers_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::addColumn<QString>("step");
        QTest::addColumn<QString>("expected");
        const QString article = QStringLiteral("article.json");
        const QString book = QStringLiteral("book-journey.json");
        QTest::newRow("ids") << article << "tokens"
                             << "token_ids = tensor([0, 4, 5, 2, 1, 3])";
        QTest::newRow("x2") << article << "embeddings"
                            << "x₂ = x[1] = [0.1794, 1.8951, 0.4954]   'is'";
        QTest::newRow("omega2")
            << article << "scores"
            << "ω₂ = q₂·Kᵀ = [−0.6004, 3.4707, −1.5023, 0.4991, 1.2903, −1.3374]";
        QTest::newRow("alpha2")
            << article << "scaling"
            << "α₂ = softmax(ω₂ / √2) = [0.0386, 0.6870, 0.0204, 0.0840, 0.1470, 0.0229]";
        QTest::newRow("z2") << article << "context"
                            << "z₂ = [0.5313, 1.3607, 0.7891, 1.3110]";
        // Every query's weights, not the chosen one's row: it read (1×6)·(6×4) → (6×4).
        QTest::newRow("Z") << article << "context"
                           << "Z = α·V : (6×6)·(6×4) → (6×4)";
        QTest::newRow("causal")
            << article << "causal-mask"
            << "method 2: α₂ = [0.0532, 0.9468, 0.0000, 0.0000, 0.0000, 0.0000]";
        QTest::newRow("renormalized") << article << "causal-mask"
                                      << "method 1: α₂ = [0.0532, 0.9468, 0.0000";
        QTest::newRow("book omega2")
            << book << "simplified"
            << "ω₂ = x₂·Xᵀ = [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865]";
        QTest::newRow("book alpha2")
            << book << "simplified"
            << "α₂ = softmax(ω₂) = [0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581]";
        QTest::newRow("book z2") << book << "simplified"
                                 << "z₂ = Σⱼ α₂ⱼ·xⱼ = [0.4419, 0.6515, 0.5683]";
        QTest::newRow("view, transpose") << article << "multi-head"
                                         << "queries.view(b, T, h, head_dim).transpose(1, 2) : (1, "
                                            "6, 2) → (1, 6, 2, 1) → (1, 2, 6, 1)";
        QTest::newRow("scores") << article << "multi-head"
                                << "(1, 2, 6, 1)·(1, 2, 1, 6) → (1, 2, 6, 6)";
        QTest::newRow("out_proj") << article << "multi-head"
                                  << "out_proj(context) : (1, 6, 2)·(2×2) + b → (1, 6, 2)";
        QTest::newRow("gpt2 heads") << article << "gpt2"
                                    << "d_in = 768, d_out = 768, num_heads = 12, head_dim = 64";
    }

    void formulasPrintTheSeedsNumbers()
    {
        QFETCH(QString, sample);
        QFETCH(QString, step);
        QFETCH(QString, expected);
        const QString formula = formulaOf(step, sampleSession(sample));
        QVERIFY2(formula.contains(expected), qPrintable(formula));
    }

    // The vocabulary is summarised only beyond eight entries (the article's has six).
    void shortVocabularyIsPrintedWhole()
    {
        const QString formula =
            formulaOf(QStringLiteral("tokens"), sampleSession(QStringLiteral("article.json")));
        QVERIFY2(formula.contains(QStringLiteral(
                     "{'Life': 0, 'dessert': 1, 'eat': 2, 'first': 3, 'is': 4, 'short': 5}")),
                 qPrintable(formula));
    }

    // With GPT-2's tokenizer step 1 explains byte-pair encoding and prints tiktoken's ids.
    void gpt2StepOneExplainsBytePairs()
    {
        Session session = sampleSession(QStringLiteral("article.json"));
        const WalkthroughStep step =
            WalkthroughCatalog::steps().at(std::size_t(stepIndex(QStringLiteral("tokens"))));
        QVERIFY(step.note(*stepTrace(step, session)).isEmpty());
        session.sentence = "Your journey starts with one step";
        session.tokenizer = TokenizerKind::Gpt2;
        session.vocabSize = 50257;
        const auto trace = stepTrace(step, session);
        QVERIFY(trace);
        QVERIFY(step.note(*trace).contains(QStringLiteral("byte-pair encoding")));
        const QString formula = step.formula(*trace, 0);
        QVERIFY2(formula.contains(QStringLiteral("tiktoken.get_encoding(\"gpt2\")")),
                 qPrintable(formula));
        QVERIFY2(formula.contains(QStringLiteral("7120, 7002, 4940, 351, 530, 2239")),
                 qPrintable(formula));
    }

    // The two masking methods agree "over every weight" when the forward compared them (a short
    // text), else over the row shown: a long text's comparison of every head is not derived
    // for a line of the walkthrough on the GUI thread.
    void maskMethodsAgreeOverWhatWasCompared()
    {
        Session session = sampleSession(QStringLiteral("article.json"));
        QVERIFY(formulaOf(QStringLiteral("causal-mask"), session)
                    .contains(QStringLiteral("over every weight")));
        std::string words;
        for (int i = 0; i < 300; ++i)
            words += i ? " word" + std::to_string(i % 40) : "first";
        session.sentence = words;
        const QString longFormula = formulaOf(QStringLiteral("causal-mask"), session);
        QVERIFY2(longFormula.contains(QStringLiteral("over this row")), qPrintable(longFormula));
        QVERIFY(!longFormula.contains(QStringLiteral("over every weight")));
    }

    void chosenQueryFollows()
    {
        const QString formula =
            formulaOf(QStringLiteral("scores"), sampleSession(QStringLiteral("article.json")), 0);
        QVERIFY2(formula.contains(QStringLiteral(
                     "ω₁ = q₁·Kᵀ = [0.0613, −0.3491, 0.1443, −0.0437, −0.1303, 0.1076]")),
                 qPrintable(formula));
    }
};

QTEST_MAIN(TestWalkthroughCatalog)
#include "tst_walkthroughcatalog.moc"
