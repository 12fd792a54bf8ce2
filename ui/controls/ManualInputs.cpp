#include "ManualInputs.h"

#include "Session.h"

namespace ae {

Matrix resizedKeepingValues(const Matrix& values, Eigen::Index rows, Eigen::Index cols)
{
    if (values.rows() == rows && values.cols() == cols)
        return values;
    Matrix resized = Matrix::Zero(rows, cols);
    const Eigen::Index keepRows = std::min(rows, values.rows());
    const Eigen::Index keepCols = std::min(cols, values.cols());
    resized.topLeftCorner(keepRows, keepCols) = values.topLeftCorner(keepRows, keepCols);
    return resized;
}

Matrix withoutColumn(const Matrix& values, Eigen::Index column)
{
    if (column < 0 || column >= values.cols())
        return values;
    Matrix result(values.rows(), values.cols() - 1);
    result.leftCols(column) = values.leftCols(column);
    result.rightCols(values.cols() - column - 1) = values.rightCols(values.cols() - column - 1);
    return result;
}

void fitManualInputs(Session& session)
{
    if (session.embedding != EmbeddingSource::Manual)
        return;
    const auto rowsFor = [&](const std::string& text) {
        return Eigen::Index(tokenize(text, session.tokenizer).size());
    };
    session.inputs = resizedKeepingValues(session.inputs, rowsFor(session.sentence), session.dIn);
    session.sourceInputs = session.isCross()
                               ? resizedKeepingValues(session.sourceInputs,
                                                      rowsFor(session.sourceSentence), session.dIn)
                               : Matrix();
}

} // namespace ae
