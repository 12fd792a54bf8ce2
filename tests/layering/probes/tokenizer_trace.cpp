// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_tokenizer (the Trace is
// the engine's: tokens come first, the engine is built on them).
#include "Trace.h"

int aeLayeringProbe()
{
    return 0;
}
