#pragma once

#include <QJsonObject>
#include <QString>

#include <cmath>

namespace ae::test {

// A --benchmark's figures against the machine's SGEMM rate (SgemmReference.h): with OpenBLAS
// (`products` "openblas ..."), sgemm_gflops a rate and of_sgemm the forward's gflops over it;
// without, neither. Empty when they hold, else what does not.
inline QString sgemmFiguresProblem(const QJsonObject& figures)
{
    const bool blas = figures.value(QStringLiteral("products"))
                          .toString()
                          .startsWith(QStringLiteral("openblas "));
    const double rate = figures.value(QStringLiteral("sgemm_gflops")).toDouble(-1);
    const double ratio = figures.value(QStringLiteral("of_sgemm")).toDouble(-1);
    const double gflops = figures.value(QStringLiteral("gflops")).toDouble(-1);
    if (!blas)
        return figures.contains(QStringLiteral("sgemm_gflops")) ||
                       figures.contains(QStringLiteral("of_sgemm"))
                   ? QStringLiteral("an SGEMM rate without OpenBLAS")
                   : QString();
    if (rate <= 1 || gflops < 0)
        return QStringLiteral("sgemm_gflops %1, gflops %2").arg(rate).arg(gflops);
    // of_sgemm · sgemm_gflops gives gflops back, within the three figures' rounding (gflops to
    // 0.001, the rate to 0.1, the ratio to four significant digits).
    if (std::abs(ratio * rate - gflops) > 0.0006 + 0.05 * ratio + 1e-3 * gflops)
        return QStringLiteral("of_sgemm %1 x sgemm_gflops %2 is not gflops %3")
            .arg(ratio)
            .arg(rate)
            .arg(gflops);
    return {};
}

} // namespace ae::test
