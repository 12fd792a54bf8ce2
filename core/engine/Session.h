#pragma once

#include "Matrix.h"
#include "Rope.h"
#include "Tokenizer.h"
#include "TorchGenerator.h"

#include <cstdint>
#include <optional>
#include <string>

namespace ae {

enum class EmbeddingSource
{
    Torch,
    Manual
};
enum class Variant
{
    Simplified,
    SelfAttention,
    MultiHeadWrapper,
    MultiHead
};
enum class InitScheme
{
    Rand,
    Linear
};
enum class MaskMethod
{
    NegInf,
    Renormalize
};
enum class Positional
{
    None,
    Learned,
    Sinusoidal
};
enum class KernelKind
{
    Standard, // scores, softmax and context over whole rows
    Flash     // FlashAttention-2's tiled forward (todays-attention.md §4)
};

// What the user chose: one value per session key of the reference semantics (spec §1),
// defaults being the article's example. Plain data; SessionValidator says whether a
// combination is computable, SessionJson reads and writes it.
struct Session
{
    std::string title;       // metadata shown by the app; no effect on the numbers
    std::string description; // likewise

    std::string sentence = "Life is short, eat dessert first";
    std::string sourceSentence; // non-empty: cross-attention
    TokenizerKind tokenizer = TokenizerKind::Words;
    CpuCapability cpuCapability = CpuCapability::Default; // whose last bits the random draws follow

    EmbeddingSource embedding = EmbeddingSource::Torch;
    std::uint64_t embeddingSeed = 123;
    std::int64_t vocabSize = 50000;
    int dIn = 3;
    Matrix inputs;                            // manual only: one row per token of sentence
    Matrix sourceInputs;                      // manual cross-attention only
    Positional positional = Positional::None; // added to the token embeddings
    std::int64_t contextLength = 1024;        // rows of the learned position table

    Variant variant = Variant::SelfAttention;
    InitScheme init = InitScheme::Rand;
    int dOutKq = 2;
    int dOutV = 4;
    int numHeads = 1;
    bool qkvBias = false;
    std::uint64_t weightSeed = 123;

    bool causal = false;
    MaskMethod maskMethod = MaskMethod::NegInf;
    double dropout = 0.0;
    bool training = false;
    std::optional<std::uint64_t> dropoutSeed;

    // Attention as today's models compute it (todays-attention.md); the defaults change nothing.
    bool rope = false;                     // rotary position embeddings on queries and keys
    RopeStyle ropeStyle = RopeStyle::Half; // rotate-half pairs (Hugging Face) or (2i, 2i+1)
    double ropeTheta = 10000.0;            // the base of the rotation frequencies
    int numKvHeads = 0;                    // multihead: key/value heads; 0: as many as num_heads
    int window = 0;                        // sliding window of W keys; 0: none
    KernelKind kernel = KernelKind::Standard;
    int blockQ = 2, blockK = 2; // flash: rows of a query block, columns of a key block

    // A GPT-2 checkpoint (spec gpt2.md §2): a model.safetensors path, absolute once the
    // session file was read (relative paths resolve against the session file's folder).
    // With it the random module's keys are refused and tokenizer is gpt2.
    std::string model;
    // With model: a sentence of more tokens than the model reads (n_ctx) keeps its first
    // n_ctx tokens instead of being refused (--truncate).
    bool truncate = false;

    bool isCross() const { return !sourceSentence.empty(); }
    bool dropoutActive() const { return training && dropout > 0.0; }
    bool hasWeights() const { return variant != Variant::Simplified; }
    int effectiveHeads() const { return hasWeights() ? numHeads : 1; }
    // Key/value heads: num_kv_heads for multihead when given, else one per query head.
    int kvHeads() const
    {
        return variant == Variant::MultiHead && numKvHeads > 0 ? numKvHeads : effectiveHeads();
    }
    bool grouped() const { return kvHeads() != effectiveHeads(); }
    // Some keys are hidden from some queries: a causal mask, a sliding window, or both.
    bool masked() const { return causal || window > 0; }
};

} // namespace ae
