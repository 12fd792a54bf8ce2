#include "SessionValidator.h"

#include "HeadShape.h"
#include "Limits.h"
#include "Session.h"
#include "SessionEnums.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct SessionValidator
{
    Q_DECLARE_TR_FUNCTIONS(SessionValidator)
};

QString bytesText(double bytes)
{
    return QLocale::system().formattedDataSize(static_cast<qint64>(std::min(bytes, 9.0e18)), 1,
                                               QLocale::DataSizeTraditionalFormat);
}

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

std::optional<SessionIssue> checkManualRows(const char* key, const Matrix& rows, std::size_t tokenCount,
                                            int dIn, const char* sentenceKey)
{
    const QString name = QLatin1StringView(key);
    if (rows.size() == 0)
        return SessionIssue{key, SessionValidator::tr("%1 is missing: embedding \"manual\" needs one row of numbers per "
                                                      "token of %2")
                                                       .arg(name, QLatin1StringView(sentenceKey))};
    if (static_cast<std::size_t>(rows.rows()) != tokenCount)
        return SessionIssue{key, SessionValidator::tr("%1 has %2 rows but %3 has %4 tokens: give one row per token")
                                                       .arg(name)
                                                       .arg(rows.rows())
                                                       .arg(QLatin1StringView(sentenceKey))
                                                       .arg(tokenCount)};
    if (rows.cols() != dIn)
        return SessionIssue{key, SessionValidator::tr("%1 rows have %2 numbers but d_in is %3").arg(name).arg(rows.cols()).arg(dIn)};
    if (!rows.allFinite())
        return SessionIssue{key, SessionValidator::tr("%1 contains a number that is not finite (NaN or infinity)").arg(name)};
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
        return SessionIssue{"num_heads", SessionValidator::tr("num_heads (%1) must be 1 for variant \"self-attention\": "
                                                              "use \"multihead-wrapper\" or \"multihead\" for several heads")
                                                               .arg(s.numHeads)};
    if (s.variant == Variant::MultiHead) {
        if (s.dOutV != s.dOutKq)
            return SessionIssue{"d_out_v", SessionValidator::tr("d_out_v (%1) must equal d_out_kq (%2) for variant "
                                                                "\"multihead\", whose d_out serves queries, keys and values")
                                                                 .arg(s.dOutV)
                                                                 .arg(s.dOutKq)};
        if (!headsDivideOutput(s))
            return SessionIssue{"num_heads",
                                SessionValidator::tr("num_heads (%1) must divide d_out (%2)").arg(s.numHeads).arg(s.dOutKq)};
    }
    if (s.qkvBias && s.init != InitScheme::Linear)
        return SessionIssue{"qkv_bias", SessionValidator::tr("qkv_bias needs init \"linear\": torch.rand parameters have no bias")};
    return std::nullopt;
}

std::optional<SessionIssue> checkSeedsAndDropout(const Session& s)
{
    for (const auto& [key, seed] : {std::pair{"embedding_seed", s.embeddingSeed},
                                    std::pair{"weight_seed", s.weightSeed},
                                    std::pair{"dropout_seed", s.dropoutSeed.value_or(0)}}) {
        if (seed > static_cast<std::uint64_t>(limits::MaxSeed))
            return SessionIssue{key, SessionValidator::tr("%1 must be between 0 and %2").arg(QLatin1StringView(key)).arg(limits::MaxSeed)};
    }
    if (!(s.dropout >= 0.0 && s.dropout < 1.0))
        return SessionIssue{"dropout", SessionValidator::tr("dropout (%1) must be at least 0 and below 1").arg(s.dropout)};
    return std::nullopt;
}

} // namespace

double estimateTraceBytes(const Session& s, std::int64_t T, std::int64_t S)
{
    const HeadShape shape = headShape(s);
    const double heads = shape.heads;
    const bool multi = s.variant == Variant::MultiHead;
    const double dk = shape.dimKq;
    const double dv = shape.dimV;
    const double t = double(T), src = double(S), dIn = s.dIn;
    const double cellMatrices = 2 + (s.dropoutActive() ? 3 : 0) + (s.causal ? 1 : 0);
    const double perHead = t * src * cellMatrices + (t + src) * dk + src * dv + 2 * t * dv + dIn * (2 * dk + dv);
    const double whole = (t + src) * dIn + 2 * (t + src) * heads * (dk + dv) + 3 * t * heads * dv +
                         dIn * heads * (2 * dk + dv) * 2 + (multi ? heads * heads * dv * dv : 0);
    return 4.0 * (heads * perHead + whole);
}

std::optional<SessionIssue> validateSession(const Session& s)
{
    const auto tokens = tokenize(s.sentence, s.tokenizer);
    if (tokens.empty())
        return SessionIssue{"sentence", SessionValidator::tr("sentence has no tokens: type at least one word (punctuation "
                                                             "and spaces only separate words)")};
    const auto sourceTokens = s.isCross() ? tokenize(s.sourceSentence, s.tokenizer) : std::vector<std::string>{};
    if (s.isCross() && sourceTokens.empty())
        return SessionIssue{"source_sentence", SessionValidator::tr("source_sentence has no tokens: type at least one word, or "
                                                                    "leave it empty for self-attention")};
    if (auto issue = checkShapes(s))
        return issue;
    if (auto issue = checkSeedsAndDropout(s))
        return issue;

    if (s.embedding == EmbeddingSource::Torch) {
        const Vocabulary vocabulary({tokens, sourceTokens});
        if (auto issue = checkRange("vocab_size", s.vocabSize, 1, limits::MaxVocabSize))
            return issue;
        if (s.vocabSize < vocabulary.size())
            return SessionIssue{"vocab_size", SessionValidator::tr("vocab_size (%1) must be at least the number of distinct "
                                                                   "tokens (%2)")
                                                                    .arg(s.vocabSize)
                                                                    .arg(vocabulary.size())};
        if (double(s.vocabSize) * s.dIn > double(limits::MaxEmbeddingElements))
            return SessionIssue{"vocab_size", SessionValidator::tr("vocab_size x d_in (%1 x %2) must not exceed %3 elements")
                                                                    .arg(s.vocabSize)
                                                                    .arg(s.dIn)
                                                                    .arg(limits::MaxEmbeddingElements)};
        if (s.inputs.size() > 0)
            return SessionIssue{"inputs", SessionValidator::tr("inputs is only used with embedding \"manual\"")};
        if (s.sourceInputs.size() > 0)
            return SessionIssue{"source_inputs", SessionValidator::tr("source_inputs is only used with embedding \"manual\"")};
    } else {
        if (auto issue = checkManualRows("inputs", s.inputs, tokens.size(), s.dIn, "sentence"))
            return issue;
        if (s.isCross()) {
            if (auto issue = checkManualRows("source_inputs", s.sourceInputs, sourceTokens.size(), s.dIn,
                                             "source_sentence"))
                return issue;
        } else if (s.sourceInputs.size() > 0) {
            return SessionIssue{"source_inputs", SessionValidator::tr("source_inputs needs a source_sentence (cross-attention)")};
        }
    }

    const auto T = static_cast<std::int64_t>(tokens.size());
    const auto S = s.isCross() ? static_cast<std::int64_t>(sourceTokens.size()) : T;
    if (s.positional == Positional::Learned) {
        if (auto issue = checkRange("context_length", s.contextLength, 1, limits::MaxContextLength))
            return issue;
        if (s.contextLength < std::max(T, S))
            return SessionIssue{"context_length", SessionValidator::tr("context_length (%1) must be at least the number of tokens (%2) "
                                                                       "with positional \"learned\": the position table has one row per "
                                                                       "position")
                                                                        .arg(s.contextLength)
                                                                        .arg(std::max(T, S))};
        if (double(s.contextLength) * s.dIn > double(limits::MaxEmbeddingElements))
            return SessionIssue{"context_length", SessionValidator::tr("context_length x d_in (%1 x %2) must not exceed %3 elements")
                                                                        .arg(s.contextLength)
                                                                        .arg(s.dIn)
                                                                        .arg(limits::MaxEmbeddingElements)};
    }
    const double bytes = estimateTraceBytes(s, T, S);
    if (bytes > double(limits::MaxTraceBytes))
        return SessionIssue{"sentence", SessionValidator::tr("this session would need %1 of tensors (T=%2, S=%3, %4 heads); the "
                                                             "limit is %5: shorten the sentence or reduce num_heads or the "
                                                             "dimensions")
                                                              .arg(bytesText(bytes))
                                                              .arg(T)
                                                              .arg(S)
                                                              .arg(s.effectiveHeads())
                                                              .arg(bytesText(double(limits::MaxTraceBytes)))};
    return std::nullopt;
}

} // namespace ae
