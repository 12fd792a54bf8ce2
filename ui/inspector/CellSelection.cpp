#include "CellSelection.h"

#include "ValueText.h"

namespace ae {

std::optional<int> CellSelection::highlightFor(AxisKind axis) const
{
    switch (axis) {
    case AxisKind::QueryTokens:
        return m_query;
    case AxisKind::KeyTokens:
        return m_key;
    case AxisKind::Features:
    case AxisKind::Other:
        break;
    }
    return std::nullopt;
}

QString CellSelection::describe(const HeatmapSpec& spec, int row, int col)
{
    if (row < 0 || col < 0 || row >= specRows(spec) || col >= specColumns(spec))
        return {};
    return cellDescription(spec, row, col);
}

void CellSelection::pin(const HeatmapSpec& spec, int row, int col)
{
    auto axisValue = [&](AxisKind kind) -> std::optional<int> {
        if (spec.rowAxis == kind)
            return row;
        if (spec.columnAxis == kind)
            return col;
        return std::nullopt;
    };
    const auto query = axisValue(AxisKind::QueryTokens);
    const auto key = axisValue(AxisKind::KeyTokens);
    if (query == m_query && key == m_key) {
        clear();
        return;
    }
    m_query = query;
    m_key = key;
    m_pinnedTitle = spec.title;
    m_pinnedText = describe(spec, row, col);
    Q_EMIT pinnedChanged();
    Q_EMIT inspectedTextChanged(m_pinnedTitle, m_pinnedText);
}

void CellSelection::clear()
{
    m_query.reset();
    m_key.reset();
    m_pinnedTitle.clear();
    m_pinnedText.clear();
    Q_EMIT pinnedChanged();
    Q_EMIT inspectedTextChanged({}, {});
}

void CellSelection::hover(const HeatmapSpec& spec, int row, int col)
{
    if (row < 0)
        Q_EMIT inspectedTextChanged(m_pinnedTitle, m_pinnedText);
    else
        Q_EMIT inspectedTextChanged(spec.title, describe(spec, row, col));
}

} // namespace ae
