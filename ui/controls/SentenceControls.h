#pragma once

#include "ControlSection.h"

class QComboBox;
class QPlainTextEdit;

namespace ae {

// The text attention runs on: sentence, source_sentence (cross-attention when not
// empty) and the tokenizer that splits both.
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
};

} // namespace ae
