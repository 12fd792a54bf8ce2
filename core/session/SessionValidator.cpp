#include "SessionValidator.h"

#include "AttentionKernel.h"
#include "HeadShape.h"
#include "Limits.h"
#include "Session.h"
#include "SessionEnums.h"
#include "TodaysAttentionCheck.h"
#include "Tokenizer.h"
#include "UnicodeTables.h"
#include "Utf8.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct SessionValidator
{
    Q_DECLARE_TR_FUNCTIONS(SessionValidator)
};

// Length of UTF-8 text in UTF-16 units (the unit of limits::MaxTextChars).
qsizetype utf16Length(const std::string& text)
{
    qsizetype n = 0;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        n += (byte & 0xC0) != 0x80; // one per lead byte
        n += byte >= 0xF0;          // a surrogate pair above U+FFFF
    }
    return n;
}

std::optional<SessionIssue> checkTextLength(const char* key, const std::string& text)
{
    const qsizetype length = utf16Length(text);
    if (length <= limits::MaxTextChars)
        return std::nullopt;
    return SessionIssue{key,
                        SessionValidator::tr("%1 has %2 characters; a text may have at most %3")
                            .arg(QLatin1StringView(key))
                            .arg(length)
                            .arg(limits::MaxTextChars)};
}

QString codePointText(char32_t cp)
{
    return QString::number(uint(cp), 16).toUpper().rightJustified(4, QLatin1Char('0'));
}

SessionIssue controlCharacterIssue(const char* key, char32_t cp, qsizetype index)
{
    return SessionIssue{
        key, SessionValidator::tr("%1 holds the control character U+%2 at character %3: remove it")
                 .arg(QLatin1StringView(key))
                 .arg(codePointText(cp))
                 .arg(index + 1)};
}

// Decisions on text the eye cannot check (docs/performance.md, Reliability), for the words
// tokenizers: a control character (a NUL, an escape) inside a text is refused; a token made only of
// invisible characters (U+200B, a joiner, U+FEFF, a lone variation selector) is refused, since its
// label would show nothing. Invisible characters inside a visible token stay, as in the reference.
std::optional<SessionIssue> checkVisibleText(const char* key, const std::string& text,
                                             const std::vector<std::string>& tokens)
{
    qsizetype index = 0;
    for (std::size_t pos = 0; pos < text.size(); ++index) {
        const char32_t cp = utf8::next(text, pos);
        if (utf8::isControl(cp) && !unicode::isWhiteSpace(cp))
            return controlCharacterIssue(key, cp, index);
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (!utf8::isAllInvisible(tokens[i]))
            continue;
        std::size_t pos = 0;
        return SessionIssue{key,
                            SessionValidator::tr(
                                "token %1 of %2 is made only of invisible characters (the first is "
                                "U+%3): remove them or join them to a word")
                                .arg(i + 1)
                                .arg(QLatin1StringView(key))
                                .arg(codePointText(utf8::next(tokens[i], pos)))};
    }
    return std::nullopt;
}

// GPT-2's byte-level BPE (gpt2.md §1) encodes every byte as tiktoken does: tabs, runs of
// newlines, zero-width and no-break spaces, controls are tokens like any other, and the token
// views name them (⟨U+200B⟩, TokenDisplay.h), so the rules above do not apply. Two things stay
// refused, both before the tokenizer: invalid UTF-8, which the session file cannot hold (JSON
// is UTF-8; Qt's parser refuses it, and a lone surrogate escape is refused in SessionJson) and
// the window's and the command line's text cannot either; and U+0000, here: no command line
// (argv ends at a NUL), clipboard or text field can carry it, so a session holding one could
// not be typed again or passed as --sentence, and C-string tools reading the exports cut at it.
std::optional<SessionIssue> checkNoNul(const char* key, const std::string& text)
{
    qsizetype index = 0;
    for (std::size_t pos = 0; pos < text.size(); ++index)
        if (utf8::next(text, pos) == U'\0')
            return controlCharacterIssue(key, U'\0', index);
    return std::nullopt;
}

// The largest magnitude of a manual input for which no product of the forward can
// overflow float32, bounded generously: every weight and bias at most 1 in magnitude
// (torch.rand and nn.Linear's init both are), each sum as if every term had the same
// sign, dropout's 1/(1-p) scale, and the output projection.
double largestSafeInput(const Session& s, std::int64_t S)
{
    const double heads = s.effectiveHeads();
    const bool multi = s.variant == Variant::MultiHead;
    const double dk = s.hasWeights() ? (multi ? double(s.dOutKq) / heads : s.dOutKq) : s.dIn;
    const double dvAll = s.hasWeights() ? double(s.dOutV) * (multi ? 1.0 : heads) : s.dIn;
    const double dropScale = 1.0 / (1.0 - std::min(s.dropout, 0.999999));
    const double ceiling = double(std::numeric_limits<float>::max()) / 4;
    auto safe = [&](double m) {
        const double x = m + 1.0; // + a positional row
        const double projected = s.hasWeights() ? s.dIn * x + 1.0 : x;
        const double scores = dk * projected * projected;
        const double context = double(S) * projected * dropScale;
        const double output = multi ? dvAll * context + 1.0 : context;
        return projected < ceiling && scores < ceiling && output < ceiling;
    };
    double low = 0.0, high = 1e39;
    for (int i = 0; i < 200; ++i) {
        const double mid = std::sqrt(std::max(low, 1.0) * high);
        if (safe(mid))
            low = mid;
        else
            high = mid;
        if (high / std::max(low, 1.0) < 1.001)
            break;
    }
    return low;
}

std::optional<SessionIssue> checkOverflow(const Session& s, std::int64_t S)
{
    if (s.embedding != EmbeddingSource::Manual)
        return std::nullopt;
    const double bound = largestSafeInput(s, S);
    for (const auto& [key, rows] :
         {std::pair{"inputs", &s.inputs}, std::pair{"source_inputs", &s.sourceInputs}}) {
        if (rows->size() == 0)
            continue;
        const double largest = double(rows->cwiseAbs().maxCoeff());
        if (largest > bound)
            return SessionIssue{
                key, SessionValidator::tr(
                         "%1 holds %2, too large: with these dimensions a product in the "
                         "forward could overflow float32 (3.4e38) and show inf or NaN; keep "
                         "every number of %1 within \u00b1%3")
                         .arg(QLatin1StringView(key), QString::number(largest, 'g', 3),
                              QString::number(bound, 'g', 3))};
    }
    return std::nullopt;
}

std::optional<SessionIssue> checkManualRows(const char* key, const Matrix& rows,
                                            std::size_t tokenCount, int dIn,
                                            const char* sentenceKey)
{
    const QString name = QLatin1StringView(key);
    if (rows.size() == 0)
        return SessionIssue{
            key,
            SessionValidator::tr("%1 is missing: embedding \"manual\" needs one row of numbers per "
                                 "token of %2")
                .arg(name, QLatin1StringView(sentenceKey))};
    if (static_cast<std::size_t>(rows.rows()) != tokenCount)
        return SessionIssue{
            key, SessionValidator::tr("%1 has %2 rows but %3 has %4 tokens: give one row per token")
                     .arg(name)
                     .arg(rows.rows())
                     .arg(QLatin1StringView(sentenceKey))
                     .arg(tokenCount)};
    if (rows.cols() != dIn)
        return SessionIssue{key, SessionValidator::tr("%1 rows have %2 numbers but d_in is %3")
                                     .arg(name)
                                     .arg(rows.cols())
                                     .arg(dIn)};
    if (!rows.allFinite())
        return SessionIssue{
            key, SessionValidator::tr("%1 contains a number that is not finite (NaN or infinity)")
                     .arg(name)};
    return std::nullopt;
}

std::optional<SessionIssue> checkShapes(const Session& s)
{
    if (auto issue = checkRange("d_in", s.dIn, 1, limits::MaxDimension))
        return issue;
    if (!s.hasWeights())
        return std::nullopt;
    if (auto issue = checkRange("d_out_kq", s.dOutKq, 1, limits::MaxDimension))
        return issue;
    if (auto issue = checkRange("d_out_v", s.dOutV, 1, limits::MaxDimension))
        return issue;
    if (auto issue = checkRange("num_heads", s.numHeads, 1, limits::MaxHeads))
        return issue;
    if (s.variant == Variant::SelfAttention && s.numHeads != 1)
        return SessionIssue{
            "num_heads",
            SessionValidator::tr("num_heads (%1) must be 1 for variant \"self-attention\": "
                                 "use \"multihead-wrapper\" or \"multihead\" for several heads")
                .arg(s.numHeads)};
    if (s.variant == Variant::MultiHead) {
        if (s.dOutV != s.dOutKq)
            return SessionIssue{
                "d_out_v",
                SessionValidator::tr("d_out_v (%1) must equal d_out_kq (%2) for variant "
                                     "\"multihead\", whose d_out serves queries, keys and values")
                    .arg(s.dOutV)
                    .arg(s.dOutKq)};
        if (!headsDivideOutput(s))
            return SessionIssue{"num_heads",
                                SessionValidator::tr("num_heads (%1) must divide d_out (%2)")
                                    .arg(s.numHeads)
                                    .arg(s.dOutKq)};
    }
    if (s.qkvBias && s.init != InitScheme::Linear)
        return SessionIssue{
            "qkv_bias", SessionValidator::tr(
                            "qkv_bias needs init \"linear\": torch.rand parameters have no bias")};
    return std::nullopt;
}

std::optional<SessionIssue> checkSeedsAndDropout(const Session& s)
{
    for (const auto& [key, seed] :
         {std::pair{"embedding_seed", s.embeddingSeed}, std::pair{"weight_seed", s.weightSeed},
          std::pair{"dropout_seed", s.dropoutSeed.value_or(0)}}) {
        if (seed > static_cast<std::uint64_t>(limits::MaxSeed))
            return SessionIssue{key, SessionValidator::tr("%1 must be between 0 and %2")
                                         .arg(QLatin1StringView(key))
                                         .arg(limits::MaxSeed)};
    }
    if (!(s.dropout >= 0.0 && s.dropout < 1.0))
        return SessionIssue{
            "dropout",
            SessionValidator::tr("dropout (%1) must be at least 0 and below 1").arg(s.dropout)};
    return std::nullopt;
}

} // namespace

std::optional<SessionIssue> checkRange(const char* key, std::int64_t value, std::int64_t low,
                                       std::int64_t high)
{
    if (value >= low && value <= high)
        return std::nullopt;
    return SessionIssue{key, SessionValidator::tr("%1 (%2) must be between %3 and %4")
                                 .arg(QLatin1StringView(key))
                                 .arg(value)
                                 .arg(low)
                                 .arg(high)};
}

QString memoryText(double bytes)
{
    return QLocale::system().formattedDataSize(static_cast<qint64>(std::min(bytes, 9.0e18)), 2,
                                               QLocale::DataSizeTraditionalFormat);
}

// Two sizes for one message, with as many digits as it takes to tell them apart
// ("1.0 GB ... the limit is 1.0 GB" said nothing): exact bytes when two decimals tie.
std::pair<QString, QString> memoryTexts(double need, double limit)
{
    QString a = memoryText(need), b = memoryText(limit);
    if (a == b) {
        a = SessionValidator::tr("%1 bytes")
                .arg(QLocale::system().toString(qint64(std::min(need, 9.0e18))));
        b = SessionValidator::tr("%1 bytes").arg(QLocale::system().toString(qint64(limit)));
    }
    return {a, b};
}

double estimateViewBytes(int heads, std::int64_t T, std::int64_t S, std::size_t textBytes)
{
    const double t = double(T), src = double(S);
    // The trace keeps no T x S tensor (but the dropout keep mask): a view derives what it shows.
    // The page on screen holds at most max(heads, 3) of them (the grid of every head's weights;
    // one head's scores, scaled and masked scores), an exporter one more at a time; hidden
    // pages let theirs go.
    const double shown = std::max<double>(heads, 3);
    const double derived = 4.0 * t * src * (shown + 1);
    // Heatmap images are rendered at the size of their view, not of the matrix: at most a
    // full-HD screen's pixels per matrix shown.
    const double images = 4.0 * shown * std::min(t * src, 1920.0 * 1080.0);
    const double text = 4.0 * double(textBytes) + 96.0 * (t + src);
    return derived + images + text + double(limits::BaseProcessBytes);
}

double estimateProcessBytes(const Session& s, std::int64_t T, std::int64_t S)
{
    return estimateTraceBytes(s, T, S) +
           estimateViewBytes(s.effectiveHeads(), T, S, s.sentence.size() + s.sourceSentence.size());
}

double estimateTraceBytes(const Session& s, std::int64_t T, std::int64_t S)
{
    const HeadShape shape = headShape(s);
    const double heads = shape.heads;
    const bool multi = s.variant == Variant::MultiHead;
    const double dk = shape.dimKq;
    const double dv = shape.dimV;
    const double t = double(T), src = double(S), dIn = s.dIn;
    // Per head: queries, keys, values, context and its copy in the concatenation, the keep
    // mask while dropout acts, the forward's scratch rows (scores, weights, dropped weights of
    // one block of rows) and the head's slice of the projections.
    const double keepMask = s.dropoutActive() ? t * src : 0;
    const double scratch = 3.0 * double(CausalBlockRows) * src;
    // RoPE keeps the rotated queries and keys beside the projections; the flash kernel keeps
    // m and l of every row after every key block (2·T·ceil(S / block_k) floats).
    const double rotated = s.rope ? (t + src) * dk : 0;
    const double tiles =
        s.kernel == KernelKind::Flash ? 2.0 * t * std::ceil(src / std::max(1, s.blockK)) : 0;
    const double perHead = (t + src) * dk + src * dv + 2 * t * dv + keepMask + scratch +
                           dIn * (2 * dk + dv) + rotated + tiles;
    // The weights are kept twice: apart and side by side (AttentionParams::wQkv).
    const double whole = (t + src) * dIn + 2 * (t + src) * heads * (dk + dv) + 3 * t * heads * dv +
                         dIn * heads * (2 * dk + dv) * 3 + (multi ? heads * heads * dv * dv : 0);
    return 4.0 * (heads * perHead + whole);
}

// A fixed vocabulary's ids (GPT-2's) do not depend on the text: the table must have a row for
// the largest one.
static std::optional<SessionIssue> checkFixedVocabSize(const Session& s)
{
    const Tokenizer& tokenizer = tokenizerFor(s.tokenizer);
    if (!tokenizer.hasFixedVocabulary())
        return std::nullopt;
    std::vector<std::string_view> texts{s.sentence};
    if (s.isCross())
        texts.push_back(s.sourceSentence);
    std::int64_t largest = -1;
    for (const auto& ids : tokenizer.encode(texts).ids)
        for (const std::int64_t id : ids)
            largest = std::max(largest, id);
    if (s.vocabSize > largest)
        return std::nullopt;
    return SessionIssue{
        "vocab_size",
        SessionValidator::tr("vocab_size (%1) must exceed the largest token id (%2) of the "
                             "%3 tokenizer (its default is %4)")
            .arg(s.vocabSize)
            .arg(largest)
            .arg(QString::fromLatin1(tokenizer.id()))
            .arg(tokenizer.fixedVocabularySize())};
}

std::optional<SessionIssue> validateSession(const Session& s)
{
    if (auto issue = checkTextLength("sentence", s.sentence))
        return issue;
    if (auto issue = checkTextLength("source_sentence", s.sourceSentence))
        return issue;
    const auto tokens = tokenize(s.sentence, s.tokenizer);
    if (tokens.empty())
        return SessionIssue{
            "sentence",
            SessionValidator::tr("sentence has no tokens: type at least one word (punctuation "
                                 "and spaces only separate words)")};
    const auto sourceTokens =
        s.isCross() ? tokenize(s.sourceSentence, s.tokenizer) : std::vector<std::string>{};
    if (s.isCross() && sourceTokens.empty())
        return SessionIssue{
            "source_sentence",
            SessionValidator::tr("source_sentence has no tokens: type at least one word, or "
                                 "leave it empty for self-attention")};
    if (tokenizerFor(s.tokenizer).keepsEveryByte()) {
        if (auto issue = checkNoNul("sentence", s.sentence))
            return issue;
        if (auto issue = checkNoNul("source_sentence", s.sourceSentence))
            return issue;
    } else {
        if (auto issue = checkVisibleText("sentence", s.sentence, tokens))
            return issue;
        if (auto issue = checkVisibleText("source_sentence", s.sourceSentence, sourceTokens))
            return issue;
    }
    if (auto issue = checkShapes(s))
        return issue;
    if (auto issue = checkSeedsAndDropout(s))
        return issue;
    if (auto issue = checkTodaysAttention(s))
        return issue;

    if (s.embedding == EmbeddingSource::Torch) {
        if (auto issue = checkRange("vocab_size", s.vocabSize, 1, limits::MaxVocabSize))
            return issue;
        if (auto issue = checkFixedVocabSize(s))
            return issue;
        const Vocabulary vocabulary({tokens, sourceTokens});
        if (!tokenizerFor(s.tokenizer).hasFixedVocabulary() && s.vocabSize < vocabulary.size())
            return SessionIssue{
                "vocab_size",
                SessionValidator::tr("vocab_size (%1) must be at least the number of distinct "
                                     "tokens (%2)")
                    .arg(s.vocabSize)
                    .arg(vocabulary.size())};
        if (double(s.vocabSize) * s.dIn > double(limits::MaxEmbeddingElements))
            return SessionIssue{
                "vocab_size",
                SessionValidator::tr("vocab_size x d_in (%1 x %2) must not exceed %3 elements")
                    .arg(s.vocabSize)
                    .arg(s.dIn)
                    .arg(limits::MaxEmbeddingElements)};
        if (s.inputs.size() > 0)
            return SessionIssue{
                "inputs", SessionValidator::tr("inputs is only used with embedding \"manual\"")};
        if (s.sourceInputs.size() > 0)
            return SessionIssue{
                "source_inputs",
                SessionValidator::tr("source_inputs is only used with embedding \"manual\"")};
    } else {
        if (auto issue = checkManualRows("inputs", s.inputs, tokens.size(), s.dIn, "sentence"))
            return issue;
        if (s.isCross()) {
            if (auto issue = checkManualRows("source_inputs", s.sourceInputs, sourceTokens.size(),
                                             s.dIn, "source_sentence"))
                return issue;
        } else if (s.sourceInputs.size() > 0) {
            return SessionIssue{
                "source_inputs",
                SessionValidator::tr("source_inputs needs a source_sentence (cross-attention)")};
        }
    }

    const auto T = static_cast<std::int64_t>(tokens.size());
    const auto S = s.isCross() ? static_cast<std::int64_t>(sourceTokens.size()) : T;
    if (s.positional == Positional::Learned) {
        if (auto issue = checkRange("context_length", s.contextLength, 1, limits::MaxContextLength))
            return issue;
        if (s.contextLength < std::max(T, S))
            return SessionIssue{
                "context_length",
                SessionValidator::tr(
                    "context_length (%1) must be at least the number of tokens (%2) "
                    "with positional \"learned\": the position table has one row per "
                    "position")
                    .arg(s.contextLength)
                    .arg(std::max(T, S))};
        if (double(s.contextLength) * s.dIn > double(limits::MaxEmbeddingElements))
            return SessionIssue{
                "context_length",
                SessionValidator::tr("context_length x d_in (%1 x %2) must not exceed %3 elements")
                    .arg(s.contextLength)
                    .arg(s.dIn)
                    .arg(limits::MaxEmbeddingElements)};
    }
    const double bytes = estimateProcessBytes(s, T, S);
    if (bytes > double(limits::MaxProcessBytes)) {
        const auto [need, limit] = memoryTexts(bytes, double(limits::MaxProcessBytes));
        return SessionIssue{
            "sentence",
            SessionValidator::tr("this session would need %1 of memory (T=%2, S=%3, %4 heads); the "
                                 "limit is %5: shorten the sentence or reduce num_heads or the "
                                 "dimensions")
                .arg(need)
                .arg(T)
                .arg(S)
                .arg(s.effectiveHeads())
                .arg(limit)};
    }
    if (auto issue = checkOverflow(s, S))
        return issue;
    return std::nullopt;
}

} // namespace ae
