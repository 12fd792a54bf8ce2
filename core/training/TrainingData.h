#pragma once

#include "TorchGenerator.h"
#include "TrainingConfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ae {

// A batch of rows x cols token ids, row-major: inputs and the next-token targets.
struct TokenBatch
{
    int rows = 0, cols = 0;
    std::vector<std::int64_t> inputs, targets;
};

// §2.1: one generator g = Generator().manual_seed(data_seed) for every step, in order:
// periods = randint(min_period, max_period + 1, (B,)), then per row r_b = randint(0, V,
// (periods[b],)); the row is r_b repeated to T + 1 tokens, inputs its first T, targets its
// last T.
class InductionStream
{
public:
    explicit InductionStream(const TrainingConfig& config);
    TokenBatch next();

private:
    const TrainingConfig& m_config;
    TorchGenerator m_generator;
};

// §2.2: the text split at int(train_ratio · code points), each part tokenized, cut into
// GPTDatasetV1's windows; training batches in each epoch's order (randperm(n, generator
// seeded data_seed + epoch), or in order without shuffle), the last incomplete batch dropped;
// validation batches in order, the last smaller one kept.
class TextCorpus
{
public:
    explicit TextCorpus(const TrainingConfig& config);

    int vocabSize() const { return m_vocabSize; }
    const std::vector<std::string>& charVocabulary() const { return m_chars; }
    std::int64_t trainWindows() const { return std::int64_t(m_trainStarts.size()); }
    std::int64_t validationWindows() const { return std::int64_t(m_valStarts.size()); }
    // The window order of epoch e (indices of training windows).
    std::vector<std::int64_t> epochOrder(std::int64_t epoch) const;
    // The batch of training step `step` (0-based), epochs following one another.
    TokenBatch trainBatch(std::int64_t step);
    std::vector<TokenBatch> validationBatches() const;
    // The first validation window's inputs (the probe of §4).
    std::vector<std::int64_t> firstValidationWindow() const;

private:
    TokenBatch batchOf(const std::vector<std::int64_t>& ids,
                       const std::vector<std::int64_t>& starts, const std::int64_t* picks,
                       int count) const;

    const TrainingConfig& m_config;
    int m_vocabSize = 0;
    std::vector<std::string> m_chars;
    std::vector<std::int64_t> m_trainIds, m_valIds;
    std::vector<std::int64_t> m_trainStarts, m_valStarts;
    std::int64_t m_orderEpoch = -1;
    std::vector<std::int64_t> m_order;
};

// Token ids of the two parts of the text (for validation: how many windows each part has).
// The chars tokenizer's vocabulary: the distinct code points, sorted (as Python's
// sorted(set(text)) orders them), each as UTF-8.
struct TextSplit
{
    std::vector<std::int64_t> train, validation;
    std::vector<std::string> chars; // chars tokenizer: the vocabulary
    int vocabSize = 0;
};
TextSplit splitText(const TrainingConfig& config);

// GPTDatasetV1's window starts: range(0, len(ids) - L, stride).
std::vector<std::int64_t> windowStarts(std::int64_t tokens, int length, int stride);

} // namespace ae
