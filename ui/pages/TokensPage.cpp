#include "TokensPage.h"

#include "Gpt2Encoding.h"
#include "Gpt2TokensView.h"
#include "SessionEnums.h"
#include "TokenSpanText.h"
#include "Trace.h"

#include <QHeaderView>
#include <QLabel>
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

void setRow(QTableWidget* table, int row, const QStringList& cells)
{
    for (int c = 0; c < cells.size(); ++c)
        table->setItem(row, c, new QTableWidgetItem(cells[c]));
}

} // namespace

TokensPage::TokensPage(QWidget* parent)
    : QWidget(parent), m_explanation(new QLabel(this)), m_summary(new QLabel(this)),
      m_gpt2(new Gpt2TokensView(this)),
      m_tokens(makeTable({tr("Sentence"), tr("Position"), tr("Token"), tr("Token id")}, this)),
      m_vocabulary(makeTable({tr("Id"), tr("Token")}, this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_explanation->setWordWrap(true);
    m_gpt2->hide();
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addWidget(m_summary);
    layout->addWidget(m_gpt2, 2);
    auto* tables = new QHBoxLayout;
    tables->addWidget(m_tokens, 3);
    tables->addWidget(m_vocabulary, 2);
    layout->addLayout(tables, 1);
}

void TokensPage::setTrace(const std::shared_ptr<const Trace>& trace)
{
    const Trace& t = *trace;
    std::vector<std::string> shown{std::string(toKey(t.session.tokenizer)),
                                   t.session.isCross() ? "cross" : "self"};
    shown.insert(shown.end(), t.tokens.begin(), t.tokens.end());
    shown.emplace_back(); // ids follow from the tokens; an empty string separates the lists
    shown.insert(shown.end(), t.sourceTokens.begin(), t.sourceTokens.end());
    if (shown == m_shown)
        return;
    m_shown = std::move(shown);
    const bool gpt2 = t.session.tokenizer == TokenizerKind::Gpt2;
    m_explanation->setText(gpt2 ? tr("GPT-2's tokenizer (byte-pair encoding, as "
                                     "tiktoken.get_encoding(\"gpt2\")): the text is cut into "
                                     "words, spaces and punctuation, each piece into its UTF-8 "
                                     "bytes, and neighbouring tokens are merged "
                                     "by 50,000 learned rules in rank order. Every id is fixed in "
                                     "a vocabulary of 50,257 tokens; ␣ is a "
                                     "space, <E4 BD> bytes of a character split between tokens. "
                                     "Click a token to see its merges.")
                                : tr("The tokenizer turns punctuation into spaces and splits on "
                                     "white space (case is kept). The "
                                     "vocabulary is the sorted set of distinct tokens; a token's "
                                     "id is its place in that list, as in the "
                                     "article's dc = {s: i for i, s in enumerate(sorted(...))}."));
    std::set<std::int64_t> distinctIds(t.tokenIds.begin(), t.tokenIds.end());
    distinctIds.insert(t.sourceTokenIds.begin(), t.sourceTokenIds.end());
    m_summary->setText(tr("%1 tokens, %2 distinct; tokenizer \"%3\".")
                           .arg(t.tokens.size() + t.sourceTokens.size())
                           .arg(distinctIds.size())
                           .arg(QLatin1StringView(toKey(t.session.tokenizer).data())));
    m_gpt2->setVisible(gpt2);
    m_vocabulary->setVisible(!gpt2);
    if (gpt2) {
        std::vector<Gpt2TokensView::Text> texts{
            {t.session.isCross() ? tr("queries") : tr("sentence"), t.session.sentence, t.tokenIds}};
        if (t.session.isCross())
            texts.push_back({tr("source"), t.session.sourceSentence, t.sourceTokenIds});
        m_gpt2->setTexts(std::move(texts));
    }
    m_tokens->setRowCount(int(t.tokens.size() + t.sourceTokens.size()));
    int row = 0;
    auto addTokens = [&](const QString& which, const std::vector<std::string>& tokens,
                         const std::vector<std::int64_t>& ids) {
        for (std::size_t i = 0; i < tokens.size(); ++i)
            setRow(m_tokens, row++,
                   {which, QString::number(i),
                    gpt2 ? visibleTokenText(gpt2TokenBytes(ids[i]))
                         : QString::fromStdString(tokens[i]),
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
