// Arbitrary bytes as a tokenizer.json (core/tokenizer/HfTokenizer.h): the JSON reader, the
// reading of the file's parts and, when it loads, encoding. A refusal is a TokenizerFileError
// that names the file; a tokenizer that loads gives ids inside its vocabulary, and encoding
// fails, if at all, with a std::runtime_error (a piece whose byte is no token, or PCRE2's
// match limit on a hostile pattern), never a crash; a piece's merges hold the offset asked.
#include "FuzzCheck.h"
#include "HfTokenizer.h"
#include "TokenizerFileError.h"

#include <cstdint>
#include <string_view>

using ae::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view json(reinterpret_cast<const char*>(data), size);
    std::shared_ptr<const ae::HfTokenizer> tokenizer;
    try {
        tokenizer = ae::HfTokenizer::fromJson(json, "fuzz.json");
    } catch (const ae::TokenizerFileError& e) {
        check(std::string_view(e.what()).starts_with("fuzz.json: "), "a refusal names the file",
              e.what());
        return 0;
    }
    for (const std::string_view text : {std::string_view("ab ab <s> e\xCC\x81 1234 \r\n\t"),
                                        std::string_view("\xFF\xC3"), json}) {
        try {
            for (const bool special : {false, true})
                for (const std::int64_t id : tokenizer->encodeIds(text, special)) {
                    check(id >= 0 && id < tokenizer->vocabularySize(),
                          "an id lies inside the vocabulary");
                    (void)tokenizer->tokenBytes(id);
                }
            for (std::size_t offset = 0; offset < text.size(); offset += 7)
                if (const auto m = tokenizer->mergesAt(text, offset, 8)) {
                    check(m->pieceBegin <= offset && offset < m->pieceBegin + m->piece.size(),
                          "the piece shown holds the offset");
                    check(m->steps.size() <= 9, "at most the steps asked for");
                }
        } catch (const ae::TokenizerFileError&) {
            check(false, "encoding does not throw a file error");
        } catch (const std::runtime_error&) {
        }
    }
    return 0;
}
