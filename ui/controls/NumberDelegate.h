#pragma once

#include <QStyledItemDelegate>

namespace ae {

// Edits a table cell as text checked by FiniteNumberValidator: what cannot become a
// finite number cannot be typed, and an unfinished entry ("-", "1e") is dropped on
// commit, leaving the cell's value as it was.
class NumberDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit NumberDelegate(QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
};

} // namespace ae
