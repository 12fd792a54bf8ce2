// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_model (Qt Core only).
#include "SessionIssue.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
