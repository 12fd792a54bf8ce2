#include "TraceTokens.h"

#include "Tokenizer.h"
#include "Trace.h"

namespace ae {

const Tokenizer& traceTokenizer(const Trace& trace)
{
    return trace.ownTokenizer ? *trace.ownTokenizer : tokenizerFor(trace.session.tokenizer);
}

std::string shownToken(const Trace& trace, bool source, std::size_t position)
{
    const auto& tokens = source ? trace.sourceTokens : trace.tokens;
    const auto& ids = source ? trace.sourceTokenIds : trace.tokenIds;
    if (position >= tokens.size())
        return {};
    return traceTokenizer(trace).displayToken(tokens[position],
                                              position < ids.size() ? ids[position] : -1);
}

std::string shownQueryToken(const Trace& trace, std::size_t position)
{
    return shownToken(trace, false, position);
}

std::string shownKeyToken(const Trace& trace, std::size_t position)
{
    return shownToken(trace, trace.session.isCross(), position);
}

std::vector<std::string> shownTokens(const Trace& trace, bool source)
{
    const std::size_t count = (source ? trace.sourceTokens : trace.tokens).size();
    std::vector<std::string> shown;
    shown.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        shown.push_back(shownToken(trace, source, i));
    return shown;
}

} // namespace ae
