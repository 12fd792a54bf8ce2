#include "TokensPage.h"

#include "TokenSpansView.h"
#include "Tokenizer.h"
#include "TokenizerTexts.h"
#include "Trace.h"
#include "TraceTokens.h"
#include "WrappedLabel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>

namespace ae {

namespace {

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, int(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->setVisible(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

// Rows as tall as the table's font needs: a table's default row height is set when it is made,
// so at presentation sizes the rows cut the tops and bottoms off their text ("␣" read as ",,").
void fitRowsToFont(QTableWidget* table, const QFont& font)
{
    table->verticalHeader()->setDefaultSectionSize(
        QFontMetrics(font).height() +
        2 * table->style()->pixelMetric(QStyle::PM_FocusFrameVMargin, nullptr, table) + 4);
}

void setRow(QTableWidget* table, int row, const QStringList& cells)
{
    for (int c = 0; c < cells.size(); ++c)
        table->setItem(row, c, new QTableWidgetItem(cells[c]));
}

} // namespace

TokensPage::TokensPage(QWidget* parent)
    : QWidget(parent), m_explanation(new WrappedLabel(this)), m_summary(new WrappedLabel(this)),
      m_spans(new TokenSpansView(this)),
      m_tokens(makeTable({tr("Sentence"), tr("Position"), tr("Token"), tr("Token id")}, this)),
      m_vocabulary(makeTable({tr("Id"), tr("Token")}, this))
{
    m_summary->setTextFormat(Qt::PlainText);
    m_spans->hide();
    m_spans->stepsView()->hide();
    // The tokens over the text on top; below, the table of tokens beside the vocabulary (the
    // texts' own) or the merges of the chosen token (a fixed vocabulary): the table gets the
    // page's height, so that a 720-pixel screen shows more than a row of it.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addWidget(m_summary);
    layout->addWidget(m_spans, 1);
    auto* tables = new QHBoxLayout;
    tables->addWidget(m_tokens, 3);
    tables->addWidget(m_vocabulary, 2);
    tables->addWidget(m_spans->stepsView(), 3);
    layout->addLayout(tables, 2);
    // A row chosen in the table shows its merges; a token clicked over the text, its row.
    connect(m_tokens, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && m_spans->isVisibleTo(this))
            m_spans->chooseToken(row < m_queryTokens ? 0 : 1,
                                 row < m_queryTokens ? row : row - m_queryTokens);
    });
    connect(m_spans, &TokenSpansView::tokenChosen, this, [this](int text, int token) {
        const QSignalBlocker blocker(m_tokens);
        m_tokens->selectRow(text == 0 ? token : m_queryTokens + token);
    });
}

void TokensPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        for (QTableWidget* table : {m_tokens, m_vocabulary})
            fitRowsToFont(table, font());
}

void TokensPage::setTrace(const std::shared_ptr<const Trace>& trace)
{
    const Trace& t = *trace;
    const Tokenizer& tokenizer = traceTokenizer(t);
    std::vector<std::string> shown{std::string(tokenizer.id()),
                                   t.session.isCross() ? "cross" : "self"};
    shown.insert(shown.end(), t.tokens.begin(), t.tokens.end());
    shown.emplace_back(); // ids follow from the tokens; an empty string separates the lists
    shown.insert(shown.end(), t.sourceTokens.begin(), t.sourceTokens.end());
    if (shown == m_shown)
        return;
    m_shown = std::move(shown);
    const bool fixed = tokenizer.hasFixedVocabulary();
    m_explanation->setText(tokenizerExplanation(tokenizer));
    std::set<std::int64_t> distinctIds(t.tokenIds.begin(), t.tokenIds.end());
    distinctIds.insert(t.sourceTokenIds.begin(), t.sourceTokenIds.end());
    m_summary->setText(tr("%1 tokens, %2 distinct; tokenizer \"%3\".")
                           .arg(t.tokens.size() + t.sourceTokens.size())
                           .arg(distinctIds.size())
                           .arg(QString::fromLatin1(tokenizer.id())));
    m_spans->setVisible(fixed);
    m_spans->stepsView()->setVisible(fixed);
    m_vocabulary->setVisible(!fixed);
    m_queryTokens = int(t.tokens.size());
    if (fixed) {
        std::vector<TokenSpansView::Text> texts{
            {t.session.isCross() ? tr("queries") : tr("sentence"), t.session.sentence, t.tokenIds}};
        if (t.session.isCross())
            texts.push_back({tr("source"), t.session.sourceSentence, t.sourceTokenIds});
        m_spans->setTexts(tokenizer, std::move(texts));
    }
    m_tokens->setRowCount(int(t.tokens.size() + t.sourceTokens.size()));
    int row = 0;
    auto addTokens = [&](const QString& which, const std::vector<std::string>& tokens,
                         const std::vector<std::int64_t>& ids) {
        for (std::size_t i = 0; i < tokens.size(); ++i)
            setRow(m_tokens, row++,
                   {which, QString::number(i + 1), // positions from 1, as x(1), x(2), ...
                    QString::fromStdString(tokenizer.displayToken(tokens[i], ids[i])),
                    QString::number(ids[i])});
    };
    addTokens(t.session.isCross() ? tr("queries") : tr("sentence"), t.tokens, t.tokenIds);
    addTokens(tr("source"), t.sourceTokens, t.sourceTokenIds);
    m_tokens->setColumnHidden(0, !t.session.isCross());
    m_vocabulary->setRowCount(int(t.vocabulary.size()));
    for (std::size_t i = 0; i < t.vocabulary.size(); ++i)
        setRow(m_vocabulary, int(i), {QString::number(i), QString::fromStdString(t.vocabulary[i])});
    m_tokens->resizeColumnsToContents();
    m_vocabulary->resizeColumnsToContents();
}

} // namespace ae
