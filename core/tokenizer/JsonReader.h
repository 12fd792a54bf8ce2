#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace ae {

// A JSON value as the tokenizer tier reads it (tokenizer.json): this tier links the standard
// library only, so it has its own reader. Objects keep their members in file order (a
// vocabulary's order does not matter, but a refusal names the first offending key the way a
// reader of the file finds it); lookups are linear, which suits the small objects that are
// looked up by key (a vocabulary is iterated, never searched).
class JsonValue
{
public:
    using Array = std::vector<JsonValue>;
    using Object = std::vector<std::pair<std::string, JsonValue>>;

    JsonValue() = default;
    explicit JsonValue(bool value) : m_value(value) {}
    explicit JsonValue(double value) : m_value(value) {}
    explicit JsonValue(std::string value) : m_value(std::move(value)) {}
    explicit JsonValue(Array value) : m_value(std::move(value)) {}
    explicit JsonValue(Object value) : m_value(std::move(value)) {}

    bool isNull() const { return std::holds_alternative<std::nullptr_t>(m_value); }
    bool isBool() const { return std::holds_alternative<bool>(m_value); }
    bool isNumber() const { return std::holds_alternative<double>(m_value); }
    bool isString() const { return std::holds_alternative<std::string>(m_value); }
    bool isArray() const { return std::holds_alternative<Array>(m_value); }
    bool isObject() const { return std::holds_alternative<Object>(m_value); }

    // Each accessor requires its type (check with is...() first).
    bool boolean() const { return std::get<bool>(m_value); }
    double number() const { return std::get<double>(m_value); }
    const std::string& string() const { return std::get<std::string>(m_value); }
    const Array& array() const { return std::get<Array>(m_value); }
    const Object& object() const { return std::get<Object>(m_value); }

    // The member `key` of an object, or null when this is not an object or has no such member.
    const JsonValue* find(std::string_view key) const;

    // "null", "true", "a number", "a string", "an array", "an object": for messages.
    std::string_view typeName() const;

private:
    std::variant<std::nullptr_t, bool, double, std::string, Array, Object> m_value = nullptr;
};

// Parses RFC 8259 JSON (one value, white space around it). Throws std::runtime_error
// "malformed JSON at byte N: <what was expected>" where N is the 0-based offset of the first
// byte that does not fit. Nesting deeper than 256 is refused the same way (a hostile file must
// not exhaust the stack). \u escapes become UTF-8 (a lone surrogate becomes U+FFFD).
JsonValue parseJson(std::string_view text);

} // namespace ae
