// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_training (the command
// line sits above it).
#include "Trainer.h"
#include "CommandLine.h"

int aeLayeringProbe()
{
    return 0;
}
