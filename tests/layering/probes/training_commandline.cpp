// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_training (the command
// line sits above it).
#include "CommandLine.h"
#include "Trainer.h"

int aeLayeringProbe()
{
    return 0;
}
