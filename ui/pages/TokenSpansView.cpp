#include "TokenSpansView.h"

#include "TokenSpanText.h"
#include "WrappedLabel.h"

#include <QLabel>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace ae {

TokenSpansView::TokenSpansView(QWidget* parent)
    : QWidget(parent), m_count(new WrappedLabel(this)), m_spans(new QTextBrowser(this)),
      m_steps(new QTextBrowser(this))
{
    m_count->setTextFormat(Qt::PlainText);
    m_spans->setOpenLinks(false);
    m_spans->setAccessibleName(tr("Tokens over the text"));
    m_steps->setAccessibleName(tr("Byte-pair merges of the chosen token"));
    m_steps->setPlaceholderText(
        tr("Click a token (or its row) to see how byte-pair encoding built it."));
    // About three lines of tokens (each 160 % high) at least; a long text scrolls.
    m_spans->setMinimumHeight(m_spans->fontMetrics().lineSpacing() * 5);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_count);
    layout->addWidget(m_spans, 1);
    connect(m_spans, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QStringList parts = url.toString().split(u':');
        if (parts.size() == 3 && parts[0] == QLatin1StringView("token")) {
            chooseToken(parts[1].toInt(), parts[2].toInt());
            Q_EMIT tokenChosen(m_chosenText, m_chosenToken);
        }
    });
}

void TokenSpansView::setTexts(const Tokenizer& tokenizer, std::vector<Text> texts)
{
    const bool sameTexts =
        &tokenizer == m_tokenizer && texts.size() == m_texts.size() &&
        std::equal(texts.begin(), texts.end(), m_texts.begin(),
                   [](const Text& a, const Text& b) { return a.text == b.text && a.ids == b.ids; });
    if (sameTexts)
        return;
    m_tokenizer = &tokenizer;
    m_texts = std::move(texts);
    if (m_chosenText >= int(m_texts.size()) ||
        m_chosenToken >= int(m_texts[std::size_t(m_chosenText)].ids.size()))
        m_chosenText = 0, m_chosenToken = -1;
    render();
}

void TokenSpansView::chooseToken(int text, int token)
{
    if (text < 0 || text >= int(m_texts.size()))
        return;
    m_chosenText = text;
    m_chosenToken = token;
    render();
}

QString TokenSpansView::countText() const
{
    return m_count->text();
}

QWidget* TokenSpansView::stepsView() const
{
    return m_steps;
}

QString TokenSpansView::stepsText() const
{
    return m_steps->toPlainText();
}

void TokenSpansView::render()
{
    if (!m_tokenizer)
        return;
    QStringList counts;
    QString html;
    for (std::size_t i = 0; i < m_texts.size(); ++i) {
        const Text& t = m_texts[i];
        //: %1 which text (sentence, source), %2 tokens, %3 white-space separated words, %4 UTF-8
        //: bytes
        counts << tr("%1: %2 tokens for %3 words / %4 bytes")
                      .arg(t.label)
                      .arg(t.ids.size())
                      .arg(wordCount(t.text))
                      .arg(t.text.size());
        if (m_texts.size() > 1)
            html += QStringLiteral("<p><b>%1</b></p>").arg(t.label.toHtmlEscaped());
        html += QStringLiteral("<p style=\"line-height:160%;\">") +
                tokenSpansHtml(*m_tokenizer, t.ids, int(i),
                               int(i) == m_chosenText ? m_chosenToken : -1) +
                QStringLiteral("</p>");
    }
    m_count->setText(counts.join(QStringLiteral("; ")));
    m_spans->setHtml(html);
    if (m_chosenToken >= 0 && m_chosenText < int(m_texts.size())) {
        const Text& t = m_texts[std::size_t(m_chosenText)];
        m_steps->setHtml(mergeStepsHtml(*m_tokenizer, t.text, t.ids, m_chosenToken));
    } else {
        m_steps->clear();
    }
}

} // namespace ae
