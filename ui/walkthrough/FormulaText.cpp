#include "FormulaText.h"

#include "Trace.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace ae::formula {

namespace {

template <typename Item>
QString summarised(Eigen::Index n, const Item& item, const QString& open, const QString& close)
{
    QStringList parts;
    if (n <= MaxShownEntries) {
        for (Eigen::Index i = 0; i < n; ++i)
            parts << item(i);
    } else {
        for (Eigen::Index i = 0; i < 3; ++i)
            parts << item(i);
        parts << QStringLiteral("…");
        for (Eigen::Index i = n - 3; i < n; ++i)
            parts << item(i);
    }
    return open + parts.join(QStringLiteral(", ")) + close;
}

QString quoted(const std::string& text)
{
    return u'\'' + QString::fromStdString(text) + u'\'';
}

} // namespace

QString number(float value)
{
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
    QString text = QString::number(double(value), 'f', 4);
    if (text.startsWith(u'-'))
        text.replace(0, 1, QStringLiteral("−"));
    return text;
}

QString count(std::int64_t value)
{
    return QLocale().toString(qlonglong(value));
}

QString subscript(std::int64_t oneBased)
{
    static const QString digits = QStringLiteral("₀₁₂₃₄₅₆₇₈₉");
    QString text;
    for (const QChar c : QString::number(oneBased))
        text += c.isDigit() ? digits.at(c.digitValue()) : c;
    return text;
}

QString shape(Eigen::Index rows, Eigen::Index cols)
{
    return QStringLiteral("(%1×%2)").arg(rows).arg(cols);
}

QString tuple(std::initializer_list<Eigen::Index> dims)
{
    QStringList parts;
    for (const Eigen::Index d : dims)
        parts << QString::number(d);
    return u'(' + parts.join(QStringLiteral(", ")) + u')';
}

QString vector(const float* data, Eigen::Index n, Eigen::Index stride)
{
    return summarised(
        n, [&](Eigen::Index i) -> QString { return number(data[i * stride]); }, QStringLiteral("["),
        QStringLiteral("]"));
}

QString row(const Matrix& m, Eigen::Index r)
{
    return vector(m.data() + r * m.cols(), m.cols());
}

QString maskRow(const Matrix& m, Eigen::Index r)
{
    return summarised(
        m.cols(), [&](Eigen::Index c) -> QString { return QString::number(int(m(r, c))); },
        QStringLiteral("["), QStringLiteral("]"));
}

QString stringList(const std::vector<std::string>& items)
{
    return summarised(
        Eigen::Index(items.size()),
        [&](Eigen::Index i) -> QString { return quoted(items[std::size_t(i)]); },
        QStringLiteral("["), QStringLiteral("]"));
}

QString idTensor(const std::vector<std::int64_t>& ids)
{
    return summarised(
        Eigen::Index(ids.size()),
        [&](Eigen::Index i) -> QString { return QString::number(ids[std::size_t(i)]); },
        QStringLiteral("tensor(["), QStringLiteral("])"));
}

QString vocabulary(const std::vector<std::string>& sorted)
{
    return summarised(
        Eigen::Index(sorted.size()),
        [&](Eigen::Index i) -> QString {
            return quoted(sorted[std::size_t(i)]) + QStringLiteral(": ") + QString::number(i);
        },
        QStringLiteral("{"), QStringLiteral("}"));
}

Eigen::Index clampedQuery(const Trace& trace, int query)
{
    return std::clamp<Eigen::Index>(query, 0, std::max<Eigen::Index>(trace.queryCount() - 1, 0));
}

QString token(const std::vector<std::string>& tokens, Eigen::Index i)
{
    return quoted(tokens.at(std::size_t(i)));
}

QString headNote(const Trace& trace)
{
    return trace.heads.size() > 1 ? QCoreApplication::translate("ae::formula", "   (head 1 of %1)")
                                        .arg(trace.heads.size())
                                  : QString();
}

QString dotTerms(const float* a, const float* b, Eigen::Index n, Eigen::Index strideB, int shown)
{
    QStringList terms;
    for (Eigen::Index k = 0; k < std::min<Eigen::Index>(n, shown); ++k) {
        const float factor = b[k * strideB];
        const QString right = factor < 0 ? u'(' + number(factor) + u')' : number(factor);
        terms << number(a[k]) + u'×' + right;
    }
    QString text = terms.join(QStringLiteral(" + "));
    if (n > shown)
        text += QCoreApplication::translate("ae::formula", " + … (%n terms)", nullptr, int(n));
    return text;
}

} // namespace ae::formula
