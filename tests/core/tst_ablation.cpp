// Ablation of heads (core/analysis/Ablation.h, heads.md §2) against PyTorch
// (tests/fixtures/heads): the base loss and next tokens, then every head zero- and
// mean-ablated (loss, KL at the last position, top 10) on both families' checkpoints. The
// stacked run of one block's heads must equal each head ablated alone.
#include "Ablation.h"
#include "BlockOps.h"
#include "HeadsFixture.h"
#include "RandomModel.h"
#include "StackedBlocks.h"
#include "TensorCompare.h"
#include "TransformerForward.h"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace ae;
using namespace ae::test;

class TestAblation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("family");
        QTest::addColumn<int>("kind");
        QTest::newRow("GPT-2, zero") << QStringLiteral("gpt2") << int(AblationKind::Zero);
        QTest::newRow("GPT-2, mean") << QStringLiteral("gpt2") << int(AblationKind::Mean);
        QTest::newRow("book, zero") << QStringLiteral("book") << int(AblationKind::Zero);
        QTest::newRow("book, mean") << QStringLiteral("book") << int(AblationKind::Mean);
    }

    void matchesPyTorch()
    {
        QFETCH(QString, family);
        QFETCH(int, kind);
        constexpr double LossTolerance = 1e-4, ProbTolerance = 1e-5;
        const QJsonObject fixture = headsFixture(family);
        const auto model = headsModel(fixture);
        QVERIFY(model);
        const QJsonObject expected = fixture.value(QLatin1StringView("ablation")).toObject();
        const auto trace =
            transformerForward(model, jsonIds(expected.value(QLatin1StringView("token_ids"))));
        const auto grid = ablateEveryHead(*trace, AblationKind(kind));
        QVERIFY(grid);
        const QJsonObject base = expected.value(QLatin1StringView("base")).toObject();
        double worst = std::abs(grid->base.loss - base.value(QLatin1StringView("loss")).toDouble());
        QVERIFY(worst <= LossTolerance);
        QString diff = compareTop(base.value(QLatin1StringView("next_token")).toArray(),
                                  grid->base.nextTokens, ProbTolerance);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        const QJsonArray layers =
            expected.value(QString::fromUtf8(ablationKindKey(AblationKind(kind)))).toArray();
        QCOMPARE(grid->layers, int(layers.size()));
        for (int l = 0; l < grid->layers; ++l)
            for (int h = 0; h < grid->heads; ++h) {
                const QJsonObject e = layers[l].toArray()[h].toObject();
                const AblationResult& r = grid->at(l, h);
                const QString where = QStringLiteral("layer %1 head %2").arg(l).arg(h);
                const double lossDiff =
                    std::abs(r.prediction.loss - e.value(QLatin1StringView("loss")).toDouble());
                const double klDiff = std::abs(r.kl - e.value(QLatin1StringView("kl")).toDouble());
                worst = std::max({worst, lossDiff, klDiff});
                QVERIFY2(lossDiff <= LossTolerance, qPrintable(where + QStringLiteral(" loss")));
                QVERIFY2(klDiff <= LossTolerance, qPrintable(where + QStringLiteral(" kl")));
                diff = compareTop(e.value(QLatin1StringView("next_token")).toArray(),
                                  r.prediction.nextTokens, ProbTolerance);
                QVERIFY2(diff.isEmpty(), qPrintable(where + u' ' + diff));
            }
        qInfo("worst loss/KL difference %.3g", worst);
    }

    // One head alone (a one-sequence stack) gives what the stacked run of its block gave.
    void aloneEqualsStacked()
    {
        const QJsonObject fixture = headsFixture(QStringLiteral("book"));
        const auto model = headsModel(fixture);
        QVERIFY(model);
        const auto trace =
            transformerForward(model, jsonIds(fixture.value(QLatin1StringView("ablation"))
                                                  .toObject()
                                                  .value(QLatin1StringView("token_ids"))));
        const auto grid = ablateEveryHead(*trace, AblationKind::Mean);
        QVERIFY(grid);
        for (const auto& [l, h] : {std::pair{0, 1}, std::pair{2, 3}}) {
            const AblationResult alone = ablateHead(*trace, grid->base, AblationKind::Mean, l, h);
            QVERIFY(std::abs(alone.prediction.loss - grid->at(l, h).prediction.loss) < 1e-5);
            QVERIFY(std::abs(alone.kl - grid->at(l, h).kl) < 1e-5);
            QCOMPARE(alone.prediction.nextTokens.front().id,
                     grid->at(l, h).prediction.nextTokens.front().id);
        }
    }

    // The stacked blocks (every block from the embeddings, two copies of the sentence) predict
    // what the traced forward predicts, with grouped key/value heads too.
    void stackedEqualsTraced()
    {
        RandomModelShape shape;
        shape.heads = 4;
        shape.kvHeads = 2;
        shape.embd = 32;
        const auto model = randomModel(shape);
        const std::vector<std::int64_t> ids{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
        const auto trace = transformerForward(model, ids);
        const Prediction base = basePrediction(*trace);
        const Eigen::Index T = trace->tokenCount();
        Matrix x(2 * T, shape.embd);
        x.topRows(T) = trace->residuals.front();
        x.bottomRows(T) = trace->residuals.front();
        QVERIFY(runStackedBlocks(*model, 0, T, x));
        Matrix logits;
        for (const SequencePrediction& s : predictSequences(*model, x, T, ids, logits)) {
            QVERIFY(std::abs(s.loss - base.loss) < 1e-5);
            AE_COMPARE_TENSORS("last logits", Matrix(trace->lastLogits), Matrix(s.lastLogits),
                               1e-5);
        }
        // The buffer of logit slices, once large enough, is written again, not replaced (its
        // pages are not faulted in anew for the next stack), and a smaller stack fits in it.
        const float* const buffer = logits.data();
        QVERIFY(logits.rows() >= 2 * T);
        const auto again = predictSequences(*model, x.topRows(T), T, ids, logits);
        QCOMPARE(logits.data(), buffer);
        QCOMPARE(again.size(), std::size_t(1));
        QVERIFY(std::abs(again.front().loss - base.loss) < 1e-5);
        // An ablation changes the prediction, and KL(p || p) of the base itself is 0.
        const AblationResult zero = ablateHead(*trace, base, AblationKind::Zero, 0, 3);
        QVERIFY(zero.kl > 0);
        QVERIFY(std::abs(zero.prediction.loss - base.loss) > 1e-6);
    }

    // A vocabulary of several slices (1,024 + 1,024 + 452 entries), the head in float32 and
    // in bfloat16: the loss combined slice by slice equals the mean cross-entropy of the whole
    // rows of logits (finalLogits, summed here in double), and the last logits are its last row.
    void slicedLogitsEqualWholeRows_data()
    {
        QTest::addColumn<bool>("bf16");
        QTest::newRow("float32 head") << false;
        QTest::newRow("bfloat16 head") << true;
    }

    void slicedLogitsEqualWholeRows()
    {
        QFETCH(bool, bf16);
        RandomModelShape shape;
        shape.embd = 32;
        shape.vocab = 2500;
        auto model = std::const_pointer_cast<TransformerModel>(randomModel(shape));
        std::vector<std::uint16_t> halves;
        if (bf16) {
            const TensorRef& wte = model->params().wte;
            for (Eigen::Index i = 0; i < wte.rows * wte.cols; ++i) {
                std::uint32_t bits = 0;
                std::memcpy(&bits, wte.data + i, sizeof bits);
                halves.push_back(std::uint16_t(bits >> 16));
            }
            TensorRef& head = model->mutableParams().outHead;
            head.data = nullptr;
            head.half = halves.data();
            head.bf16 = true;
        }
        const std::vector<std::int64_t> ids{7, 2048, 1023, 1024, 2499, 0, 1500, 1023, 3};
        const Eigen::Index T = Eigen::Index(ids.size());
        const auto trace = transformerForward(model, ids);
        const Matrix& x = trace->finalResidual();
        const Matrix whole = finalLogits(*model, x); // (T x V)
        double expected = 0;
        for (Eigen::Index t = 0; t + 1 < T; ++t) {
            const Eigen::ArrayXd row = whole.row(t).transpose().cast<double>().array();
            expected += std::log((row - row.maxCoeff()).exp().sum()) + row.maxCoeff() -
                        row[ids[std::size_t(t + 1)]];
        }
        expected /= double(T - 1);
        Matrix slices;
        const auto predicted = predictSequences(*model, x, T, ids, slices);
        QCOMPARE(predicted.size(), std::size_t(1));
        QVERIFY2(std::abs(predicted.front().loss - expected) < 1e-5,
                 qPrintable(QStringLiteral("%1 against %2")
                                .arg(predicted.front().loss, 0, 'g', 9)
                                .arg(expected, 0, 'g', 9)));
        AE_COMPARE_TENSORS("last logits", Matrix(whole.bottomRows(1)),
                           Matrix(predicted.front().lastLogits), 1e-5);
    }

    void reportsProgressAndCancels()
    {
        const auto model = headsModel(headsFixture(QStringLiteral("gpt2")));
        QVERIFY(model);
        const auto trace = transformerForward(model, {5, 6, 7, 5, 6});
        int last = -1;
        bool ordered = true;
        QVERIFY(ablateEveryHead(*trace, AblationKind::Zero, [&](int done, int total) {
            ordered = ordered && total == 4 && done >= last;
            last = done;
            return true;
        }));
        QVERIFY(ordered);
        QCOMPARE(last, 4);
        QVERIFY(
            !ablateEveryHead(*trace, AblationKind::Zero, [](int done, int) { return done < 2; }));
    }
};

QTEST_GUILESS_MAIN(TestAblation)
#include "tst_ablation.moc"
