#pragma once

#include "ModelLoad.h"

#include <QString>

namespace ae {

// The book's GPTModel (LLMs from scratch, chapter 4; shared/spec/training.md §3-§4) from its
// state_dict: `model.safetensors` (as safetensors.torch.save_file writes it) or `model.pth`
// (torch.save(model.state_dict()) or {"model_state_dict": ...}, read by PthArchive and the
// restricted StateDictUnpickler: nothing of it is run). Names: tok_emb.weight, pos_emb.weight,
// trf_blocks.{i}.att.W_query/W_key/W_value.weight (+ .bias with qkv_bias), att.out_proj.weight
// and .bias, norm1/norm2.scale and .shift, ff.layers.0/.2.weight and .bias (absent in an
// attention-only block), final_norm.scale/shift, out_head.weight; att.mask is ignored.
// nn.Linear stores (out, in) and computes x·Wᵀ, so the weights are transposed into the
// canonical layout (x·W, W (in, out)): attnWeight = [W_queryᵀ | W_keyᵀ | W_valueᵀ], owned
// by the model; F16/BF16 are widened to float32. config.json beside the file gives the book's
// config keys (vocab_size, context_length, emb_dim, n_heads, n_layers, drop_rate, qkv_bias,
// mlp); without it the shapes give everything and the head count is emb_dim / 64. Every
// missing tensor, wrong shape or dtype and bad config value is refused naming the file, the
// tensor or key, and the rule.
ModelLoadResult loadBookCheckpoint(const QString& file);

// Whether FILE is the book's: a .pth, or a safetensors file whose header has tok_emb.weight
// (reads the header only).
bool isBookCheckpoint(const QString& file);

} // namespace ae
