#include "SgemmReference.h"

#include "MatMul.h"

#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace ae {

void SgemmReference::measure()
{
    if (const double rate = sgemmReferenceGflops(Size); rate > 0)
        m_rates.push_back(rate);
}

void SgemmReference::report(QJsonObject& out, double forwardGflops) const
{
    if (m_rates.empty())
        return;
    std::vector<double> rates = m_rates;
    std::nth_element(rates.begin(), rates.begin() + std::ptrdiff_t(rates.size() / 2), rates.end());
    const double median = rates[rates.size() / 2];
    out[QStringLiteral("sgemm_gflops")] = std::round(median * 10) / 10;
    // To four significant digits: a six-token session's ratio is some 1e-4.
    const double ratio = forwardGflops / median;
    const double scale = ratio > 0 ? std::pow(10.0, 3 - std::floor(std::log10(ratio))) : 1.0;
    out[QStringLiteral("of_sgemm")] = std::round(ratio * scale) / scale;
}

} // namespace ae
