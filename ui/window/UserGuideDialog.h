#pragma once

#include <QDialog>

class QTextBrowser;

namespace ae {

// Help > User Guide (F1): the guide shipped inside the program (resources/guide, an HTML page
// per language: the README's tour with the keyboard shortcuts), in the interface's language,
// readable offline. Links to the web open in the browser.
class UserGuideDialog : public QDialog
{
    Q_OBJECT
public:
    explicit UserGuideDialog(QWidget* parent = nullptr);

    // The guide's resource for `language` ("en", "zh_CN"): English for a language without one.
    static QString guidePath(const QString& language);
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser;
};

} // namespace ae
