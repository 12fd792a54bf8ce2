#include "NumberText.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <charconv>
#include <cmath>
#include <vector>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct NumberText
{
    Q_DECLARE_TR_FUNCTIONS(NumberText)
};

} // namespace

std::optional<float> parseFiniteNumber(QStringView text)
{
    QByteArray latin = text.trimmed().toLatin1(); // anything beyond Latin-1 becomes '?'
    if (latin.startsWith('+')) {                  // from_chars takes '-' but no '+'
        latin.remove(0, 1);
        if (latin.startsWith('-'))
            return std::nullopt;
    }
    // Read as a float directly: through a double, a decimal number could round twice.
    float value = 0;
    const char* end = latin.constData() + latin.size();
    const auto [ptr, error] = std::from_chars(latin.constData(), end, value);
    if (error != std::errc{} || ptr != end || !std::isfinite(value))
        return std::nullopt; // out of float range, "inf", "nan", or not all of it a number
    return value;
}

QString numberText(float value)
{
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return QString::fromLatin1(buffer, qsizetype(result.ptr - buffer));
}

NumberBlock parseNumberBlock(const QString& text)
{
    static const QRegularExpression brackets(QStringLiteral("[\\[\\](){}]"));
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    std::vector<std::vector<float>> rows;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype lineIndex = 0; lineIndex < lines.size(); ++lineIndex) {
        QString line = lines[lineIndex].section(QLatin1Char('#'), 0, 0);
        line.replace(brackets, QStringLiteral(" "));
        const QStringList fields = line.split(separators, Qt::SkipEmptyParts);
        if (fields.isEmpty())
            continue;
        std::vector<float> row;
        for (const QString& field : fields) {
            const auto number = parseFiniteNumber(field);
            if (!number)
                return {Matrix(),
                        NumberText::tr(
                            "\"%1\" on line %2 is not a finite number: paste rows of numbers "
                            "separated by tabs, spaces or commas")
                            .arg(field)
                            .arg(lineIndex + 1)};
            row.push_back(*number);
        }
        if (!rows.empty() && row.size() != rows.front().size())
            return {Matrix(),
                    NumberText::tr(
                        "line %1 has %2 numbers but the first row has %3: every row needs the "
                        "same count")
                        .arg(lineIndex + 1)
                        .arg(row.size())
                        .arg(rows.front().size())};
        rows.push_back(std::move(row));
    }
    if (rows.empty())
        return {Matrix(), NumberText::tr("the clipboard holds no numbers")};
    Matrix values(Eigen::Index(rows.size()), Eigen::Index(rows.front().size()));
    for (std::size_t i = 0; i < rows.size(); ++i)
        for (std::size_t j = 0; j < rows[i].size(); ++j)
            values(Eigen::Index(i), Eigen::Index(j)) = rows[i][j];
    return {values, {}};
}

} // namespace ae
