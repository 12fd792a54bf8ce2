#pragma once

#include <string>
#include <vector>

namespace ae {

// What a model states about itself, whatever its family (TransformerLens's
// HookedTransformerConfig, reduced to what the families here differ in). Names of Hugging
// Face's GPT2Config in comments; the book's config keys in brackets.
struct TransformerConfig
{
    std::string family; // the registry's name of the family that loaded it: "gpt2", "book"
    int nLayer = 0;     // n_layer [n_layers]
    int nHead = 0;      // n_head [n_heads]
    int nKvHead = 0;    // key/value heads (= nHead: no grouped heads)
    int nEmbd = 0;      // n_embd: d [emb_dim]
    int nCtx = 0;       // n_positions: rows of wpe, the longest sentence in tokens [context_length]
    int vocabSize = 0;  // vocab_size: rows of wte
    float epsilon = 1e-5f; // layer_norm_epsilon (the book: 1e-5)
    bool mlp = true;       // blocks with a feed-forward half (false: attention-only) [mlp]
    bool tiedHead = true;  // the output head is wte (GPT-2) or a tensor of its own (the book)
    // The tokenizer its ids come from: a registered one ("gpt2"), or a model's own
    // vocabulary: "ids" (the text is the ids, written out: "3 17 42"), "chars" (each
    // character is a token: `vocabulary` lists them, id -> character), as the training lab's
    // induction and character models have (training.md §4).
    std::string tokenizer = "gpt2";
    std::vector<std::string> vocabulary; // "chars": the characters, UTF-8, by id

    std::string dtype; // of the token embeddings in the file: "F32", "F16", "BF16"

    int headDim() const { return nHead > 0 ? nEmbd / nHead : 0; }
};

} // namespace ae
