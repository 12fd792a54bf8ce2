#pragma once

#include <QValidator>

namespace ae {

// Accepts what parseFiniteNumber() reads (a finite float, C locale) and lets the user
// pass through partial text on the way there ("-", "1e"); refuses letters, so "nan",
// "inf" and "abc" cannot even be typed.
class FiniteNumberValidator : public QValidator
{
    Q_OBJECT
public:
    explicit FiniteNumberValidator(QObject* parent = nullptr);

    State validate(QString& input, int& pos) const override;
};

} // namespace ae
