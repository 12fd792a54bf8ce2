#pragma once

// Heatmaps the rendering tests draw: the article's attention weights for "Life is short, eat
// dessert first", a signed 6 x 4 matrix, causal masked scores with -inf cells, a 0/1 mask,
// a big random matrix and the four-head grid.
#include "HeatmapSpec.h"

#include <QRandomGenerator>

#include <cmath>
#include <limits>

namespace ae::test {

inline QStringList articleTokens()
{
    return {QStringLiteral("Life"), QStringLiteral("is"),      QStringLiteral("short"),
            QStringLiteral("eat"),  QStringLiteral("dessert"), QStringLiteral("first")};
}

inline HeatmapSpec articleWeights()
{
    Matrix w(6, 6);
    w << 0.1772f, 0.1965f, 0.1583f, 0.1613f, 0.1511f, 0.1556f, //
        0.0386f, 0.6870f, 0.0204f, 0.0840f, 0.1470f, 0.0229f,  //
        0.1424f, 0.2117f, 0.1309f, 0.1764f, 0.1845f, 0.1541f,  //
        0.1299f, 0.3011f, 0.1153f, 0.1657f, 0.1736f, 0.1144f,  //
        0.0809f, 0.4527f, 0.0633f, 0.1396f, 0.2118f, 0.0517f,  //
        0.1660f, 0.2329f, 0.1525f, 0.1530f, 0.1371f, 0.1585f;
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("attn_weights");
    spec.title = QStringLiteral("Attention weights α");
    spec.operation = QStringLiteral("softmax(ω / √2) : (6×6) → (6×6)");
    spec.matrix = std::make_shared<Matrix>(w);
    spec.rowLabels = spec.columnLabels = articleTokens();
    spec.rowAxisTitle = QStringLiteral("queries");
    spec.columnAxisTitle = QStringLiteral("keys");
    spec.rowAxis = AxisKind::QueryTokens;
    spec.columnAxis = AxisKind::KeyTokens;
    spec.scheme = ColorScheme::Sequential;
    spec.range = std::pair{0.0f, 1.0f};
    spec.explain = [](Eigen::Index r, Eigen::Index c) {
        return QStringLiteral("α[%1,%2] = softmax row").arg(r).arg(c);
    };
    return spec;
}

inline HeatmapSpec signedContext()
{
    Matrix m(6, 4);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 4; ++c)
            m(r, c) = std::sin(float(r) * 1.7f + float(c) * 0.9f) * (1.2f + 0.3f * float(c));
    m(0, 0) = -0.0f;
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("context_vec");
    spec.title = QStringLiteral("Context vectors z");
    spec.operation = QStringLiteral("(6×6)·(6×4) → (6×4)");
    spec.matrix = std::make_shared<Matrix>(m);
    spec.rowLabels = articleTokens();
    spec.rowAxisTitle = QStringLiteral("queries");
    spec.columnAxisTitle = QStringLiteral("features");
    return spec;
}

inline HeatmapSpec maskedScores()
{
    Matrix m(6, 6);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c)
            m(r, c) = c > r ? -std::numeric_limits<float>::infinity()
                            : std::cos(float(r) * 2.1f + float(c)) * 2.5f;
    HeatmapSpec spec = articleWeights();
    spec.tensorName = QStringLiteral("masked_scores");
    spec.title = QStringLiteral("Masked attention scores");
    spec.operation = QStringLiteral("ω masked with −∞ above the diagonal");
    spec.matrix = std::make_shared<Matrix>(m);
    spec.scheme = ColorScheme::Diverging;
    spec.range.reset();
    return spec;
}

inline HeatmapSpec causalMask()
{
    Matrix m(6, 6);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c)
            m(r, c) = c > r ? 1.0f : 0.0f;
    HeatmapSpec spec = articleWeights();
    spec.tensorName = QStringLiteral("mask");
    spec.title = QStringLiteral("Causal mask");
    spec.operation = QStringLiteral("triu(ones(6, 6), diagonal=1)");
    spec.matrix = std::make_shared<Matrix>(m);
    spec.scheme = ColorScheme::Mask;
    spec.range.reset();
    spec.decimals = 0;
    return spec;
}

inline HeatmapSpec randomScores(int n)
{
    Matrix m(n, n);
    QRandomGenerator rng(7);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = float(rng.generateDouble() * 2 - 1);
    HeatmapSpec spec;
    spec.tensorName = QStringLiteral("random");
    spec.title = QStringLiteral("Random scores");
    spec.operation = QStringLiteral("(%1×64)·(64×%1) → (%1×%1)").arg(n);
    spec.matrix = std::make_shared<Matrix>(m);
    spec.rowAxisTitle = QStringLiteral("queries");
    spec.columnAxisTitle = QStringLiteral("keys");
    return spec;
}

inline Figure headGrid()
{
    Figure figure;
    figure.name = QStringLiteral("08-head_grid_attn_weights");
    figure.title = QStringLiteral("Attention weights per head");
    figure.columns = 2;
    for (int h = 0; h < 4; ++h) {
        HeatmapSpec panel = articleWeights();
        panel.title = QStringLiteral("Head %1").arg(h);
        Matrix m = *panel.matrix;
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            m.row(r) = m.row(r).array().pow(float(h + 1));
            m.row(r) /= m.row(r).sum();
        }
        panel.matrix = std::make_shared<Matrix>(m);
        figure.panels.push_back(panel);
    }
    return figure;
}

} // namespace ae::test
