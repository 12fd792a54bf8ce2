#pragma once

#include "Rope.h"

#include <memory>
#include <string>
#include <vector>

namespace ae {

class Tokenizer;

// How a block normalises: GPT-2's LayerNorm (weight and bias) or Llama's RMSNorm (weight).
enum class NormKind
{
    LayerNorm,
    RmsNorm
};

// A block's feed-forward: GPT-2's GELU_tanh(x·W_fc + b)·W_proj + b, or Llama's SwiGLU
// down(silu(gate(x)) · up(x)).
enum class FeedForwardKind
{
    GeluTanh,
    SwiGlu
};

// Rotary positions on queries and keys (Llama's family) instead of learned position
// embeddings: rotate-half pairs, frequencies 1/theta^(2i/hd), optionally Llama 3's scaling.
struct RotaryPositions
{
    bool on = false;
    double theta = 10000;
    bool llama3Scaling = false;
    RopeLlama3Scaling scaling;
};

// What a model states about itself, whatever its family (TransformerLens's
// HookedTransformerConfig, reduced to what the families here differ in). Names of Hugging
// Face's GPT2Config in comments; the book's config keys in brackets.
struct TransformerConfig
{
    std::string family; // the registry's name of the family that loaded it: "gpt2", "book", "llama"
    std::string modelType; // config.json's model_type: "gpt2", "llama", "mistral", "qwen2", …
    int nLayer = 0;        // n_layer [n_layers]
    int nHead = 0;         // n_head [n_heads]
    int nKvHead = 0;       // key/value heads (= nHead: no grouped heads)
    int nEmbd = 0;         // n_embd: d [emb_dim]
    int nCtx = 0; // n_positions: rows of wpe, the longest sentence in tokens [context_length]
    std::string contextKey = "n_ctx"; // what the family's config calls nCtx, for messages
    int vocabSize = 0;                // vocab_size: rows of wte
    float epsilon = 1e-5f;            // layer_norm_epsilon (the book: 1e-5)
    bool mlp = true;      // blocks with a feed-forward half (false: attention-only) [mlp]
    bool tiedHead = true; // the output head is wte (GPT-2) or a tensor of its own (the book)
    // The tokenizer its ids come from: a registered one ("gpt2"), or a model's own
    // vocabulary: "ids" (the text is the ids, written out: "3 17 42"), "chars" (each
    // character is a token: `vocabulary` lists them, id -> character), as the training lab's
    // induction and character models have (training.md §4).
    std::string tokenizer = "gpt2";
    std::vector<std::string> vocabulary; // "chars": the characters, UTF-8, by id

    std::string dtype; // of the token embeddings in the file: "F32", "F16", "BF16"

    // What Llama's family differs in (llama.md §2); GPT-2's and the book's defaults.
    NormKind norm = NormKind::LayerNorm;
    FeedForwardKind feedForward = FeedForwardKind::GeluTanh;
    int headSize = 0;         // head_dim when not d / n_head (Qwen 3); 0: d / n_head
    int intermediateSize = 0; // the feed-forward's width; 0: 4·d
    bool qkNorm = false;      // RMSNorm over each query and key head (Qwen 3)
    bool qkvBias = false;     // the q, k, v projections have biases (Qwen 2; attention_bias)
    int window = 0;           // sliding window of this many keys (Mistral); 0: none
    RotaryPositions rope;     // rotary positions (then the model has no wpe)
    // The tokenizer a model brought in its own files (tokenizer.json): used instead of the
    // registered one `tokenizer` names; null for the others.
    std::shared_ptr<const Tokenizer> ownTokenizer;

    int headDim() const { return headSize > 0 ? headSize : nHead > 0 ? nEmbd / nHead : 0; }
    // n_head · head_dim: the queries' width and the output projection's input (d unless
    // head_dim was given).
    int attentionWidth() const { return nHead * headDim(); }
    int kvHeads() const { return nKvHead > 0 ? nKvHead : nHead; }
    int feedForwardWidth() const { return intermediateSize > 0 ? intermediateSize : 4 * nEmbd; }
};

} // namespace ae
