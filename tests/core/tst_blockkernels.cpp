// The transformer block's kernels (core/kernels LayerNorm, Gelu, Linear, RmsNorm, SwiGlu)
// against PyTorch:
// fixtures written by tests/fixtures/kernels/generate_block_fixtures.py (F.layer_norm, the
// book's GELU formula, x @ W + b), shapes of 1 to 3 rows for Linear's GEMV path and more for
// its GEMM, widths that are not multiples of 8. Each case prints its worst difference. The
// kernels also give the same bits as the GPT-2 forward's own LayerNorm and Conv1D products
// (the forward is switched over to them next, and its results must not move).
#include "Fixtures.h"
#include "Gelu.h"
#include "HeadTensors.h"
#include "LayerNorm.h"
#include "Linear.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "RmsNorm.h"
#include "SwiGlu.h"
#include "TensorCompare.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include "Trace.h"

#include <QTest>

using namespace ae;
using namespace ae::test;

namespace {

// Relative and absolute tolerance: float32 rounding of a few dozen operations per cell.
constexpr double Tolerance = 1e-5;

const QJsonObject& fixture()
{
    static const QJsonObject loaded = readFixture(QStringLiteral("kernels/block_kernels.json"));
    return loaded;
}

QJsonObject fixtureCase(const char* kernel, int index)
{
    return fixture().value(QLatin1StringView(kernel)).toArray().at(index).toObject();
}

void addCases(const char* kernel)
{
    QTest::addColumn<int>("index");
    const QJsonArray cases = fixture().value(QLatin1StringView(kernel)).toArray();
    QVERIFY2(!cases.isEmpty(), kernel);
    for (qsizetype i = 0; i < cases.size(); ++i)
        QTest::newRow(
            qPrintable(cases.at(i).toObject().value(QLatin1StringView("name")).toString()))
            << int(i);
}

RowVector rowVector(const QJsonValue& value)
{
    const std::vector<float> values = jsonFloats(value.toArray());
    return Eigen::Map<const RowVector>(values.data(), Eigen::Index(values.size()));
}

// Fails with the worst difference, else prints it (llm.c's check_tensor).
bool check(const QString& name, const Matrix& expected, const Matrix& actual)
{
    const TensorComparison cmp = compareTensors(expected, actual, Tolerance, Tolerance);
    qInfo("%s", qPrintable(cmp.describe(name)));
    return cmp.ok;
}

} // namespace

class TestBlockKernels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void layerNormMatchesTorch_data() { addCases("layer_norm"); }
    void layerNormMatchesTorch()
    {
        QFETCH(int, index);
        const QJsonObject c = fixtureCase("layer_norm", index);
        Matrix x = jsonMatrix(c.value(QLatin1StringView("x")));
        const RowVector weight = rowVector(c.value(QLatin1StringView("weight")));
        const RowVector bias = rowVector(c.value(QLatin1StringView("bias")));
        const auto eps = float(c.value(QLatin1StringView("eps")).toDouble());
        const Matrix expected = jsonMatrix(c.value(QLatin1StringView("out")));
        const Matrix out = layerNorm(x, weight, bias, eps);
        QVERIFY(check(QStringLiteral("layer_norm"), expected, out));
        layerNorm(x, weight, bias, eps, x); // in place: the same bits
        QVERIFY(sameBits(x, out));
    }

    void geluMatchesTorch_data() { addCases("gelu"); }
    void geluMatchesTorch()
    {
        QFETCH(int, index);
        const QJsonObject c = fixtureCase("gelu", index);
        Matrix h = jsonMatrix(c.value(QLatin1StringView("x")));
        geluTanh(h);
        QVERIFY(check(QStringLiteral("gelu (book formula)"),
                      jsonMatrix(c.value(QLatin1StringView("out"))), h));
        QVERIFY(check(QStringLiteral("gelu (F.gelu tanh)"),
                      jsonMatrix(c.value(QLatin1StringView("out_torch"))), h));
    }

    void rmsNormMatchesTorch_data() { addCases("rms_norm"); }
    void rmsNormMatchesTorch()
    {
        QFETCH(int, index);
        const QJsonObject c = fixtureCase("rms_norm", index);
        Matrix x = jsonMatrix(c.value(QLatin1StringView("x")));
        const RowVector weight = rowVector(c.value(QLatin1StringView("weight")));
        const auto eps = float(c.value(QLatin1StringView("eps")).toDouble());
        const Matrix out = rmsNorm(x, weight, eps);
        QVERIFY(
            check(QStringLiteral("rms_norm"), jsonMatrix(c.value(QLatin1StringView("out"))), out));
        rmsNorm(x, weight, eps, x); // in place: the same bits
        QVERIFY(sameBits(x, out));
    }

    void swiGluMatchesTorch_data() { addCases("swiglu"); }
    void swiGluMatchesTorch()
    {
        QFETCH(int, index);
        const QJsonObject c = fixtureCase("swiglu", index);
        Matrix gate = jsonMatrix(c.value(QLatin1StringView("gate")));
        swiGlu(gate, jsonMatrix(c.value(QLatin1StringView("up"))));
        QVERIFY(check(QStringLiteral("silu(gate) * up"),
                      jsonMatrix(c.value(QLatin1StringView("out"))), gate));
    }

    void linearMatchesTorch_data() { addCases("linear"); }
    void linearMatchesTorch()
    {
        QFETCH(int, index);
        const QJsonObject c = fixtureCase("linear", index);
        const Matrix x = jsonMatrix(c.value(QLatin1StringView("x")));
        const Matrix weight = jsonMatrix(c.value(QLatin1StringView("weight")));
        const RowVector bias = rowVector(c.value(QLatin1StringView("bias")));
        const Matrix expected = jsonMatrix(c.value(QLatin1StringView("out")));
        const Matrix y = linear(x, weight, bias);
        QVERIFY(check(QStringLiteral("linear"), expected, y));
        // Each row alone (the GEMV path for a GEMM case) agrees within the tolerance too.
        for (Eigen::Index r = 0; r < x.rows(); ++r)
            QVERIFY(check(QStringLiteral("linear, row %1 alone").arg(r), expected.row(r),
                          linear(x.row(r), weight, bias)));
    }

    // LayerNorm and Linear give the forward's bits: layer 0's ln_1 from the embeddings, and its
    // queries, keys and values from ln_1, for 2 tokens (GEMV) and 6 (GEMM).
    void sameBitsAsTheGpt2Forward_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::newRow("2 tokens, GEMV") << 2;
        QTest::newRow("6 tokens, GEMM") << 6;
    }
    void sameBitsAsTheGpt2Forward()
    {
        QFETCH(int, tokens);
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        std::vector<std::int64_t> ids;
        for (int i = 0; i < tokens; ++i)
            ids.push_back(std::int64_t(17 * i + 5) % loaded.model->config().vocabSize);
        const auto trace = transformerForward(loaded.model, ids);
        const TransformerParams& p = loaded.model->params();
        const TransformerLayerParams& l = p.layers.front();
        const Eigen::Index d = loaded.model->config().nEmbd;

        Matrix x(tokens, d);
        for (int t = 0; t < tokens; ++t)
            x.row(t) = p.wte.matrix().row(ids[std::size_t(t)]) + p.wpe.matrix().row(t);
        const Matrix ln1 =
            layerNorm(x, l.ln1Weight.vector(), l.ln1Bias.vector(), loaded.model->config().epsilon);
        const Trace& layer = *trace->layers.front();
        QVERIFY(sameBits(ln1, layer.inputs));
        const Matrix qkv = linear(layer.inputs, l.attnWeight.matrix(), l.attnBias.vector());
        const int hd = loaded.model->config().headDim();
        for (int h = 0; h < int(layer.heads.size()); ++h) {
            const HeadTrace& head = layer.heads[std::size_t(h)];
            QVERIFY(sameBits(qkv.middleCols(h * hd, hd), head.queries));
            QVERIFY(sameBits(qkv.middleCols(d + h * hd, hd), headKeys(layer, h)));
            QVERIFY(sameBits(qkv.middleCols(2 * d + h * hd, hd), headValues(layer, h)));
        }
    }
};

QTEST_GUILESS_MAIN(TestBlockKernels)
#include "tst_blockkernels.moc"
