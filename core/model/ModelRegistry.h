#pragma once

#include "ModelLoad.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ae {

struct Session;
class Tokenizer;
class TransformerModel;
struct TransformerConfig;

// The model families the app opens. A family is a loader from its files into the canonical
// layout (TransformerModel) plus a cheap test of whether a file is one of its own; every
// family then runs the same forward. Adding a family is a folder under core/model/ and one
// entry in modelFamilies().
struct ModelFamily
{
    const char* name; // TransformerConfig::family: "gpt2", "book"
    // Whether `file` (a regular file; a folder was resolved to its model file before) is this
    // family's: by its suffix and, for safetensors, its tensor names. Reads the header only.
    std::function<bool(const QString& file)> recognises;
    std::function<ModelLoadResult(const QString& file)> load;
};

// In the order they are asked; the last one (GPT-2) takes what no other recognised.
const std::vector<ModelFamily>& modelFamilies();

// A model file, or a folder holding one (model.safetensors, else model.pth, else a sharded
// checkpoint's model.safetensors.index.json): the file to load
// (empty for a folder without either).
QString modelFile(const QString& path);

// Whether `path` is meant as a model rather than a session file: a folder, a .safetensors or
// .pth file, or a config.json (its folder is the model). By name only; loading says whether
// it really is one. modelPath() gives what to open (config.json's folder, else `path`).
bool looksLikeModel(const QString& path);
QString modelPath(const QString& path);

// Opens PATH (a model file or folder) with the family that recognises it.
ModelLoadResult loadModel(const QString& path);

// What computes a session: the seed module (one layer the session's keys configure, weights
// drawn at random) or a checkpoint of one of the families above, which fixes the tokenizer,
// the sizes and the weights (the random module's keys do not apply; its forward has every
// layer and the next token's logits). Pages, controls and the command line ask this, never
// which family it is.
enum class ModelSource
{
    SeedModule,
    Checkpoint
};
ModelSource modelSource(const Session& session);

// The tokenizer that reads the session's text: the session's own with the seed module; with a
// checkpoint, the one its family's ids come from (TransformerConfig::tokenizer; every family
// here reads GPT-2's), known before the checkpoint is loaded.
const Tokenizer& sessionTokenizer(const Session& session);
// The registered tokenizer a model's ids come from (TransformerConfig::tokenizer); for a
// model with a vocabulary of its own (hasOwnVocabulary) the words tokenizer, whose tokens are
// shown as written.
const Tokenizer& modelTokenizer(const TransformerConfig& config);
// "ids" or "chars": the model's tokens are its own (TransformerConfig::vocabulary), read by
// modelTokens() and written by modelTokenBytes() rather than by a registered tokenizer.
bool hasOwnVocabulary(const TransformerConfig& config);

// `text` in the model's own tokenizer (TransformerConfig::tokenizer): ids and each token's text
// as the dump shows it. With a vocabulary of its own, a token it does not have gets id -1.
struct ModelTokens
{
    std::vector<std::int64_t> ids;
    std::vector<std::string> tokens;
};
ModelTokens modelTokens(const TransformerModel& model, std::string_view text);

// The family's name for people ("GPT-2", "the book's GPTModel"), translated.
QString modelFamilyTitle(const TransformerConfig& config);

// A token's bytes in the model's own tokenizer (TransformerConfig::tokenizer), for labels.
std::string modelTokenBytes(const TransformerModel& model, std::int64_t id);

} // namespace ae
