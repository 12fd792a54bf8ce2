// Installing a language changes what the program says. After Translations::install("zh_CN")
// the messages of every translation context come out in Chinese (validator refusals, JSON
// and file errors, figure titles, page and walkthrough texts, cell explanations, the command
// line help), widgets built afterwards show Chinese labels with their mnemonics, Qt's own
// buttons follow, and install("en") brings the English back. Every message of the catalogue
// is found at run time under its context, i.e. the .qm is embedded and complete.
// AE_I18N_SCREENSHOTS=<dir> also writes the Chinese control panel and walkthrough as PNGs.
#include "CellExplanations.h"
#include "CommandLine.h"
#include "ControlPanel.h"
#include "Engine.h"
#include "NumberText.h"
#include "PageCatalog.h"
#include "SessionDocument.h"
#include "SessionFile.h"
#include "SessionValidator.h"
#include "Trace.h"
#include "TraceFigures.h"
#include "Translations.h"
#include "TsCatalogue.h"
#include "WalkthroughCatalog.h"
#include "WalkthroughPanel.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLibraryInfo>
#include <QPushButton>
#include <QRegularExpression>
#include <QTest>
#include <QToolButton>

#include <functional>

using namespace ae;

using Texts = std::function<QStringList()>;
Q_DECLARE_METATYPE(Texts)

namespace {

// Every step applies: cross-attention, two heads, a causal mask, dropout in training,
// learned positions.
const QByteArray Everything =
    R"({"source_sentence": "Das Leben ist kurz", "variant": "multihead-wrapper", "init": "linear",
    "num_heads": 2, "causal": true, "dropout": 0.5, "training": true, "dropout_seed": 7,
    "positional": "learned"})";

std::shared_ptr<const Trace> everythingTrace()
{
    static const std::shared_ptr<const Trace> trace = [] {
        const SessionParseResult parsed = sessionFromJson(Everything);
        return parsed.issue ? nullptr : Engine().compute(parsed.session).trace;
    }();
    return trace;
}

bool hasChinese(const QString& text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return text.contains(han);
}

// num_heads must divide d_out in the efficient multi-head class.
Session headsNotDividing()
{
    Session s;
    s.variant = Variant::MultiHead;
    s.dOutKq = s.dOutV = 3;
    s.numHeads = 2;
    return s;
}

QLabel* labelFor(const QWidget* panel, const QWidget* control)
{
    const auto labels = panel->findChildren<QLabel*>();
    const auto it = std::find_if(labels.begin(), labels.end(),
                                 [&](QLabel* l) { return l->buddy() == control; });
    return it == labels.end() ? nullptr : *it;
}

void saveScreenshot(QWidget* widget, const QString& name)
{
    const QString directory = qEnvironmentVariable("AE_I18N_SCREENSHOTS");
    if (directory.isEmpty())
        return;
    QDir().mkpath(directory);
    QCoreApplication::sendPostedEvents(); // the layout follows the new texts
    QVERIFY(widget->grab().save(QDir(directory).filePath(name)));
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { QVERIFY(Translations::install(QStringLiteral("en"))); }

    void languages()
    {
        QCOMPARE(Translations::available(),
                 (QStringList{QStringLiteral("en"), QStringLiteral("zh_CN")}));
        QCOMPARE(Translations::current(), QStringLiteral("en"));
        QCOMPARE(Translations::displayName(QStringLiteral("zh_CN")), QStringLiteral("简体中文"));
        QCOMPARE(Translations::displayName(QStringLiteral("en")), QStringLiteral("English"));
    }

    // ctest also runs this function alone under LC_ALL=zh_CN.UTF-8 and de_DE.UTF-8, with
    // AE_EXPECTED_LANGUAGE saying what the system default must then be.
    void systemDefault()
    {
        QVERIFY(Translations::available().contains(Translations::systemDefault()));
        if (qEnvironmentVariableIsSet("AE_EXPECTED_LANGUAGE"))
            QCOMPARE(Translations::systemDefault(), qEnvironmentVariable("AE_EXPECTED_LANGUAGE"));
    }

    void validatorSpeaksChinese()
    {
        const char* source = "num_heads (%1) must divide d_out (%2)";
        const std::optional<SessionIssue> english = validateSession(headsNotDividing());
        QVERIFY(english);
        QCOMPARE(english->message, QStringLiteral("num_heads (2) must divide d_out (3)"));

        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QCOMPARE(Translations::current(), QStringLiteral("zh_CN"));
        const QString translated = QCoreApplication::translate("SessionValidator", source);
        QVERIFY2(hasChinese(translated), qPrintable(translated));
        const std::optional<SessionIssue> chinese = validateSession(headsNotDividing());
        QVERIFY(chinese);
        QCOMPARE(chinese->key, english->key);
        QCOMPARE(chinese->message, translated.arg(2).arg(3));

        QVERIFY(Translations::install(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("SessionValidator", source),
                 QLatin1StringView(source));
        QCOMPARE(validateSession(headsNotDividing())->message, english->message);
    }

    void unknownLanguageLeavesEnglish()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QVERIFY(!Translations::install(QStringLiteral("fr")));
        QCOMPARE(Translations::current(), QStringLiteral("en"));
        QCOMPARE(validateSession(headsNotDividing())->message,
                 QStringLiteral("num_heads (2) must divide d_out (3)"));
    }

    // One row per translation context that builds its texts outside a widget: each text is
    // English before, translated (Chinese, unless a single term) with zh_CN installed, and
    // English again after.
    void textsFollowTheLanguage_data()
    {
        QTest::addColumn<Texts>("texts");
        QVERIFY(everythingTrace());
        QTest::newRow("SessionValidator")
            << Texts([] { return QStringList{validateSession(headsNotDividing())->message}; });
        QTest::newRow("SessionJson") << Texts([] {
            return QStringList{sessionFromJson(R"({"d_in": 2.5})").issue->message,
                               sessionFromJson(R"({"sentence": 5})").issue->message,
                               sessionFromJson("[1]").issue->message};
        });
        QTest::newRow("SessionFile") << Texts([] {
            return QStringList{
                SessionFile::load(QStringLiteral("/nonexistent/session.json")).issue->message};
        });
        QTest::newRow("NumberText")
            << Texts([] { return QStringList{parseNumberBlock(QStringLiteral("1 x")).error}; });
        QTest::newRow("TraceFigures") << Texts([] {
            QStringList texts;
            for (const Figure& figure : figures::allFigures(everythingTrace())) {
                if (!figure.title.isEmpty())
                    texts << figure.title;
                for (const HeatmapSpec& panel : figure.panels)
                    for (const QString& axis : {panel.rowAxisTitle, panel.columnAxisTitle})
                        if (!axis.isEmpty())
                            texts << axis;
            }
            return texts;
        });
        QTest::newRow("PageCatalog") << Texts([] {
            QStringList texts;
            for (const PageDefinition& page : pageCatalog())
                for (const PageSection& section : page.sections)
                    texts << section.heading << section.explanation << section.whenAbsent;
            texts.removeAll(QString());
            return texts;
        });
        QTest::newRow("CellExplanations") << Texts([] {
            const Trace& t = *everythingTrace();
            return QStringList{explain::embedding(t, false, 0, 0),
                               explain::scaledScore(t, 0, 1, 0),
                               explain::mask(t, 0, 1),
                               explain::maskedScore(t, 0, 0, 1),
                               explain::weight(t, 0, 1, 0),
                               explain::keep(t, 0, 1, 0)};
        });
        QTest::newRow("WalkthroughCatalog") << Texts([] {
            QStringList texts;
            for (const WalkthroughStep& step : WalkthroughCatalog::steps())
                texts << step.title << step.explanation;
            return texts;
        });
        QTest::newRow("walkthrough notes") << Texts([] {
            QStringList texts;
            for (const WalkthroughStep& step : WalkthroughCatalog::steps())
                if (step.note)
                    texts << step.note(*everythingTrace());
            texts.removeAll(QString());
            return texts;
        });
        QTest::newRow("CommandLine") << Texts([] {
            return QStringList{
                parseCommandLine({QStringLiteral("attention-explorer"), QStringLiteral("--help")})
                    .text,
                parseCommandLine({QStringLiteral("attention-explorer"), QStringLiteral("x.json")})
                    .text};
        });
    }

    void textsFollowTheLanguage()
    {
        QFETCH(Texts, texts);
        const QStringList english = texts();
        QVERIFY(!english.isEmpty());
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        const QStringList chinese = texts();
        QCOMPARE(chinese.size(), english.size());
        for (qsizetype i = 0; i < english.size(); ++i) {
            QVERIFY2(!hasChinese(english[i]), qPrintable(english[i]));
            QVERIFY2(chinese[i] != english[i], qPrintable(chinese[i]));
            // A single word may stay a term the seeds keep in English ("tokens" -> "token").
            if (english[i].trimmed().contains(u' '))
                QVERIFY2(hasChinese(chinese[i]), qPrintable(chinese[i]));
        }
        QVERIFY(Translations::install(QStringLiteral("en")));
        QCOMPARE(texts(), english);
    }

    // Qt's own strings (qtbase_zh_CN.qm, Debian's qt6-translations-l10n): standard buttons
    // and the command line parser's --help line.
    void qtStringsFollow()
    {
        const QString qtbase = QDir(QLibraryInfo::path(QLibraryInfo::TranslationsPath))
                                   .filePath(QStringLiteral("qtbase_zh_CN.qm"));
        if (!QFile::exists(qtbase))
            QSKIP("qtbase_zh_CN.qm is not installed (Debian: qt6-translations-l10n)");
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QDialogButtonBox buttons(QDialogButtonBox::Cancel);
        QCOMPARE(buttons.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
        const QString help =
            parseCommandLine({QStringLiteral("attention-explorer"), QStringLiteral("--help")}).text;
        QVERIFY2(help.contains(QStringLiteral("在命令行选项上显示帮助")), qPrintable(help));
    }

    // Widgets built after install() show Chinese labels that keep their mnemonic letter.
    void controlPanelInChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        SessionDocument document;
        ControlPanel panel(&document);
        panel.resize(380, 1200);
        panel.show();
        const QLabel* heads = labelFor(&panel, panel.controlFor(QStringLiteral("num_heads")));
        QVERIFY(heads);
        QCOMPARE(heads->text(),
                 QCoreApplication::translate("ae::AttentionControls", "Number of &heads"));
        QVERIFY2(hasChinese(heads->text()) && heads->text().contains(QStringLiteral("(&H)")),
                 qPrintable(heads->text()));
        const QLabel* sentence = labelFor(&panel, panel.controlFor(QStringLiteral("sentence")));
        QVERIFY(sentence && hasChinese(sentence->text()));
        const auto* causal =
            qobject_cast<QAbstractButton*>(panel.controlFor(QStringLiteral("causal")));
        QVERIFY(causal && hasChinese(causal->text()) &&
                causal->text().contains(QStringLiteral("&C")));
        const auto* advanced = panel.findChild<QToolButton*>();
        QVERIFY(advanced && hasChinese(advanced->text()));
        saveScreenshot(&panel, QStringLiteral("controlpanel-zh_CN.png"));

        QVERIFY(Translations::install(QStringLiteral("en")));
        ControlPanel english(&document);
        QCOMPARE(labelFor(&english, english.controlFor(QStringLiteral("num_heads")))->text(),
                 QStringLiteral("Number of &heads"));
    }

    void walkthroughPanelInChinese()
    {
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        WalkthroughPanel panel;
        panel.resize(520, 900);
        panel.show();
        panel.setTrace(everythingTrace());
        for (int step = 0; step < int(panel.steps().size()); ++step) {
            panel.setStep(step);
            QVERIFY2(hasChinese(panel.titleText()), qPrintable(panel.titleText()));
            QVERIFY2(hasChinese(panel.explanationText()), qPrintable(panel.explanationText()));
            if (step == 4)
                saveScreenshot(&panel, QStringLiteral("walkthrough-zh_CN.png"));
        }
    }

    // The compiled catalogue answers every message of the .ts under its context.
    void everyMessageLoads()
    {
        const test::TsCatalogue catalogue = test::readTsFile(QStringLiteral(AE_ZH_CN_TS));
        QVERIFY2(catalogue.error.isEmpty(), qPrintable(catalogue.error));
        QVERIFY(Translations::install(QStringLiteral("zh_CN")));
        QStringList missing;
        for (const test::TsMessage& m : catalogue.messages) {
            const QByteArray context = m.context.toUtf8(), source = m.source.toUtf8(),
                             comment = m.comment.toUtf8();
            const int n = m.numerus ? 3 : -1;
            QString expected = m.translations.constFirst();
            if (m.numerus)
                expected.replace(QStringLiteral("%n"), QStringLiteral("3"));
            const QString found =
                QCoreApplication::translate(context.constData(), source.constData(),
                                            comment.isEmpty() ? nullptr : comment.constData(), n);
            if (found != expected)
                missing << m.context + QStringLiteral(": ") + m.source;
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(u'\n')));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
