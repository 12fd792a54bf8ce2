// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_kernels (no Qt).
#include "Matrix.h"
#include <QString>

int aeLayeringProbe()
{
    return 0;
}
