#pragma once

#include <QWidget>

#include <memory>
#include <vector>

class QPushButton;
class QScrollArea;
class QToolButton;

namespace ae {

struct ModelRun;
struct Session;
struct SessionIssue;
struct Trace;
class AdvancedControls;
class ControlSection;
class EmbeddingControls;
class IssueLabel;
class ModelInfoBox;
class SessionDocument;

// The session editor for the dock on the left: a control for every key of the session,
// in groups (input, embedding, attention module, mask and dropout, advanced). Every user
// change goes to SessionDocument::edit() at once; when the document changes from
// elsewhere (a file is loaded) the controls follow without writing anything back.
// Controls that do not apply to the session are disabled, not hidden; a model session (a GPT-2
// checkpoint) shows the checkpoint's configuration instead of the random module's groups.
class ControlPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlPanel(SessionDocument* document, QWidget* parent = nullptr);

    // The control that edits `key` (its objectName is the key), or null for an unknown key.
    QWidget* controlFor(const QString& key) const;

public Q_SLOTS:
    // The latest result: its torch embedding is what "fill from torch" copies.
    void setTrace(std::shared_ptr<const ae::Trace> trace);
    // A model session's forward: its configuration in the model group.
    void setModelRun(std::shared_ptr<const ae::ModelRun> run);
    // Shows why the session was refused next to the control of issue.key (at the top of the
    // panel for an empty or unknown key) and marks that control. Never a dialog. A sentence
    // longer than the model's context also gets a button that keeps its first n_ctx tokens.
    void showIssue(const ae::SessionIssue& issue);
    void clearIssue();

private:
    void setSession(const Session& session);
    void setAdvancedShown(bool shown);

    IssueLabel* m_issue;     // for the session as a whole
    QPushButton* m_truncate; // "Keep the first 1,024 tokens"
    QScrollArea* m_scroll;
    EmbeddingControls* m_embedding;
    AdvancedControls* m_advanced;
    ModelInfoBox* m_model;
    QToolButton* m_advancedToggle;
    std::vector<ControlSection*> m_sections;
};

} // namespace ae
