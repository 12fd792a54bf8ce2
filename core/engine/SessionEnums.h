#pragma once

#include "Session.h"

#include <optional>
#include <string_view>
#include <vector>

namespace ae {

// The session file's spelling of each enumerated value ("multihead-wrapper", ...).
std::string_view toKey(EmbeddingSource value);
std::string_view toKey(Variant value);
std::string_view toKey(InitScheme value);
std::string_view toKey(MaskMethod value);
std::string_view toKey(TokenizerKind value);
std::string_view toKey(CpuCapability value);
std::string_view toKey(Positional value);
std::string_view toKey(RopeStyle value);
std::string_view toKey(KernelKind value);

template <typename Enum> std::optional<Enum> enumFromKey(std::string_view key);

// All spellings of an enum, in declaration order (for messages and combo boxes).
template <typename Enum> std::vector<std::string_view> enumKeys();

} // namespace ae
