// Layering probe (tests/layering/CMakeLists.txt): compiles in ae_tokenizer.
#include "Gpt2Encoding.h"
#include "Tokenizer.h"
#include "Utf8.h"
#include <string>

int aeLayeringProbe()
{
    return 0;
}
