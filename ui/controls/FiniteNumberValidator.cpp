#include "FiniteNumberValidator.h"

#include "NumberText.h"

#include <QRegularExpression>

namespace ae {

FiniteNumberValidator::FiniteNumberValidator(QObject* parent) : QValidator(parent) {}

QValidator::State FiniteNumberValidator::validate(QString& input, int& /*pos*/) const
{
    if (parseFiniteNumber(input))
        return Acceptable;
    // Every prefix of a number in decimal or scientific notation, and numbers too large
    // for a float (which more typing will not make acceptable, but deleting can).
    static const QRegularExpression partial(
        QStringLiteral("^\\s*[+-]?\\d*\\.?\\d*([eE][+-]?\\d*)?\\s*$"));
    return partial.match(input).hasMatch() ? Intermediate : Invalid;
}

} // namespace ae
