// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_training (it scores heads and
// builds a model).
#include "HeadDetectors.h"
#include "TransformerModel.h"

int aeLayeringProbe()
{
    return 0;
}
