#pragma once

#include "ControlSection.h"

#include <memory>

class QComboBox;
class QSpinBox;

namespace ae {

struct Trace;
class ManualEmbeddingEditor;
class SeedSpinBox;

// Where the token vectors come from: embedding (torch / manual), embedding_seed,
// vocab_size, d_in, and the manual matrices inputs and source_inputs.
class EmbeddingControls : public ControlSection
{
    Q_OBJECT
public:
    explicit EmbeddingControls(SessionDocument* document, QWidget* parent = nullptr);

    void setSession(const Session& session) override;
    void setTrace(const std::shared_ptr<const Trace>& trace);
    ManualEmbeddingEditor* editor() const { return m_editor; }

protected:
    void revealKey(const QString& key) override;

private:
    QComboBox* m_embedding;
    SeedSpinBox* m_embeddingSeed;
    QSpinBox* m_vocabSize;
    QSpinBox* m_dIn;
    QComboBox* m_positional;
    QSpinBox* m_contextLength;
    ManualEmbeddingEditor* m_editor;
};

} // namespace ae
