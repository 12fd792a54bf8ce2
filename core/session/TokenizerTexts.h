#pragma once

#include <QString>

namespace ae {

class Tokenizer;

// What people read about a registered tokenizer (Tokenizer.h), translated: the registry is
// Qt-free and says what a tokenizer does, these say it in words. A new tokenizer adds its
// case here (the compiler warns of a missing one).
//   title:       the window's choice ("GPT-2 byte-pair encoding")
//   explanation: the Tokens page's paragraph, how the text became these tokens and ids
QString tokenizerTitle(const Tokenizer& tokenizer);
QString tokenizerExplanation(const Tokenizer& tokenizer);

} // namespace ae
