// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_kernels.
#include "Matrix.h"
#include "Softmax.h"
#include "TorchGenerator.h"

int aeLayeringProbe()
{
    return 0;
}
