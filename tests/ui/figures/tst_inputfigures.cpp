// The input figures say how their rows were made: the token table looked up, plus the
// position rows when the session adds positional embeddings; the source panel of
// cross-attention shows the source's shape. The inspector spells out token + position.
#include "CellExplanations.h"
#include "Engine.h"
#include "Session.h"
#include "Trace.h"
#include "TraceFigures.h"

#include <QTest>

using namespace ae;

namespace {

TracePtr compute(const Session& s)
{
    const ComputeResult result = Engine().compute(s);
    if (!result.trace)
        qWarning("session refused: %s", result.issue ? qPrintable(result.issue->message) : "");
    return result.trace;
}

Session withPositions(Positional positional)
{
    Session s;
    s.positional = positional;
    s.contextLength = 16;
    return s; // the article's 6 tokens, d_in 3
}

Session manualCross()
{
    Session s;
    s.sentence = "a b c";
    s.sourceSentence = "x y";
    s.embedding = EmbeddingSource::Manual;
    s.dIn = 2;
    s.inputs = Matrix(3, 2);
    s.inputs << 0.1f, 0.2f, 0.3f, -0.4f, 0.5f, 0.6f;
    s.sourceInputs = Matrix(2, 2);
    s.sourceInputs << 1.0f, -1.0f, 0.25f, 0.5f;
    return s;
}

} // namespace

Q_DECLARE_METATYPE(ae::Session)

class TestInputFigures : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void operations_data()
    {
        QTest::addColumn<Session>("session");
        QTest::addColumn<QString>("inputs");
        QTest::addColumn<QString>("tokens"); // empty: no token-embeddings panel
        QTest::addColumn<QString>("source"); // empty: no source panel
        QTest::newRow("torch, no positions")
            << Session() << QStringLiteral("nn.Embedding(50000, 3)(token_ids) : (6) → (6×3)")
            << QString() << QString();
        QTest::newRow("torch, learned positions")
            << withPositions(Positional::Learned)
            << QStringLiteral(
                   "nn.Embedding(50000, 3)(token_ids) + pos_emb(torch.arange(6)) : (6) → (6×3)")
            << QStringLiteral("nn.Embedding(50000, 3)(token_ids) : (6) → (6×3)") << QString();
        QTest::newRow("torch, sinusoidal positions")
            << withPositions(Positional::Sinusoidal)
            << QStringLiteral("nn.Embedding(50000, 3)(token_ids) + PE[:6] : (6) → (6×3)")
            << QStringLiteral("nn.Embedding(50000, 3)(token_ids) : (6) → (6×3)") << QString();
        QTest::newRow("manual cross-attention")
            << manualCross() << QStringLiteral("typed in : (3×2)") << QString()
            << QStringLiteral("typed in : (2×2)");
        Session torchCross;
        torchCross.sourceSentence = "le chat";
        QTest::newRow("torch cross-attention")
            << torchCross << QStringLiteral("nn.Embedding(50000, 3)(token_ids) : (6) → (6×3)")
            << QString() << QStringLiteral("nn.Embedding(50000, 3)(token_ids) : (2) → (2×3)");
        Session manualLearned = manualCross();
        manualLearned.positional = Positional::Learned;
        manualLearned.contextLength = 4;
        QTest::newRow("manual cross-attention, learned positions")
            << manualLearned << QStringLiteral("typed in + pos_emb(torch.arange(3)) : (3×2)")
            << QStringLiteral("typed in : (3×2)")
            << QStringLiteral("typed in + pos_emb(torch.arange(2)) : (2×2)");
    }

    void operations()
    {
        QFETCH(Session, session);
        QFETCH(QString, inputs);
        QFETCH(QString, tokens);
        QFETCH(QString, source);
        const TracePtr trace = compute(session);
        QVERIFY(trace);
        QCOMPARE(figures::embeddings(trace).operation, inputs);
        if (!tokens.isEmpty())
            QCOMPARE(figures::tokenEmbeddings(trace).operation, tokens);
        if (!source.isEmpty())
            QCOMPARE(figures::sourceEmbeddings(trace).operation, source);
    }

    // Axis labels write the tokens as the Tokens page does (a space as ␣, a tab as ␉).
    void labelsShowTokensAsTheTablesDo()
    {
        Session session;
        session.sentence = "The cat\tsat";
        session.tokenizer = TokenizerKind::Gpt2;
        session.vocabSize = 50257;
        const TracePtr trace = compute(session);
        QVERIFY(trace);
        const QStringList expected{QStringLiteral("The"), QStringLiteral("␣cat"),
                                   QStringLiteral("␉"), QStringLiteral("sat")};
        QCOMPARE(figures::embeddings(trace).rowLabels, expected);
    }

    void inspectorAddsThePosition_data()
    {
        QTest::addColumn<Session>("session");
        QTest::addColumn<bool>("source");
        QTest::addColumn<QString>("terms");
        QTest::newRow("learned") << withPositions(Positional::Learned) << false
                                 << QStringLiteral("the token's vector is row %1 of "
                                                   "embedding.weight (its id); the position's is "
                                                   "a row of pos_emb.weight.");
        QTest::newRow("sinusoidal") << withPositions(Positional::Sinusoidal) << false
                                    << QStringLiteral("the token's vector is row %1 of "
                                                      "embedding.weight (its id); the position's "
                                                      "is the sinusoidal encoding.");
        Session manualLearned = manualCross();
        manualLearned.positional = Positional::Learned;
        manualLearned.contextLength = 4;
        QTest::newRow("manual source, learned")
            << manualLearned << true
            << QStringLiteral("the token's vector is typed in; the position's is a row of "
                              "pos_emb.weight.");
    }

    // The inspector's sentence names the token as the views show it, counted from 1, and adds
    // the trace's own numbers.
    void inspectorAddsThePosition()
    {
        QFETCH(Session, session);
        QFETCH(bool, source);
        QFETCH(QString, terms);
        const TracePtr trace = compute(session);
        QVERIFY(trace);
        const Eigen::Index row = source ? 1 : 2;
        const QString text = explain::embedding(*trace, source, row, 1);
        if (terms.contains(QStringLiteral("%1")))
            terms = terms.arg(trace->tokenIds.at(std::size_t(row)));
        const auto& tokens = source ? trace->sourceTokens : trace->tokens;
        const QString lead = QStringLiteral("Input of “%1” (token %2), dimension 1 = ")
                                 .arg(QString::fromStdString(tokens.at(std::size_t(row))))
                                 .arg(row + 1);
        QVERIFY2(text.startsWith(lead), qPrintable(text));
        QVERIFY2(text.contains(terms), qPrintable(text));
        const Matrix& tokenRows = source ? trace->sourceTokenEmbeddings : trace->tokenEmbeddings;
        const Matrix& inputs = source ? trace->sourceInputs : trace->inputs;
        const QString sum =
            QStringLiteral("= %1 + %2 = %3")
                .arg(QString::number(double(tokenRows(row, 1)), 'f', 4),
                     QString::number(double(trace->positionalEmbeddings(row, 1)), 'f', 4),
                     QString::number(double(inputs(row, 1)), 'f', 4));
        QVERIFY2(text.contains(sum), qPrintable(text));
    }
};

QTEST_MAIN(TestInputFigures)
#include "tst_inputfigures.moc"
