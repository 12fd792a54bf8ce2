#pragma once

#include "Matrix.h"

#include <QString>

#include <random>

namespace ae::test {

// llm.c's check_tensor: compare cell by cell, report the worst difference and where.
// Cells match when |a - b| <= atol + rtol * |b|, or when both are the same infinity
// or both NaN.
struct TensorComparison
{
    bool shapesMatch = true;
    bool ok = true;
    double worstDiff = 0;
    Eigen::Index worstRow = 0, worstCol = 0;
    float expected = 0, actual = 0;
    QString describe(const QString& name) const;
};

TensorComparison compareTensors(const Matrix& expected, const Matrix& actual, double atol = 1e-5,
                                double rtol = 1e-5);

// The worst difference of several comparisons and where it was, for a test to print.
struct WorstDifference
{
    double diff = 0;
    QString where;
    void note(const TensorComparison& cmp, const QString& name)
    {
        if (cmp.worstDiff >= diff)
            *this = {cmp.worstDiff, name};
    }
};

// rows x cols standard normal floats from `random` (or a stream seeded with `seed`).
Matrix normalMatrix(Eigen::Index rows, Eigen::Index cols, std::mt19937& random);
Matrix normalMatrix(Eigen::Index rows, Eigen::Index cols, unsigned seed);

// A product's worst error against the product computed in double: max |got - a·b| over the
// cell's magnitude Σ|a_ik b_kj|, the scale of float32 rounding in a k-term sum.
double worstProductError(const Matrix& a, const Matrix& b, const Matrix& got);
// The same for start + a·b + bias (bias added to every row; an empty start or bias is none),
// over |start| + Σ|a_ik b_kj| + |bias|: a product added to a target, a linear layer.
double worstProductError(const Matrix& a, const Matrix& b, const Matrix& got, const Matrix& start,
                         const RowVector& bias);

} // namespace ae::test

// Fails the current test with the worst difference when two tensors differ.
#define AE_COMPARE_TENSORS(name, expected, actual, atol)                                           \
    do {                                                                                           \
        const auto cmp_ = ae::test::compareTensors((expected), (actual), (atol), (atol));          \
        if (!cmp_.ok)                                                                              \
            QFAIL(qPrintable(cmp_.describe(name)));                                                \
    } while (false)
