#include "NumberDelegate.h"

#include "FiniteNumberValidator.h"
#include "NumberText.h"

#include <QLineEdit>

namespace ae {

NumberDelegate::NumberDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QWidget* NumberDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& /*option*/,
                                      const QModelIndex& /*index*/) const
{
    auto* editor = new QLineEdit(parent);
    editor->setValidator(new FiniteNumberValidator(editor));
    editor->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    editor->setFrame(false);
    return editor;
}

void NumberDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    auto* lineEdit = qobject_cast<QLineEdit*>(editor);
    if (!lineEdit)
        return;
    lineEdit->setText(numberText(index.data(Qt::EditRole).toFloat()));
    lineEdit->selectAll();
}

void NumberDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                  const QModelIndex& index) const
{
    auto* lineEdit = qobject_cast<QLineEdit*>(editor);
    if (!lineEdit || !lineEdit->hasAcceptableInput())
        return;
    model->setData(index, lineEdit->text(), Qt::EditRole);
}

} // namespace ae
