// Layering probe (tests/layering/CMakeLists.txt): must not compile in ae_tokenizer (the Session
// names a tokenizer; the tokenizer does not know the Session).
#include "Session.h"

int aeLayeringProbe()
{
    return 0;
}
