// Arbitrary bytes as a safetensors file through the header validator
// (core/model/SafetensorsHeader.h) and GPT-2's configuration inference
// (core/model/TransformerConfig.h), checking what the mapping relies on: a valid header's
// ranges lie inside the data and do not overlap, each range is its shape × dtype size,
// and reading every byte of every range stays inside the buffer (ASan sees it).
#include "FuzzCheck.h"
#include "Gpt2Config.h"
#include "SafetensorsHeader.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using ae::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto result = ae::parseSafetensorsHeader(bytes, size);
    if (!result.error.isEmpty()) {
        check(result.header.tensors.empty(), "a refused file has no tensors");
        return 0;
    }
    const auto& header = result.header;
    check(header.dataStart >= 8 && header.dataStart <= size,
          "the data section starts inside the file");
    const std::uint64_t dataSize = size - header.dataStart;

    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    unsigned checksum = 0;
    for (const ae::TensorEntry& e : header.tensors) {
        check(e.begin <= e.end && e.end <= dataSize, "a tensor's range lies inside the data",
              e.name);
        check(std::uint64_t(e.elementCount()) * std::uint64_t(ae::dtypeSize(e.dtype)) ==
                  e.end - e.begin,
              "a tensor's range is its shape times its dtype size", e.name);
        for (std::uint64_t i = e.begin; i < e.end; ++i)
            checksum += data[header.dataStart + i];
        if (e.end > e.begin)
            ranges.emplace_back(e.begin, e.end);
    }
    std::sort(ranges.begin(), ranges.end());
    for (std::size_t i = 1; i < ranges.size(); ++i)
        check(ranges[i].first >= ranges[i - 1].second, "no two ranges overlap");

    const auto config = ae::gpt2Config(header, nullptr);
    if (config.error.isEmpty()) {
        const ae::TransformerConfig& c = config.config;
        check(c.nLayer >= 1 && c.nHead >= 1 && c.nEmbd == 64 * c.nHead && c.nCtx >= 1 &&
                  c.vocabSize >= 1,
              "an inferred configuration is a GPT-2's");
    }
    return checksum == 0xdeadbeef ? 1 : 0; // keeps the reads; libFuzzer ignores the value
}
