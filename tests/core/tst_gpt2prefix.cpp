// GPT-2's forward reusing the unchanged causal prefix of a previous forward (transformerForward
// with `previous`) against the forward from scratch and against the book's GPTModel in PyTorch
// (tests/fixtures/gpt2, generate_gpt2_fixtures.py): a token appended, a token deleted, a
// middle token changed, the same ids, no common prefix, and a sentence typed token by token.
// Every layer's LN1, queries, keys, values, every head's attention weights, the residual and
// the logits; prints the worst difference of each case. The kernel under it, attendHead
// from a row onwards, against the whole head.
#include "AttentionKernel.h"
#include "Fixtures.h"
#include "HeadTensors.h"
#include "ModelRegistry.h"
#include "ModelTrace.h"
#include "TensorCompare.h"
#include "Trace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QStandardPaths>
#include <QTest>

#include <random>

using namespace ae;
using namespace ae::test;

namespace {

// Against the forward from scratch: the same float32 arithmetic on other GEMM shapes.
constexpr double SameTolerance = 1e-5;
// Against PyTorch, as tst_gpt2forward.
constexpr double TorchTolerance = 2e-5;

std::vector<std::int64_t> fixtureIds(const QJsonObject& expected)
{
    std::vector<std::int64_t> ids;
    for (const QJsonValue& id : expected.value(QLatin1StringView("token_ids")).toArray())
        ids.push_back(id.toInteger());
    return ids;
}

// Fails the test when `actual` differs from `expected` beyond `tolerance`; notes the worst.
bool compareNoted(const Matrix& expected, const Matrix& actual, double tolerance,
                  const QString& where, WorstDifference& worst)
{
    const auto cmp = compareTensors(expected, actual, tolerance, tolerance);
    if (!cmp.ok) {
        QTest::qFail(qPrintable(cmp.describe(where)), __FILE__, __LINE__);
        return false;
    }
    worst.note(cmp, where);
    return true;
}

// Every tensor a view reads, of a forward reusing a prefix against one from scratch.
bool compareTraces(const ModelTrace& full, const ModelTrace& reused, WorstDifference& worst)
{
    if (full.layers.size() != reused.layers.size() || full.tokenIds != reused.tokenIds) {
        QTest::qFail("the traces differ in layers or ids", __FILE__, __LINE__);
        return false;
    }
    for (int l = 0; l < int(full.layers.size()); ++l) {
        const Trace& a = *full.layers[std::size_t(l)];
        const Trace& b = *reused.layers[std::size_t(l)];
        std::vector<std::pair<QString, std::pair<const Matrix*, const Matrix*>>> tensors = {
            {QStringLiteral("inputs"), {&a.inputs, &b.inputs}},
            {QStringLiteral("context_vec"), {&a.contextVec, &b.contextVec}},
            {QStringLiteral("residual"),
             {&full.residuals[std::size_t(l)], &reused.residuals[std::size_t(l)]}},
        };
        for (std::size_t h = 0; h < a.heads.size(); ++h) {
            const HeadTrace& x = a.heads[h];
            const HeadTrace& y = b.heads[h];
            tensors.push_back(
                {QStringLiteral("heads[%1].queries").arg(h), {&x.queries, &y.queries}});
            tensors.push_back({QStringLiteral("heads[%1].keys").arg(h),
                               {&headKeys(a, int(h)), &headKeys(b, int(h))}});
            tensors.push_back({QStringLiteral("heads[%1].values").arg(h),
                               {&headValues(a, int(h)), &headValues(b, int(h))}});
            tensors.push_back(
                {QStringLiteral("heads[%1].context_vec").arg(h), {&x.contextVec, &y.contextVec}});
        }
        for (const auto& [name, pair] : tensors)
            if (!compareNoted(*pair.first, *pair.second, SameTolerance,
                              QStringLiteral("layers[%1].%2").arg(l).arg(name), worst))
                return false;
        for (int h = 0; h < full.headCount(); ++h)
            if (!compareNoted(
                    *layerAttnWeights(full, l, h), *layerAttnWeights(reused, l, h), SameTolerance,
                    QStringLiteral("layers[%1].heads[%2].attn_weights").arg(l).arg(h), worst))
                return false;
    }
    if (!compareNoted(full.finalResidual(), reused.finalResidual(), SameTolerance,
                      QStringLiteral("residual"), worst) ||
        !compareNoted(full.lastLogits, reused.lastLogits, 1e-4, QStringLiteral("last_logits"),
                      worst))
        return false;
    if (full.nextTokens.size() != reused.nextTokens.size()) {
        QTest::qFail("next tokens differ in number", __FILE__, __LINE__);
        return false;
    }
    for (std::size_t i = 0; i < full.nextTokens.size(); ++i)
        if (full.nextTokens[i].id != reused.nextTokens[i].id ||
            std::abs(full.nextTokens[i].prob - reused.nextTokens[i].prob) > 1e-5f) {
            QTest::qFail(qPrintable(QStringLiteral("next_token[%1]: id %2, prob %3 from scratch; "
                                                   "id %4, prob %5 reusing the prefix")
                                        .arg(i)
                                        .arg(full.nextTokens[i].id)
                                        .arg(double(full.nextTokens[i].prob))
                                        .arg(reused.nextTokens[i].id)
                                        .arg(double(reused.nextTokens[i].prob))),
                         __FILE__, __LINE__);
            return false;
        }
    return true;
}

// The queries, keys, values and logits PyTorch computed for the fixture's ids.
bool compareTorch(const QJsonObject& expected, const ModelTrace& trace, WorstDifference& worst)
{
    const QJsonArray layers = expected.value(QLatin1StringView("layers")).toArray();
    for (int l = 0; l < int(layers.size()); ++l) {
        const QJsonArray heads =
            layers.at(l).toObject().value(QLatin1StringView("heads")).toArray();
        for (int h = 0; h < int(heads.size()); ++h) {
            const QJsonObject head = heads.at(h).toObject();
            const std::pair<const char*, Matrix> tensors[] = {
                {"queries", trace.headQueries(l, h)},
                {"keys", trace.headKeys(l, h)},
                {"values", trace.headValues(l, h)},
                {"attn_weights", *layerAttnWeights(trace, l, h)},
            };
            for (const auto& [key, actual] : tensors)
                if (!compareNoted(jsonMatrix(head.value(QLatin1StringView(key))), actual,
                                  TorchTolerance,
                                  QStringLiteral("PyTorch layers[%1].heads[%2].%3")
                                      .arg(l)
                                      .arg(h)
                                      .arg(QLatin1StringView(key)),
                                  worst))
                    return false;
        }
    }
    return compareNoted(jsonMatrix(expected.value(QLatin1StringView("last_logits"))),
                        trace.lastLogits, 1e-4, QStringLiteral("PyTorch last_logits"), worst);
}

} // namespace

class TestGpt2Prefix : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void equalsForwardFromScratch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("change");
        const char* fixtures[] = {"f32_prefix", "f16_plain", "bf16_noconfig"};
        const char* changes[] = {"appended",  "deleted",      "middle",
                                 "identical", "empty prefix", "typed"};
        for (const char* fixture : fixtures)
            for (const char* change : changes)
                QTest::addRow("%s, %s", fixture, change)
                    << QString::fromLatin1(fixture) << QString::fromLatin1(change);
    }

    // The previous forward is of other ids; the new ids are the fixture's, so the result is
    // checked against PyTorch too.
    void equalsForwardFromScratch()
    {
        QFETCH(QString, name);
        QFETCH(QString, change);
        const QJsonObject expected = readFixture(QStringLiteral("gpt2/%1/expected.json").arg(name));
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/%1/model.safetensors").arg(name)));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const std::int64_t vocab = loaded.model->config().vocabSize;
        const std::vector<std::int64_t> ids = fixtureIds(expected);
        const auto T = Eigen::Index(ids.size());
        QVERIFY(T >= 4);

        std::shared_ptr<const ModelTrace> reused;
        Eigen::Index expectedReuse = 0;
        if (change == QLatin1StringView("typed")) {
            // One token at a time, each forward reusing the one before: T - 1 reuses chained.
            for (std::size_t n = 1; n <= ids.size(); ++n) {
                const std::vector<std::int64_t> typed(ids.begin(), ids.begin() + std::ptrdiff_t(n));
                reused = transformerForward(loaded.model, typed, reused.get());
                QCOMPARE(reused->reusedRows, Eigen::Index(n - 1));
            }
            expectedReuse = T - 1;
        } else {
            std::vector<std::int64_t> before = ids;
            if (change == QLatin1StringView("appended")) {
                before.pop_back(); // the new ids have one token more
                expectedReuse = T - 1;
            } else if (change == QLatin1StringView("deleted")) {
                before.push_back((ids.back() + 1) % vocab); // the new ids have one token less
                expectedReuse = T;
            } else if (change == QLatin1StringView("middle")) {
                before[std::size_t(T / 2)] = (ids[std::size_t(T / 2)] + 1) % vocab;
                expectedReuse = T / 2;
            } else if (change == QLatin1StringView("identical")) {
                expectedReuse = T;
            } else {
                before[0] = (ids[0] + 1) % vocab;
                expectedReuse = 0;
            }
            const auto previous = transformerForward(loaded.model, before);
            QCOMPARE(reusablePrefix(*loaded.model, ids, previous.get()), expectedReuse);
            reused = transformerForward(loaded.model, ids, previous.get());
        }
        QCOMPARE(reused->reusedRows, expectedReuse);
        QCOMPARE(reused->finalResidual().rows(), T);

        const auto full = transformerForward(loaded.model, ids);
        QCOMPARE(full->reusedRows, Eigen::Index(0));
        WorstDifference same, torch;
        if (!compareTraces(*full, *reused, same) || !compareTorch(expected, *reused, torch))
            return;
        qInfo("%s, %s (%lld of %lld rows reused): worst difference %.3g from scratch at %s, "
              "%.3g from PyTorch at %s",
              qPrintable(name), qPrintable(change), static_cast<long long>(expectedReuse),
              static_cast<long long>(T), same.diff, qPrintable(same.where), torch.diff,
              qPrintable(torch.where));
    }

    // A previous forward of another checkpoint (or none) gives nothing to reuse.
    void otherModelReusesNothing()
    {
        const auto a = loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        const auto b = loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(a.model && b.model, qPrintable(a.error + b.error));
        const std::vector<std::int64_t> ids{1, 2, 3, 4};
        const auto previous = transformerForward(a.model, ids);
        QCOMPARE(reusablePrefix(*a.model, ids, previous.get()), Eigen::Index(4));
        QCOMPARE(reusablePrefix(*b.model, ids, previous.get()), Eigen::Index(0));
        QCOMPARE(reusablePrefix(*a.model, ids, nullptr), Eigen::Index(0));
        const auto other = transformerForward(b.model, ids, previous.get());
        QCOMPARE(other->reusedRows, Eigen::Index(0));
        QCOMPARE(other->model.get(), b.model.get());
    }

    // An id outside the vocabulary or beyond the context is refused by name, not read past the
    // embedding table (the callers check too; a caller that forgot must not crash).
    void idsOutsideTheModelAreRefused()
    {
        const auto loaded =
            loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
        QVERIFY2(loaded.model, qPrintable(loaded.error));
        const TransformerConfig& c = loaded.model->config();
        for (const std::vector<std::int64_t>& ids :
             {std::vector<std::int64_t>{1, c.vocabSize}, std::vector<std::int64_t>{-1, 2},
              std::vector<std::int64_t>(std::size_t(c.nCtx) + 1, 1)}) {
            try {
                transformerForward(loaded.model, ids);
                QFAIL("the forward accepted ids it cannot read");
            } catch (const std::out_of_range& refused) {
                const QString message = QString::fromUtf8(refused.what());
                QVERIFY2(message.contains(QStringLiteral("vocabulary")) ||
                             message.contains(QStringLiteral("context")),
                         qPrintable(message));
            }
        }
    }

    // The kernel: attendHead from a row onwards computes rows [first, T) only, leaving the
    // earlier rows as the caller put them; from a block's first row (a multiple of 64) its
    // rows are the whole head's bit for bit (the same blocks), from inside a block they are
    // a partial block's, equal within float32 rounding.
    void contextFromAnOffset()
    {
        constexpr Eigen::Index T = 200, hd = 16;
        std::mt19937 random(7);
        std::normal_distribution<float> normal(0.0f, 1.0f);
        Matrix queries(T, hd), keys(T, hd), values(T, hd);
        for (Matrix* m : {&queries, &keys, &values})
            for (Eigen::Index i = 0; i < m->size(); ++i)
                m->data()[i] = normal(random);
        HeadOptions options;
        options.arithmetic = Arithmetic::Fast;
        options.causal = true;
        options.scoreDivisor = 4.0f;
        HeadTrace full;
        attendHead(queries, keys, values, options, full);
        for (const Eigen::Index first :
             {Eigen::Index(1), Eigen::Index(63), Eigen::Index(64), Eigen::Index(65),
              Eigen::Index(128), Eigen::Index(130), Eigen::Index(199), Eigen::Index(200)}) {
            HeadTrace head;
            head.contextVec = Matrix::Constant(T, hd, -7.0f);
            attendHead(queries, keys, values, options, head, first);
            const QString where = QStringLiteral("from row %1").arg(first);
            QVERIFY2((head.contextVec.topRows(first).array() == -7.0f).all(),
                     qPrintable(where + QStringLiteral(": a row before it was written")));
            const Matrix computed = head.contextVec.bottomRows(T - first);
            const Matrix expected = full.contextVec.bottomRows(T - first);
            if (first % CausalBlockRows == 0)
                QVERIFY2(computed == expected, qPrintable(where + QStringLiteral(": bits differ")));
            const auto cmp = compareTensors(expected, computed, 1e-6, 1e-6);
            QVERIFY2(cmp.ok, qPrintable(cmp.describe(where)));
        }
    }
};

QTEST_GUILESS_MAIN(TestGpt2Prefix)
#include "tst_gpt2prefix.moc"
