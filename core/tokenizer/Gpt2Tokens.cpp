#include "Gpt2Tokens.h"

#include "Gpt2Encoding.h"

namespace ae {

Gpt2Tokens gpt2Tokens(std::string_view text)
{
    Gpt2Tokens out;
    out.ids = gpt2Encode(text);
    out.tokens.reserve(out.ids.size());
    for (const std::int64_t id : out.ids)
        out.tokens.push_back(gpt2TokenText(id));
    return out;
}

} // namespace ae
