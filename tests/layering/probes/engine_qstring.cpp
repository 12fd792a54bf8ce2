// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_engine (no Qt).
#include "Trace.h"
#include <QString>

int aeLayeringProbe()
{
    return 0;
}
