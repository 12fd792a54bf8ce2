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
    : ControlSection(tr("Embedding"), document, parent)
    , m_embedding(new QComboBox(this))
    , m_embeddingSeed(new SeedSpinBox(this))
    , m_vocabSize(new QSpinBox(this))
    , m_dIn(new QSpinBox(this))
    , m_editor(new ManualEmbeddingEditor(document, this))
{
    sync::addChoice(m_embedding, EmbeddingSource::Torch, tr("torch (nn.Embedding)"));
    sync::addChoice(m_embedding, EmbeddingSource::Manual, tr("Manual (typed)"));
    sync::fitNarrow(m_embedding);
    m_vocabSize->setRange(1, int(limits::MaxVocabSize));
    m_vocabSize->setGroupSeparatorShown(true);
    m_dIn->setRange(1, limits::MaxDimension);

    addRow(QStringLiteral("embedding"), tr("&Embedding"), m_embedding,
           tr("Where each token's vector comes from: <code>nn.Embedding(vocab_size, "
              "d_in)(token_ids)</code> "
              "after <code>torch.manual_seed(embedding_seed)</code>, or numbers you type "
              "(<code>inputs = torch.tensor([[0.43, 0.15, 0.89], ...])</code>)."));
    addRow(QStringLiteral("embedding_seed"), tr("Embeddin&g seed"), m_embeddingSeed,
           tr("<code>torch.manual_seed(embedding_seed)</code> right before the embedding table is "
              "drawn."));
    addRow(QStringLiteral("vocab_size"), tr("Vocabulary si&ze"), m_vocabSize,
           tr("Rows of <code>nn.Embedding(vocab_size, d_in)</code>: the whole table is drawn, so a "
              "different size gives different vectors."));
    addRow(
        QStringLiteral("d_in"), tr("d_&in"), m_dIn,
        tr("Length of each token's vector, the <code>d_in</code> of <code>nn.Embedding(vocab_size, "
           "d_in)</code>; with manual embeddings, the tables' column count."));
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
    m_editor->setSession(session);

    const bool torch = session.embedding == EmbeddingSource::Torch;
    m_embeddingSeed->setEnabled(torch);
    m_vocabSize->setEnabled(torch);
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
