#pragma once

#include "ParameterLayout.h"

#include <vector>

namespace ae {

// torch.nn.utils.clip_grad_norm_(params, max_norm) of torch 1.13: each tensor's 2-norm (in
// registration order), total = ‖norms‖₂, every gradient multiplied by
// min(max_norm / (total + 1e-6), 1) (always multiplied, as torch does). float32 results;
// the sums in double, in order. Returns the total norm.
float clipGradNorm(const ParameterLayout& layout, float* grads, double maxNorm);

// torch.optim.AdamW (torch 1.13, the single-tensor path; betas 0.9/0.999, eps 1e-8), one step
// over the flat buffers (weight decay applies to every parameter, as the book's does). Per
// element in float32, in torch's order:
//   p *= 1 − lr·wd;  m = m·β1 + (1 − β1)·g;  v = v·β2 + (1 − β2)·g·g;
//   p += −(lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + eps)
// the bias corrections in double (Python floats), cast to float where torch casts a scalar.
class AdamW
{
public:
    AdamW(std::size_t size, double lr, double weightDecay);
    void step(float* params, const float* grads);
    int steps() const { return m_step; }

private:
    double m_lr, m_weightDecay;
    std::vector<float> m_m, m_v;
    int m_step = 0;
};

} // namespace ae
