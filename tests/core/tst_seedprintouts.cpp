// The numbers the seed documents print, typed in from the article (Raschka, 2024) as
// they appear there: printed to 4 decimals as PyTorch prints them, the engine's values
// must read exactly the same, digit for digit.
#include "Engine.h"
#include "HeadTensors.h"
#include "Session.h"
#include "SessionJson.h"
#include "Trace.h"

#include <QRegularExpression>
#include <QTest>

using namespace ae;

namespace {

// "[[ 0.3374, -0.1778], ...]" (as PyTorch prints) -> a matrix with that many rows.
Matrix printed(const char* text, Eigen::Index cols)
{
    static const QRegularExpression number(QStringLiteral("-?\\d+\\.\\d+"));
    std::vector<float> values;
    for (auto it = number.globalMatch(QString::fromLatin1(text)); it.hasNext();)
        values.push_back(it.next().captured().toFloat());
    Matrix m(Eigen::Index(values.size()) / cols, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = values[std::size_t(i)];
    return m;
}

std::shared_ptr<const Trace> computeJson(const char* json)
{
    const auto parsed = sessionFromJson(QByteArray(json));
    if (parsed.issue)
        qFatal("fixture session invalid: %s", qPrintable(parsed.issue->message));
    const auto result = Engine().compute(parsed.session);
    if (!result.trace)
        qFatal("session refused: %s", qPrintable(result.issue->message));
    return result.trace;
}

// The engine's value printed to 4 decimals must be the printed text (-0.0000 reads as 0).
void checkPrinted(const Matrix& actual, const Matrix& expected)
{
    QCOMPARE(actual.rows(), expected.rows());
    QCOMPARE(actual.cols(), expected.cols());
    for (Eigen::Index i = 0; i < actual.rows(); ++i)
        for (Eigen::Index j = 0; j < actual.cols(); ++j) {
            const QString shown = QString::number(double(actual(i, j)), 'f', 4);
            const QString printed = QString::number(double(expected(i, j)), 'f', 4);
            if (shown.toDouble() != printed.toDouble())
                QFAIL(qPrintable(QStringLiteral("(%1, %2): the seed prints %3, the engine %4 (%5)")
                                     .arg(i)
                                     .arg(j)
                                     .arg(printed, shown)
                                     .arg(double(actual(i, j)), 0, 'g', 9)));
        }
}

} // namespace

// The book's chapter 3 (seed 002 reproduces its code; these are the outputs the book
// prints for it): "Your journey starts with one step" with its hand-written embeddings.
#define BOOK_SESSION(extra)                                                                        \
    "{\"sentence\": \"Your journey starts with one step\", \"embedding\": \"manual\", "            \
    "\"inputs\": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64], [0.22, 0.58, "       \
    "0.33], "                                                                                      \
    "[0.77, 0.25, 0.10], [0.05, 0.80, 0.55]], " extra "}"

class TestSeedPrintouts : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void articleVocabulary()
    {
        const auto trace = computeJson("{}");
        const std::vector<std::string> vocabulary{"Life", "dessert", "eat", "first", "is", "short"};
        QVERIFY(trace->vocabulary == vocabulary);
        QVERIFY((trace->tokenIds == std::vector<std::int64_t>{0, 4, 5, 2, 1, 3}));
    }

    void articleEmbeddings()
    {
        checkPrinted(computeJson("{}")->inputs, printed(R"(
            [[ 0.3374, -0.1778, -0.3035],
            [ 0.1794, 1.8951, 0.4954],
            [ 0.2692, -0.0770, -1.0205],
            [-0.2196, -0.3792, 0.7671],
            [-0.5880, 0.3486, 0.6603],
            [-1.1925, 0.6984, -1.4097]])",
                                                        3));
    }

    void articleSecondQuery()
    {
        const auto trace = computeJson("{}");
        const HeadTrace& head = trace->heads.at(0);
        QCOMPARE(head.queries.cols(), 2); // query_2.shape == torch.Size([2])
        QCOMPARE(head.values.cols(), 4);  // value_2.shape == torch.Size([4])
        QCOMPARE(
            QString::number(double(headTensor(*trace, 0, HeadTensor::Scores)->coeff(1, 4)), 'f', 4),
            QStringLiteral("1.2903")); // omega_24
        checkPrinted(headTensor(*trace, 0, HeadTensor::Scores)->row(1),
                     printed("[-0.6004, 3.4707, -1.5023, 0.4991, 1.2903, -1.3374]", 6));
        checkPrinted(headTensor(*trace, 0, HeadTensor::Weights)->row(1),
                     printed("[0.0386, 0.6870, 0.0204, 0.0840, 0.1470, 0.0229]", 6));
        checkPrinted(head.contextVec.row(1), printed("[0.5313, 1.3607, 0.7891, 1.3110]", 4));
    }

    void articleSelfAttentionModule()
    {
        const auto trace = computeJson("{}");
        checkPrinted(trace->contextVec, printed(R"(
            [[-0.1564, 0.1028, -0.0763, -0.0764],
            [ 0.5313, 1.3607, 0.7891, 1.3110],
            [-0.3542, -0.1234, -0.2627, -0.3706],
            [ 0.0071, 0.3345, 0.0969, 0.1998],
            [ 0.1008, 0.4780, 0.2021, 0.3674],
            [-0.5296, -0.2799, -0.4107, -0.6006]])",
                                                4));
        checkPrinted(*headTensor(*trace, 0, HeadTensor::Scores), printed(R"(
            [[ 0.0613, -0.3491, 0.1443, -0.0437, -0.1303, 0.1076],
            [-0.6004, 3.4707, -1.5023, 0.4991, 1.2903, -1.3374],
            [ 0.2432, -1.3934, 0.5869, -0.1851, -0.5191, 0.4730],
            [-0.0794, 0.4487, -0.1807, 0.0518, 0.1677, -0.1197],
            [-0.1510, 0.8626, -0.3597, 0.1112, 0.3216, -0.2787],
            [ 0.4344, -2.5037, 1.0740, -0.3509, -0.9315, 0.9265]])",
                                                                         6));
        checkPrinted(*headTensor(*trace, 0, HeadTensor::Weights), printed(R"(
            [[0.1772, 0.1326, 0.1879, 0.1645, 0.1547, 0.1831],
            [0.0386, 0.6870, 0.0204, 0.0840, 0.1470, 0.0229],
            [0.1965, 0.0618, 0.2506, 0.1452, 0.1146, 0.2312],
            [0.1505, 0.2187, 0.1401, 0.1651, 0.1793, 0.1463],
            [0.1347, 0.2758, 0.1162, 0.1621, 0.1881, 0.1231],
            [0.1973, 0.0247, 0.3102, 0.1132, 0.0751, 0.2794]])",
                                                                          6));
    }

    void articleSingleHeadValueSizeOne()
    {
        checkPrinted(
            computeJson(R"({"d_out_v": 1})")->contextVec,
            printed("[[-0.0185], [ 0.4003], [-0.1103], [ 0.0668], [ 0.1180], [-0.1827]]", 1));
    }

    void articleFourHeadWrapper()
    {
        const auto trace =
            computeJson(R"({"variant": "multihead-wrapper", "d_out_v": 1, "num_heads": 4})");
        checkPrinted(trace->contextVec, printed(R"(
            [[-0.0185, 0.0170, 0.1999, -0.0860],
            [ 0.4003, 1.7137, 1.3981, 1.0497],
            [-0.1103, -0.1609, 0.0079, -0.2416],
            [ 0.0668, 0.3534, 0.2322, 0.1008],
            [ 0.1180, 0.6949, 0.3157, 0.2807],
            [-0.1827, -0.2060, -0.2393, -0.3167]])",
                                                4));
    }

    void articleCausal_data()
    {
        QTest::addColumn<QByteArray>("session");
        QTest::newRow("method 1: softmax, zero, renormalize")
            << QByteArray(R"({"causal": true, "mask_method": "renormalize"})");
        QTest::newRow("method 2: -inf, softmax")
            << QByteArray(R"({"causal": true, "mask_method": "neg-inf"})");
    }

    void articleCausal()
    {
        QFETCH(QByteArray, session);
        const auto trace = computeJson(session.constData());
        checkPrinted(*headTensor(*trace, 0, HeadTensor::Weights), printed(R"(
            [[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.0532, 0.9468, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.3862, 0.1214, 0.4924, 0.0000, 0.0000, 0.0000],
            [0.2232, 0.3242, 0.2078, 0.2449, 0.0000, 0.0000],
            [0.1536, 0.3145, 0.1325, 0.1849, 0.2145, 0.0000],
            [0.1973, 0.0247, 0.3102, 0.1132, 0.0751, 0.2794]])",
                                                                          6));
        QVERIFY(trace->maskMethodsMaxDiff() < 1e-6f); // "shown to agree"
    }

    void bookSimplifiedContextVectors()
    {
        checkPrinted(computeJson(BOOK_SESSION("\"variant\": \"simplified\""))->contextVec,
                     printed(R"(
            [[0.4421, 0.5931, 0.5790],
            [0.4419, 0.6515, 0.5683],
            [0.4431, 0.6496, 0.5671],
            [0.4304, 0.6298, 0.5510],
            [0.4671, 0.5910, 0.5266],
            [0.4177, 0.6503, 0.5645]])",
                             3));
    }

    void bookSelfAttentionV1()
    {
        checkPrinted(computeJson(BOOK_SESSION("\"d_out_kq\": 2, \"d_out_v\": 2"))->contextVec,
                     printed(R"(
            [[0.2996, 0.8053], [0.3061, 0.8210], [0.3058, 0.8203],
            [0.2948, 0.7939], [0.2927, 0.7891], [0.2990, 0.8040]])",
                             2));
    }

    void bookSelfAttentionV2Seed789()
    {
        checkPrinted(
            computeJson(
                BOOK_SESSION(
                    "\"init\": \"linear\", \"d_out_kq\": 2, \"d_out_v\": 2, \"weight_seed\": 789"))
                ->contextVec,
            printed(R"(
            [[-0.0739, 0.0713], [-0.0748, 0.0703], [-0.0749, 0.0702],
            [-0.0760, 0.0685], [-0.0763, 0.0679], [-0.0754, 0.0693]])",
                    2));
    }

    void bookCausalWeightsAndDropout()
    {
        const auto trace =
            computeJson(BOOK_SESSION("\"init\": \"linear\", \"d_out_kq\": 2, \"d_out_v\": 2, "
                                     "\"weight_seed\": 789, \"causal\": true, \"dropout\": 0.5, "
                                     "\"training\": true, \"dropout_seed\": 123"));
        checkPrinted(*headTensor(*trace, 0, HeadTensor::Weights), printed(R"(
            [[1.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.5517, 0.4483, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.3800, 0.3097, 0.3103, 0.0000, 0.0000, 0.0000],
            [0.2758, 0.2460, 0.2462, 0.2319, 0.0000, 0.0000],
            [0.2175, 0.1983, 0.1984, 0.1888, 0.1971, 0.0000],
            [0.1935, 0.1663, 0.1666, 0.1542, 0.1666, 0.1529]])",
                                                                          6));
        // torch.manual_seed(123); print(dropout(attn_weights))
        checkPrinted(*headTensor(*trace, 0, HeadTensor::WeightsDropped), printed(R"(
            [[2.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.0000, 0.0000, 0.0000, 0.0000, 0.0000, 0.0000],
            [0.7599, 0.6194, 0.6206, 0.0000, 0.0000, 0.0000],
            [0.0000, 0.4921, 0.4925, 0.0000, 0.0000, 0.0000],
            [0.0000, 0.3966, 0.0000, 0.3775, 0.0000, 0.0000],
            [0.0000, 0.3327, 0.3331, 0.3084, 0.3331, 0.0000]])",
                                                                                 6));
    }

    void bookCausalAttention()
    {
        checkPrinted(
            computeJson(
                BOOK_SESSION(
                    "\"init\": \"linear\", \"d_out_kq\": 2, \"d_out_v\": 2, \"causal\": true"))
                ->contextVec,
            printed(R"(
            [[-0.4519, 0.2216], [-0.5874, 0.0058], [-0.6300, -0.0632],
            [-0.5675, -0.0843], [-0.5526, -0.0981], [-0.5299, -0.1081]])",
                    2));
    }

    void bookMultiHeadAttentionWrapper()
    {
        checkPrinted(
            computeJson(
                BOOK_SESSION(
                    "\"variant\": \"multihead-wrapper\", \"num_heads\": 2, \"init\": \"linear\", "
                    "\"d_out_kq\": 2, \"d_out_v\": 2, \"causal\": true"))
                ->contextVec,
            printed(R"(
            [[-0.4519, 0.2216, 0.4772, 0.1063],
            [-0.5874, 0.0058, 0.5891, 0.3257],
            [-0.6300, -0.0632, 0.6202, 0.3860],
            [-0.5675, -0.0843, 0.5478, 0.3589],
            [-0.5526, -0.0981, 0.5321, 0.3428],
            [-0.5299, -0.1081, 0.5077, 0.3493]])",
                    4));
    }

    void bookMultiHeadAttention()
    {
        checkPrinted(
            computeJson(
                BOOK_SESSION("\"variant\": \"multihead\", \"num_heads\": 2, \"init\": \"linear\", "
                             "\"d_out_kq\": 2, \"d_out_v\": 2, \"causal\": true"))
                ->contextVec,
            printed(R"(
            [[0.3190, 0.4858], [0.2943, 0.3897], [0.2856, 0.3593],
            [0.2693, 0.3873], [0.2639, 0.3928], [0.2575, 0.4028]])",
                    2));
    }
};

QTEST_GUILESS_MAIN(TestSeedPrintouts)
#include "tst_seedprintouts.moc"
