#include "AdamW.h"

#include <cmath>

namespace ae {

float clipGradNorm(const ParameterLayout& layout, float* grads, double maxNorm)
{
    double squares = 0;
    for (const ParamTensor& t : layout.tensors) {
        double sum = 0;
        for (std::size_t i = 0; i < t.size; ++i)
            sum += double(grads[t.offset + i]) * double(grads[t.offset + i]);
        const auto norm = float(std::sqrt(sum));
        squares += double(norm) * double(norm);
    }
    const auto total = float(std::sqrt(squares));
    const float coef = float(maxNorm) / (total + 1e-6f);
    const float clamped = std::min(coef, 1.0f);
    for (std::size_t i = 0; i < layout.total; ++i)
        grads[i] *= clamped;
    return total;
}

AdamW::AdamW(std::size_t size, double lr, double weightDecay)
    : m_lr(lr), m_weightDecay(weightDecay), m_m(size, 0.0f), m_v(size, 0.0f)
{
}

void AdamW::step(float* params, const float* grads)
{
    constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    ++m_step;
    const auto decay = float(1.0 - m_lr * m_weightDecay);
    const auto b1 = float(beta1), b2 = float(beta2);
    const auto a1 = float(1.0 - beta1), a2 = float(1.0 - beta2);
    const double correction1 = 1.0 - std::pow(beta1, m_step);
    const double correction2 = 1.0 - std::pow(beta2, m_step);
    const auto stepSize = float(-(m_lr / correction1));
    const auto correction2Sqrt = float(std::sqrt(correction2));
    const auto epsF = float(eps);
    const auto n = std::ptrdiff_t(m_m.size());
#pragma omp parallel for schedule(static)
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        const float g = grads[i];
        params[i] *= decay;
        m_m[std::size_t(i)] = m_m[std::size_t(i)] * b1 + a1 * g;
        m_v[std::size_t(i)] = m_v[std::size_t(i)] * b2 + a2 * g * g;
        const float denom = std::sqrt(m_v[std::size_t(i)]) / correction2Sqrt + epsF;
        params[i] += stepSize * m_m[std::size_t(i)] / denom;
    }
}

} // namespace ae
