#include "SentenceControls.h"

#include "ControlSync.h"
#include "ManualInputs.h"
#include "ModelRegistry.h"
#include "Session.h"
#include "Tokenizer.h"
#include "TokenizerTexts.h"

#include "Limits.h"
#include "WrappedLabel.h"

#include <QComboBox>
#include <QLabel>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QSignalBlocker>

#include <algorithm>
#include <functional>
#include <utility>

namespace ae {

namespace {

// A text edit that takes no paste or drop that would make its text longer than a session
// text may be (limits::MaxTextChars): laying out one huge line (a 1 MB word) would block
// the window for minutes. The refusal is said under the control.
class BoundedTextEdit : public QPlainTextEdit
{
public:
    using QPlainTextEdit::QPlainTextEdit;
    std::function<void(qsizetype)> refused;

protected:
    void insertFromMimeData(const QMimeData* source) override
    {
        const qsizetype length = document()->characterCount() - textCursor().selectedText().size() +
                                 source->text().size();
        if (length > limits::MaxTextChars) {
            if (refused)
                refused(length);
            return;
        }
        QPlainTextEdit::insertFromMimeData(source);
    }
};

// A few lines high: room for a long sentence without taking the whole dock.
BoundedTextEdit* makeTextEdit(int lines, QWidget* parent)
{
    auto* edit = new BoundedTextEdit(parent);
    edit->setTabChangesFocus(true); // Tab moves on to the next control, as in a form
    edit->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    const int margins = int(edit->document()->documentMargin() * 2) + edit->frameWidth() * 2;
    edit->setFixedHeight(edit->fontMetrics().lineSpacing() * lines + margins);
    return edit;
}

} // namespace

SentenceControls::SentenceControls(SessionDocument* document, QWidget* parent)
    : ControlSection(tr("Input"), document, parent), m_sentence(makeTextEdit(3, this)),
      m_sourceSentence(makeTextEdit(2, this)), m_tokenizer(new QComboBox(this)),
      m_sharedVocabularyNote(new WrappedLabel(this))
{
    m_sourceSentence->setPlaceholderText(
        tr("Empty: self-attention. Type here for cross-attention."));
    for (const Tokenizer* tokenizer : tokenizers())
        m_tokenizer->addItem(tokenizerTitle(*tokenizer), sync::keyText(tokenizer->id()));
    sync::fitNarrow(m_tokenizer);

    addRow(QStringLiteral("sentence"), tr("&Sentence"), m_sentence,
           tr("The text whose tokens ask the queries (and, without a source sentence, also give "
              "the keys "
              "and values): <code>inputs = embedding(tokenize(sentence))</code>."));
    addRow(QStringLiteral("source_sentence"), tr("S&ource sentence"), m_sourceSentence,
           tr("Cross-attention: keys and values come from this sentence's tokens, queries from the "
              "sentence: <code>keys = source_inputs @ W_key</code>. Leave it empty for "
              "self-attention."));
    m_sharedVocabularyNote->setObjectName(QStringLiteral("shared_vocabulary_note"));
    m_sharedVocabularyNote->setText(tr(
        "Both sentences share one vocabulary: the source sentence's words join it and every id is "
        "renumbered in sorted order, so the sentence's own embeddings change too as you type here "
        "(nn.Embedding picks its rows by id)."));
    addNote(m_sharedVocabularyNote);
    addRow(
        QStringLiteral("tokenizer"), tr("Tokeni&zer"), m_tokenizer,
        tr("How text becomes tokens: punctuation becomes a space, then "
           "<code>text.split()</code>; the "
           "CJK choice also makes each Chinese or Japanese ideograph a token of its own. GPT-2's "
           "byte-pair encoding is <code>tiktoken.get_encoding(\"gpt2\")</code>: 50,257 fixed "
           "tokens, "
           "nothing dropped (its embedding table needs vocab_size 50257)."));

    for (const auto& [key, control] :
         {std::pair{QStringLiteral("sentence"), m_sentence},
          std::pair{QStringLiteral("source_sentence"), m_sourceSentence}})
        // A copy: clang 14 cannot capture a structured binding (C++20 allows it).
        static_cast<BoundedTextEdit*>(control)->refused = [this, name = key](qsizetype length) {
            showIssue(
                name,
                tr("Not pasted: the text would have %1 characters; a sentence may have at most %2.")
                    .arg(length)
                    .arg(limits::MaxTextChars));
        };
    connect(m_sentence, &QPlainTextEdit::textChanged, this, [this] {
        edit([text = m_sentence->toPlainText().toStdString()](Session& s) {
            s.sentence = text;
            fitManualInputs(s);
        });
    });
    connect(m_sourceSentence, &QPlainTextEdit::textChanged, this, [this] {
        edit([text = m_sourceSentence->toPlainText().toStdString()](Session& s) {
            s.sourceSentence = text;
            fitManualInputs(s);
        });
    });
    connect(m_tokenizer, &QComboBox::currentIndexChanged, this, [this] {
        edit([kind = sync::choice<TokenizerKind>(m_tokenizer)](Session& s) {
            s.tokenizer = kind;
            // A fixed vocabulary's ids go up to its size - 1: the table needs that many rows.
            s.vocabSize = std::max(s.vocabSize, tokenizerFor(kind).fixedVocabularySize());
            fitManualInputs(s);
        });
    });
}

void SentenceControls::setSession(const Session& session)
{
    sync::setText(m_sentence, session.sentence);
    sync::setText(m_sourceSentence, session.sourceSentence);
    // A checkpoint reads its own tokens of one sentence: no other tokenizer, no source.
    const bool seedModule = modelSource(session) == ModelSource::SeedModule;
    if (seedModule) {
        sync::setChoice(m_tokenizer, sessionTokenizer(session).kind());
    } else { // GPT-2's, or the model folder's tokenizer.json: the model says which
        const QSignalBlocker blocker(m_tokenizer);
        m_tokenizer->setPlaceholderText(tr("The model's own"));
        m_tokenizer->setCurrentIndex(-1);
    }
    const QString model = tr("Greyed out: the model reads one sentence with its own tokenizer.");
    setApplies(QStringLiteral("tokenizer"), seedModule, model);
    setApplies(QStringLiteral("source_sentence"), seedModule, model);
    // Manual embeddings are typed per token: no table, no ids to renumber.
    m_sharedVocabularyNote->setVisible(session.isCross() &&
                                       session.embedding == EmbeddingSource::Torch);
}

} // namespace ae
