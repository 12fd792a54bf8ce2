#pragma once

#include <string>
#include <string_view>

namespace ae {

// A token's bytes as a reader sees them, as UTF-8 (the one rendering every token view uses; the
// Qt views wrap it in ui/pages/TokenSpanText.h). Byte-level BPE keeps every byte of the text, so
// a token may be a tab, a run of newlines or a zero-width space, which would draw as nothing:
//   space " "                    ␣ (U+2423), wherever it is
//   tab, line feed, return       ␉ (U+2409), ⏎ (U+23CE), ␍ (U+240D)
//   any other control (Cc), an invisible (default-ignorable) code point or other white space
//   (no-break space, U+3000, U+2028 ...)   ⟨U+200B⟩: "U+" and at least four hex digits
//   bytes that are not part of a whole UTF-8 character (a token may end inside one)
//                                <E4 BD>: the bytes in hex
// except that a joiner, variation selector or tag right after a visible character stays as it
// is: it is part of what that character draws (an emoji sequence, a flag). Everything else,
// U+FFFD included, is shown as itself.
std::string displayTokenText(std::string_view bytes);

} // namespace ae
