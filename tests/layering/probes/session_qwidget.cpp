// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_session (Qt Core only).
#include "SessionJson.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
