// The model pages on their own, fed a forward of the PyTorch fixtures (tests/fixtures/gpt2):
// the next-token page lists the fixture's top ten in PyTorch's order with PyTorch's
// probabilities; the model view has a thumbnail per layer and head; the head view has a row
// per head over the keys the query may see.
#include "AttentionThumbnails.h"
#include "CellExplanations.h"
#include "FigureExporter.h"
#include "FigureWidget.h"
#include "Fixtures.h"
#include "HeadViewPage.h"
#include "ModelFigures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ModelViewPage.h"
#include "NextTokensPage.h"
#include "ThumbnailGrid.h"
#include "TransformerForward.h"
#include "TransformerModel.h"
#include "ValueText.h"
#include "ViewExtent.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace ae;
using namespace ae::test;

namespace {

struct FixtureRun
{
    std::shared_ptr<const ModelRun> run;
    QJsonObject expected;
};

FixtureRun fixtureRun(const QString& name)
{
    FixtureRun result;
    result.expected = readFixture(QStringLiteral("gpt2/%1/expected.json").arg(name));
    const auto loaded =
        loadModel(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
    if (!loaded.model)
        return result;
    std::vector<std::int64_t> ids;
    for (const QJsonValue& id : result.expected.value(QLatin1StringView("token_ids")).toArray())
        ids.push_back(id.toInteger());
    auto run = std::make_shared<ModelRun>();
    run->trace = transformerForward(loaded.model, ids);
    result.run = run;
    return result;
}

// `count` ids spread over the model's vocabulary (i · 37 + 11).
std::vector<std::int64_t> spreadIds(const TransformerModel& model, int count)
{
    std::vector<std::int64_t> ids;
    for (int i = 0; i < count; ++i)
        ids.push_back((i * 37 + 11) % model.config().vocabSize);
    return ids;
}

// Thumbnails of at most 6 cells a side, as the window asks for ThumbnailSide.
std::optional<WeightsReduction> sixCells(Eigen::Index T, Eigen::Index)
{
    const int b = reducedViewBlock(T, 6);
    return WeightsReduction{b, b};
}

std::optional<WeightsReduction> threeRows(Eigen::Index, Eigen::Index)
{
    return WeightsReduction{3, 3};
}

} // namespace

class TestModelPages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtures_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("f32_prefix") << QStringLiteral("f32_prefix");
        QTest::newRow("f16_plain") << QStringLiteral("f16_plain");
        QTest::newRow("bf16_noconfig") << QStringLiteral("bf16_noconfig");
    }

    void nextTokensInPyTorchOrder_data() { fixtures_data(); }
    void nextTokensInPyTorchOrder()
    {
        QFETCH(QString, name);
        const FixtureRun fixture = fixtureRun(name);
        QVERIFY(fixture.run);
        NextTokensPage page;
        page.setRun(fixture.run, 0, 0);
        const QJsonArray next = fixture.expected.value(QLatin1StringView("next_token")).toArray();
        QCOMPARE(int(page.shown().size()), int(next.size()));
        for (int i = 0; i < int(next.size()); ++i) {
            const QJsonObject e = next.at(i).toObject();
            QCOMPARE(page.shown()[std::size_t(i)].id, e.value(QLatin1StringView("id")).toInteger());
            QVERIFY(std::abs(page.shown()[std::size_t(i)].prob -
                             e.value(QLatin1StringView("prob")).toDouble()) <= 1e-5);
            QVERIFY(!page.tokenText(i).isEmpty());
        }
        // The exported figure carries the same probabilities, one row per token.
        const auto figures = page.currentFigures();
        QCOMPARE(figures.size(), std::size_t(1));
        QCOMPARE(figures[0].panels[0].matrix->rows(), Eigen::Index(next.size()));
        QCOMPARE((*figures[0].panels[0].matrix)(0, 0), page.shown()[0].prob);
    }

    // A temperature keeps the order and sharpens (below 1) the most likely token's share.
    void temperatureSharpens()
    {
        const FixtureRun fixture = fixtureRun(QStringLiteral("f32_prefix"));
        QVERIFY(fixture.run);
        NextTokensPage page;
        page.setRun(fixture.run, 0, 0);
        const auto atOne = page.shown();
        page.temperatureBox()->setValue(0.5);
        QCOMPARE(page.shown().size(), atOne.size());
        QCOMPARE(page.shown()[0].id, atOne[0].id);
        QVERIFY(page.shown()[0].prob > atOne[0].prob);
    }

    void modelViewHasEveryHead_data() { fixtures_data(); }
    void modelViewHasEveryHead()
    {
        QFETCH(QString, name);
        const FixtureRun fixture = fixtureRun(name);
        QVERIFY(fixture.run);
        const ModelTrace& trace = *fixture.run->trace;
        ModelViewPage page;
        QSignalSpy ready(&page, &ModelViewPage::thumbnailsReady);
        page.resize(800, 600);
        page.show();
        page.setRun(fixture.run, 0, 0);
        QVERIFY(ready.wait(20000));
        QCOMPARE(page.grid()->thumbnailCount(), int(trace.layers.size()) * trace.headCount());
        QCOMPARE(page.grid()->layerCount(), int(trace.layers.size()));
        const auto figures = page.currentFigures();
        QCOMPARE(figures.size(), std::size_t(1));
        QCOMPARE(int(figures[0].panels.size()), page.grid()->thumbnailCount());

        // Clicking the last layer's last head chooses it.
        QSignalSpy chosen(&page, &ModelViewPage::headChosen);
        const int layer = page.grid()->layerCount() - 1, head = page.grid()->headCount() - 1;
        QTest::mouseClick(page.grid(), Qt::LeftButton, {},
                          page.grid()->cellRect(layer, head).center());
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toInt(), layer);
        QCOMPARE(chosen.at(0).at(1).toInt(), head);

        // A larger font widens the layer labels: the cells move right (the labels' size is
        // kept between paints, and measured again when the font changes).
        const int before = page.grid()->cellRect(0, 0).left();
        QFont larger = page.grid()->font();
        larger.setPointSizeF(larger.pointSizeF() * 3);
        page.grid()->setFont(larger);
        QVERIFY(page.grid()->cellRect(0, 0).left() > before);
    }

    // A thumbnail cell is the largest weight of its rowsPerCell x rowsPerCell square, each row
    // of cells divided by its maximum; a forward that reuses a prefix keeps the cell rows of
    // that prefix from the earlier thumbnails and gives the thumbnails computed from scratch.
    void thumbnailsPoolAndKeepThePrefix()
    {
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const std::vector<std::int64_t> ids = spreadIds(*loaded.model, 23);
        // 23 tokens: cells of 4 x 4 (2 x 2 would make 12 a side), the last row and column of 3
        constexpr int Side = 6;
        const auto whole = transformerForward(loaded.model, ids);
        const Thumbnails fresh = attentionThumbnails(*whole, Side);
        QCOMPARE(fresh.rowsPerCell, Eigen::Index(4));
        QCOMPARE(fresh.keptCellRows, Eigen::Index(0));
        QCOMPARE(fresh.heads.size(), whole->layers.size() * std::size_t(whole->headCount()));
        for (int l = 0; l < whole->layerCount(); ++l)
            for (int h = 0; h < whole->headCount(); ++h) {
                const auto weights = layerAttnWeights(*whole, l, h); // held while read
                const Matrix& w = *weights;
                Matrix expected = Matrix::Zero(6, 6);
                for (Eigen::Index i = 0; i < 23; ++i)
                    for (Eigen::Index j = 0; j <= i; ++j)
                        expected(i / 4, j / 4) = std::max(expected(i / 4, j / 4), w(i, j));
                for (Eigen::Index i = 0; i < 6; ++i)
                    expected.row(i) /= expected.row(i).maxCoeff();
                const Matrix& got = fresh.heads[std::size_t(l * whole->headCount() + h)];
                QVERIFY2(got == expected,
                         qPrintable(QStringLiteral("layer %1 head %2").arg(l).arg(h)));
            }

        // Typed at the end (21 -> 23 tokens) and changed at token 9: 5 and 2 cell rows kept.
        for (const auto& [shorter, kept] :
             {std::pair{std::vector<std::int64_t>(ids.begin(), ids.end() - 2), 5},
              std::pair{[&] {
                            auto changed = ids;
                            changed[9] = (changed[9] + 1) % loaded.model->config().vocabSize;
                            return changed;
                        }(),
                        2}}) {
            const auto before = transformerForward(loaded.model, shorter);
            const Thumbnails earlier = attentionThumbnails(*before, Side);
            const auto after = transformerForward(loaded.model, ids, before.get());
            const Thumbnails updated = attentionThumbnails(*after, Side, {}, &earlier);
            QCOMPARE(updated.keptCellRows, Eigen::Index(kept));
            QCOMPARE(updated.heads.size(), fresh.heads.size());
            for (std::size_t i = 0; i < fresh.heads.size(); ++i)
                QVERIFY2(((updated.heads[i] - fresh.heads[i]).cwiseAbs().maxCoeff() <= 1e-6f),
                         qPrintable(QStringLiteral("thumbnail %1").arg(i)));
        }
        // The cell size is a power of two: the same from 13 to 24 tokens (ceil(T / 6) would
        // change it at 19, and typing there would derive every thumbnail again), 8 beyond.
        for (int T = 13; T <= 25; ++T) {
            const std::vector<std::int64_t> prefix = spreadIds(*loaded.model, T);
            const Thumbnails t =
                attentionThumbnails(*transformerForward(loaded.model, prefix), Side);
            QCOMPARE(t.rowsPerCell, Eigen::Index(T <= 24 ? 4 : 8));
            QCOMPARE(t.heads.front().rows(), Eigen::Index((T + t.rowsPerCell - 1) / t.rowsPerCell));
        }
        // Another model's thumbnails are never kept.
        const auto other =
            loadModel(fixturePath(QStringLiteral("gpt2/f16_plain/model.safetensors")));
        QVERIFY2(other.model, qPrintable(other.error));
        auto otherIds = ids; // within its vocabulary
        for (std::int64_t& id : otherIds)
            id %= other.model->config().vocabSize;
        const Thumbnails foreign =
            attentionThumbnails(*transformerForward(other.model, otherIds), Side);
        QCOMPARE(attentionThumbnails(*whole, Side, {}, &foreign).keptCellRows, Eigen::Index(0));
    }

    // The window's forwards reduce every head's weights to the thumbnails' cells while they
    // have them (transformerForward's overview): the thumbnails then equal those derived
    // afterwards, and a forward that reuses a prefix keeps the overview's earlier cell rows.
    void forwardReducesTheThumbnails()
    {
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const std::vector<std::int64_t> ids = spreadIds(*loaded.model, 23);
        const auto derived = attentionThumbnails(*transformerForward(loaded.model, ids), 6);
        const auto whole = transformerForward(loaded.model, ids, nullptr, {}, sixCells);
        QCOMPARE(whole->overviewBlock, Eigen::Index(4));
        const Thumbnails fromForward = attentionThumbnails(*whole, 6);
        QCOMPARE(fromForward.heads.size(), derived.heads.size());
        for (std::size_t i = 0; i < derived.heads.size(); ++i)
            QVERIFY2(fromForward.heads[i] == derived.heads[i],
                     qPrintable(QStringLiteral("thumbnail %1").arg(i)));

        // The forward of the text without its last `dropped` tokens, with an overview.
        const auto withoutLast = [&](std::ptrdiff_t dropped) {
            return transformerForward(loaded.model,
                                      std::vector<std::int64_t>(ids.begin(), ids.end() - dropped),
                                      nullptr, {}, sixCells);
        };
        // 20 -> 23 tokens: 5 cell rows kept from the earlier overview, the rest reduced anew.
        const auto twenty = withoutLast(3);
        const auto typed = transformerForward(loaded.model, ids, twenty.get(), {}, sixCells);
        QCOMPARE(typed->reusedRows, Eigen::Index(20));
        QCOMPARE(typed->overviewBlock, Eigen::Index(4));
        const Thumbnails updated = attentionThumbnails(*typed, 6);
        for (std::size_t i = 0; i < derived.heads.size(); ++i)
            QVERIFY2(((updated.heads[i] - derived.heads[i]).cwiseAbs().maxCoeff() <= 1e-6f),
                     qPrintable(QStringLiteral("thumbnail %1").arg(i)));

        // 21 -> 23: the kept rows end inside a cell row, which the forward cannot complete;
        // no overview, and the thumbnails are derived as before.
        const auto twentyOne = withoutLast(2);
        const auto unaligned = transformerForward(loaded.model, ids, twentyOne.get(), {}, sixCells);
        QCOMPARE(unaligned->overviewBlock, Eigen::Index(0));
        QVERIFY(unaligned->overview.empty());
        // Only the first token kept, less than a row of cells: the forward computes every row
        // again and has its overview (an edit at the start of a text that begins with a BOS).
        auto secondChanged = ids;
        secondChanged[1] = (secondChanged[1] + 1) % loaded.model->config().vocabSize;
        const auto edited = transformerForward(loaded.model, secondChanged, nullptr, {}, sixCells);
        const auto again = transformerForward(loaded.model, ids, edited.get(), {}, sixCells);
        QCOMPARE(again->reusedRows, Eigen::Index(0));
        QCOMPARE(again->overviewBlock, Eigen::Index(4));
        QCOMPARE(transformerForward(loaded.model, ids, edited.get())->reusedRows, Eigen::Index(1));
        // Cells that do not divide the forward's blocks of rows are not asked of it.
        QCOMPARE(transformerForward(loaded.model, ids, nullptr, {}, threeRows)->overviewBlock,
                 Eigen::Index(0));
    }

    // Every model page's figures export to each format (File > Export, the clipboard).
    void modelPagesExport_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("png") << int(ExportFormat::Png);
        QTest::newRow("svg") << int(ExportFormat::Svg);
        QTest::newRow("pdf") << int(ExportFormat::Pdf);
        QTest::newRow("csv") << int(ExportFormat::Csv);
    }

    void modelPagesExport()
    {
        QFETCH(int, format);
        const FixtureRun fixture = fixtureRun(QStringLiteral("f16_plain"));
        QVERIFY(fixture.run);
        ModelViewPage view;
        QSignalSpy ready(&view, &ModelViewPage::thumbnailsReady);
        view.setRun(fixture.run, 0, 0);
        QVERIFY(ready.wait(20000));
        HeadViewPage heads;
        heads.setRun(fixture.run, 0, 0);
        NextTokensPage next;
        next.setRun(fixture.run, 0, 0);
        const FigureExporter exporter;
        for (const ModelPage* page :
             {static_cast<ModelPage*>(&view), static_cast<ModelPage*>(&heads),
              static_cast<ModelPage*>(&next)}) {
            const auto figures = page->currentFigures();
            QCOMPARE(figures.size(), std::size_t(1));
            QString error;
            const QByteArray bytes = exporter.render(figures[0], ExportFormat(format), 1, &error);
            QVERIFY2(!bytes.isEmpty(), qPrintable(page->id() + QStringLiteral(": ") + error));
        }
    }

    void headViewRowPerHead()
    {
        const FixtureRun fixture = fixtureRun(QStringLiteral("f16_plain"));
        QVERIFY(fixture.run);
        const ModelTrace& trace = *fixture.run->trace;
        HeadViewPage page;
        page.setRun(fixture.run, 1, 0);
        // The last token first: it sees every key.
        QCOMPARE(page.queryBox()->currentIndex(), int(trace.tokenIds.size()) - 1);
        auto figures = page.currentFigures();
        QCOMPARE(figures.size(), std::size_t(1));
        const Matrix& weights = *figures[0].panels[0].matrix;
        QCOMPARE(weights.rows(), Eigen::Index(trace.headCount()));
        QCOMPARE(weights.cols(), trace.tokenCount());
        // Each head's row is that head's softmax: it sums to 1, and equals the last row of the
        // head's weights from PyTorch.
        const QJsonArray heads = fixture.expected.value(QLatin1StringView("layers"))
                                     .toArray()
                                     .at(1)
                                     .toObject()
                                     .value(QLatin1StringView("heads"))
                                     .toArray();
        for (int h = 0; h < trace.headCount(); ++h) {
            const Matrix expected =
                jsonMatrix(heads.at(h).toObject().value(QLatin1StringView("attn_weights")));
            QVERIFY((weights.row(h) - expected.bottomRows(1)).cwiseAbs().maxCoeff() < 2e-5f);
        }
        // A cell's tooltip is a sentence with the layer's own arithmetic: the tokens as the
        // labels show them, numbered from 1, and the weight the cell shows.
        const HeatmapSpec& spec = figures[0].panels[0];
        const int last = int(trace.tokenCount()) - 1;
        const QString tip = cellDescription(spec, 1, 0);
        const QString lead =
            QStringLiteral("Weight of key “%1” (token 1) for query “%2” (token %3) (head 2) = exp(")
                .arg(spec.columnLabels[0], spec.columnLabels[last], QString::number(last + 1));
        QVERIFY2(tip.startsWith(lead), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("= ") + explain::number(weights(1, 0)) + u'\n'),
                 qPrintable(tip));
        page.queryBox()->setCurrentIndex(2);
        QCOMPARE(page.currentFigures()[0].panels[0].matrix->cols(), Eigen::Index(3));
        QVERIFY(!page.keysBox()->isEnabled()); // 3 keys: nothing to choose
        QVERIFY(page.keysNote()->isHidden());
    }

    // Beyond the limit the head view keeps each head's strongest keys, in sentence order (the
    // fixtures are shorter than the real limit of 48, so a limit of 4 is given here).
    void headViewKeepsEachHeadsStrongestKeys()
    {
        const FixtureRun fixture = fixtureRun(QStringLiteral("f16_plain"));
        QVERIFY(fixture.run);
        const ModelTrace& trace = *fixture.run->trace;
        const int query = int(trace.tokenCount()) - 1;
        using modelfigures::HeadViewKeys;
        QCOMPARE(int(modelfigures::headViewKeys(trace, 1, query, HeadViewKeys::All, 4).size()),
                 query + 1);
        const int perHead = modelfigures::strongestPerHead(trace.headCount(), 4);
        QCOMPARE(perHead, 2);
        const std::vector<int> shown =
            modelfigures::headViewKeys(trace, 1, query, HeadViewKeys::Strongest, 4);
        QVERIFY(std::is_sorted(shown.begin(), shown.end()));
        QVERIFY(std::adjacent_find(shown.begin(), shown.end()) == shown.end());
        QVERIFY(int(shown.size()) <= trace.headCount() * perHead);
        QVERIFY(int(shown.size()) < query + 1);
        std::vector<bool> expected(std::size_t(query) + 1, false);
        for (int h = 0; h < trace.headCount(); ++h) {
            const RowVector row = layerAttnRow(trace, 1, h, query);
            // A key is among a head's two strongest when at most one other key weighs more.
            for (int j = 0; j <= query; ++j)
                expected[std::size_t(j)] =
                    expected[std::size_t(j)] || (row.array() > row(j)).count() < perHead;
        }
        for (const int key : shown)
            QVERIFY(expected[std::size_t(key)]);
    }
};

QTEST_MAIN(TestModelPages)
#include "tst_modelpages.moc"
