#pragma once

#include <QWidget>

#include <cstdint>
#include <optional>

class QCheckBox;

namespace ae {

class SeedSpinBox;

// dropout_seed: either "continue the stream" (no seed: dropout draws where the weights
// left the generator) or torch.manual_seed(seed) right before dropout.
class DropoutSeedEdit : public QWidget
{
    Q_OBJECT
public:
    explicit DropoutSeedEdit(QWidget* parent = nullptr);

    std::optional<std::uint64_t> value() const;
    // Shows `seed` without emitting valueEdited. Without a seed the spin box keeps the
    // last one, ready for when the user unticks "continue".
    void setValue(std::optional<std::uint64_t> seed);

    QCheckBox* continueBox() const { return m_continue; }
    SeedSpinBox* seedBox() const { return m_seed; }

Q_SIGNALS:
    void valueEdited();

private:
    void updateSeedEnabled();

    QCheckBox* m_continue;
    SeedSpinBox* m_seed;
};

} // namespace ae
