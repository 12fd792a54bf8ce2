#include "EmbeddingTableModel.h"

#include "NumberText.h"
#include "TokenDisplay.h"

#include <cmath>
#include <limits>
#include <optional>

namespace ae {

namespace {

std::optional<float> finiteFloat(const QVariant& value)
{
    if (value.typeId() == QMetaType::QString)
        return parseFiniteNumber(value.toString());
    bool ok = false;
    const double number = value.toDouble(&ok);
    if (!ok || !std::isfinite(number) ||
        std::abs(number) > double(std::numeric_limits<float>::max()))
        return std::nullopt;
    return float(number);
}

} // namespace

EmbeddingTableModel::EmbeddingTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void EmbeddingTableModel::setContents(const std::vector<std::string>& rowLabels,
                                      const Matrix& values, bool editable)
{
    std::vector<QString> labels;
    labels.reserve(rowLabels.size());
    for (const std::string& label : rowLabels) // tokens, written as every view writes them
        labels.push_back(QString::fromStdString(displayTokenText(label)));

    if (values.cols() != m_values.cols()) {
        beginResetModel();
        m_rowLabels = std::move(labels);
        m_values = values;
        m_editable = editable;
        endResetModel();
        return;
    }
    const int oldRows = int(m_values.rows());
    const int newRows = int(values.rows());
    const bool sameValues = newRows == oldRows && values == m_values;
    const bool changed = !sameValues || editable != m_editable || labels != m_rowLabels;
    if (!changed)
        return; // every recompute shows the same embedding again: no copy, no repaint
    if (newRows > oldRows)
        beginInsertRows({}, oldRows, newRows - 1);
    else if (newRows < oldRows)
        beginRemoveRows({}, newRows, oldRows - 1);
    m_rowLabels = std::move(labels);
    m_values = values;
    m_editable = editable;
    if (newRows > oldRows)
        endInsertRows();
    else if (newRows < oldRows)
        endRemoveRows();
    if (changed && newRows > 0 && m_values.cols() > 0) {
        Q_EMIT dataChanged(index(0, 0), index(newRows - 1, int(m_values.cols()) - 1));
        Q_EMIT headerDataChanged(Qt::Vertical, 0, newRows - 1);
    }
}

int EmbeddingTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_values.rows());
}

int EmbeddingTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_values.cols());
}

QVariant EmbeddingTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const float value = m_values(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole: // five significant digits keep the columns narrow, as torch prints
        return QString::number(double(value), 'g', 5);
    case Qt::ToolTipRole:
        return numberText(value);
    case Qt::EditRole:
        return double(value);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

QVariant EmbeddingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || section < 0)
        return {};
    if (orientation == Qt::Horizontal)
        return section < m_values.cols() ? QVariant(QString::number(section)) : QVariant();
    if (section >= m_values.rows())
        return {};
    if (std::size_t(section) < m_rowLabels.size())
        return m_rowLabels[std::size_t(section)];
    return tr("row %1").arg(section + 1);
}

Qt::ItemFlags EmbeddingTableModel::flags(const QModelIndex& index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (m_editable && index.isValid())
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool EmbeddingTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !m_editable || !checkIndex(index, CheckIndexOption::IndexIsValid))
        return false;
    const auto number = finiteFloat(value);
    if (!number)
        return false;
    m_values(index.row(), index.column()) = *number;
    Q_EMIT dataChanged(index, index);
    Q_EMIT valueEdited(index.row(), index.column(), *number);
    return true;
}

} // namespace ae
