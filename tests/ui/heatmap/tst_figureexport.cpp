// Figures to files: PNG at 1x/2x/4x, vector SVG (one <rect> per cell, values as text), PDF,
// CSV, the clipboard, and errors for unwritable destinations (no file left behind).
#include "ColorMap.h"
#include "FigureExporter.h"
#include "HeatmapFixtures.h"
#include "HeatmapPainter.h"
#include "ValueText.h"

#include <QFile>
#include <QMimeData>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace ae;
using namespace ae::test;

Q_DECLARE_METATYPE(ae::HeatmapSpec)
Q_DECLARE_METATYPE(ae::Figure)
Q_DECLARE_METATYPE(QList<ae::ExportFormat>)

namespace {

int count(const QByteArray& haystack, const QByteArray& needle)
{
    return int(haystack.count(needle));
}

QString textElement(const QString& text)
{
    return u'>' + text + QStringLiteral("</text>");
}

} // namespace

class TestFigureExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void png_data()
    {
        QTest::addColumn<int>("scale");
        QTest::newRow("1x") << 1;
        QTest::newRow("2x") << 2;
        QTest::newRow("4x") << 4;
    }

    // Decodes with logicalSize x scale pixels, and a cell shows its value's colour.
    void png()
    {
        QFETCH(int, scale);
        const FigureExporter exporter;
        const HeatmapSpec spec = articleWeights();
        const Figure figure = FigureExporter::figureOf(spec);
        QString error;
        const QByteArray bytes = exporter.render(figure, ExportFormat::Png, scale, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QImage image = QImage::fromData(bytes, "PNG");
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), exporter.logicalSize(figure) * scale);

        const HeatmapPainter painter(HeatmapStyle::forExport(FigureExporter::DefaultFontPixelSize));
        const HeatmapLayout layout =
            painter.layout(spec, QRectF(QPointF(0, 0), QSizeF(exporter.logicalSize(figure))));
        const ColorMap colors = ColorMap::forSpec(spec);
        for (const auto& [r, c] : {std::pair{1, 1}, std::pair{0, 5}, std::pair{4, 1}}) {
            // Near the cell's top-left corner: away from the grid line and the centred text.
            const QPointF probe = QPointF(layout.cells.left() + (c + 0.15) * layout.cellWidth,
                                          layout.cells.top() + (r + 0.15) * layout.cellHeight) *
                                  scale;
            QCOMPARE(image.pixel(probe.toPoint()), colors.color((*spec.matrix)(r, c)));
        }
    }

    // A figure drawn wider than FigureExporter::MaxPngSide (GPT-2's model view: 144 heads in 12
    // columns, 9084 px) is reduced to it at scale 1, keeps its shape, and is N times that at N.
    void largeFigureIsCapped()
    {
        const FigureExporter exporter;
        Figure figure = headGrid();
        while (figure.panels.size() < 144)
            figure.panels.push_back(figure.panels[figure.panels.size() % 4]);
        figure.columns = 12;
        const QSize logical = exporter.logicalSize(figure);
        QVERIFY2(logical.width() > FigureExporter::MaxPngSide,
                 qPrintable(QString::number(logical.width())));
        QString error;
        const QImage png =
            QImage::fromData(exporter.render(figure, ExportFormat::Png, 1, &error), "PNG");
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(std::max(png.width(), png.height()), FigureExporter::MaxPngSide);
        QVERIFY(std::abs(double(png.width()) / png.height() -
                         double(logical.width()) / logical.height()) < 0.01);
        // At scale 2 (not decoded: larger than QImageReader's default allocation limit).
        const QImage twice = exporter.image(figure, 2);
        QCOMPARE(std::max(twice.width(), twice.height()), 2 * FigureExporter::MaxPngSide);
    }

    // A figure title wider than its figure is drawn smaller rather than cut short (the deck's
    // "max |difference| = 8..."), down to 60%; one that fits keeps its size.
    void titleShrinksToFit()
    {
        const HeatmapPainter painter(HeatmapStyle::forExport(FigureExporter::DefaultFontPixelSize));
        Figure figure = headGrid();
        figure.title = QStringLiteral(
            "Both causal masking methods give the same weights: max |difference| = 8.94e-08");
        const QFont normal = painter.style().figureTitleFont();
        const double needed = QFontMetricsF(normal).horizontalAdvance(figure.title);
        const QFont fitted = painter.fittedTitleFont(figure, needed * 0.75);
        QVERIFY(QFontMetricsF(fitted).horizontalAdvance(figure.title) <= needed * 0.75);
        QCOMPARE(painter.fittedTitleFont(figure, needed + 1), normal);
    }

    // Exactly one <rect> per cell; the others are counted per part of the figure: the
    // background (1), the grid behind the cells (1), the colour bar (1) and its frame (1),
    // the hidden key and its frame (2), mask swatches and frames (2 each), the raster
    // path's frame around the cells image (1).
    void svg_data()
    {
        QTest::addColumn<Figure>("figure");
        QTest::addColumn<int>("cells");
        QTest::addColumn<int>("others");
        QTest::addColumn<int>("images");
        QTest::newRow("weights 6x6") << FigureExporter::figureOf(articleWeights()) << 36 << 4 << 0;
        QTest::newRow("signed 6x4") << FigureExporter::figureOf(signedContext()) << 24 << 4 << 0;
        QTest::newRow("masked scores, -inf")
            << FigureExporter::figureOf(maskedScores()) << 36 << 6 << 0;
        QTest::newRow("causal mask") << FigureExporter::figureOf(causalMask()) << 36 << 6 << 0;
        QTest::newRow("head grid: 4 panels") << headGrid() << 4 * 36 << 1 + 4 * 3 << 0;
        QTest::newRow("200x200: raster")
            << FigureExporter::figureOf(randomScores(200)) << 0 << 4 << 1;
    }

    void svg()
    {
        QFETCH(Figure, figure);
        QFETCH(int, cells);
        QFETCH(int, others);
        QFETCH(int, images);
        QString error;
        const QByteArray svg = FigureExporter().render(figure, ExportFormat::Svg, 1, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(svg.startsWith("<?xml"));
        QCOMPARE(count(svg, "<rect"), cells + others);
        QCOMPARE(count(svg, "<image"), images);
        if (cells == 0)
            return;
        const QString text = QString::fromUtf8(svg);
        for (const HeatmapSpec& panel : figure.panels) {
            const Matrix& m = *panel.matrix;
            for (Eigen::Index i = 0; i < m.size(); ++i)
                QVERIFY2(text.contains(textElement(cellText(m.data()[i], panel.decimals))),
                         qPrintable(cellText(m.data()[i], panel.decimals)));
            for (const QString& label : panel.rowLabels)
                QVERIFY(text.contains(textElement(label)));
        }
        if (figure.panels.front().tensorName ==
            QStringLiteral("masked_scores")) // 15 cells and the key
            QCOMPARE(int(text.count(textElement(QStringLiteral("−∞")))), 15 + 1);
    }

    void pdf_data()
    {
        QTest::addColumn<Figure>("figure");
        QTest::addColumn<int>("images");
        QTest::newRow("weights") << FigureExporter::figureOf(articleWeights()) << 0;
        QTest::newRow("head grid") << headGrid() << 0;
        QTest::newRow("1024x1024: one embedded image")
            << FigureExporter::figureOf(randomScores(1024)) << 1;
    }

    void pdf()
    {
        QFETCH(Figure, figure);
        QFETCH(int, images);
        const FigureExporter exporter;
        QString error;
        const QByteArray pdf = exporter.render(figure, ExportFormat::Pdf, 1, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        static const QRegularExpression page(QStringLiteral("/Type\\s*/Page\\b(?!s)"));
        QCOMPARE(int(QString::fromLatin1(pdf).count(page)), 1);
        QCOMPARE(count(pdf, "/Subtype /Image"), images);
        // The page is the figure: 96 px per inch, 72 points per inch.
        static const QRegularExpression box(
            QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
        const QRegularExpressionMatch match = box.match(QString::fromLatin1(pdf));
        QVERIFY(match.hasMatch());
        const QSize size = exporter.logicalSize(figure);
        QVERIFY(std::abs(match.captured(1).toDouble() - size.width() * 0.75) < 1);
        QVERIFY(std::abs(match.captured(2).toDouble() - size.height() * 0.75) < 1);
    }

    void csv_data()
    {
        QTest::addColumn<Figure>("figure");
        QTest::addColumn<QByteArray>("expected");
        Matrix m(2, 3);
        m << 0.5f, -std::numeric_limits<float>::infinity(), -0.0f, //
            0.1f, std::numeric_limits<float>::quiet_NaN(), 1e-45f;
        HeatmapSpec spec;
        spec.tensorName = QStringLiteral("masked_scores");
        spec.title = QStringLiteral("Scores, head 1");
        spec.matrix = std::make_shared<Matrix>(m);
        spec.rowLabels = QStringList{QStringLiteral("a,b"), QStringLiteral("say \"hi\"")};
        spec.columnLabels =
            QStringList{QStringLiteral("x"), QStringLiteral("y")}; // the third is an index
        QTest::newRow("one panel") << FigureExporter::figureOf(spec)
                                   << QByteArray("masked_scores,x,y,2\n"
                                                 "\"a,b\",0.5,-inf,-0\n"
                                                 "\"say \"\"hi\"\"\",0.1,nan,1e-45\n");
        Figure two;
        two.panels = {spec, spec};
        two.panels[1].title = QStringLiteral("Scores, head 2");
        two.panels[1].matrix = std::make_shared<Matrix>(Matrix::Constant(1, 1, 2.0f));
        two.panels[1].rowLabels.clear();
        two.panels[1].columnLabels.clear();
        QTest::newRow("two panels: a block each") << two
                                                  << QByteArray("\"Scores, head 1\"\n"
                                                                "masked_scores,x,y,2\n"
                                                                "\"a,b\",0.5,-inf,-0\n"
                                                                "\"say \"\"hi\"\"\",0.1,nan,1e-45\n"
                                                                "\n"
                                                                "\"Scores, head 2\"\n"
                                                                "masked_scores,0\n"
                                                                "0,2\n"
                                                                "\n");
        HeatmapSpec empty;
        empty.tensorName = QStringLiteral("nothing");
        QTest::newRow("no matrix") << FigureExporter::figureOf(empty) << QByteArray("nothing\n");
    }

    void csv()
    {
        QFETCH(Figure, figure);
        QFETCH(QByteArray, expected);
        QCOMPARE(FigureExporter().render(figure, ExportFormat::Csv), expected);
    }

    void writeAll()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const FigureExporter exporter;
        const Figure figure = headGrid();
        const QList<ExportFormat> formats{ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf,
                                          ExportFormat::Csv};
        QCOMPARE(exporter.writeAll(figure, formats, dir.path(), 2), QString());
        for (const char* name :
             {"08-head_grid_attn_weights@2x.png", "08-head_grid_attn_weights.svg",
              "08-head_grid_attn_weights.pdf", "08-head_grid_attn_weights.csv"}) {
            QFile file(dir.filePath(QString::fromLatin1(name)));
            QVERIFY2(file.exists(), name);
            QVERIFY(file.size() > 0);
        }
        QCOMPARE(QImage(dir.filePath(QStringLiteral("08-head_grid_attn_weights@2x.png"))).size(),
                 exporter.logicalSize(figure) * 2);
    }

    void unwritable_data()
    {
        QTest::addColumn<QString>("relativePath"); // inside a fresh temporary directory
        QTest::addColumn<ExportFormat>("format");
        QTest::newRow("missing directory, PNG")
            << QStringLiteral("missing/figure.png") << ExportFormat::Png;
        QTest::newRow("missing directory, CSV")
            << QStringLiteral("missing/figure.csv") << ExportFormat::Csv;
        QTest::newRow("parent is a file, SVG")
            << QStringLiteral("file.txt/figure.svg") << ExportFormat::Svg;
        QTest::newRow("parent is a file, PDF")
            << QStringLiteral("file.txt/figure.pdf") << ExportFormat::Pdf;
        QTest::newRow("destination is a directory") << QStringLiteral("adir") << ExportFormat::Png;
    }

    void unwritable()
    {
        QFETCH(QString, relativePath);
        QFETCH(ExportFormat, format);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("file.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("adir")));
        const QStringList before =
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);

        const QString path = dir.filePath(relativePath);
        const QString error =
            FigureExporter().write(FigureExporter::figureOf(articleWeights()), format, path);
        QVERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 before);
        QVERIFY(QDir(dir.filePath(QStringLiteral("adir"))).isEmpty());
    }

    void fullDiskWritesNothing()
    {
        // A file-size limit makes the write fail part-way, as a full disk would, even for root.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("weights.png"));
        struct rlimit old
        {
        };
        getrlimit(RLIMIT_FSIZE, &old);
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limited = old;
        limited.rlim_cur = 512; // bytes: far less than the PNG
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &limited), 0);
        const QString error = FigureExporter().write(FigureExporter::figureOf(articleWeights()),
                                                     ExportFormat::Png, path);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY2(error.contains(QStringLiteral("cannot write")), qPrintable(error));
        QVERIFY2(error.contains(QDir::toNativeSeparators(path)), qPrintable(error));
        QVERIFY(QDir(dir.path()).isEmpty()); // no partial file, no temporary file
    }

    void formats_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<ExportFormat>>("expected");
        QTest::addColumn<QString>("errorMentions"); // empty: no error
        using F = ExportFormat;
        QTest::newRow("three") << QStringLiteral("png,svg,pdf") << QList<F>{F::Png, F::Svg, F::Pdf}
                               << QString();
        QTest::newRow("case and spaces")
            << QStringLiteral(" PNG , Csv ") << QList<F>{F::Png, F::Csv} << QString();
        QTest::newRow("duplicates once")
            << QStringLiteral("svg,svg,png") << QList<F>{F::Svg, F::Png} << QString();
        QTest::newRow("unknown") << QStringLiteral("png,jpeg") << QList<F>{}
                                 << QStringLiteral("\"jpeg\"");
        QTest::newRow("empty") << QString() << QList<F>{} << QStringLiteral("empty");
        QTest::newRow("empty item")
            << QStringLiteral("png,,svg") << QList<F>{} << QStringLiteral("empty");
    }

    void formats()
    {
        QFETCH(QString, text);
        QFETCH(QList<ExportFormat>, expected);
        QFETCH(QString, errorMentions);
        const FigureExporter::ParsedFormats parsed = FigureExporter::formatsFromString(text);
        QCOMPARE(parsed.formats, expected);
        QCOMPARE(parsed.error.isEmpty(), errorMentions.isEmpty());
        QVERIFY2(parsed.error.contains(errorMentions), qPrintable(parsed.error));
        if (!parsed.error.isEmpty())
            QVERIFY(parsed.error.contains(QStringLiteral("png, svg, pdf, csv")));
    }

    void fileName_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<ExportFormat>("format");
        QTest::addColumn<int>("scale");
        QTest::addColumn<QString>("expected");
        QTest::newRow("plain") << QStringLiteral("attn_weights") << ExportFormat::Svg << 1
                               << QStringLiteral("attn_weights.svg");
        QTest::newRow("2x PNG") << QStringLiteral("attn_weights") << ExportFormat::Png << 2
                                << QStringLiteral("attn_weights@2x.png");
        QTest::newRow("scale only for PNG")
            << QStringLiteral("a") << ExportFormat::Pdf << 4 << QStringLiteral("a.pdf");
        QTest::newRow("unsafe characters") << QStringLiteral("head/1:w*") << ExportFormat::Csv << 1
                                           << QStringLiteral("head-1-w-.csv");
        QTest::newRow("empty") << QString() << ExportFormat::Png << 1
                               << QStringLiteral("figure.png");
        QTest::newRow("hidden file")
            << QStringLiteral(".x") << ExportFormat::Png << 1 << QStringLiteral("figure.x.png");
    }

    void fileName()
    {
        QFETCH(QString, name);
        QFETCH(ExportFormat, format);
        QFETCH(int, scale);
        QFETCH(QString, expected);
        Figure figure;
        figure.name = name;
        QCOMPARE(FigureExporter::fileName(figure, format, scale), expected);
    }

    void edgeFiguresRender_data()
    {
        QTest::addColumn<Figure>("figure");
        HeatmapSpec empty;
        empty.title = QStringLiteral("Nothing yet");
        QTest::newRow("no matrix") << FigureExporter::figureOf(empty);
        HeatmapSpec zero = articleWeights();
        zero.matrix = std::make_shared<Matrix>(0, 6);
        QTest::newRow("0 rows") << FigureExporter::figureOf(zero);
        HeatmapSpec one = articleWeights();
        one.matrix = std::make_shared<Matrix>(Matrix::Constant(1, 1, 0.5f));
        QTest::newRow("1x1") << FigureExporter::figureOf(one);
        HeatmapSpec constant = signedContext();
        constant.matrix = std::make_shared<Matrix>(Matrix::Constant(6, 4, 3.0f));
        QTest::newRow("constant") << FigureExporter::figureOf(constant);
        HeatmapSpec allInf = maskedScores();
        allInf.matrix = std::make_shared<Matrix>(
            Matrix::Constant(3, 3, -std::numeric_limits<float>::infinity()));
        QTest::newRow("all -inf") << FigureExporter::figureOf(allInf);
        QTest::newRow("no panels") << Figure();
    }

    void edgeFiguresRender()
    {
        QFETCH(Figure, figure);
        const FigureExporter exporter;
        for (const ExportFormat format :
             {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf}) {
            QString error;
            QVERIFY2(!exporter.render(figure, format, 1, &error).isEmpty(), qPrintable(error));
        }
    }

    void clipboard()
    {
        const FigureExporter exporter;
        const Figure figure = FigureExporter::figureOf(articleWeights());
        const std::unique_ptr<QMimeData> data(exporter.mimeData(figure));
        QVERIFY(data->hasImage());
        QCOMPARE(qvariant_cast<QImage>(data->imageData()).size(), exporter.logicalSize(figure) * 2);
        QCOMPARE(data->text().toUtf8(), exporter.render(figure, ExportFormat::Csv));
    }
};

QTEST_MAIN(TestFigureExport)
#include "tst_figureexport.moc"
