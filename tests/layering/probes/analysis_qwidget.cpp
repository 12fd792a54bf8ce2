// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_analysis (no widgets).
#include "ModelTrace.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
