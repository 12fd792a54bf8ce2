#pragma once

#include "ControlSection.h"

class QComboBox;
class QPlainTextEdit;

namespace ae {

class WrappedLabel;

// The text attention runs on: sentence, source_sentence (cross-attention when not
// empty) and the tokenizer that splits both. Under the source sentence, while there is one,
// a note says why typing it changes the sentence's own embeddings (one shared vocabulary).
class SentenceControls : public ControlSection
{
    Q_OBJECT
public:
    explicit SentenceControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;

private:
    QPlainTextEdit* m_sentence;
    QPlainTextEdit* m_sourceSentence;
    QComboBox* m_tokenizer;
    WrappedLabel* m_sharedVocabularyNote;
};

} // namespace ae
