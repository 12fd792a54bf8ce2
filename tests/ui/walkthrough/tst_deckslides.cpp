// The deck's page layout, for the article's session in English and Chinese: every page whose
// main figure is a heatmap gives its cells room (the smallest cell of its panels at least
// MinRowCell for a row of three panels, MinCell otherwise, on the 1280 x 720 page, with
// labels no smaller than 70 % of their 16 px), and
// nothing is clipped: the text and the figure stay inside the body, apart from each other.
// AE_DECK_CELLS=1 prints each page's placement.
#include "DeckSlidePainter.h"
#include "FormulaText.h"
#include "SlideText.h"
#include "Translations.h"
#include "WalkthroughFixtures.h"

#include <QStandardPaths>

using namespace ae;
using namespace ae::test;

namespace {

// Cells on the page: a row of three 6 x 6 panels (steps 3, 4 and 9) had 30 to 37 px with type
// at 55 % (9 px labels); any other heatmap figure at least MinCell.
constexpr double MinRowCell = 39;
constexpr double MinCell = 30;

// The slide of step `i` as DeckExporter builds it.
DeckSlide slideFor(int i, const Session& base)
{
    const std::vector<WalkthroughStep> steps = WalkthroughCatalog::steps();
    const WalkthroughStep& step = steps[std::size_t(i)];
    DeckSlide slide;
    slide.number = i + 1;
    slide.total = int(steps.size());
    slide.title = step.title;
    slide.explanation = WalkthroughCatalog::explanation(step, WalkthroughCatalog::DefaultQuery);
    slide.extra = step.extra;
    slide.trace = stepTrace(step, base);
    if (!slide.trace)
        return slide;
    const int query = int(formula::clampedQuery(*slide.trace, WalkthroughCatalog::DefaultQuery));
    slide.note = step.note ? step.note(*slide.trace) : QString();
    slide.formula = step.formula(*slide.trace, query);
    if (step.figures)
        slide.figures = step.figures(slide.trace);
    if (step.usesQuery)
        slide.highlightQuery = query;
    return slide;
}

QString rect(const QRectF& r)
{
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

} // namespace

class TestDeckSlides : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void figuresAreLargeAndWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("step");
        for (const char* language : {"en", "zh_CN"})
            for (int i = 0; i < int(WalkthroughCatalog::steps().size()); ++i)
                QTest::addRow("%s page %d", language, i + 1) << QString::fromLatin1(language) << i;
    }

    void figuresAreLargeAndWhole()
    {
        QFETCH(QString, language);
        QFETCH(int, step);
        QVERIFY(Translations::install(language));
        const DeckSlide slide = slideFor(step, sampleSession(QStringLiteral("article.json")));
        QVERIFY(slide.trace);
        const DeckSlidePainter::Placement p = DeckSlidePainter().placement(slide);
        if (qEnvironmentVariableIsSet("AE_DECK_CELLS"))
            qInfo("%s page %d: cell %.0fx%.0f values %d text %.2f figure %.2f visuals %s",
                  qPrintable(language), step + 1, p.cell.width(), p.cell.height(),
                  int(p.valuesShown), p.textScale, p.figureScale, qPrintable(rect(p.visuals)));
        const QRectF body(0, 0, DeckSlidePainter::PageWidth, DeckSlidePainter::PageHeight - 48);
        // Nothing clipped: every part inside the page above the footer, none over another.
        const SlideText text(slide, p.textScale);
        QVERIFY2(body.contains(p.explanation), qPrintable(rect(p.explanation)));
        QVERIFY2(text.explanationHeight(p.explanation.width()) <= p.explanation.height() + 0.5,
                 qPrintable(rect(p.explanation)));
        if (!slide.formula.isEmpty()) {
            QVERIFY2(body.contains(p.formula), qPrintable(rect(p.formula)));
            QVERIFY(text.formulaHeight(p.formula.width()) <= p.formula.height() + 0.5);
            QVERIFY(!p.formula.intersects(p.explanation));
        }
        if (slide.figures.empty() || slide.figures.front().panels.size() >= 5)
            return; // text, a chart or a token strip; the GPT-2 mosaic
        QVERIFY2(body.contains(p.visuals), qPrintable(rect(p.visuals)));
        QVERIFY(!p.visuals.intersects(p.explanation) && !p.visuals.intersects(p.formula));
        QVERIFY(p.figureScale >= DeckSlidePainter::MinFigureScale ||
                (p.valuesShown && p.figureScale >= DeckSlidePainter::ValuesFigureScale));
        const Figure& main = slide.figures.front();
        const bool rowOfThree = main.panels.size() >= 3 && main.columns >= 3;
        const double least = rowOfThree ? MinRowCell : MinCell;
        QVERIFY2(p.cell.width() >= least && p.cell.height() >= least,
                 qPrintable(QStringLiteral("page %1: %2 x %3")
                                .arg(step + 1)
                                .arg(p.cell.width())
                                .arg(p.cell.height())));
    }
};

QTEST_MAIN(TestDeckSlides)
#include "tst_deckslides.moc"
