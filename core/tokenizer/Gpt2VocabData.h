#pragma once

#include <string_view>

namespace ae {

// resources/gpt2/encoder.json as compiled into the program (Gpt2VocabData.cpp), without
// Qt's resource system: the engine links no Qt.
std::string_view gpt2EncoderJson();

} // namespace ae
