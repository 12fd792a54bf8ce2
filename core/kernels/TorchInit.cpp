#include "TorchInit.h"

#include "TorchGenerator.h"

#include <cmath>

namespace ae {

LinearParams drawLinear(TorchGenerator& gen, int in, int out, bool withBias)
{
    // The bounds are computed in double exactly as torch.nn.init does (a**2 is
    // 5.000000000000001 there too), then rounded to float by uniform_.
    const double a = std::sqrt(5.0);
    const double gain = std::sqrt(2.0 / (1 + a * a));
    const double bound = std::sqrt(3.0) * (gain / std::sqrt(static_cast<double>(in)));
    Matrix stored(out, in); // PyTorch's (out x in) layout
    gen.uniform({stored.data(), static_cast<std::size_t>(stored.size())},
                static_cast<float>(-bound), static_cast<float>(bound));
    LinearParams linear{stored.transpose(), {}};
    if (withBias) {
        const double biasBound = 1.0 / std::sqrt(static_cast<double>(in));
        linear.bias.resize(out);
        gen.uniform({linear.bias.data(), static_cast<std::size_t>(out)},
                    static_cast<float>(-biasBound), static_cast<float>(biasBound));
    }
    return linear;
}

Matrix drawRand(TorchGenerator& gen, int rows, int cols)
{
    Matrix m(rows, cols);
    gen.uniform({m.data(), static_cast<std::size_t>(m.size())}, 0.0f, 1.0f);
    return m;
}

} // namespace ae
