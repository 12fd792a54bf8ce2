#include "MaskDropoutControls.h"

#include "ControlSync.h"
#include "DropoutEdit.h"
#include "DropoutSeedEdit.h"
#include "Session.h"
#include "WrappedLabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>

namespace ae {

QString MaskDropoutControls::crossCausalNote()
{
    return tr("With a source sentence the mask is torch.triu(torch.ones(T, S), diagonal=1): query "
              "i sees source "
              "tokens 0 to i, paired by position, not by meaning. A decoder masks its own "
              "sentence, not the source "
              "it reads, so this is rarely what a model does; it is computed as PyTorch would.");
}

MaskDropoutControls::MaskDropoutControls(SessionDocument* document, QWidget* parent)
    : ControlSection(tr("Causal mask and dropout"), document, parent),
      m_causal(new QCheckBox(tr("&Causal: hide future tokens"), this)),
      m_crossCausalNote(new WrappedLabel(this)), m_maskMethod(new QComboBox(this)),
      m_dropout(new DropoutEdit(this)),
      m_training(new QCheckBox(tr("T&raining mode: dropout acts"), this)),
      m_dropoutSeed(new DropoutSeedEdit(this))
{
    sync::addChoice(m_maskMethod, MaskMethod::NegInf, tr("\u2212\u221e before softmax"));
    sync::addChoice(m_maskMethod, MaskMethod::Renormalize, tr("softmax, zero, renormalise"));
    sync::fitNarrow(m_maskMethod);

    addRow(QStringLiteral("causal"), m_causal,
           tr("Each token attends only to itself and the tokens before it: "
              "<code>mask = torch.triu(torch.ones(T, T), diagonal=1)</code>."));
    m_crossCausalNote->setObjectName(QStringLiteral("cross_causal_note"));
    m_crossCausalNote->setText(crossCausalNote());
    addNote(m_crossCausalNote);
    addRow(QStringLiteral("mask_method"), tr("&Mask method"), m_maskMethod,
           tr("<code>attn_scores.masked_fill(mask.bool(), -torch.inf)</code> before the softmax, "
              "or the "
              "softmax first, then <code>attn_weights * mask_simple</code> and each row divided by "
              "its sum "
              "(the same weights)."));
    addRow(QStringLiteral("dropout"), tr("Dropout &p"), m_dropout,
           tr("Probability of zeroing each attention weight, <code>nn.Dropout(p)</code>; the "
              "weights kept "
              "are scaled by 1 / (1 \u2212 p)."));
    addRow(QStringLiteral("training"), m_training,
           tr("Dropout acts only in training: <code>module.train()</code>; unticked is "
              "<code>module.eval()</code>, where dropout passes the weights through."));
    addRow(QStringLiteral("dropout_seed"), tr("&Dropout seed"), m_dropoutSeed,
           tr("<code>torch.manual_seed(dropout_seed)</code> right before dropout draws its mask, "
              "or no "
              "seed: the draws continue the random stream where the weights left it."));

    connect(m_causal, &QCheckBox::toggled, this,
            [this](bool causal) { edit([causal](Session& s) { s.causal = causal; }); });
    connect(m_maskMethod, &QComboBox::currentIndexChanged, this, [this] {
        edit([method = sync::choice<MaskMethod>(m_maskMethod)](Session& s) {
            s.maskMethod = method;
        });
    });
    connect(m_dropout, &DropoutEdit::valueEdited, this,
            [this](double p) { edit([p](Session& s) { s.dropout = p; }); });
    connect(m_training, &QCheckBox::toggled, this,
            [this](bool training) { edit([training](Session& s) { s.training = training; }); });
    connect(m_dropoutSeed, &DropoutSeedEdit::valueEdited, this, [this] {
        edit([seed = m_dropoutSeed->value()](Session& s) { s.dropoutSeed = seed; });
    });
}

void MaskDropoutControls::setSession(const Session& s)
{
    sync::setChecked(m_causal, s.causal);
    sync::setChoice(m_maskMethod, s.maskMethod);
    m_dropout->setValue(s.dropout);
    sync::setChecked(m_training, s.training);
    m_dropoutSeed->setValue(s.dropoutSeed);

    m_crossCausalNote->setVisible(s.causal && s.isCross());
    setApplies(QStringLiteral("mask_method"), s.causal,
               tr("Greyed out: nothing is masked. Tick causal to use it."));
    setApplies(QStringLiteral("dropout_seed"), s.dropoutActive(),
               tr("Greyed out: dropout acts only in training with p > 0. Tick training and set "
                  "dropout p to use it."));
}

} // namespace ae
