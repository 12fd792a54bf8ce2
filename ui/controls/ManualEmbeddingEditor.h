#pragma once

#include "Matrix.h"
#include "Session.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QLabel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace ae {

struct EmbeddingTables;
struct Session;
struct Trace;
class EmbeddingTableModel;
class IssueLabel;
class SessionDocument;

// The manual embeddings: `inputs` (a row per token of the sentence) and, with
// cross-attention, `source_inputs`, as editable tables d_in columns wide. Buttons add or
// remove a column (d_in), fill the tables from the last torch embedding of the same tokens
// and paste a block of numbers; every change goes to the document at once. With embedding
// "torch" the editor is disabled and shows the torch embedding of the last result.
class ManualEmbeddingEditor : public QWidget
{
    Q_OBJECT
public:
    explicit ManualEmbeddingEditor(SessionDocument* document, QWidget* parent = nullptr);

    // Shows `session`'s matrices; never writes to the document.
    void setSession(const Session& session);
    // Keeps the embedding of a torch result, for "fill from torch".
    void setTrace(const std::shared_ptr<const Trace>& trace);

    // Sets the session's manual matrices and d_in to the last torch embedding when that
    // was computed for the same tokens; false (session unchanged) when there is none.
    bool fillFromTorch(Session& session) const;

    QTableView* inputsView() const { return m_inputsView; }
    QTableView* sourceInputsView() const { return m_sourceView; }
    EmbeddingTableModel* inputsModel() const { return m_inputsModel; }
    EmbeddingTableModel* sourceInputsModel() const { return m_sourceModel; }
    void showMatrix(bool source);

public Q_SLOTS:
    // Pastes the clipboard's block of numbers at the current cell of the table shown.
    void paste();

private:
    struct TorchEmbedding
    {
        std::vector<std::string> tokens, sourceTokens;
        Matrix inputs, sourceInputs;
        // Where the trace took them from (Trace::embeddingTables) and how positions were
        // added: the same tables, tokens and scheme mean the same inputs.
        std::shared_ptr<const EmbeddingTables> tables;
        Positional positional{};
    };

    QTableView* makeView(EmbeddingTableModel* model, bool source);
    bool showingSource() const;
    void editCell(bool source, int row, int column, float value);
    void addColumn();
    void removeColumn();
    void fill();
    void showTorchEmbedding();
    void updateState();

    SessionDocument* m_document;
    EmbeddingTableModel* m_inputsModel;
    EmbeddingTableModel* m_sourceModel;
    QTableView* m_inputsView;
    QTableView* m_sourceView;
    QTabWidget* m_tabs;
    QToolButton* m_addColumn;
    QToolButton* m_removeColumn;
    QToolButton* m_fill;
    QToolButton* m_paste;
    QLabel* m_hint;
    IssueLabel* m_message; // paste and fill problems

    bool m_manual = false;
    bool m_cross = false;
    int m_dIn = 0;
    bool m_torchShown = false; // the tables show m_torch (not manual rows, not nothing)
    std::vector<std::string> m_tokens, m_sourceTokens;
    std::optional<TorchEmbedding> m_torch;
};

} // namespace ae
