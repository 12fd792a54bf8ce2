// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_tokenizer (no Qt).
#include "Tokenizer.h"
#include <QString>

int aeLayeringProbe()
{
    return 0;
}
