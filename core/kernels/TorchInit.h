#pragma once

#include "Matrix.h"

namespace ae {

class TorchGenerator;

struct LinearParams
{
    Matrix weight;  // x @ W orientation: (in x out), i.e. nn.Linear's weight transposed
    RowVector bias; // empty without bias
};

// nn.Linear(in, out, bias)'s reset_parameters(): the (out x in) weight drawn row-major
// from kaiming_uniform_(a = sqrt(5)), then the bias from U(-1/sqrt(in), 1/sqrt(in)).
LinearParams drawLinear(TorchGenerator& gen, int in, int out, bool withBias);

// torch.rand(rows, cols).
Matrix drawRand(TorchGenerator& gen, int rows, int cols);

} // namespace ae
