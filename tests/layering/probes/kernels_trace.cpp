// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_kernels (the Trace is the
// engine's).
#include "Trace.h"

int aeLayeringProbe()
{
    return 0;
}
