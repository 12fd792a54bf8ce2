#include "HfTokenizerParts.h"

#include "JsonReader.h"
#include "Utf8.h"

#include <cmath>
#include <stdexcept>

namespace ae {

namespace {

// A value as a message shows it: strings quoted (the first 80 bytes of a long one), numbers and
// booleans as written, containers by their kind.
std::string show(const JsonValue& value)
{
    if (value.isString()) {
        const std::string& text = value.string();
        return text.size() <= 80 ? '"' + text + '"'
                                 : '"' + utf8Lossy(std::string_view(text).substr(0, 80)) + "\"...";
    }
    if (value.isNumber()) {
        const double n = value.number();
        return n == std::floor(n) && std::abs(n) < 1e15 ? std::to_string(std::int64_t(n))
                                                        : std::to_string(n);
    }
    return std::string(value.typeName());
}

[[noreturn]] void refuse(const std::string& path, const JsonValue& value, std::string_view why)
{
    throw std::runtime_error(path + ' ' + show(value) + ' ' + std::string(why));
}

[[noreturn]] void refuseMissing(const std::string& path)
{
    throw std::runtime_error(path + " is missing");
}

const JsonValue& required(const JsonValue& object, const std::string& path, std::string_view key)
{
    const JsonValue* value = object.find(key);
    if (!value)
        refuseMissing(path.empty() ? std::string(key) : path + '.' + std::string(key));
    return *value;
}

const std::string& stringAt(const JsonValue& object, const std::string& path, std::string_view key)
{
    const JsonValue& value = required(object, path, key);
    if (!value.isString())
        refuse(path + '.' + std::string(key), value, "is not a string");
    return value.string();
}

bool boolAt(const JsonValue& object, const std::string& path, std::string_view key, bool fallback)
{
    const JsonValue* value = object.find(key);
    if (!value || value->isNull())
        return fallback;
    if (!value->isBool())
        refuse(path + '.' + std::string(key), *value, "is not true or false");
    return value->boolean();
}

std::int64_t idOf(const JsonValue& value, const std::string& path)
{
    if (!value.isNumber() || value.number() != std::floor(value.number()) || value.number() < 0 ||
        value.number() > 2147483647.0)
        refuse(path, value, "is not a token id (an integer from 0 to 2^31 - 1)");
    return static_cast<std::int64_t>(value.number());
}

// A key that changes the ids when set and is not implemented: absent, null, false or "" only.
void requireUnset(const JsonValue& object, const std::string& path, std::string_view key,
                  std::string_view why)
{
    const JsonValue* value = object.find(key);
    if (!value || value->isNull() || (value->isBool() && !value->boolean()) ||
        (value->isString() && value->string().empty()))
        return;
    refuse(path + '.' + std::string(key), *value, why);
}

const JsonValue& objectAt(const JsonValue& value, const std::string& path)
{
    if (!value.isObject())
        refuse(path, value, "is not an object");
    return value;
}

const JsonValue::Array& arrayAt(const JsonValue& object, const std::string& path,
                                std::string_view key)
{
    const JsonValue& value = required(object, path, key);
    if (!value.isArray())
        refuse(path + '.' + std::string(key), value, "is not an array");
    return value.array();
}

std::string indexed(const std::string& path, std::size_t i)
{
    return path + '[' + std::to_string(i) + ']';
}

void readAddedTokens(const JsonValue& root, AddedTokens& added)
{
    const JsonValue* list = root.find("added_tokens");
    if (!list || list->isNull())
        return;
    if (!list->isArray())
        refuse("added_tokens", *list, "is not an array");
    for (std::size_t i = 0; i < list->array().size(); ++i) {
        const std::string path = indexed("added_tokens", i);
        const JsonValue& token = objectAt(list->array()[i], path);
        for (const char* flag : {"single_word", "lstrip", "rstrip"})
            requireUnset(token, path, flag, "is not supported (added tokens are matched exactly)");
        added.add({stringAt(token, path, "content"),
                   idOf(required(token, path, "id"), path + ".id"),
                   boolAt(token, path, "special", false)});
    }
}

// True for NFC, false for none.
bool readNormalizer(const JsonValue& normalizer, const std::string& path)
{
    if (normalizer.isNull())
        return false;
    objectAt(normalizer, path);
    const std::string& type = stringAt(normalizer, path, "type");
    if (type == "NFC")
        return true;
    if (type == "Sequence") {
        bool nfc = false;
        const auto& list = arrayAt(normalizer, path, "normalizers");
        for (std::size_t i = 0; i < list.size(); ++i)
            nfc = readNormalizer(list[i], indexed(path + ".normalizers", i)) || nfc;
        return nfc;
    }
    refuse(path + ".type", required(normalizer, path, "type"),
           "is not supported (NFC or none only)");
}

// Appends the pre-tokenizer's splits; sets byteLevel when it holds the ByteLevel step.
void readPreTokenizer(const JsonValue& pre, const std::string& path, HfTokenizerParts& parts,
                      bool& byteLevel)
{
    if (pre.isNull())
        refuse(path, pre, "is not supported (byte-level BPE needs a ByteLevel pre-tokenizer)");
    objectAt(pre, path);
    const std::string& type = stringAt(pre, path, "type");
    const JsonValue& typeValue = required(pre, path, "type");
    if (type == "Sequence") {
        const auto& list = arrayAt(pre, path, "pretokenizers");
        for (std::size_t i = 0; i < list.size(); ++i)
            readPreTokenizer(list[i], indexed(path + ".pretokenizers", i), parts, byteLevel);
    } else if (type == "Split") {
        if (byteLevel)
            refuse(path + ".type", typeValue, "after ByteLevel is not supported");
        const JsonValue& behavior = required(pre, path, "behavior");
        if (!behavior.isString() || behavior.string() != "Isolated")
            refuse(path + ".behavior", behavior, "is not supported (Isolated only)");
        requireUnset(pre, path, "invert", "is not supported");
        const JsonValue& pattern = objectAt(required(pre, path, "pattern"), path + ".pattern");
        const bool literal = pattern.find("String") != nullptr;
        const std::string key = literal ? "String" : "Regex";
        const std::string& text = stringAt(pattern, path + ".pattern", key);
        try {
            parts.splits.push_back(std::make_unique<SplitRegex>(text, literal));
        } catch (const std::runtime_error& e) {
            refuse(path + ".pattern." + key, required(pattern, path, key), e.what());
        }
    } else if (type == "ByteLevel") {
        if (byteLevel)
            refuse(path + ".type", typeValue, "a second time is not supported");
        requireUnset(pre, path, "add_prefix_space", "is not supported");
        byteLevel = true;
        if (boolAt(pre, path, "use_regex", true))
            parts.splits.push_back(std::make_unique<SplitRegex>(SplitRegex::gpt2Pattern(), false));
    } else {
        refuse(path + ".type", typeValue,
               "is not supported (a Sequence of Split and ByteLevel only)");
    }
}

void readModel(const JsonValue& root, std::size_t addedCount, BpeModel& bpe)
{
    const JsonValue& model = objectAt(required(root, "", "model"), "model");
    const JsonValue& type = required(model, "model", "type");
    if (!type.isString() || type.string() != "BPE")
        refuse("model.type", type, "is not supported (byte-level BPE only)");
    requireUnset(model, "model", "byte_fallback", "is not supported");
    requireUnset(model, "model", "dropout", "is not supported");
    requireUnset(model, "model", "continuing_subword_prefix", "is not supported");
    requireUnset(model, "model", "end_of_word_suffix", "is not supported");
    bpe.setIgnoreMerges(boolAt(model, "model", "ignore_merges", false));

    const JsonValue& vocab = objectAt(required(model, "model", "vocab"), "model.vocab");
    const auto& merges = arrayAt(model, "model", "merges");
    bpe.reserve(vocab.object().size(), merges.size());
    // Vocabularies number their tokens densely; a bound on the ids keeps a hostile file from
    // making the id -> token table gigabytes long. Twice the entries, plus the added tokens
    // (which may take ids among them), leaves room for any real file's gaps.
    const std::size_t idLimit = 2 * (vocab.object().size() + addedCount) + 256;
    for (const auto& [token, id] : vocab.object()) {
        const std::string path = "model.vocab[\"" + token + "\"]";
        const std::int64_t value = idOf(id, path);
        if (std::size_t(value) >= idLimit)
            refuse(path, id,
                   "is out of range (the vocabulary has " + std::to_string(vocab.object().size()) +
                       " tokens)");
        bpe.addToken(token, value);
    }
    for (std::size_t i = 0; i < merges.size(); ++i) {
        const JsonValue& merge = merges[i];
        const std::string path = indexed("model.merges", i);
        std::string_view left, right;
        if (merge.isString()) {
            const std::string_view text = merge.string();
            const std::size_t space = text.find(' ');
            if (space == std::string_view::npos || text.find(' ', space + 1) != text.npos)
                refuse(path, merge, "is not two tokens separated by one space");
            left = text.substr(0, space);
            right = text.substr(space + 1);
        } else if (merge.isArray() && merge.array().size() == 2 && merge.array()[0].isString() &&
                   merge.array()[1].isString()) {
            left = merge.array()[0].string();
            right = merge.array()[1].string();
        } else {
            refuse(path, merge, "is not a merge (\"a b\" or [\"a\", \"b\"])");
        }
        if (const std::string wrong = bpe.addMerge(left, right, std::int64_t(i)); !wrong.empty())
            throw std::runtime_error(path + ": " + wrong);
    }
    if (const JsonValue* unk = model.find("unk_token"); unk && unk->isString()) {
        for (const auto& [token, id] : vocab.object())
            if (token == unk->string())
                bpe.setUnknownId(idOf(id, "model.vocab")); // bounded above
    }
}

void readTemplate(const JsonValue& processor, const std::string& path, HfTokenizerParts& parts)
{
    const JsonValue& specials =
        objectAt(required(processor, path, "special_tokens"), path + ".special_tokens");
    const auto& single = arrayAt(processor, path, "single");
    bool sequenceSeen = false;
    for (std::size_t i = 0; i < single.size(); ++i) {
        const std::string itemPath = indexed(path + ".single", i);
        const JsonValue& item = objectAt(single[i], itemPath);
        if (const JsonValue* sequence = item.find("Sequence")) {
            const JsonValue& id =
                required(objectAt(*sequence, itemPath + ".Sequence"), itemPath + ".Sequence", "id");
            if (!id.isString() || id.string() != "A" || sequenceSeen)
                refuse(itemPath + ".Sequence.id", id, "is not supported (one sequence A only)");
            sequenceSeen = true;
        } else if (const JsonValue* special = item.find("SpecialToken")) {
            const std::string& name = stringAt(objectAt(*special, itemPath + ".SpecialToken"),
                                               itemPath + ".SpecialToken", "id");
            const std::string specialPath = path + ".special_tokens[\"" + name + "\"]";
            const JsonValue* entry = specials.find(name);
            if (!entry)
                refuseMissing(specialPath);
            const auto& ids = arrayAt(objectAt(*entry, specialPath), specialPath, "ids");
            for (std::size_t k = 0; k < ids.size(); ++k) {
                const std::string idPath = indexed(specialPath + ".ids", k);
                const std::int64_t id = idOf(ids[k], idPath);
                // The model is read by now: an id it does not know has no embedding row.
                if (!parts.bpe.hasId(id) && !parts.added.contentOf(id))
                    refuse(idPath, ids[k], "is no token of model.vocab or added_tokens");
                (sequenceSeen ? parts.suffixIds : parts.prefixIds).push_back(id);
            }
        } else {
            refuse(itemPath, single[i], "is neither a Sequence nor a SpecialToken");
        }
    }
    if (!sequenceSeen)
        throw std::runtime_error(path + ".single has no Sequence A");
}

void readPostProcessor(const JsonValue& processor, const std::string& path, HfTokenizerParts& parts,
                       bool& templateSeen)
{
    if (processor.isNull())
        return;
    objectAt(processor, path);
    const std::string& type = stringAt(processor, path, "type");
    if (type == "ByteLevel")
        return; // it only adjusts offsets
    if (type == "Sequence") {
        const auto& list = arrayAt(processor, path, "processors");
        for (std::size_t i = 0; i < list.size(); ++i)
            readPostProcessor(list[i], indexed(path + ".processors", i), parts, templateSeen);
        return;
    }
    if (type == "TemplateProcessing" && !templateSeen) {
        templateSeen = true;
        readTemplate(processor, path, parts);
        return;
    }
    refuse(path + ".type", required(processor, path, "type"),
           "is not supported (ByteLevel and one TemplateProcessing only)");
}

} // namespace

HfTokenizerParts readTokenizerJson(const JsonValue& root)
{
    if (!root.isObject())
        throw std::runtime_error("the file is " + std::string(root.typeName()) +
                                 ", not a JSON object");
    HfTokenizerParts parts;
    readAddedTokens(root, parts.added);
    if (const JsonValue* normalizer = root.find("normalizer"))
        parts.nfc = readNormalizer(*normalizer, "normalizer");
    bool byteLevel = false;
    readPreTokenizer(required(root, "", "pre_tokenizer"), "pre_tokenizer", parts, byteLevel);
    if (!byteLevel)
        throw std::runtime_error("pre_tokenizer has no ByteLevel step (byte-level BPE only)");
    readModel(root, parts.added.tokens().size(), parts.bpe);
    bool templateSeen = false;
    if (const JsonValue* processor = root.find("post_processor"))
        readPostProcessor(*processor, "post_processor", parts, templateSeen);
    return parts;
}

} // namespace ae
