#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QPointer>
#include <QStringList>
#include <QTimer>

namespace ae {

// Answers the message boxes that the code under test opens (their exec() blocks the test), one
// button per box in order (a box without that button is rejected), and keeps each box's title
// and its text followed by its informative text.
class MessageBoxAnswerer : public QObject
{
public:
    explicit MessageBoxAnswerer(QList<QMessageBox::StandardButton> answers)
        : m_answers(std::move(answers))
    {
        connect(&m_timer, &QTimer::timeout, this, &MessageBoxAnswerer::poll);
        m_timer.start(10);
    }

    QStringList titles;
    QStringList texts;
    int unanswered() const { return int(m_answers.size()); }

private:
    void poll()
    {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box || m_answers.isEmpty() || box == m_last)
            return;
        m_last = box;
        titles << box->windowTitle();
        texts << (box->informativeText().isEmpty() ? box->text()
                                                   : box->text() + u' ' + box->informativeText());
        if (QAbstractButton* button = box->button(m_answers.takeFirst()))
            button->click();
        else
            box->reject();
    }

    QList<QMessageBox::StandardButton> m_answers;
    QTimer m_timer;
    QPointer<QMessageBox> m_last; // a QPointer: the next box may reuse the address of the last
};

} // namespace ae
