#include "ManualEmbeddingEditor.h"

#include "EmbeddingTableModel.h"
#include "IssueLabel.h"
#include "Limits.h"
#include "ManualInputs.h"
#include "NumberDelegate.h"
#include "NumberText.h"
#include "Session.h"
#include "SessionDocument.h"
#include "Trace.h"
#include "WrappedLabel.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ae {

namespace {

QToolButton* makeButton(const QString& text, const QString& toolTip, QWidget* parent)
{
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace

ManualEmbeddingEditor::ManualEmbeddingEditor(SessionDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_inputsModel(new EmbeddingTableModel(this)),
      m_sourceModel(new EmbeddingTableModel(this)), m_inputsView(makeView(m_inputsModel, false)),
      m_sourceView(makeView(m_sourceModel, true)), m_tabs(new QTabWidget(this)),
      m_addColumn(makeButton(tr("+ d_in"), tr("Adds a column of zeros: d_in + 1."), this)),
      m_removeColumn(makeButton(
          tr("\u2212 d_in"),
          tr("Removes the current cell's column (else the last): d_in \u2212 1."), this)),
      m_fill(makeButton(tr("&Fill from torch"), {}, this)),
      m_paste(makeButton(
          tr("Paste"),
          tr("Pastes rows of numbers (separated by tabs, spaces or commas) at the current "
             "cell, as copied from a spreadsheet or a printed tensor. Also Ctrl+V."),
          this)),
      m_hint(new WrappedLabel(this)), m_message(new IssueLabel(this))
{
    m_message->setObjectName(QStringLiteral("embedding_message"));
    m_addColumn->setObjectName(QStringLiteral("add_column"));
    m_removeColumn->setObjectName(QStringLiteral("remove_column"));
    m_fill->setObjectName(QStringLiteral("fill_from_torch"));
    m_paste->setObjectName(QStringLiteral("paste"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_inputsView, tr("Sentence (inputs)"));
    m_tabs->addTab(m_sourceView, tr("Source (source_inputs)"));

    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    for (QToolButton* button : {m_addColumn, m_removeColumn, m_fill, m_paste})
        buttons->addWidget(button);
    buttons->addStretch();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_hint);
    layout->addWidget(m_tabs);
    layout->addWidget(m_message); // under the table, like the panel's messages
    setFocusProxy(m_inputsView);

    connect(m_addColumn, &QToolButton::clicked, this, &ManualEmbeddingEditor::addColumn);
    connect(m_removeColumn, &QToolButton::clicked, this, &ManualEmbeddingEditor::removeColumn);
    connect(m_fill, &QToolButton::clicked, this, &ManualEmbeddingEditor::fill);
    connect(m_paste, &QToolButton::clicked, this, &ManualEmbeddingEditor::paste);
    connect(m_inputsModel, &EmbeddingTableModel::valueEdited, this,
            [this](int row, int column, float value) { editCell(false, row, column, value); });
    connect(m_sourceModel, &EmbeddingTableModel::valueEdited, this,
            [this](int row, int column, float value) { editCell(true, row, column, value); });
    updateState();
}

void ManualEmbeddingEditor::setSession(const Session& session)
{
    m_manual = session.embedding == EmbeddingSource::Manual;
    m_cross = session.isCross();
    m_dIn = session.dIn;
    m_tokens = tokenize(session.sentence, session.tokenizer);
    m_sourceTokens =
        m_cross ? tokenize(session.sourceSentence, session.tokenizer) : std::vector<std::string>{};
    if (m_manual) {
        m_inputsModel->setContents(m_tokens, session.inputs, true);
        m_sourceModel->setContents(m_sourceTokens, session.sourceInputs, true);
        m_torchShown = false;
    } else if (!m_torchShown) {
        showTorchEmbedding();
    }
    updateState();
}

void ManualEmbeddingEditor::setTrace(const std::shared_ptr<const Trace>& trace)
{
    // A checkpoint's inputs are its own tables' (T x 768 and more, copied twice here on every
    // recompute of a model window, up to 17 ms of the GUI thread at 1,000 tokens): the seed
    // module's manual embedding is never filled from them.
    if (!trace || trace->session.embedding != EmbeddingSource::Torch ||
        !trace->session.model.empty())
        return;
    // Only the embedding is kept, not the trace: a manual session may run for a long
    // time, and a whole trace can be large. Most recomputes keep the embedding: the engine's
    // memoised tables tell it without comparing (2048 x 768 numbers twice cost milliseconds
    // on the GUI thread).
    const bool same =
        m_torch && trace->embeddingTables && m_torch->tables == trace->embeddingTables &&
        m_torch->positional == trace->session.positional && m_torch->tokens == trace->tokens &&
        m_torch->sourceTokens == trace->sourceTokens;
    if (same && !m_manual && m_torchShown) {
        updateState();
        return;
    }
    if (!same)
        m_torch =
            TorchEmbedding{trace->tokens,       trace->sourceTokens,    trace->inputs,
                           trace->sourceInputs, trace->embeddingTables, trace->session.positional};
    if (!m_manual)
        showTorchEmbedding();
    updateState();
}

bool ManualEmbeddingEditor::fillFromTorch(Session& session) const
{
    if (!m_torch || m_torch->tokens != tokenize(session.sentence, session.tokenizer))
        return false;
    session.dIn = int(m_torch->inputs.cols());
    session.inputs = m_torch->inputs;
    if (session.isCross() &&
        m_torch->sourceTokens == tokenize(session.sourceSentence, session.tokenizer))
        session.sourceInputs = m_torch->sourceInputs;
    fitManualInputs(session); // a source sentence torch did not see gets zeros
    return true;
}

void ManualEmbeddingEditor::showMatrix(bool source)
{
    m_tabs->setCurrentWidget(source ? m_sourceView : m_inputsView);
}

void ManualEmbeddingEditor::paste()
{
    if (!m_manual)
        return;
    const NumberBlock block = parseNumberBlock(QGuiApplication::clipboard()->text());
    if (!block.error.isEmpty()) {
        m_message->showMessage(block.error);
        return;
    }
    const bool source = showingSource();
    const QTableView* view = source ? m_sourceView : m_inputsView;
    const QModelIndex current = view->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    const int column = current.isValid() ? current.column() : 0;
    const int rows = view->model()->rowCount();
    const int columns = view->model()->columnCount();
    if (row + block.values.rows() > rows || column + block.values.cols() > columns) {
        m_message->showMessage(
            tr("%1 rows \u00d7 %2 columns do not fit from row %3, column %4 of this "
               "%5 \u00d7 %6 table: select the block's top-left cell first, or change d_in")
                .arg(block.values.rows())
                .arg(block.values.cols())
                .arg(row + 1)
                .arg(column)
                .arg(rows)
                .arg(columns));
        return;
    }
    m_message->clearMessage();
    const Matrix values = block.values;
    m_document->edit([source, row, column, values](Session& s) {
        Matrix& target = source ? s.sourceInputs : s.inputs;
        if (row + values.rows() <= target.rows() && column + values.cols() <= target.cols())
            target.block(row, column, values.rows(), values.cols()) = values;
    });
}

QTableView* ManualEmbeddingEditor::makeView(EmbeddingTableModel* model, bool source)
{
    auto* view = new QTableView(this);
    view->setModel(model);
    view->setItemDelegate(new NumberDelegate(view));
    view->setTabKeyNavigation(false); // Tab leaves the table; the arrow keys move inside
    view->setSelectionMode(QAbstractItemView::ContiguousSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    view->setWordWrap(false);
    view->horizontalHeader()->setDefaultSectionSize(
        view->fontMetrics().horizontalAdvance(QStringLiteral("-0.000000")));
    // Compact rows; the article's six tokens (and the column header) fit without scrolling.
    const int rowHeight = view->fontMetrics().height() + 8;
    view->verticalHeader()->setDefaultSectionSize(rowHeight);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->setMinimumHeight(rowHeight * 7 + 2 * view->frameWidth());
    view->setAccessibleName(source ? tr("Source embeddings") : tr("Sentence embeddings"));

    auto* pasteAction = new QAction(tr("Paste"), view);
    pasteAction->setShortcut(QKeySequence::Paste);
    pasteAction->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(pasteAction);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    connect(pasteAction, &QAction::triggered, this, &ManualEmbeddingEditor::paste);
    return view;
}

bool ManualEmbeddingEditor::showingSource() const
{
    return m_tabs->currentWidget() == m_sourceView;
}

void ManualEmbeddingEditor::editCell(bool source, int row, int column, float value)
{
    m_message->clearMessage();
    m_document->edit([source, row, column, value](Session& s) {
        Matrix& target = source ? s.sourceInputs : s.inputs;
        if (row < target.rows() && column < target.cols())
            target(row, column) = value;
    });
}

void ManualEmbeddingEditor::addColumn()
{
    m_message->clearMessage();
    m_document->edit([](Session& s) {
        s.dIn = std::min(s.dIn + 1, limits::MaxDimension);
        fitManualInputs(s);
    });
}

void ManualEmbeddingEditor::removeColumn()
{
    m_message->clearMessage();
    const QModelIndex current = (showingSource() ? m_sourceView : m_inputsView)->currentIndex();
    const Eigen::Index column = current.isValid() ? current.column() : m_dIn - 1;
    m_document->edit([column](Session& s) {
        if (s.dIn <= 1)
            return;
        s.inputs = withoutColumn(s.inputs, column);
        s.sourceInputs = withoutColumn(s.sourceInputs, column);
        s.dIn -= 1;
        fitManualInputs(s);
    });
}

void ManualEmbeddingEditor::fill()
{
    m_message->clearMessage();
    m_document->edit([this](Session& s) { fillFromTorch(s); });
}

void ManualEmbeddingEditor::showTorchEmbedding()
{
    if (m_torch) {
        m_inputsModel->setContents(m_torch->tokens, m_torch->inputs, false);
        m_sourceModel->setContents(m_torch->sourceTokens, m_torch->sourceInputs, false);
    } else {
        m_inputsModel->setContents(m_tokens, Matrix(), false);
        m_sourceModel->setContents(m_sourceTokens, Matrix(), false);
    }
    m_torchShown = bool(m_torch);
}

void ManualEmbeddingEditor::updateState()
{
    const bool torchFits = m_torch && m_torch->tokens == m_tokens;
    m_addColumn->setEnabled(m_manual && m_dIn < limits::MaxDimension);
    m_removeColumn->setEnabled(m_manual && m_dIn > 1);
    m_fill->setEnabled(m_manual && torchFits);
    m_fill->setToolTip(
        torchFits
            ? tr("Copies the torch embedding of these tokens (the last result with embedding "
                 "\u201ctorch\u201d) into the table, to start editing from it.")
            : tr("Needs a result with embedding \u201ctorch\u201d for these tokens: switch to "
                 "torch, let it compute, then back to manual."));
    m_paste->setEnabled(m_manual);
    m_tabs->setTabEnabled(1, m_cross);
    if (!m_cross && showingSource())
        showMatrix(false);
    m_hint->setText(
        m_manual ? tr("One row per token, d_in numbers each: double-click or type to edit.")
                 : tr("The torch embedding of the last result. Choose embedding \u201cmanual\u201d "
                      "to type your own."));
}

} // namespace ae
