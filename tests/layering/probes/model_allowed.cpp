// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_model (it reports SessionIssues
// and reads the engine's types).
#include "SessionIssue.h"
#include "Trace.h"
#include <QString>

int aeLayeringProbe()
{
    return 0;
}
