#pragma once

#include <QWidget>

#include <cstdint>
#include <string>
#include <vector>

class QLabel;
class QTextBrowser;

namespace ae {

class Tokenizer;

// The tokens of a fixed-vocabulary tokenizer over the original text, as the tiktoken web demos
// show them: coloured spans, each with its id; choosing one (a click) shows how byte-pair
// encoding built its piece (Tokenizer::mergesAt).
class TokenSpansView : public QWidget
{
    Q_OBJECT
public:
    struct Text
    {
        QString label; // "sentence", "source"
        std::string text;
        std::vector<std::int64_t> ids;
    };

    explicit TokenSpansView(QWidget* parent = nullptr);
    void setTexts(const Tokenizer& tokenizer, std::vector<Text> texts);
    void chooseToken(int text, int token);

    QString countText() const;
    QString stepsText() const; // the merge steps shown, as plain text

private:
    void render();

    QLabel* m_count;
    QTextBrowser* m_spans;
    QTextBrowser* m_steps;
    const Tokenizer* m_tokenizer = nullptr;
    std::vector<Text> m_texts;
    int m_chosenText = 0;
    int m_chosenToken = -1;
};

} // namespace ae
