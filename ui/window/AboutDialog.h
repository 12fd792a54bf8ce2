#pragma once

#include <QDialog>

class QLabel;

namespace ae {

// Help > About: the version, what the app computes and after which texts, the licence and
// the Qt it runs on.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget* parent = nullptr);

    // The dialog's text as shown (rich text), for tests.
    QString text() const;

private:
    QLabel* m_text;
};

} // namespace ae
