// --export and --export-deck with a GPT-2 checkpoint, run as a separate process (offscreen, as
// a user would) on the F32 fixture checkpoint (2 layers of 2 heads, n_ctx 32, vocabulary 300)
// and the sentence "a+b=c", whose PyTorch reference is tests/fixtures/gpt2/f32_prefix/
// sentence.json: the model view, the chosen layer's step figures, the head view and the next
// tokens are written under figures::fileStem's names with their layer; their CSV equals
// PyTorch; PNG, SVG and PDF are whole files; --layer is checked against n_layer; a broken
// checkpoint or sentence is refused before anything is written; the deck has the model's
// pages.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "CliRun.h"

namespace {

const QString Sentence = QStringLiteral("a+b=c"); // GPT-2 ids 64 10 65 28 66

QString fixture(const QString& relative)
{
    return QStringLiteral(AE_FIXTURE_DIR "/gpt2/") + relative;
}

// The fixture checkpoint and its config.json, copied into `dir`; returns the checkpoint's path.
QString checkpoint(const QTemporaryDir& dir)
{
    QFile::copy(fixture(QStringLiteral("f32_prefix/config.json")),
                dir.filePath(QStringLiteral("config.json")));
    const QString path = dir.filePath(QStringLiteral("model.safetensors"));
    QFile::copy(fixture(QStringLiteral("f32_prefix/model.safetensors")), path);
    return path;
}

QJsonObject reference()
{
    QFile file(fixture(QStringLiteral("f32_prefix/sentence.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// attn_weights (T x T) of `layer` and `head` (from 0) in the reference.
QList<QList<double>> referenceWeights(int layer, int head)
{
    QList<QList<double>> rows;
    const QJsonArray weights = reference()
                                   .value(QLatin1StringView("layers"))
                                   .toArray()
                                   .at(layer)
                                   .toObject()
                                   .value(QLatin1StringView("heads"))
                                   .toArray()
                                   .at(head)
                                   .toObject()
                                   .value(QLatin1StringView("attn_weights"))
                                   .toArray();
    for (const QJsonValue& row : weights) {
        QList<double> values;
        for (const QJsonValue& v : row.toArray())
            values << v.toDouble();
        rows << values;
    }
    return rows;
}

// One CSV line's fields (RFC 4180: a quoted field may hold commas and doubled quotes).
QStringList csvFields(const QString& line)
{
    QStringList fields{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == u'"' && i + 1 < line.size() && line[i + 1] == u'"')
            fields.last() += line[++i];
        else if (c == u'"')
            quoted = !quoted;
        else if (c == u',' && !quoted)
            fields << QString();
        else
            fields.last() += c;
    }
    return fields;
}

// A one-panel CSV (FigureCsv): a header line, then per row its label and values.
QList<QList<double>> csvValues(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QList<double>> rows;
    const QList<QByteArray> lines = file.readAll().split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const QStringList fields = csvFields(QString::fromUtf8(lines[i]));
        QList<double> values;
        for (qsizetype j = 1; j < fields.size(); ++j)
            values << fields[j].toDouble();
        rows << values;
    }
    return rows;
}

double worstDifference(const QList<QList<double>>& a, const QList<QList<double>>& b)
{
    if (a.size() != b.size() || a.isEmpty())
        return 1e9;
    double worst = 0;
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (a[i].size() != b[i].size())
            return 1e9;
        for (qsizetype j = 0; j < a[i].size(); ++j)
            worst = std::max(worst, std::abs(a[i][j] - b[i][j]));
    }
    return worst;
}

Run exportModel(const QTemporaryDir& dir, const QStringList& more)
{
    return run(QStringList{QStringLiteral("--model"), checkpoint(dir), QStringLiteral("--sentence"),
                           Sentence} +
               more);
}

} // namespace

class TestModelExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!reference().isEmpty()); }

    // Every figure of the layer asked for (the first by default) and the model pages', in every
    // format; each CSV of attention weights equals PyTorch's within 1e-5.
    void exportWritesTheModelsFigures_data()
    {
        QTest::addColumn<QStringList>("layerArguments");
        QTest::addColumn<int>("layer"); // from 0
        QTest::newRow("default: layer 1") << QStringList() << 0;
        QTest::newRow("--layer 2")
            << QStringList{QStringLiteral("--layer"), QStringLiteral("2")} << 1;
    }
    void exportWritesTheModelsFigures()
    {
        QFETCH(QStringList, layerArguments);
        QFETCH(int, layer);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("figures"));
        const Run r = exportModel(dir, QStringList{QStringLiteral("--export"), out,
                                                   QStringLiteral("--format"),
                                                   QStringLiteral("png,svg,pdf,csv")} +
                                           layerArguments);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString l = QString::number(layer + 1);
        const QStringList stems{QStringLiteral("00-model_view_attn_weights"),
                                QStringLiteral("02-queries_keys_values-layer%1-head1").arg(l),
                                QStringLiteral("03-attn_scores-layer%1-head2").arg(l),
                                QStringLiteral("05-attn_weights-layer%1-head1").arg(l),
                                QStringLiteral("05-attn_weights-layer%1-head2").arg(l),
                                QStringLiteral("07-context_vec-layer%1-head2").arg(l),
                                QStringLiteral("08-head_grid_attn_weights-layer%1").arg(l),
                                QStringLiteral("09-output-layer%1").arg(l),
                                QStringLiteral("10-head_view_attn_weights-layer%1-query5").arg(l),
                                QStringLiteral("11-next_token_probs"),
                                QStringLiteral("12-head_detectors")};
        const QStringList printed = QString::fromLocal8Bit(r.out).split(u'\n', Qt::SkipEmptyParts);
        for (const QString& stem : stems) {
            const QString base = QDir(out).filePath(stem);
            QImage png(base + QStringLiteral(".png"));
            QVERIFY2(!png.isNull() && png.width() > 10 && png.height() > 10, qPrintable(stem));
            QFile svg(base + QStringLiteral(".svg"));
            QVERIFY(svg.open(QIODevice::ReadOnly));
            const QByteArray svgBytes = svg.readAll();
            QVERIFY2(svgBytes.contains("<svg") && svgBytes.trimmed().endsWith("</svg>"),
                     qPrintable(stem));
            QFile pdf(base + QStringLiteral(".pdf"));
            QVERIFY(pdf.open(QIODevice::ReadOnly));
            const QByteArray pdfBytes = pdf.readAll();
            QVERIFY2(pdfBytes.startsWith("%PDF-") && pdfBytes.trimmed().endsWith("%%EOF"),
                     qPrintable(stem));
            QVERIFY2(QFileInfo(base + QStringLiteral(".csv")).size() > 0, qPrintable(stem));
            QVERIFY2(printed.contains(base + QStringLiteral(".png")), r.out.constData());
        }
        // A layer starts from LN1 of the residual stream: no embeddings figures; no other layer.
        const QStringList files = QDir(out).entryList(QDir::Files);
        QCOMPARE(files.filter(QStringLiteral("13-head_pattern-layer%1-head").arg(l)).size(), 4);
        for (const QString& file : files) {
            QVERIFY2(!file.startsWith(QLatin1StringView("01-")), qPrintable(file));
            QVERIFY2(!file.contains(QStringLiteral("-layer%1").arg(2 - layer)), qPrintable(file));
        }
        QCOMPARE(printed.size(), files.size());

        for (int head = 0; head < 2; ++head) {
            const QString csv = QDir(out).filePath(
                QStringLiteral("05-attn_weights-layer%1-head%2.csv").arg(l).arg(head + 1));
            const double worst = worstDifference(csvValues(csv), referenceWeights(layer, head));
            qInfo("layer %d head %d: worst |CSV - PyTorch| = %.3g", layer + 1, head + 1, worst);
            QVERIFY(worst <= 1e-5);
        }
        // The head view of the last token: each head's row is the last row of its weights.
        const QList<QList<double>> headView = csvValues(QDir(out).filePath(
            QStringLiteral("10-head_view_attn_weights-layer%1-query5.csv").arg(l)));
        QCOMPARE(headView.size(), 2);
        for (int head = 0; head < 2; ++head)
            QVERIFY(worstDifference({headView[head]}, {referenceWeights(layer, head).last()}) <=
                    1e-5);
        // The next tokens: PyTorch's ten most probable, in order.
        const QList<QList<double>> next =
            csvValues(QDir(out).filePath(QStringLiteral("11-next_token_probs.csv")));
        const QJsonArray expected = reference().value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(next.size(), expected.size());
        for (qsizetype i = 0; i < next.size(); ++i)
            QVERIFY(std::abs(next[i].value(0) -
                             expected[i].toObject().value(QLatin1StringView("prob")).toDouble()) <=
                    1e-5);
    }

    // Refused before anything is written, with a message naming the problem.
    void refusals_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("fragment");
        const QString layer = QStringLiteral("--layer");
        QTest::newRow("--layer beyond n_layer")
            << QStringList{layer, QStringLiteral("3")} << Sentence << 2
            << QStringLiteral("give a layer from 1 to 2");
        QTest::newRow("--layer 0") << QStringList{layer, QStringLiteral("0")} << Sentence << 2
                                   << QStringLiteral("whole number from 1");
        QTest::newRow("--layer x") << QStringList{layer, QStringLiteral("x")} << Sentence << 2
                                   << QStringLiteral("whole number from 1");
        QTest::newRow("longer than n_ctx")
            << QStringList() << QStringLiteral("a") + QStringLiteral(" a").repeated(32) << 1
            << QStringLiteral("n_ctx = 32");
        QTest::newRow("token beyond the vocabulary")
            << QStringList() << QStringLiteral("hello world") << 1
            << QStringLiteral("vocabulary of 300 tokens");
        QTest::newRow("unreadable checkpoint")
            << QStringList{QStringLiteral("--model"), QStringLiteral("/nonexistent/m.safetensors")}
            << Sentence << 2 << QStringLiteral("m.safetensors");
    }
    void refusals()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, sentence);
        QFETCH(int, exitCode);
        QFETCH(QString, fragment);
        for (const QString& mode : {QStringLiteral("--export"), QStringLiteral("--export-deck")}) {
            QTemporaryDir dir;
            const QString out =
                dir.filePath(mode == QLatin1StringView("--export") ? QStringLiteral("figures")
                                                                   : QStringLiteral("deck.pdf"));
            // An option is given once: the unreadable case brings its own --model.
            QStringList all{QStringLiteral("--sentence"), sentence, mode, out};
            if (!arguments.contains(QStringLiteral("--model")))
                all << QStringLiteral("--model") << checkpoint(dir);
            const Run r = run(all + arguments);
            QCOMPARE(r.exitCode, exitCode);
            QVERIFY2(QString::fromLocal8Bit(r.err).contains(fragment), r.err.constData());
            QVERIFY(!QFileInfo::exists(out));
        }
    }

    void layerIsOnlyForAModelsFigures()
    {
        QTemporaryDir dir;
        Run r = run({QStringLiteral("--sentence"), QStringLiteral("a b"),
                     QStringLiteral("--export"), dir.filePath(QStringLiteral("out")),
                     QStringLiteral("--layer"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("only to a model session"), r.err.constData());
        r = exportModel(dir, {QStringLiteral("--dump-json"), QStringLiteral("-"),
                              QStringLiteral("--layer"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--layer applies only to"), r.err.constData());
    }

    // The deck follows the model's walkthrough (WalkthroughCatalog::modelSteps): tokens, the model
    // view, a layer's projections, scores, causal weights, context, heads, the head view and
    // the next tokens.
    void deckHasTheModelsPages()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.pdf"));
        const Run r = exportModel(dir, {QStringLiteral("--export-deck"), path,
                                        QStringLiteral("--layer"), QStringLiteral("2")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QVERIFY(pdf.startsWith("%PDF-"));
        static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
        QCOMPARE(int(QString::fromLatin1(pdf).count(page)),
                 11); // 9 steps, the heads' roles, the lab
    }
};

QTEST_GUILESS_MAIN(TestModelExport)
#include "tst_modelexport.moc"
