#include "Trainer.h"

#include "InductionProbe.h"
#include "TrainingState.h"
#include "TransformerModel.h"

#include <cmath>

namespace ae {

namespace {

void prepare(TrainingState& s)
{
    const TrainingConfig& c = s.config;
    int vocab = c.vocabSize;
    if (c.task == TrainingConfig::TaskKind::Text) {
        s.text.emplace(s.config);
        vocab = s.text->vocabSize();
        s.probeIds = s.text->firstValidationWindow();
    } else {
        s.induction.emplace(s.config);
        s.probeIds = inductionProbe(vocab, c.contextLength / 2, c.probeSeed, std::nullopt);
        s.probeIds.resize(std::min(s.probeIds.size(), std::size_t(c.contextLength)));
    }
    s.layout = parameterLayout(c, vocab);
    s.generator.manualSeed(c.initSeed);
    s.params = initialParameters(s.layout, s.generator);
    s.grads.assign(s.layout.total, 0.0f);
    s.optimizer.emplace(s.layout.total, c.lr, c.weightDecay);
}

// The canonical tensor (in x out) of nn.Linear weights (out x in) stacked by rows.
std::vector<float> transposed(const float* w, std::int64_t rows, std::int64_t cols)
{
    std::vector<float> t(std::size_t(rows * cols));
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            t[std::size_t(c * rows + r)] = w[r * cols + c];
    return t;
}

} // namespace

Trainer::Trainer(TrainingConfig config)
    : m_state(std::make_unique<TrainingState>(std::move(config)))
{
    prepare(*m_state);
}

Trainer::Trainer(TrainingConfig config, const TransformerModel& weights)
    : Trainer(std::move(config))
{
    // The canonical layout back into the book's: the inverse of model().
    const ParameterLayout& l = m_state->layout;
    const TransformerParams& w = weights.params();
    float* p = m_state->params.data();
    auto copy = [](const TensorRef& t, float* to) {
        std::copy_n(t.data, std::size_t(t.rows * t.cols), to);
    };
    auto untranspose = [](const TensorRef& t, float* to) {
        const std::vector<float> back = transposed(t.data, t.rows, t.cols);
        std::copy(back.begin(), back.end(), to);
    };
    copy(w.wte, p + l.tok);
    copy(w.wpe, p + l.pos);
    for (int i = 0; i < l.layers; ++i) {
        const BlockOffsets& o = l.blocks[std::size_t(i)];
        const TransformerLayerParams& lw = w.layers[std::size_t(i)];
        untranspose(lw.attnWeight, p + o.wqkv);
        if (l.qkvBias)
            copy(lw.attnBias, p + o.bqkv);
        untranspose(lw.attnProjWeight, p + o.wo);
        copy(lw.attnProjBias, p + o.bo);
        copy(lw.ln1Weight, p + o.n1s);
        copy(lw.ln1Bias, p + o.n1b);
        if (l.mlp) {
            untranspose(lw.fcWeight, p + o.fc);
            copy(lw.fcBias, p + o.fcb);
            untranspose(lw.fcProjWeight, p + o.proj);
            copy(lw.fcProjBias, p + o.projb);
            copy(lw.ln2Weight, p + o.n2s);
            copy(lw.ln2Bias, p + o.n2b);
        }
    }
    copy(w.lnfWeight, p + l.lnfs);
    copy(w.lnfBias, p + l.lnfb);
    copy(w.outHead, p + l.out);
}

Trainer::~Trainer() = default;

std::string Trainer::resumeIssue(const TrainingConfig& config, const TransformerModel& weights)
{
    const TransformerConfig& w = weights.config();
    auto differs = [](const char* key, long long want, long long have) {
        return std::string("\"") + key + "\" is " + std::to_string(want) + " in the session but " +
               std::to_string(have) + " in the checkpoint";
    };
    if (w.nLayer != config.nLayers)
        return differs("model.n_layers", config.nLayers, w.nLayer);
    if (w.nHead != config.nHeads)
        return differs("model.n_heads", config.nHeads, w.nHead);
    if (w.nEmbd != config.embDim)
        return differs("model.emb_dim", config.embDim, w.nEmbd);
    if (w.nCtx != config.contextLength)
        return differs("model.context_length", config.contextLength, w.nCtx);
    if (w.mlp != config.mlp)
        return differs("model.mlp", config.mlp, w.mlp);
    if (w.tiedHead)
        return "the checkpoint is not the book's GPTModel (its output head is tied)";
    const bool bias =
        !weights.params().layers.empty() && !weights.params().layers[0].attnBias.empty();
    if (bias != config.qkvBias)
        return differs("model.qkv_bias", config.qkvBias, bias);
    int vocab = config.vocabSize;
    if (config.task == TrainingConfig::TaskKind::Text)
        vocab = splitText(config).vocabSize;
    if (w.vocabSize != vocab)
        return differs("task.vocab_size", vocab, w.vocabSize);
    return {};
}

const TrainingConfig& Trainer::config() const
{
    return m_state->config;
}

int Trainer::vocabSize() const
{
    return m_state->layout.vocab;
}

std::string Trainer::tokenizerName() const
{
    const TrainingConfig& c = m_state->config;
    if (c.task == TrainingConfig::TaskKind::Induction)
        return "ids";
    return c.tokenizer == TrainingConfig::TextTokenizer::Gpt2 ? "gpt2" : "chars";
}

const std::vector<std::string>& Trainer::charVocabulary() const
{
    static const std::vector<std::string> none;
    return m_state->text ? m_state->text->charVocabulary() : none;
}

float Trainer::step()
{
    TrainingState& s = *m_state;
    const TokenBatch batch = s.text ? s.text->trainBatch(s.steps) : s.induction->next();
    const float loss =
        forwardBatch(s.layout, s.params.data(), batch, s.config.dropRate, &s.generator, s.acts);
    backwardBatch(s.layout, s.params.data(), s.acts, s.grads.data());
    if (s.config.gradClip)
        clipGradNorm(s.layout, s.grads.data(), *s.config.gradClip);
    s.optimizer->step(s.params.data(), s.grads.data());
    ++s.steps;
    return loss;
}

int Trainer::stepsDone() const
{
    return m_state->steps;
}

float Trainer::validationLoss()
{
    TrainingState& s = *m_state;
    if (!s.text)
        return std::nanf("");
    const std::vector<TokenBatch> batches = s.text->validationBatches();
    if (batches.empty())
        return std::nanf("");
    Activations acts;
    double total = 0;
    for (const TokenBatch& b : batches)
        total += forwardBatch(s.layout, s.params.data(), b, 0, nullptr, acts);
    return float(total / double(batches.size()));
}

bool Trainer::hasValidation() const
{
    return m_state->text.has_value();
}

bool Trainer::evaluationDue() const
{
    const int done = m_state->steps, every = m_state->config.evalEvery;
    return done > 0 && ((every > 0 && done % every == 0) || done == m_state->config.steps);
}

const std::vector<std::int64_t>& Trainer::probeIds() const
{
    return m_state->probeIds;
}

std::shared_ptr<const ProbeSnapshot> Trainer::probe() const
{
    const TrainingState& s = *m_state;
    const auto T = int(s.probeIds.size());
    TokenBatch batch{1, T, s.probeIds, std::vector<std::int64_t>(std::size_t(T), 0)};
    Activations acts;
    forwardBatch(s.layout, s.params.data(), batch, 0, nullptr, acts);
    auto snap = std::make_shared<ProbeSnapshot>();
    snap->step = s.steps;
    snap->layers = s.layout.layers;
    snap->heads = s.layout.heads;
    snap->tokenIds = s.probeIds;
    HeadDetection& det = snap->detection;
    det.tokenIds = s.probeIds;
    det.layers = snap->layers;
    det.heads = snap->heads;
    std::array<DetectionPattern, AllHeadPatterns.size()> patterns;
    for (std::size_t k = 0; k < AllHeadPatterns.size(); ++k)
        patterns[k] = detectionPattern(AllHeadPatterns[k], s.probeIds);
    for (int layer = 0; layer < snap->layers; ++layer)
        for (int h = 0; h < snap->heads; ++h) {
            const float* w = acts.blocks[std::size_t(layer)].attn.data() +
                             std::size_t(h) * std::size_t(T) * std::size_t(T);
            Matrix weights = Eigen::Map<const Matrix>(w, T, T);
            for (std::size_t k = 0; k < patterns.size(); ++k)
                det.scores[k].push_back(scoreWeights(weights, patterns[k], det.options));
            snap->attnWeights.push_back(std::move(weights));
        }
    return snap;
}

std::shared_ptr<const TransformerModel> Trainer::model() const
{
    const TrainingState& s = *m_state;
    const ParameterLayout& l = s.layout;
    const float* p = s.params.data();
    const std::int64_t d = l.d;
    TransformerConfig c;
    c.family = "book";
    c.nLayer = l.layers;
    c.nHead = l.heads;
    c.nKvHead = l.heads;
    c.nEmbd = l.d;
    c.nCtx = l.ctx;
    c.vocabSize = l.vocab;
    c.mlp = l.mlp;
    c.tiedHead = false;
    c.dtype = "F32";
    c.tokenizer = tokenizerName();
    c.vocabulary = charVocabulary();
    auto model = std::make_shared<TransformerModel>(std::string(), c);
    auto same = [&](std::size_t offset, std::int64_t rows, std::int64_t cols) {
        const float* from = p + offset;
        return TensorRef{model->own(std::vector<float>(from, from + rows * cols)), rows, cols};
    };
    auto canonical = [&](std::size_t offset, std::int64_t out, std::int64_t in) {
        return TensorRef{model->own(transposed(p + offset, out, in)), in, out};
    };
    TransformerParams& tp = model->mutableParams();
    tp.wte = same(l.tok, l.vocab, d);
    tp.wpe = same(l.pos, l.ctx, d);
    for (const BlockOffsets& o : l.blocks) {
        TransformerLayerParams lp;
        lp.ln1Weight = same(o.n1s, 1, d);
        lp.ln1Bias = same(o.n1b, 1, d);
        lp.attnWeight = canonical(o.wqkv, 3 * d, d);
        if (l.qkvBias)
            lp.attnBias = same(o.bqkv, 1, 3 * d);
        lp.attnProjWeight = canonical(o.wo, d, d);
        lp.attnProjBias = same(o.bo, 1, d);
        if (l.mlp) {
            lp.ln2Weight = same(o.n2s, 1, d);
            lp.ln2Bias = same(o.n2b, 1, d);
            lp.fcWeight = canonical(o.fc, 4 * d, d);
            lp.fcBias = same(o.fcb, 1, 4 * d);
            lp.fcProjWeight = canonical(o.proj, d, 4 * d);
            lp.fcProjBias = same(o.projb, 1, d);
        }
        tp.layers.push_back(lp);
    }
    tp.lnfWeight = same(l.lnfs, 1, d);
    tp.lnfBias = same(l.lnfb, 1, d);
    tp.outHead = same(l.out, l.vocab, d);
    return model;
}

namespace {

std::vector<Trainer::NamedTensor> named(const ParameterLayout& l, const std::vector<float>& flat)
{
    std::vector<Trainer::NamedTensor> out;
    for (const ParamTensor& t : l.tensors)
        out.push_back({t.name, t.shape,
                       std::vector<float>(flat.begin() + std::ptrdiff_t(t.offset),
                                          flat.begin() + std::ptrdiff_t(t.offset + t.size))});
    return out;
}

} // namespace

std::vector<Trainer::NamedTensor> Trainer::parameters() const
{
    return named(m_state->layout, m_state->params);
}

std::vector<Trainer::NamedTensor> Trainer::gradients() const
{
    return named(m_state->layout, m_state->grads);
}

} // namespace ae
