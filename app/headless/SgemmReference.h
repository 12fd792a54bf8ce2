#pragma once

#include <vector>

class QJsonObject;

namespace ae {

// The machine's SGEMM rate beside the forwards a benchmark times (docs/performance.md: the speed
// goals are ratios to it): measure() between two forwards runs one 2048³ product on OpenBLAS's
// own threads (sgemmReferenceGflops), so that the forwards and the reference share the same
// minutes of a shared machine. report() adds sgemm_gflops (the median rate) and of_sgemm (the
// forward's useful GFLOP/s over it); nothing without OpenBLAS.
class SgemmReference
{
public:
    static constexpr long Size = 2048;

    void measure();
    void report(QJsonObject& out, double forwardGflops) const;

private:
    std::vector<double> m_rates;
};

} // namespace ae
