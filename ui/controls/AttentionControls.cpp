#include "AttentionControls.h"

#include "ControlSync.h"
#include "Limits.h"
#include "SeedSpinBox.h"
#include "Session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSpinBox>

namespace ae {

namespace {

QSpinBox* makeSizeBox(int maximum, QWidget* parent)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(1, maximum);
    return spin;
}

} // namespace

AttentionControls::AttentionControls(SessionDocument* document, QWidget* parent)
    : ControlSection(tr("Attention module"), document, parent), m_variant(new QComboBox(this)),
      m_init(new QComboBox(this)), m_dOutKq(makeSizeBox(limits::MaxDimension, this)),
      m_dOutV(makeSizeBox(limits::MaxDimension, this)),
      m_numHeads(makeSizeBox(limits::MaxHeads, this)),
      m_qkvBias(new QCheckBox(tr("&qkv_bias: biases on the projections"), this)),
      m_weightSeed(new SeedSpinBox(this))
{
    sync::addChoice(m_variant, Variant::Simplified, tr("Simplified (no weights)"));
    sync::addChoice(m_variant, Variant::SelfAttention, tr("Self-attention (W_q, W_k, W_v)"));
    sync::addChoice(m_variant, Variant::MultiHeadWrapper, tr("Multi-head: wrapper of heads"));
    sync::addChoice(m_variant, Variant::MultiHead, tr("Multi-head: one split projection"));
    sync::addChoice(m_init, InitScheme::Rand, tr("torch.rand (article)"));
    sync::addChoice(m_init, InitScheme::Linear, tr("nn.Linear (book)"));
    // As wide as its longest choice: a clipped "Multi-head: one split proj" reads as another
    // variant. The dock grows to it; the form puts it under its label when narrow.
    m_variant->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    sync::fitNarrow(m_init);

    addRow(
        QStringLiteral("variant"), tr("&Variant"), m_variant,
        tr("Which module computes attention: <code>attn_scores = inputs @ inputs.T</code> without "
           "weights, <code>SelfAttention</code>, <code>MultiHeadAttentionWrapper</code> or the "
           "efficient <code>MultiHeadAttention</code>."));
    addRow(QStringLiteral("init"), tr("I&nit"), m_init,
           tr("How the weights are drawn: <code>nn.Parameter(torch.rand(d_in, d_out))</code> "
              "(article) "
              "or <code>nn.Linear(d_in, d_out, bias=qkv_bias)</code> (book)."));
    m_dOutKqLabel =
        addRow(QStringLiteral("d_out_kq"), tr("d_out (q, &k)"), m_dOutKq,
               tr("Size of the queries and keys: <code>W_query = nn.Parameter(torch.rand(d_in, "
                  "d_out_kq))</code>; for the efficient multi-head class its <code>d_out</code>, "
                  "split into num_heads heads."));
    addRow(QStringLiteral("d_out_v"), tr("d_o&ut (v)"), m_dOutV,
           tr("Size of the values, and so of each context vector: <code>W_value = "
              "nn.Parameter(torch.rand(d_in, d_out_v))</code>; equal to d_out for the efficient "
              "class."));
    addRow(QStringLiteral("num_heads"), tr("Number of &heads"), m_numHeads,
           tr("Attention heads side by side: <code>MultiHeadAttentionWrapper(d_in, d_out, ..., "
              "num_heads)</code>; the efficient class needs it to divide d_out."));
    addRow(QStringLiteral("qkv_bias"), m_qkvBias,
           tr("Adds a bias to the query, key and value projections: <code>nn.Linear(d_in, d_out, "
              "bias=qkv_bias)</code> (nn.Linear only)."));
    addRow(
        QStringLiteral("weight_seed"), tr("&Weight seed"), m_weightSeed,
        tr("<code>torch.manual_seed(weight_seed)</code> right before the module is built; dropout "
           "without a seed of its own continues this stream."));

    connect(m_variant, &QComboBox::currentIndexChanged, this, [this] {
        edit([variant = sync::choice<Variant>(m_variant)](Session& s) {
            s.variant = variant;
            // The keys follow what the new module can take (the validator would refuse the rest).
            if (variant == Variant::SelfAttention)
                s.numHeads = 1;
            if (variant == Variant::MultiHead)
                s.dOutV = s.dOutKq;
        });
    });
    connect(m_init, &QComboBox::currentIndexChanged, this, [this] {
        edit([init = sync::choice<InitScheme>(m_init)](Session& s) { s.init = init; });
    });
    connect(m_dOutKq, &QSpinBox::valueChanged, this, [this](int size) {
        edit([size](Session& s) {
            s.dOutKq = size;
            if (s.variant == Variant::MultiHead)
                s.dOutV = size; // one d_out for queries, keys and values
        });
    });
    connect(m_dOutV, &QSpinBox::valueChanged, this,
            [this](int size) { edit([size](Session& s) { s.dOutV = size; }); });
    connect(m_numHeads, &QSpinBox::valueChanged, this,
            [this](int heads) { edit([heads](Session& s) { s.numHeads = heads; }); });
    connect(m_qkvBias, &QCheckBox::toggled, this,
            [this](bool bias) { edit([bias](Session& s) { s.qkvBias = bias; }); });
    connect(m_weightSeed, &SeedSpinBox::valueChanged, this,
            [this](quint64 seed) { edit([seed](Session& s) { s.weightSeed = seed; }); });
}

void AttentionControls::setSession(const Session& s)
{
    sync::setChoice(m_variant, s.variant);
    sync::setChoice(m_init, s.init);
    sync::setValue(m_dOutKq, s.dOutKq);
    sync::setValue(m_dOutV, s.dOutV);
    sync::setValue(m_numHeads, s.numHeads);
    sync::setChecked(m_qkvBias, s.qkvBias);
    {
        const QSignalBlocker blocker(m_weightSeed);
        m_weightSeed->setValue(s.weightSeed);
    }

    const bool weights = s.hasWeights();
    const bool multi = s.variant == Variant::MultiHeadWrapper || s.variant == Variant::MultiHead;
    m_dOutKqLabel->setText(s.variant == Variant::MultiHead ? tr("d_ou&t") : tr("d_out (q, &k)"));
    // A control whose value the validator refuses stays enabled so it can be fixed. One that
    // does not apply says why in its tooltip.
    const QString noWeights =
        tr("Greyed out: simplified attention has no weights. Choose another variant to use it.");
    setApplies(QStringLiteral("init"), weights, noWeights);
    setApplies(QStringLiteral("d_out_kq"), weights, noWeights);
    setApplies(QStringLiteral("d_out_v"),
               weights && (s.variant != Variant::MultiHead || s.dOutV != s.dOutKq),
               weights ? tr("Greyed out: the efficient multi-head class has one d_out for "
                            "queries, keys and values; set it above.")
                       : noWeights);
    setApplies(QStringLiteral("num_heads"), weights && (multi || s.numHeads != 1),
               weights ? tr("Greyed out: this variant has a single head. Choose a multi-head "
                            "variant (Variant, above) to use more.")
                       : tr("Greyed out: simplified attention has a single head. Choose a "
                            "multi-head variant (Variant, above) to use more."));
    setApplies(QStringLiteral("qkv_bias"), weights && (s.init == InitScheme::Linear || s.qkvBias),
               weights ? tr("Greyed out: biases come with nn.Linear. Choose the book's init "
                            "(Init, above) to add them.")
                       : noWeights);
    // Simplified attention draws nothing, but a seedless dropout continues this seed's stream.
    setApplies(QStringLiteral("weight_seed"), weights || (s.dropoutActive() && !s.dropoutSeed),
               tr("Greyed out: simplified attention draws no weights (a dropout without a seed "
                  "of its own would continue this seed's stream)."));
}

} // namespace ae
