// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_engine (translated
// messages are ae_session's).
#include "SessionIssue.h"

int aeLayeringProbe()
{
    return 0;
}
