// Keys and values stored once per key/value head (issue 21 item 2): a hand-built layer of 4
// query heads sharing 2 key/value heads, whose accessors must hand each query head its
// group's keys and values (the same storage, not a copy) and whose derived weights must be
// softmax(q·kᵀ / √dk) over the causal prefix, computed here directly in double; and a
// model's forward with grouped heads, whose keys and values are the qkv product's columns
// of the group and whose contexts are the derived weights times the group's values.
#include "HeadTensors.h"
#include "Linear.h"
#include "ModelTrace.h"
#include "RandomModel.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TransformerForward.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace ae;
using namespace ae::test;

namespace {

// Causal softmax(q·kᵀ / √dk) in double, row by row.
Matrix directWeights(const Matrix& q, const Matrix& k)
{
    const Eigen::Index T = q.rows();
    const double divisor = std::sqrt(double(q.cols()));
    Matrix weights = Matrix::Zero(T, k.rows());
    for (Eigen::Index i = 0; i < T; ++i) {
        std::vector<double> scores(std::size_t(i + 1));
        double max = -INFINITY;
        for (Eigen::Index j = 0; j <= i; ++j) {
            double dot = 0;
            for (Eigen::Index c = 0; c < q.cols(); ++c)
                dot += double(q(i, c)) * double(k(j, c));
            scores[std::size_t(j)] = dot / divisor;
            max = std::max(max, scores[std::size_t(j)]);
        }
        double sum = 0;
        for (double& s : scores)
            sum += (s = std::exp(s - max));
        for (Eigen::Index j = 0; j <= i; ++j)
            weights(i, j) = float(scores[std::size_t(j)] / sum);
    }
    return weights;
}

// A model's layer as the forward lays it out: 4 query heads, 2 key/value heads, T = 70
// (two of the fast path's row blocks), dk = 8.
std::shared_ptr<Trace> groupedLayer()
{
    constexpr Eigen::Index T = 70, dk = 8;
    std::mt19937 random(3);
    auto trace = std::make_shared<Trace>();
    trace->session.variant = Variant::MultiHead;
    trace->session.numHeads = 4;
    trace->session.dIn = trace->session.dOutKq = trace->session.dOutV = 4 * dk;
    trace->session.causal = true;
    trace->arithmetic = Arithmetic::Fast;
    trace->headDimKq = trace->headDimV = int(dk);
    trace->scoreDivisor = std::sqrt(float(dk));
    trace->inputs = normalMatrix(T, 4 * dk, random);
    trace->heads.resize(4);
    for (HeadTrace& head : trace->heads)
        head.queries = normalMatrix(T, dk, random);
    trace->kvHeads.resize(2);
    for (KeyValueHead& kv : trace->kvHeads) {
        kv.keys = normalMatrix(T, dk, random);
        kv.values = normalMatrix(T, dk, random);
    }
    return trace;
}

} // namespace

class TestGroupedHeads : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void accessorsMapQueryHeadsToTheirGroup()
    {
        const auto trace = groupedLayer();
        const int expected[] = {0, 0, 1, 1};
        for (int h = 0; h < 4; ++h) {
            QCOMPARE(trace->kvHeadOf(h), expected[h]);
            const KeyValueHead& kv = trace->kvHeads[std::size_t(expected[h])];
            QCOMPARE(headKeys(*trace, h).data(), kv.keys.data()); // the same storage
            QCOMPARE(headValues(*trace, h).data(), kv.values.data());
            QCOMPARE(headQueries(*trace, h).data(), trace->heads[std::size_t(h)].queries.data());
        }
        // Through the model trace's accessors too (a layer list of one).
        ModelTrace model;
        model.layers.push_back(trace);
        for (int h = 0; h < 4; ++h) {
            QCOMPARE(model.headKeys(0, h).data(), trace->kvHeads[std::size_t(h / 2)].keys.data());
            QCOMPARE(model.headValues(0, h).data(),
                     trace->kvHeads[std::size_t(h / 2)].values.data());
        }
        // The memory guard counts the shared keys and values once.
        const std::int64_t floats = trace->inputs.size() + 4 * 70 * 8 + 2 * 2 * 70 * 8;
        QCOMPARE(trace->storedBytes(), floats * std::int64_t(sizeof(float)));
    }

    void derivedWeightsUseTheGroupsKeys()
    {
        const auto trace = groupedLayer();
        for (int h = 0; h < 4; ++h) {
            const Matrix expected = directWeights(trace->heads[std::size_t(h)].queries,
                                                  trace->kvHeads[std::size_t(h / 2)].keys);
            const auto weights = headTensor(*trace, h, HeadTensor::Weights);
            const auto cmp = compareTensors(expected, *weights, 1e-6, 1e-5);
            QVERIFY2(cmp.ok, qPrintable(cmp.describe(QStringLiteral("head %1 weights").arg(h))));
            // One row, as the head view asks for it.
            const RowVector row = headTensorRow(*trace, h, HeadTensor::Weights, 69);
            QVERIFY(row == weights->row(69));
        }
    }

    // The forward of a model with 4 query heads and 2 key/value heads: each group's keys and
    // values are the qkv product's columns (queries | keys | values, d + 2·kvd wide), the
    // heads of a group share them, and each head's context is its derived weights times them.
    void forwardKeepsKeysAndValuesPerGroup()
    {
        RandomModelShape shape;
        shape.layers = 1;
        shape.heads = 4;
        shape.kvHeads = 2;
        shape.embd = 64;
        const auto model = randomModel(shape);
        std::vector<std::int64_t> ids;
        for (int i = 0; i < 70; ++i)
            ids.push_back((i * 13 + 1) % shape.vocab);
        const auto trace = transformerForward(model, ids);
        QCOMPARE(trace->kvHeadCount(), 2);
        const Trace& layer = *trace->layers.front();
        QCOMPARE(int(layer.heads.size()), 4);
        QCOMPARE(int(layer.kvHeads.size()), 2);
        const TransformerLayerParams& p = model->params().layers.front();
        const Matrix qkv = linear(layer.inputs, p.attnWeight.matrix(), p.attnBias.vector());
        const Eigen::Index d = 64, hd = 16, kvd = 2 * hd;
        QCOMPARE(qkv.cols(), d + 2 * kvd);
        for (int h = 0; h < 4; ++h) {
            const int g = h / 2;
            QVERIFY(headQueries(layer, h) == qkv.middleCols(h * hd, hd));
            QVERIFY(headKeys(layer, h) == qkv.middleCols(d + g * hd, hd));
            QVERIFY(headValues(layer, h) == qkv.middleCols(d + kvd + g * hd, hd));
            const Matrix context =
                *headTensor(layer, h, HeadTensor::Weights) * headValues(layer, h);
            const auto cmp =
                compareTensors(context, layer.heads[std::size_t(h)].contextVec, 1e-6, 1e-6);
            QVERIFY2(cmp.ok, qPrintable(cmp.describe(QStringLiteral("head %1 context").arg(h))));
        }
        // A prefix reused from it (one token more) keeps the groups.
        ids.push_back(5);
        const auto longer = transformerForward(model, ids, trace.get());
        QCOMPARE(longer->reusedRows, Eigen::Index(70));
        const Trace& next = *longer->layers.front();
        for (int g = 0; g < 2; ++g)
            QVERIFY(next.kvHeads[std::size_t(g)].keys.topRows(70) ==
                    layer.kvHeads[std::size_t(g)].keys);
    }
};

QTEST_GUILESS_MAIN(TestGroupedHeads)
#include "tst_groupedheads.moc"
