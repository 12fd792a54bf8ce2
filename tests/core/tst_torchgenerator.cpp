// PyTorch's CPU random streams (tests/fixtures/rng.json, written by torch): every op of
// every case must reproduce torch's float32 values bit for bit, and the fast paths
// (embedding rows without the full table) must equal the plain full fill.
#include "Embedding.h"
#include "Fixtures.h"
#include "TensorCompare.h"
#include "TorchGenerator.h"
#include "TorchInit.h"

#include <QJsonArray>
#include <QTest>

#include <cstring>

using namespace ae;
using namespace ae::test;

Q_DECLARE_METATYPE(ae::CpuCapability)

namespace {

std::int64_t elementCount(const QJsonArray& shape)
{
    std::int64_t n = 1;
    for (const QJsonValue& d : shape)
        n *= d.toInteger();
    return n;
}

// Bit-for-bit equality, reporting the first differing element.
void compareExact(const std::vector<float>& actual, const std::vector<float>& expected,
                  const QString& what)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        if (std::memcmp(&actual[i], &expected[i], sizeof(float)) != 0)
            QFAIL(qPrintable(QStringLiteral("%1: element %2 is %3, torch has %4")
                                 .arg(what)
                                 .arg(i)
                                 .arg(double(actual[i]), 0, 'g', 9)
                                 .arg(double(expected[i]), 0, 'g', 9)));
}

std::vector<float> flatten(const Matrix& m)
{
    return {m.data(), m.data() + m.size()};
}

void runOp(TorchGenerator& gen, std::uint64_t caseSeed, CpuCapability capability,
           const QJsonObject& op, const QString& where)
{
    const QString kind = op.value(QStringLiteral("op")).toString();
    const auto n = elementCount(op.value(QStringLiteral("shape")).toArray());
    std::vector<float> out(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)));
    if (kind == QLatin1StringView("manual_seed")) {
        gen.manualSeed(std::uint64_t(op.value(QStringLiteral("seed")).toInteger()));
        return;
    }
    if (kind == QLatin1StringView("rand")) {
        gen.uniform(out, 0.0f, 1.0f);
    } else if (kind == QLatin1StringView("uniform")) {
        gen.uniform(out, float(op.value(QStringLiteral("from")).toDouble()),
                    float(op.value(QStringLiteral("to")).toDouble()));
    } else if (kind == QLatin1StringView("normal")) {
        gen.normal(out, float(op.value(QStringLiteral("mean")).toDouble()),
                   float(op.value(QStringLiteral("std")).toDouble()));
    } else if (kind == QLatin1StringView("bernoulli")) {
        gen.bernoulli(out, op.value(QStringLiteral("p")).toDouble());
    } else if (kind == QLatin1StringView("dropout")) { // nn.Dropout(p) on ones: keep / (1 - p)
        const double p = op.value(QStringLiteral("p")).toDouble();
        gen.bernoulli(out, 1.0 - p);
        const float scale = 1.0f / float(1.0 - p);
        for (float& v : out)
            v = 1.0f * (v * scale);
    } else if (kind == QLatin1StringView("linear")) {
        const LinearParams linear = drawLinear(gen, op.value(QStringLiteral("in_features")).toInt(),
                                               op.value(QStringLiteral("out_features")).toInt(),
                                               op.value(QStringLiteral("bias")).toBool());
        const Matrix stored = linear.weight.transpose(); // back to nn.Linear's (out x in)
        compareExact(flatten(stored), flatten(jsonMatrix(op.value(QStringLiteral("weight")))),
                     where + QStringLiteral(" weight"));
        if (op.value(QStringLiteral("bias")).toBool())
            compareExact(flatten(linear.bias),
                         jsonFloats(op.value(QStringLiteral("bias_values")).toArray()),
                         where + QStringLiteral(" bias"));
        return;
    } else if (kind == QLatin1StringView("embedding")) {
        std::vector<std::int64_t> rows;
        for (const QJsonValue& r : op.value(QStringLiteral("rows")).toArray())
            rows.push_back(r.toInteger());
        const std::int64_t vocab = op.value(QStringLiteral("num_embeddings")).toInteger();
        const int dim = op.value(QStringLiteral("embedding_dim")).toInt();
        // torch.manual_seed(seed); nn.Embedding(vocab, dim).weight[rows]
        const Matrix got = torchEmbeddingRows(caseSeed, vocab, dim, rows, capability);
        compareExact(flatten(got), flatten(jsonMatrix(op.value(QStringLiteral("values")))), where);
        return;
    } else {
        QFAIL(qPrintable(QStringLiteral("unknown op %1 in %2").arg(kind, where)));
    }
    compareExact(out, jsonFloats(op.value(QStringLiteral("values")).toArray()), where);
}

} // namespace

class TestTorchGenerator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // rng.json: torch with ATEN_CPU_CAPABILITY=default; rng_avx2.json: its AVX2 kernels.
    void pytorchStreams_data()
    {
        QTest::addColumn<QJsonObject>("testCase");
        QTest::addColumn<CpuCapability>("capability");
        for (const auto& [file, capability] :
             {std::pair{QStringLiteral("rng.json"), CpuCapability::Default},
              std::pair{QStringLiteral("rng_avx2.json"), CpuCapability::Avx2}}) {
            const QJsonArray cases = readFixture(file).value(QStringLiteral("cases")).toArray();
            QVERIFY(cases.size() >= 100);
            for (const QJsonValue& c : cases)
                QTest::newRow(qPrintable(file + QStringLiteral(": ") +
                                         c.toObject().value(QStringLiteral("name")).toString()))
                    << c.toObject() << capability;
        }
    }

    void pytorchStreams()
    {
        QFETCH(QJsonObject, testCase);
        QFETCH(CpuCapability, capability);
        const auto seed = std::uint64_t(testCase.value(QStringLiteral("seed")).toInteger());
        TorchGenerator gen(seed, capability);
        const QJsonArray ops = testCase.value(QStringLiteral("ops")).toArray();
        for (qsizetype i = 0; i < ops.size(); ++i) {
            runOp(gen, seed, capability, ops.at(i).toObject(), QStringLiteral("op %1").arg(i + 1));
            if (QTest::currentTestFailed())
                return;
        }
    }

    void bookDropoutFirstRow()
    {
        // The book: torch.manual_seed(123); nn.Dropout(0.5)(torch.ones(6, 6)) -> 2, 2, 0, 2, 2, 0,
        // ...
        TorchGenerator gen(123);
        std::vector<float> keep(36);
        gen.bernoulli(keep, 0.5);
        const std::vector<float> firstRow(keep.begin(), keep.begin() + 6);
        QCOMPARE(firstRow, (std::vector<float>{1, 1, 0, 1, 1, 0}));
    }

    // The fast embedding lookup against the plain fill of the whole table.
    void embeddingRowsMatchFullTable_data()
    {
        QTest::addColumn<qint64>("vocab");
        QTest::addColumn<int>("dim");
        QTest::addColumn<std::vector<std::int64_t>>("rows");
        QTest::newRow("under 16 elements")
            << qint64(5) << 3 << std::vector<std::int64_t>{4, 0, 2, 0};
        QTest::newRow("exactly 16") << qint64(8) << 2 << std::vector<std::int64_t>{7, 0, 3};
        QTest::newRow("ragged tail only") << qint64(11) << 3 << std::vector<std::int64_t>{10, 9};
        QTest::newRow("ragged, all rows")
            << qint64(37) << 5
            << std::vector<std::int64_t>{0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12,
                                         13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
                                         26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36};
        QTest::newRow("wide rows across blocks")
            << qint64(300) << 37 << std::vector<std::int64_t>{299, 1, 150, 1};
        QTest::newRow("article shape")
            << qint64(50000) << 3 << std::vector<std::int64_t>{0, 4, 5, 2, 1, 3, 49999};
    }

    void embeddingRowsMatchFullTable()
    {
        QFETCH(qint64, vocab);
        QFETCH(int, dim);
        QFETCH(std::vector<std::int64_t>, rows);
        for (const CpuCapability capability : {CpuCapability::Default, CpuCapability::Avx2}) {
            TorchGenerator full(77, capability);
            Matrix table(vocab, dim);
            full.normal({table.data(), std::size_t(table.size())}, 0.0f, 1.0f);

            TorchGenerator fast(77, capability);
            const Matrix got = fast.normalRows(vocab, dim, rows, 0.0f, 1.0f);
            for (std::size_t r = 0; r < rows.size(); ++r)
                compareExact(flatten(got.row(Eigen::Index(r))), flatten(table.row(rows[r])),
                             QStringLiteral("row %1").arg(rows[r]));
            QCOMPARE(fast.random(),
                     full.random()); // and the stream continues where the full fill leaves it
        }
    }
};

QTEST_GUILESS_MAIN(TestTorchGenerator)
#include "tst_torchgenerator.moc"
