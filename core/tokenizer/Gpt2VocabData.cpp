#include "Gpt2VocabData.h"

// The assembler copies encoder.json into .rodata (.incbin), so the engine carries GPT-2's
// vocabulary without Qt's resource compiler. AE_GPT2_ENCODER_JSON is its absolute path, set by
// core/engine/CMakeLists.txt, which also makes this file depend on it (a compiler cache does
// not see the included file: encoder.json is a fixed, checksummed input).

__asm__(".section .rodata\n"
        ".balign 16\n"
        "ae_gpt2_encoder_json_begin:\n"
        ".incbin \"" AE_GPT2_ENCODER_JSON "\"\n"
        "ae_gpt2_encoder_json_end:\n"
        ".previous\n");

extern "C" {
extern const char ae_gpt2_encoder_json_begin[] __asm__("ae_gpt2_encoder_json_begin");
extern const char ae_gpt2_encoder_json_end[] __asm__("ae_gpt2_encoder_json_end");
}

namespace ae {

std::string_view gpt2EncoderJson()
{
    return {ae_gpt2_encoder_json_begin,
            std::size_t(ae_gpt2_encoder_json_end - ae_gpt2_encoder_json_begin)};
}

} // namespace ae
