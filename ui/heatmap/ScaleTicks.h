#pragma once

#include <QString>

#include <vector>

namespace ae {

// "Nice" tick values (1, 2, 2.5 or 5 times a power of ten) for a colour bar from low to high,
// at most maxCount of them, with the number of decimals that prints them all distinctly.
struct ScaleTicks
{
    std::vector<double> values;
    double step = 0;
    int decimals = 0;
    bool general = false; // values too large or too small for fixed notation: printed with 'g'

    static ScaleTicks forRange(double low, double high, int maxCount);
    QString label(double value) const; // "0.25", "−0.5", "1e+06"; never "−0.0"
};

} // namespace ae
