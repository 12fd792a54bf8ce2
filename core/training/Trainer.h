#pragma once

#include "HeadDetectors.h"
#include "Matrix.h"
#include "TrainingConfig.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ae {

class TransformerModel;
class TrainingState;

// What the lab shows every eval_every steps (spec training.md §4): the attention weights of
// every layer x head on the probe (eval mode, no dropout) and the head detectors' scores
// (heads.md §1) on it. Immutable once made: hand it to the GUI thread as a shared_ptr.
struct ProbeSnapshot
{
    int step = 0; // stepsDone() when it was taken
    int layers = 0, heads = 0;
    std::vector<std::int64_t> tokenIds; // the probe (T tokens)
    std::vector<Matrix> attnWeights;    // [layer * heads + head], T x T, causal
    HeadDetection detection;            // scores[pattern][layer * heads + head]

    const Matrix& weights(int layer, int head) const
    {
        return attnWeights[std::size_t(layer * heads + head)];
    }
};

// Trains the book's GPTModel on a validated TrainingConfig (TrainingSession.h), exactly as the
// spec's PyTorch script does (initialisation, data order, dropout draws, AdamW, clipping), in
// float32 with the app's own backward. Bit-for-bit repeatable for any number of OpenMP
// threads. Not thread-safe: construct and call it from one (worker) thread; what it returns
// (losses, snapshots, models) are values that may cross threads.
class Trainer
{
public:
    // Fresh weights drawn from init_seed.
    explicit Trainer(TrainingConfig config);
    // Resumes from `weights` (a book checkpoint loaded with loadBookCheckpoint, or
    // Trainer::model()): its sizes must match the config (resumeIssue() says why not). The
    // weights continue; AdamW's moments and step count start afresh, the data stream and
    // the dropout stream restart from their seeds, stepsDone() counts from 0 (docs/training.md).
    Trainer(TrainingConfig config, const TransformerModel& weights);
    ~Trainer();
    Trainer(const Trainer&) = delete;
    Trainer& operator=(const Trainer&) = delete;

    // Why `weights` cannot resume a session of `config` (a size, qkv_bias or mlp differing),
    // naming the config key; empty when it can.
    static std::string resumeIssue(const TrainingConfig& config, const TransformerModel& weights);

    const TrainingConfig& config() const;
    // The model's vocabulary size (induction: task.vocab_size; chars: distinct code points;
    // gpt2: 50257).
    int vocabSize() const;
    // The chars tokenizer's vocabulary: id -> its code point as UTF-8 (empty for the other
    // tokenizers), so that ids can be shown and generated text decoded.
    const std::vector<std::string>& charVocabulary() const;
    // The ids the model reads (TransformerConfig::tokenizer): "ids" (induction), "chars" or
    // "gpt2" (text).
    std::string tokenizerName() const;

    // One optimiser step on the next training batch; returns that batch's loss (before the
    // update, as loss.item() in the script).
    float step();
    int stepsDone() const;
    // Text: the validation loss of the current weights (§2.2, eval mode); induction: NaN.
    float validationLoss();
    bool hasValidation() const;
    // Whether step `stepsDone()` is one of the spec's evaluation points (every eval_every
    // steps, and after the last).
    bool evaluationDue() const;

    // The probe (§4): induction r + r from probe_seed cut to T, text the first validation
    // window.
    const std::vector<std::int64_t>& probeIds() const;
    // Cheap (one eval forward of T tokens): fine every eval_every steps.
    std::shared_ptr<const ProbeSnapshot> probe() const;

    // The current weights as a model in the canonical layout (family "book", the config's
    // sizes), a copy independent of further steps: for the pages, the head analysis,
    // generation and the checkpoint writer.
    std::shared_ptr<const TransformerModel> model() const;

    // For tests and the checkpoint writer: the parameters by the book's state_dict names,
    // torch's shapes ((out, in) for nn.Linear), in registration order.
    struct NamedTensor
    {
        std::string name;
        std::vector<std::int64_t> shape;
        std::vector<float> values;
    };
    std::vector<NamedTensor> parameters() const;
    // The gradients of the last step() (after clipping when train.grad_clip is set, as the
    // optimiser used them), same order.
    std::vector<NamedTensor> gradients() const;

private:
    std::unique_ptr<TrainingState> m_state;
};

} // namespace ae
