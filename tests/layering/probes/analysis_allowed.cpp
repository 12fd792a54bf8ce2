// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_analysis (it reads a model's
// forward).
#include "ModelTrace.h"
#include "TransformerForward.h"

int aeLayeringProbe()
{
    return 0;
}
