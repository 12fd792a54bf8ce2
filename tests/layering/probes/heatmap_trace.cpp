// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_heatmap (it draws
// matrices, it does not know the Trace).
#include "HeatmapSpec.h"
#include "Trace.h"

int aeLayeringProbe()
{
    return 0;
}
