// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_cli_headless (the window
// is ae_ui's).
#include "MainWindow.h"

int aeLayeringProbe()
{
    return 0;
}
