// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_heatmap.
#include "HeatmapSpec.h"
#include "HeatmapWidget.h"
#include "Matrix.h"
#include <QWidget>

int aeLayeringProbe()
{
    return 0;
}
