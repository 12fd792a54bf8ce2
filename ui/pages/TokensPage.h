#pragma once

#include "Page.h"

#include <QWidget>

#include <memory>
#include <string>
#include <vector>

class QLabel;
class QSplitter;
class QTableWidget;

namespace ae {

struct Trace;

class TokenSpansView;

// Step 1: the sentence split into tokens, each token's id in the sorted vocabulary; with a
// fixed vocabulary (GPT-2's byte-pair encoding) the tokens over the text and the merges of a
// chosen one.
class TokensPage : public QWidget, public Page
{
    Q_OBJECT
public:
    explicit TokensPage(QWidget* parent = nullptr);
    void setTrace(const std::shared_ptr<const Trace>& trace);

    QWidget* widget() override { return this; }
    QString pageId() const override { return QStringLiteral("tokens"); }
    bool appliesTo(ModelSource) const override { return true; }
    void showInput(const PageInput& input) override { setTrace(input.trace); }

protected:
    void changeEvent(QEvent* event) override;

private:
    QLabel* m_explanation;
    QLabel* m_summary;
    TokenSpansView* m_spans;
    QTableWidget* m_tokens;
    QTableWidget* m_vocabulary;
    int m_queryTokens = 0; // the table's rows: the sentence's tokens, then the source's
    // What the tables show: most recomputes keep the tokens, and rebuilding 1024 rows
    // (and measuring them for the column widths) would cost the GUI thread milliseconds.
    std::vector<std::string> m_shown;
};

} // namespace ae
