#include "ScaleTicks.h"

#include "ValueText.h"

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

// Tick multiples k with low <= k * step <= high. The tolerance snaps the ends: with a step
// of 0.1, low = -0.30000000000000004 must still give the tick -0.3.
std::pair<double, double> multiples(double low, double high, double step)
{
    return {std::ceil(low / step - 1e-9), std::floor(high / step + 1e-9)};
}

} // namespace

ScaleTicks ScaleTicks::forRange(double low, double high, int maxCount)
{
    ScaleTicks ticks;
    if (!std::isfinite(low) || !std::isfinite(high) || maxCount < 1)
        return ticks;
    if (low > high)
        std::swap(low, high);
    if (high == low || maxCount == 1) {
        ticks.values = {low};
        ticks.general = true;
        return ticks;
    }
    // The finest nice step (1, 2, 2.5, 5 times a power of ten) that gives at most maxCount
    // ticks; starting a decade below the rough step (span / (maxCount - 1)) finds it.
    const double rough = (high - low) / (maxCount - 1);
    double decade = std::pow(10.0, std::floor(std::log10(rough)) - 1);
    double factor = 1;
    for (int tries = 0; tries < 12; ++tries, decade *= 10) {
        bool found = false;
        for (const double f : {1.0, 2.0, 2.5, 5.0}) {
            const auto [first, last] = multiples(low, high, f * decade);
            if (last - first + 1 <= maxCount) {
                factor = f;
                found = true;
                break;
            }
        }
        if (found)
            break;
    }
    ticks.step = factor * decade;
    const auto [first, last] = multiples(low, high, ticks.step);
    for (double k = first; k <= last; k += 1)
        ticks.values.push_back(k == 0 ? 0.0 : k * ticks.step);
    const double largest = std::max(std::abs(low), std::abs(high));
    ticks.general = largest >= 1e5 || ticks.step < 1e-4;
    // 0.2 needs one decimal, 0.25 two, 25 none.
    ticks.decimals =
        std::max(0, int(-std::floor(std::log10(ticks.step) + 1e-9)) + (factor == 2.5 ? 1 : 0));
    return ticks;
}

QString ScaleTicks::label(double value) const
{
    if (value == 0) // never "-0.0"
        value = 0;
    const QString text =
        general ? QString::number(value, 'g', 4) : QString::number(value, 'f', decimals);
    return withMinusSign(text);
}

} // namespace ae
