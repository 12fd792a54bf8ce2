#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace ae {

// The dock on the right: the arithmetic behind the hovered cell, or the pinned one.
class InspectorPanel : public QWidget
{
    Q_OBJECT
public:
    explicit InspectorPanel(QWidget* parent = nullptr);

public Q_SLOTS:
    void show(const QString& title, const QString& text);

private:
    QLabel* m_title;
    QPlainTextEdit* m_text;
};

} // namespace ae
