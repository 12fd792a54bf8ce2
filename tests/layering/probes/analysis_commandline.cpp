// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_analysis (the command
// line calls the analyses, never the other way round).
#include "CommandLine.h"

int aeLayeringProbe()
{
    return 0;
}
