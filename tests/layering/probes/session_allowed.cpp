// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_session.
#include "Engine.h"
#include "SessionJson.h"
#include "Trace.h"
#include <QString>

int aeLayeringProbe()
{
    return 0;
}
