#include "TodaysAttentionControls.h"

#include "ControlSync.h"
#include "Limits.h"
#include "Session.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QSpinBox>

namespace ae {

namespace {

QSpinBox* countBox(int minimum, int maximum, const QString& special, QWidget* parent)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(minimum, maximum);
    spin->setSpecialValueText(special); // shown for the minimum, where that means "off"
    return spin;
}

} // namespace

TodaysAttentionControls::TodaysAttentionControls(SessionDocument* document, QWidget* parent)
    : ControlSection(tr("Today's attention"), document, parent),
      m_rope(new QCheckBox(tr("RoPE: rotate queries and keys by position"), this)),
      m_ropeStyle(new QComboBox(this)), m_ropeTheta(new QDoubleSpinBox(this)),
      m_numKvHeads(countBox(0, limits::MaxHeads, tr("one per head"), this)),
      m_window(countBox(0, int(limits::MaxWindow), tr("none"), this)),
      m_kernel(new QComboBox(this)), m_blockQ(countBox(1, int(limits::MaxWindow), QString(), this)),
      m_blockK(countBox(1, int(limits::MaxWindow), QString(), this))
{
    sync::addChoice(m_ropeStyle, RopeStyle::Half, tr("rotate half (Hugging Face)"));
    sync::addChoice(m_ropeStyle, RopeStyle::Interleaved, tr("interleaved pairs (Meta)"));
    sync::fitNarrow(m_ropeStyle);
    m_ropeTheta->setRange(1, 1e9);
    m_ropeTheta->setDecimals(0);
    sync::addChoice(m_kernel, KernelKind::Standard, tr("standard: whole rows"));
    sync::addChoice(m_kernel, KernelKind::Flash, tr("FlashAttention-2: tile by tile"));
    sync::fitNarrow(m_kernel);

    addRow(QStringLiteral("rope"), m_rope,
           tr("Rotary position embeddings (Llama, Mistral): after the projections each pair of a "
              "head's query and key dimensions is rotated by an angle that grows with the "
              "position, so a score depends on how far apart two tokens are."));
    addRow(QStringLiteral("rope_style"), tr("RoPE pairs"), m_ropeStyle,
           tr("Which dimensions form a pair: i and i + head_dim/2 "
              "(<code>rotate_half</code>, Hugging Face's Llama, GPT-NeoX) or 2i and 2i + 1 "
              "(Meta's Llama, GPT-J)."));
    addRow(QStringLiteral("rope_theta"), tr("RoPE theta"), m_ropeTheta,
           tr("The base of the rotation frequencies: <code>inv_freq = 1 / theta ** (arange(0, "
              "h, 2) / h)</code> (10000 in Llama 2, 500000 in Llama 3)."));
    addRow(QStringLiteral("num_kv_heads"), tr("Key/value heads"), m_numKvHeads,
           tr("Grouped-query attention (multihead only): W_key and W_value project to this many "
              "heads, each shared by num_heads / num_kv_heads query heads "
              "(<code>repeat_interleave</code>); 1 is multi-query attention."));
    addRow(QStringLiteral("window"), tr("Sliding window"), m_window,
           tr("Each query sees at most this many keys around it: with causal the W most recent, "
              "itself included (Mistral); without, those less than W positions away."));
    addRow(QStringLiteral("kernel"), tr("Kernel"), m_kernel,
           tr("How the same attention is computed: whole rows of scores and weights, or "
              "FlashAttention-2's tiles with a running maximum and sum per row (equal to float32 "
              "rounding)."));
    addRow(QStringLiteral("block_q"), tr("Query block"), m_blockQ,
           tr("FlashAttention: the rows of a query block (B_r)."));
    addRow(QStringLiteral("block_k"), tr("Key block"), m_blockK,
           tr("FlashAttention: the columns of a key block (B_c)."));

    connect(m_rope, &QCheckBox::toggled, this,
            [this](bool on) { edit([on](Session& s) { s.rope = on; }); });
    connect(m_ropeStyle, &QComboBox::currentIndexChanged, this, [this] {
        edit([style = sync::choice<RopeStyle>(m_ropeStyle)](Session& s) { s.ropeStyle = style; });
    });
    connect(m_ropeTheta, &QDoubleSpinBox::valueChanged, this,
            [this](double theta) { edit([theta](Session& s) { s.ropeTheta = theta; }); });
    connect(m_numKvHeads, &QSpinBox::valueChanged, this,
            [this](int heads) { edit([heads](Session& s) { s.numKvHeads = heads; }); });
    connect(m_window, &QSpinBox::valueChanged, this,
            [this](int window) { edit([window](Session& s) { s.window = window; }); });
    connect(m_kernel, &QComboBox::currentIndexChanged, this, [this] {
        edit([kernel = sync::choice<KernelKind>(m_kernel)](Session& s) { s.kernel = kernel; });
    });
    connect(m_blockQ, &QSpinBox::valueChanged, this,
            [this](int rows) { edit([rows](Session& s) { s.blockQ = rows; }); });
    connect(m_blockK, &QSpinBox::valueChanged, this,
            [this](int columns) { edit([columns](Session& s) { s.blockK = columns; }); });
}

void TodaysAttentionControls::setSession(const Session& s)
{
    const Session defaults;
    sync::setChecked(m_rope, s.rope);
    sync::setChoice(m_ropeStyle, s.ropeStyle);
    if (m_ropeTheta->value() != s.ropeTheta) {
        const QSignalBlocker blocker(m_ropeTheta);
        m_ropeTheta->setValue(s.ropeTheta);
    }
    sync::setValue(m_numKvHeads, s.numKvHeads);
    sync::setValue(m_window, s.window);
    sync::setChoice(m_kernel, s.kernel);
    sync::setValue(m_blockQ, s.blockQ);
    sync::setValue(m_blockK, s.blockK);

    const QString noRope = tr("Greyed out: RoPE is off. Tick RoPE to use it.");
    setApplies(QStringLiteral("rope"), (s.hasWeights() && !s.isCross()) || s.rope,
               tr("Greyed out: RoPE rotates the queries and keys of self-attention with weights "
                  "(not simplified attention, not cross-attention)."));
    setApplies(QStringLiteral("rope_style"), s.rope || s.ropeStyle != defaults.ropeStyle, noRope);
    setApplies(QStringLiteral("rope_theta"), s.rope || s.ropeTheta != defaults.ropeTheta, noRope);
    setApplies(QStringLiteral("num_kv_heads"),
               s.variant == Variant::MultiHead || s.numKvHeads != defaults.numKvHeads,
               tr("Greyed out: grouped key/value heads belong to the efficient multi-head class. "
                  "Choose the variant multihead to use them."));
    const QString standard = tr("Greyed out: the standard kernel has no tiles. Choose the "
                                "FlashAttention kernel to use it.");
    setApplies(QStringLiteral("block_q"),
               s.kernel == KernelKind::Flash || s.blockQ != defaults.blockQ, standard);
    setApplies(QStringLiteral("block_k"),
               s.kernel == KernelKind::Flash || s.blockK != defaults.blockK, standard);
}

} // namespace ae
