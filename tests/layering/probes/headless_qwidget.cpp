// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_cli_headless (no widgets).
#include "CommandLine.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
