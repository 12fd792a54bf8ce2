#include "TrainingData.h"

#include "Tokenizer.h"
#include "Utf8.h"

#include <algorithm>
#include <map>

namespace ae {

InductionStream::InductionStream(const TrainingConfig& config)
    : m_config(config), m_generator(config.dataSeed)
{
}

TokenBatch InductionStream::next()
{
    const int B = m_config.batchSize, T = m_config.contextLength;
    TokenBatch batch{B, T, std::vector<std::int64_t>(std::size_t(B * T)),
                     std::vector<std::int64_t>(std::size_t(B * T))};
    std::vector<std::int64_t> periods(static_cast<std::size_t>(B));
    for (auto& p : periods)
        p = m_generator.randint(m_config.minPeriod, std::int64_t(m_config.maxPeriod) + 1);
    std::vector<std::int64_t> r;
    for (int b = 0; b < B; ++b) {
        r.resize(std::size_t(periods[std::size_t(b)]));
        for (auto& id : r)
            id = m_generator.randint(0, m_config.vocabSize);
        for (int i = 0; i < T; ++i) {
            batch.inputs[std::size_t(b * T + i)] = r[std::size_t(i) % r.size()];
            batch.targets[std::size_t(b * T + i)] = r[std::size_t(i + 1) % r.size()];
        }
    }
    return batch;
}

namespace {

std::vector<char32_t> codePoints(const std::string& text)
{
    std::vector<char32_t> out;
    for (std::size_t pos = 0; pos < text.size();)
        out.push_back(utf8::next(text, pos));
    return out;
}

std::string utf8Of(const std::vector<char32_t>& cps, std::size_t from, std::size_t to)
{
    std::string s;
    for (std::size_t i = from; i < to; ++i)
        utf8::append(s, cps[i]);
    return s;
}

} // namespace

TextSplit splitText(const TrainingConfig& config)
{
    const std::vector<char32_t> cps = codePoints(config.text);
    // int(train_ratio * len(text)) in Python's double arithmetic.
    const auto split = std::size_t(config.trainRatio * double(cps.size()));
    TextSplit out;
    if (config.tokenizer == TrainingConfig::TextTokenizer::Chars) {
        std::vector<char32_t> sorted = cps;
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        std::map<char32_t, std::int64_t> rank;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            rank[sorted[i]] = std::int64_t(i);
            std::string s;
            utf8::append(s, sorted[i]);
            out.chars.push_back(std::move(s));
        }
        for (std::size_t i = 0; i < cps.size(); ++i)
            (i < split ? out.train : out.validation).push_back(rank[cps[i]]);
        out.vocabSize = int(sorted.size());
    } else {
        const Tokenizer& gpt2 = tokenizerFor(TokenizerKind::Gpt2);
        const std::string trainText = utf8Of(cps, 0, split);
        const std::string valText = utf8Of(cps, split, cps.size());
        TokenizedTexts t = gpt2.encode({trainText, valText});
        out.train = std::move(t.ids[0]);
        out.validation = std::move(t.ids[1]);
        out.vocabSize = 50257;
    }
    return out;
}

std::vector<std::int64_t> windowStarts(std::int64_t tokens, int length, int stride)
{
    std::vector<std::int64_t> starts;
    for (std::int64_t i = 0; i < tokens - length; i += stride)
        starts.push_back(i);
    return starts;
}

TextCorpus::TextCorpus(const TrainingConfig& config) : m_config(config)
{
    TextSplit split = splitText(config);
    m_vocabSize = split.vocabSize;
    m_chars = std::move(split.chars);
    m_trainIds = std::move(split.train);
    m_valIds = std::move(split.validation);
    m_trainStarts = windowStarts(std::int64_t(m_trainIds.size()), config.maxLength, config.stride);
    m_valStarts = windowStarts(std::int64_t(m_valIds.size()), config.maxLength, config.stride);
}

std::vector<std::int64_t> TextCorpus::epochOrder(std::int64_t epoch) const
{
    const auto n = std::int64_t(m_trainStarts.size());
    if (!m_config.shuffle) {
        std::vector<std::int64_t> order(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i)
            order[std::size_t(i)] = i;
        return order;
    }
    TorchGenerator g(m_config.dataSeed + std::uint64_t(epoch));
    return g.randperm(n);
}

TokenBatch TextCorpus::batchOf(const std::vector<std::int64_t>& ids,
                               const std::vector<std::int64_t>& starts, const std::int64_t* picks,
                               int count) const
{
    const int L = m_config.maxLength;
    TokenBatch batch{count, L, std::vector<std::int64_t>(std::size_t(count * L)),
                     std::vector<std::int64_t>(std::size_t(count * L))};
    for (int b = 0; b < count; ++b) {
        const std::int64_t start = starts[std::size_t(picks[b])];
        for (int i = 0; i < L; ++i) {
            batch.inputs[std::size_t(b * L + i)] = ids[std::size_t(start + i)];
            batch.targets[std::size_t(b * L + i)] = ids[std::size_t(start + i + 1)];
        }
    }
    return batch;
}

TokenBatch TextCorpus::trainBatch(std::int64_t step)
{
    const int B = m_config.batchSize;
    const std::int64_t perEpoch = trainWindows() / B;
    const std::int64_t epoch = step / perEpoch, k = step % perEpoch;
    if (epoch != m_orderEpoch) {
        m_order = epochOrder(epoch);
        m_orderEpoch = epoch;
    }
    return batchOf(m_trainIds, m_trainStarts, m_order.data() + k * B, B);
}

std::vector<TokenBatch> TextCorpus::validationBatches() const
{
    std::vector<std::int64_t> all(m_valStarts.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = std::int64_t(i);
    std::vector<TokenBatch> batches;
    for (std::size_t i = 0; i < all.size(); i += std::size_t(m_config.batchSize)) {
        const int count = int(std::min(all.size() - i, std::size_t(m_config.batchSize)));
        batches.push_back(batchOf(m_valIds, m_valStarts, all.data() + i, count));
    }
    return batches;
}

std::vector<std::int64_t> TextCorpus::firstValidationWindow() const
{
    const std::int64_t first = 0;
    return batchOf(m_valIds, m_valStarts, &first, 1).inputs;
}

} // namespace ae
