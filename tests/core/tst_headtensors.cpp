// The T x S tensors a trace derives on demand (HeadTensors.h) against what the forward used:
// the context recomputed from the derived weights equals the stored context, rows and
// downsampled views equal the whole matrix's, and the trace stores no T x S tensor.

#include "AttentionKernel.h"
#include "BlockReducer.h"
#include "CellRaster.h"
#include "Engine.h"
#include "Fixtures.h"
#include "HeadProducts.h"
#include "HeadTensors.h"
#include "HeadViews.h"
#include "MatMul.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TraceDerived.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

using namespace ae;

Q_DECLARE_METATYPE(ae::Session)

namespace {

Session sized(int tokens, bool causal, MaskMethod method, double dropout)
{
    Session s;
    s.sentence = test::numberedSentence(tokens);
    s.variant = Variant::MultiHead;
    s.init = InitScheme::Rand;
    s.dIn = 16;
    s.dOutKq = s.dOutV = 8;
    s.numHeads = 2;
    s.causal = causal;
    s.maskMethod = method;
    s.dropout = dropout;
    s.training = dropout > 0;
    return s;
}

// The blocks reduceAsked() asks the forward for (a test's data row sets them).
WeightsReduction asked;
std::optional<WeightsReduction> reduceAsked(Eigen::Index, Eigen::Index)
{
    return asked;
}

std::shared_ptr<const Trace> compute(const Session& s, WeightsReductionPolicy reduction = nullptr)
{
    const ComputeResult result = Engine().compute(s, reduction);
    if (!result.trace)
        qFatal("session refused: %s", qPrintable(result.issue->message));
    return result.trace;
}

} // namespace

class TestHeadTensors : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sessions_data()
    {
        QTest::addColumn<Session>("session");
        // 6 tokens: TorchOrder; 520 (9 blocks of rows, the last one short): the fast path.
        for (const int tokens : {6, 520}) {
            const QByteArray t = QByteArray::number(tokens) + " tokens, ";
            QTest::newRow(t + "not causal") << sized(tokens, false, MaskMethod::NegInf, 0);
            QTest::newRow(t + "causal neg-inf") << sized(tokens, true, MaskMethod::NegInf, 0);
            QTest::newRow(t + "causal renormalize")
                << sized(tokens, true, MaskMethod::Renormalize, 0);
            QTest::newRow(t + "causal, dropout") << sized(tokens, true, MaskMethod::NegInf, 0.25);
        }
    }

    // context = weights · values with the derived weights gives the stored context bit for
    // bit: the derived weights are the ones the forward multiplied.
    void contextFromDerivedWeights_data() { sessions_data(); }
    void contextFromDerivedWeights()
    {
        QFETCH(Session, session);
        const auto trace = compute(session);
        QCOMPARE(trace->arithmetic == Arithmetic::Fast, trace->queryCount() > 6);
        for (int h = 0; h < int(trace->heads.size()); ++h) {
            const HeadTrace& head = trace->heads[std::size_t(h)];
            const bool drop = head.dropoutMask.size() > 0;
            QCOMPARE(drop, session.dropoutActive());
            const auto used =
                headTensor(*trace, h, drop ? HeadTensor::WeightsDropped : HeadTensor::Weights);
            QCOMPARE(used->rows(), trace->queryCount());
            QCOMPARE(used->cols(), trace->keyCount());
            Matrix context(trace->queryCount(), head.values.cols());
            if (trace->arithmetic == Arithmetic::TorchOrder) {
                context = matmul(*used, head.values, Arithmetic::TorchOrder);
            } else {
                const Eigen::Index T = trace->queryCount(), S = trace->keyCount();
                for (Eigen::Index r = 0; r < T; r += CausalBlockRows) {
                    const Eigen::Index rows = std::min(CausalBlockRows, T - r);
                    const Eigen::Index visible = session.causal ? std::min(r + rows, S) : S;
                    const Matrix block = used->middleRows(r, rows);
                    contextProduct(block.data(), block.cols(), rows, 0, visible, head.values,
                                   context.middleRows(r, rows));
                }
            }
            QVERIFY2(context == head.contextVec, qPrintable(QStringLiteral("head %1").arg(h)));
            // A short text's forward compares the masking methods; a long one's comparison is
            // derived on demand, from the same scores: the kernel comparing them (on either
            // path) gives the same bits as the derivation.
            if (session.causal) {
                QCOMPARE(bool(head.maskMethodsMaxDiff),
                         trace->queryCount() * trace->keyCount() <= 256 * 256);
                Trace uncompared = *trace;
                uncompared.heads[std::size_t(h)].maskMethodsMaxDiff.reset();
                const float derived = maskMethodsMaxDiff(uncompared, h);
                QVERIFY(derived < 1e-6f);
                HeadOptions options = headOptions(*trace, h);
                options.compareMaskMethods = true;
                HeadTrace compared;
                attendHead(headQueries(*trace, h), headKeys(*trace, h), headValues(*trace, h),
                           options, compared, 0);
                QVERIFY(compared.maskMethodsMaxDiff);
                QCOMPARE(*compared.maskMethodsMaxDiff, derived);
            }
        }
    }

    // A row derived alone (one block of rows) equals that row of the whole matrix, and the
    // weights are the softmax of the scores the view shows (every row sums to 1).
    void rowsEqualTheWholeMatrix_data() { sessions_data(); }
    void rowsEqualTheWholeMatrix()
    {
        QFETCH(Session, session);
        const auto trace = compute(session);
        for (const HeadTensor kind :
             {HeadTensor::Scores, HeadTensor::Weights, HeadTensor::WeightsDropped}) {
            if (kind == HeadTensor::WeightsDropped && !session.dropoutActive())
                continue;
            Matrix whole = *headTensor(*trace, 1, kind); // a copy: the cache lets go of it
            for (const Eigen::Index row :
                 {Eigen::Index(0), trace->queryCount() / 2, trace->queryCount() - 1}) {
                const RowVector alone = headTensorRow(*trace, 1, kind, row);
                QVERIFY2(alone == whole.row(row), qPrintable(QStringLiteral("row %1").arg(row)));
            }
            if (kind == HeadTensor::Weights)
                for (Eigen::Index i = 0; i < whole.rows(); ++i)
                    QVERIFY(std::abs(whole.row(i).sum() - 1.0f) < 1e-5f);
        }
    }

    // The view-size derivation equals the heatmap raster's reduction of the whole matrix.
    void downsampledEqualsReducedWhole_data()
    {
        QTest::addColumn<Session>("session");
        QTest::addColumn<int>("rowBlock");
        QTest::addColumn<int>("columnBlock");
        QTest::newRow("fast, 7 x 5 blocks") << sized(520, true, MaskMethod::NegInf, 0) << 7 << 5;
        QTest::newRow("fast, 64 x 64") << sized(520, false, MaskMethod::NegInf, 0) << 64 << 64;
        QTest::newRow("fast, renormalize, 3 x 1")
            << sized(520, true, MaskMethod::Renormalize, 0) << 3 << 1;
        QTest::newRow("torch order, 2 x 4") << sized(6, true, MaskMethod::NegInf, 0) << 2 << 4;
    }
    void downsampledEqualsReducedWhole()
    {
        QFETCH(Session, session);
        QFETCH(int, rowBlock);
        QFETCH(int, columnBlock);
        const auto trace = compute(session);
        const IndexRange rows{0, trace->queryCount()}, columns{0, trace->keyCount()};
        for (const HeadTensor kind : {HeadTensor::Scores, HeadTensor::Weights}) {
            const Matrix expected = CellRaster::reduceBlocks(*headTensor(*trace, 0, kind), rows,
                                                             columns, rowBlock, columnBlock);
            QVERIFY(!trace->derived.find(0, int(kind))); // let go: derived block by block now
            const Matrix downsampled =
                headTensorDownsampled(*trace, 0, kind, rowBlock, columnBlock);
            QCOMPARE(downsampled.rows(), expected.rows());
            QCOMPARE(downsampled.cols(), expected.cols());
            QVERIFY(downsampled == expected);
        }
    }

    // Every view of a head (the tensors and their row-wise functions, -inf included), reduced
    // over a range of rows with the per-row scale's fractions, equals the reduction of the
    // whole matrix (the full path, checked against PyTorch elsewhere) and of its fractions as
    // the raster computes them (ColorScale: value / its row's largest finite value).
    void reducedViewsEqualTheWholeMatrix_data()
    {
        QTest::addColumn<Session>("session");
        QTest::newRow("fast, neg-inf") << sized(520, true, MaskMethod::NegInf, 0);
        QTest::newRow("fast, renormalize") << sized(520, true, MaskMethod::Renormalize, 0);
        QTest::newRow("torch order, dropout") << sized(6, true, MaskMethod::NegInf, 0.25);
    }
    void reducedViewsEqualTheWholeMatrix()
    {
        QFETCH(Session, session);
        const auto trace = compute(session);
        const Eigen::Index T = trace->queryCount(), S = trace->keyCount();
        const int rowBlock = T > 6 ? 7 : 2, columnBlock = T > 6 ? 5 : 4;
        // Whole blocks of rows, as the raster reduces them: 19 x 7 to 58 x 7; 1 x 2 to 3 x 2.
        const Eigen::Index first = T > 6 ? 133 : 2, last = T > 6 ? 406 : 6;
        for (const HeadView view :
             {HeadView::Scores, HeadView::ScaledScores, HeadView::MaskedScores, HeadView::Weights,
              HeadView::OtherMethodWeights, HeadView::WeightsDropped}) {
            const Matrix whole = headViewMatrix(*trace, 1, view);
            const BlockReducer::Result reduced =
                headViewReduced(*trace, 1, view, first, last, rowBlock, columnBlock, true);
            const QByteArray what = QByteArray::number(int(view));
            if (whole.size() == 0) {
                QVERIFY2(reduced.values.size() == 0, what);
                continue;
            }
            const IndexRange rows{first, last}, columns{0, S};
            const Matrix expected =
                CellRaster::reduceBlocks(whole, rows, columns, rowBlock, columnBlock);
            QCOMPARE(reduced.firstRow, first);
            QVERIFY2(reduced.values.rows() == expected.rows() &&
                         reduced.values.cols() == expected.cols(),
                     what);
            // The raster's exact loop starts from 0 (which a block of -inf never beats):
            // compare cell by cell, the non-finite ones by kind.
            for (Eigen::Index i = 0; i < expected.size(); ++i) {
                const float a = reduced.values.data()[i], b = expected.data()[i];
                QVERIFY2(a == b || (!std::isfinite(a) && !std::isfinite(b)), what);
            }
            Matrix fractions = whole;
            for (Eigen::Index r = 0; r < T; ++r) {
                float top = 0;
                for (Eigen::Index c = 0; c < S; ++c)
                    if (std::isfinite(whole(r, c)) && whole(r, c) > top)
                        top = whole(r, c);
                for (Eigen::Index c = 0; c < S; ++c)
                    if (std::isfinite(whole(r, c)))
                        fractions(r, c) =
                            top > 0 ? float(std::clamp(double(whole(r, c)) / top, 0.0, 1.0)) : 0.0f;
            }
            const Matrix expectedFractions =
                CellRaster::reduceBlocks(fractions, rows, columns, rowBlock, columnBlock);
            for (Eigen::Index i = 0; i < expectedFractions.size(); ++i) {
                const float a = reduced.fractions.data()[i], b = expectedFractions.data()[i];
                QVERIFY2(a == b || (!std::isfinite(a) && !std::isfinite(b)), what);
            }
            // One row, as a tooltip asks for it.
            QVERIFY2(headViewRow(*trace, 1, view, last - 1) == whole.row(last - 1), what);
        }
    }

    // Asked, the forward keeps each head's weights reduced by blocks (values and the per-row
    // scale's fractions): equal, bit for bit, to the reduction a view derives from the
    // queries and keys (checked against the whole matrix above), for every masking, at sizes
    // whose blocks do not divide them, and for cross-attention (T != S).
    void forwardReductionEqualsTheDerivedOne_data()
    {
        QTest::addColumn<Session>("session");
        QTest::addColumn<int>("rowBlock");
        QTest::addColumn<int>("columnBlock");
        QTest::newRow("600, not causal") << sized(600, false, MaskMethod::NegInf, 0) << 2 << 2;
        QTest::newRow("600, neg-inf") << sized(600, true, MaskMethod::NegInf, 0) << 2 << 3;
        QTest::newRow("1100, renormalize")
            << sized(1100, true, MaskMethod::Renormalize, 0) << 4 << 4;
        QTest::newRow("700, dropout") << sized(700, true, MaskMethod::NegInf, 0.25) << 8 << 2;
        // Bins of 1 and 8 columns (the fast path's other widths), a last bin of 5.
        QTest::newRow("525, neg-inf, bins of 8")
            << sized(525, true, MaskMethod::NegInf, 0) << 1 << 8;
        QTest::newRow("530, not causal, bins of 1")
            << sized(530, false, MaskMethod::NegInf, 0) << 2 << 1;
        Session cross = sized(300, false, MaskMethod::NegInf, 0);
        cross.sourceSentence = test::numberedSentence(1030);
        QTest::newRow("cross, 300 x 1030") << cross << 1 << 4;
    }
    void forwardReductionEqualsTheDerivedOne()
    {
        QFETCH(Session, session);
        QFETCH(int, rowBlock);
        QFETCH(int, columnBlock);
        asked = {rowBlock, columnBlock};
        const auto trace = compute(session, reduceAsked);
        const Eigen::Index T = trace->queryCount(), S = trace->keyCount();
        for (int h = 0; h < int(trace->heads.size()); ++h) {
            const auto& kept = trace->heads[std::size_t(h)].reducedWeights;
            QVERIFY(kept);
            const BlockReducer::Result derived =
                headViewReduced(*trace, h, HeadView::Weights, 0, T, rowBlock, columnBlock, true);
            QCOMPARE(kept->rowBlock, rowBlock);
            QCOMPARE(kept->columnBlock, columnBlock);
            QCOMPARE(kept->firstRow, Eigen::Index(0));
            QCOMPARE(kept->values.rows(), (T + rowBlock - 1) / rowBlock);
            QCOMPARE(kept->values.cols(), (S + columnBlock - 1) / columnBlock);
            QVERIFY(kept->values == derived.values);
            QVERIFY(kept->fractions == derived.fractions);
            QVERIFY(kept->values.maxCoeff() > 0); // not a matrix of zeros
        }
    }

    // The forward reduces nothing unless asked, nor on the PyTorch-order path, nor by blocks
    // of rows that do not divide its own (a block would straddle two of them).
    void nothingIsReducedUnlessItCanBe()
    {
        const Session long600 = sized(600, true, MaskMethod::NegInf, 0);
        const auto unasked = compute(long600);
        asked = {3, 2};
        const auto straddling = compute(long600, reduceAsked);
        asked = {2, 2};
        const auto shortText = compute(sized(6, true, MaskMethod::NegInf, 0), reduceAsked);
        QCOMPARE(shortText->arithmetic, Arithmetic::TorchOrder);
        for (const auto& trace : {unasked, straddling, shortText})
            for (const HeadTrace& head : trace->heads)
                QVERIFY(!head.reducedWeights);
        // Asking changes what is kept, not what is computed.
        const auto reduced = compute(long600, reduceAsked);
        QVERIFY(reduced->heads[0].reducedWeights);
        QVERIFY(reduced->contextVec == unasked->contextVec);
    }

    // The forward's reduction of weights (reduceNonNegativeRows: AVX-512 strips for bins of 2
    // and 4 columns where the CPU has it, the portable loop otherwise) equals BlockReducer's
    // values and fractions bit for bit, for widths that end inside a vector and a bin, causal
    // and not, with a row of zeros (fractions 0) and a row with one positive value.
    void nonNegativeRowsReduceAsBlockReducer()
    {
        for (const Eigen::Index S : {1, 15, 31, 33, 64, 65, 130, 517})
            for (const int columnBlock : {2, 3, 4})
                for (const int rowBlock : {1, 2, 4})
                    for (const bool causal : {false, true}) {
                        const Eigen::Index R = 3 * CausalBlockRows / 2; // a short last block
                        Matrix weights =
                            test::normalMatrix(R, S, unsigned(S + columnBlock)).cwiseAbs();
                        for (Eigen::Index r = 0; r < R; ++r)
                            for (Eigen::Index c = r + 1; causal && c < S; ++c)
                                weights(r, c) = 0; // hidden
                        weights.row(5).setZero();
                        weights.row(6).setZero();
                        weights(6, 0) = 0.5f;
                        BlockReducer whole(0, R, S, rowBlock, columnBlock, true);
                        for (Eigen::Index r = 0; r < R; ++r)
                            whole.addRow(r, weights.row(r).data());
                        const BlockReducer::Result expected = whole.finish();
                        BlockReducer::Result got;
                        got.rowBlock = rowBlock;
                        got.columnBlock = columnBlock;
                        got.values =
                            Matrix::Constant(expected.values.rows(), expected.values.cols(), -1.0f);
                        got.fractions = got.values;
                        for (Eigen::Index first = 0; first < R; first += CausalBlockRows)
                            reduceNonNegativeRows(
                                weights.middleRows(first, std::min(CausalBlockRows, R - first)),
                                first, causal, got);
                        const QString shape = QStringLiteral("S %1, %2 x %3, causal %4")
                                                  .arg(S)
                                                  .arg(rowBlock)
                                                  .arg(columnBlock)
                                                  .arg(causal);
                        QVERIFY2(got.values == expected.values, qPrintable(shape));
                        QVERIFY2(got.fractions == expected.fractions, qPrintable(shape));
                    }
    }

    // Heads computed together (attendHeads: every head's row blocks in one parallel loop,
    // the threads taking blocks of several heads) give each head the bits it gets alone:
    // its context, its masking methods' comparison and its reduced weights, whatever the
    // other heads ask for (a causal head from row 300, one not causal, one with a window, one
    // causal sharing the windowed head's keys and values).
    void headsTogetherEqualHeadsAlone()
    {
        // Head 3 reads head 2's keys and values (a grouped query head: the keys packed once).
        const Eigen::Index T = 530, dk = 8;
        constexpr std::size_t Heads = 4;
        const std::size_t kvOf[Heads] = {0, 1, 2, 2};
        std::vector<Matrix> q, k, v;
        for (unsigned h = 0; h < Heads; ++h) {
            q.push_back(test::normalMatrix(T, dk, 10 + h));
            k.push_back(test::normalMatrix(T, dk, 20 + h));
            v.push_back(test::normalMatrix(T, dk, 30 + h));
        }
        std::vector<HeadOptions> options(Heads);
        options[0].causal = options[2].causal = options[3].causal = true;
        options[0].compareMaskMethods = true;
        options[2].window = 100;
        std::vector<BlockReducer::Result> together(Heads), alone(Heads);
        for (auto* results : {&together, &alone})
            for (BlockReducer::Result& r : *results) {
                r.rowBlock = r.columnBlock = 2;
                r.values.resize(T / 2, T / 2);
                r.fractions.resize(T / 2, T / 2);
            }
        const Eigen::Index firstRows[Heads] = {300, 0, 0, 0};
        std::vector<HeadTrace> heads(Heads), single(Heads);
        std::vector<HeadJob> jobs;
        for (std::size_t h = 0; h < Heads; ++h) {
            options[h].scoreDivisor = std::sqrt(float(dk));
            heads[h].contextVec = Matrix::Constant(T, dk, 7.0f); // rows before firstRow stay
            single[h].contextVec = heads[h].contextVec;
            HeadOptions reducing = options[h];
            reducing.reduceInto = &together[h];
            jobs.push_back({&q[h], &k[kvOf[h]], &v[kvOf[h]], reducing, &heads[h], firstRows[h]});
        }
        attendHeads(jobs);
        for (std::size_t h = 0; h < Heads; ++h) {
            HeadOptions reducing = options[h];
            reducing.reduceInto = &alone[h];
            attendHead(q[h], k[kvOf[h]], v[kvOf[h]], reducing, single[h], firstRows[h]);
            QVERIFY2(heads[h].contextVec == single[h].contextVec, qPrintable(QString::number(h)));
            QCOMPARE(heads[h].maskMethodsMaxDiff.has_value(), h == 0);
            QCOMPARE(heads[h].maskMethodsMaxDiff, single[h].maskMethodsMaxDiff);
            const Eigen::Index from = firstRows[h] / 2;
            QVERIFY(together[h].values.bottomRows(T / 2 - from) ==
                    alone[h].values.bottomRows(T / 2 - from));
            QVERIFY(together[h].fractions.bottomRows(T / 2 - from) ==
                    alone[h].fractions.bottomRows(T / 2 - from));
        }
        QCOMPARE(heads[0].contextVec(0, 0), 7.0f);
        QVERIFY(heads[0].contextVec(T - 1, 0) != 7.0f);
        QVERIFY(heads[1].contextVec != heads[2].contextVec);
        QVERIFY(heads[2].contextVec != heads[3].contextVec);
    }

    // Asked twice while held, a tensor is derived once; once let go, nothing keeps it.
    void heldTensorsAreSharedThenFreed()
    {
        const auto trace = compute(sized(520, true, MaskMethod::NegInf, 0));
        auto first = headTensor(*trace, 0, HeadTensor::Weights);
        auto second = headTensor(*trace, 0, HeadTensor::Weights);
        QCOMPARE(first.get(), second.get());
        QVERIFY(headTensor(*trace, 1, HeadTensor::Weights).get() != first.get());
        const std::weak_ptr<const Matrix> watch = first;
        first.reset();
        second.reset();
        QVERIFY(watch.expired());
        QVERIFY(!trace->derived.find(0, int(HeadTensor::Weights)));
    }

    // The trace stores queries, keys, values and contexts per head, never a T x S tensor
    // (the keep mask, a random draw, only while dropout acts).
    void noTimesSTensorIsStored_data()
    {
        QTest::addColumn<double>("dropout");
        QTest::newRow("no dropout") << 0.0;
        QTest::newRow("dropout") << 0.25;
    }
    void noTimesSTensorIsStored()
    {
        QFETCH(double, dropout);
        const auto trace = compute(sized(512, true, MaskMethod::NegInf, dropout));
        const std::int64_t T = trace->queryCount(), S = trace->keyCount();
        const std::int64_t heads = std::int64_t(trace->heads.size());
        const std::int64_t cells = 4 * heads * T * S; // bytes of one T x S tensor per head
        const std::int64_t masks = dropout > 0 ? cells : 0;
        QVERIFY2(trace->storedBytes() - masks < cells / 4,
                 qPrintable(QStringLiteral("%1 bytes stored").arg(trace->storedBytes())));
    }
};

QTEST_GUILESS_MAIN(TestHeadTensors)
#include "tst_headtensors.moc"
