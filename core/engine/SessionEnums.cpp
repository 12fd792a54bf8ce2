#include "SessionEnums.h"

#include <array>
#include <utility>

namespace ae {

namespace {

template <typename Enum> struct Names;

template <> struct Names<EmbeddingSource>
{
    static constexpr std::array table{
        std::pair{EmbeddingSource::Torch, std::string_view{"torch"}},
        std::pair{EmbeddingSource::Manual, std::string_view{"manual"}}};
};
template <> struct Names<Variant>
{
    static constexpr std::array table{
        std::pair{Variant::Simplified, std::string_view{"simplified"}},
        std::pair{Variant::SelfAttention, std::string_view{"self-attention"}},
        std::pair{Variant::MultiHeadWrapper, std::string_view{"multihead-wrapper"}},
        std::pair{Variant::MultiHead, std::string_view{"multihead"}}};
};
template <> struct Names<InitScheme>
{
    static constexpr std::array table{std::pair{InitScheme::Rand, std::string_view{"rand"}},
                                      std::pair{InitScheme::Linear, std::string_view{"linear"}}};
};
template <> struct Names<MaskMethod>
{
    static constexpr std::array table{
        std::pair{MaskMethod::NegInf, std::string_view{"neg-inf"}},
        std::pair{MaskMethod::Renormalize, std::string_view{"renormalize"}}};
};
template <> struct Names<TokenizerKind>
{
    static constexpr std::array table{
        std::pair{TokenizerKind::Words, std::string_view{"words"}},
        std::pair{TokenizerKind::CjkChars, std::string_view{"cjk-chars"}},
        std::pair{TokenizerKind::Gpt2, std::string_view{"gpt2"}}};
};

template <> struct Names<CpuCapability>
{
    static constexpr std::array table{
        std::pair{CpuCapability::Default, std::string_view{"default"}},
        std::pair{CpuCapability::Avx2, std::string_view{"avx2"}}};
};

template <> struct Names<Positional>
{
    static constexpr std::array table{
        std::pair{Positional::None, std::string_view{"none"}},
        std::pair{Positional::Learned, std::string_view{"learned"}},
        std::pair{Positional::Sinusoidal, std::string_view{"sinusoidal"}}};
};

template <> struct Names<RopeStyle>
{
    static constexpr std::array table{
        std::pair{RopeStyle::Half, std::string_view{"half"}},
        std::pair{RopeStyle::Interleaved, std::string_view{"interleaved"}}};
};

template <> struct Names<KernelKind>
{
    static constexpr std::array table{std::pair{KernelKind::Standard, std::string_view{"standard"}},
                                      std::pair{KernelKind::Flash, std::string_view{"flash"}}};
};

template <typename Enum> std::string_view keyOf(Enum value)
{
    for (const auto& [candidate, key] : Names<Enum>::table)
        if (candidate == value)
            return key;
    return {};
}

} // namespace

std::string_view toKey(EmbeddingSource value)
{
    return keyOf(value);
}
std::string_view toKey(Variant value)
{
    return keyOf(value);
}
std::string_view toKey(InitScheme value)
{
    return keyOf(value);
}
std::string_view toKey(MaskMethod value)
{
    return keyOf(value);
}
std::string_view toKey(TokenizerKind value)
{
    return keyOf(value);
}
std::string_view toKey(CpuCapability value)
{
    return keyOf(value);
}
std::string_view toKey(Positional value)
{
    return keyOf(value);
}
std::string_view toKey(RopeStyle value)
{
    return keyOf(value);
}
std::string_view toKey(KernelKind value)
{
    return keyOf(value);
}

template <typename Enum> std::optional<Enum> enumFromKey(std::string_view key)
{
    for (const auto& [value, candidate] : Names<Enum>::table)
        if (candidate == key)
            return value;
    return std::nullopt;
}

template <typename Enum> std::vector<std::string_view> enumKeys()
{
    std::vector<std::string_view> keys;
    for (const auto& entry : Names<Enum>::table)
        keys.push_back(entry.second);
    return keys;
}

#define AE_INSTANTIATE(Enum)                                                                       \
    template std::optional<Enum> enumFromKey<Enum>(std::string_view);                              \
    template std::vector<std::string_view> enumKeys<Enum>();
AE_INSTANTIATE(EmbeddingSource)
AE_INSTANTIATE(Variant)
AE_INSTANTIATE(InitScheme)
AE_INSTANTIATE(MaskMethod)
AE_INSTANTIATE(TokenizerKind)
AE_INSTANTIATE(CpuCapability)
AE_INSTANTIATE(Positional)
AE_INSTANTIATE(RopeStyle)
AE_INSTANTIATE(KernelKind)
#undef AE_INSTANTIATE

} // namespace ae
