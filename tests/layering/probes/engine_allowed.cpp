// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_engine.
#include "Matrix.h"
#include "Trace.h"
#include "TraceEngine.h"

int aeLayeringProbe()
{
    return 0;
}
