#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QTableWidget;

namespace ae {

struct Trace;

// Step 1: the sentence split into tokens, each token's id in the sorted vocabulary.
class TokensPage : public QWidget
{
    Q_OBJECT
public:
    explicit TokensPage(QWidget* parent = nullptr);
    void setTrace(const std::shared_ptr<const Trace>& trace);

private:
    QLabel* m_summary;
    QTableWidget* m_tokens;
    QTableWidget* m_vocabulary;
};

} // namespace ae
