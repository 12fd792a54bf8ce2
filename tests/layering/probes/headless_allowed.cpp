// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_cli_headless.
#include "CommandLine.h"
#include "Engine.h"
#include "RunJson.h"

int aeLayeringProbe()
{
    return 0;
}
