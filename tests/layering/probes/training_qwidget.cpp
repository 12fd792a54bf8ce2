// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_training (no widgets).
#include "Trainer.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
