#pragma once

#include "Matrix.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace ae {

// One embedding matrix (T x d_in) as a table: a row per token, labelled with the token,
// a column per embedding dimension (numbered from 0, as PyTorch indexes). Cells show five
// significant digits, the tooltip and the editor the exact float. The model shows what
// it is given; an edit changes the cell and is announced with valueEdited()
// so the owner can write it into the session.
class EmbeddingTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit EmbeddingTableModel(QObject* parent = nullptr);

    // Rows beyond `rowLabels` are labelled by their number. Emits the finest change
    // signals that describe the difference (rows inserted or removed at the end, data
    // changed), a reset only when the column count changes.
    void setContents(const std::vector<std::string>& rowLabels, const Matrix& values,
                     bool editable);
    const Matrix& values() const { return m_values; }
    bool isEditable() const { return m_editable; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    // Takes a number or a text that parseFiniteNumber() reads; refuses (returns false,
    // changes nothing) anything else, NaN and infinity included.
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void valueEdited(int row, int column, float value);

private:
    std::vector<QString> m_rowLabels;
    Matrix m_values;
    bool m_editable = false;
};

} // namespace ae
