#include "EmbeddingControls.h"

#include "ControlSync.h"
#include "Limits.h"
#include "ManualEmbeddingEditor.h"
#include "ManualInputs.h"
#include "SeedSpinBox.h"
#include "Session.h"

#include <QComboBox>
#include <QSpinBox>
#include <QTableView>

namespace ae {

EmbeddingControls::EmbeddingControls(SessionDocument* document, QWidget* parent)
    : ControlSection(tr("Embedding"), document, parent), m_embedding(new QComboBox(this)),
      m_embeddingSeed(new SeedSpinBox(this)), m_vocabSize(new QSpinBox(this)),
      m_dIn(new QSpinBox(this)), m_positional(new QComboBox(this)),
      m_contextLength(new QSpinBox(this)), m_editor(new ManualEmbeddingEditor(document, this))
{
    sync::addChoice(m_embedding, EmbeddingSource::Torch, tr("torch (nn.Embedding)"));
    sync::addChoice(m_embedding, EmbeddingSource::Manual, tr("Manual (typed)"));
    sync::fitNarrow(m_embedding);
    m_vocabSize->setRange(1, int(limits::MaxVocabSize));
    m_vocabSize->setGroupSeparatorShown(true);
    m_dIn->setRange(1, limits::MaxDimension);
    sync::addChoice(m_positional, Positional::None, tr("None (as the seeds)"));
    sync::addChoice(m_positional, Positional::Learned, tr("Learned (nn.Embedding)"));
    sync::addChoice(m_positional, Positional::Sinusoidal, tr("Sinusoidal (fixed)"));
    sync::fitNarrow(m_positional);
    m_contextLength->setRange(1, int(limits::MaxContextLength));
    m_contextLength->setGroupSeparatorShown(true);

    addRow(QStringLiteral("embedding"), tr("Em&bedding"), m_embedding,
           tr("Where each token's vector comes from: <code>nn.Embedding(vocab_size, "
              "d_in)(token_ids)</code> "
              "after <code>torch.manual_seed(embedding_seed)</code>, or numbers you type "
              "(<code>inputs = torch.tensor([[0.43, 0.15, 0.89], ...])</code>)."));
    addRow(QStringLiteral("embedding_seed"), tr("Embeddin&g seed"), m_embeddingSeed,
           tr("<code>torch.manual_seed(embedding_seed)</code> right before the embedding table is "
              "drawn."));
    addRow(QStringLiteral("vocab_size"), tr("Vocabular&y size"), m_vocabSize,
           tr("Rows of <code>nn.Embedding(vocab_size, d_in)</code>: the whole table is drawn, so a "
              "different size gives different vectors."));
    addRow(
        QStringLiteral("d_in"), tr("d_&in"), m_dIn,
        tr("Length of each token's vector, the <code>d_in</code> of <code>nn.Embedding(vocab_size, "
           "d_in)</code>; with manual embeddings, the tables' column count."));
    addRow(QStringLiteral("positional"), tr("Position &embedding"), m_positional,
           tr("Added to each token's vector so that attention can tell positions apart: none (the "
              "seeds' examples), a learned table <code>nn.Embedding(context_length, d_in)</code> "
              "drawn "
              "right after the token table (the book's chapter 2), or the original Transformer's "
              "sines and cosines."));
    addRow(QStringLiteral("context_length"), tr("Conte&xt length"), m_contextLength,
           tr("Rows of the learned position table <code>nn.Embedding(context_length, d_in)</code>: "
              "at least the number of tokens; the whole table is drawn."));
    addWideRow(QStringLiteral("inputs"), tr("Manua&l embeddings"), m_editor, m_editor->inputsView(),
               tr("A row of d_in numbers per token of the sentence: "
                  "<code>inputs = torch.tensor([[...], ...])</code>."));
    addKey(QStringLiteral("source_inputs"), m_editor->sourceInputsView(),
           tr("A row of d_in numbers per token of the source sentence (cross-attention): "
              "<code>source_inputs = torch.tensor([[...], ...])</code>."));

    connect(m_embedding, &QComboBox::currentIndexChanged, this, [this] {
        const auto source = sync::choice<EmbeddingSource>(m_embedding);
        edit([this, source](Session& s) {
            s.embedding = source;
            if (source == EmbeddingSource::Torch) {
                // torch computes the vectors: manual ones would be refused
                s.inputs = Matrix();
                s.sourceInputs = Matrix();
            } else if (!m_editor->fillFromTorch(s)) {
                fitManualInputs(s); // zeros, one row per token
            }
        });
    });
    connect(m_positional, &QComboBox::currentIndexChanged, this, [this] {
        const auto positional = sync::choice<Positional>(m_positional);
        edit([positional](Session& s) { s.positional = positional; });
    });
    connect(m_contextLength, &QSpinBox::valueChanged, this,
            [this](int length) { edit([length](Session& s) { s.contextLength = length; }); });
    connect(m_embeddingSeed, &SeedSpinBox::valueChanged, this,
            [this](quint64 seed) { edit([seed](Session& s) { s.embeddingSeed = seed; }); });
    connect(m_vocabSize, &QSpinBox::valueChanged, this,
            [this](int size) { edit([size](Session& s) { s.vocabSize = size; }); });
    connect(m_dIn, &QSpinBox::valueChanged, this, [this](int dIn) {
        edit([dIn](Session& s) {
            s.dIn = dIn;
            fitManualInputs(s);
        });
    });
}

void EmbeddingControls::setSession(const Session& session)
{
    sync::setChoice(m_embedding, session.embedding);
    {
        const QSignalBlocker blocker(m_embeddingSeed);
        m_embeddingSeed->setValue(session.embeddingSeed);
    }
    sync::setValue(m_vocabSize,
                   int(std::clamp<std::int64_t>(session.vocabSize, 1, limits::MaxVocabSize)));
    sync::setValue(m_dIn, session.dIn);
    sync::setChoice(m_positional, session.positional);
    sync::setValue(m_contextLength, int(std::clamp<std::int64_t>(session.contextLength, 1,
                                                                 limits::MaxContextLength)));
    m_editor->setSession(session);

    const bool torch = session.embedding == EmbeddingSource::Torch;
    const bool learned = session.positional == Positional::Learned;
    setApplies(QStringLiteral("embedding_seed"), torch || learned,
               tr("Greyed out: typed-in embeddings draw nothing. Choose the torch embedding (or "
                  "learned positions) to use it."));
    setApplies(QStringLiteral("context_length"), learned,
               tr("Greyed out: only a learned position table has rows to count. Choose learned "
                  "positions to use it."));
    setApplies(QStringLiteral("vocab_size"), torch,
               tr("Greyed out: typed-in embeddings need no table. Choose the torch embedding to "
                  "use it."));
    m_editor->setEnabled(!torch);
}

void EmbeddingControls::setTrace(const std::shared_ptr<const Trace>& trace)
{
    m_editor->setTrace(trace);
}

void EmbeddingControls::revealKey(const QString& key)
{
    m_editor->showMatrix(key == QStringLiteral("source_inputs"));
}

} // namespace ae
