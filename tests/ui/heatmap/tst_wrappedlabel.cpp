// WrappedLabel (ui/heatmap/WrappedLabel.h): the heights it remembers are QLabel's own, and a
// change of what they depend on (text, format, font, margins, indent) is never answered from
// the heights of before. Each check first asks the label at the same widths, so that a stale
// cache would give the old height.
#include "WrappedLabel.h"

#include <QTest>

using namespace ae;

namespace {

const QString Long = QStringLiteral(
    "Where one token looks, head by head: each row is a head of the selected layer, each "
    "column a token the query may see; the darker the cell, the more attention it gets.");

constexpr int Widths[] = {60, 140, 300, 640, 140};

// The height a plain word-wrapped QLabel in the same state gives at `width`.
int reference(const WrappedLabel& label, int width)
{
    QLabel plain;
    plain.setWordWrap(true);
    plain.setTextFormat(label.textFormat());
    plain.setText(label.text());
    plain.setFont(label.font());
    plain.setContentsMargins(label.contentsMargins());
    plain.setMargin(label.margin());
    plain.setIndent(label.indent());
    return plain.heightForWidth(width);
}

void askAll(const WrappedLabel& label)
{
    for (const int width : Widths)
        label.heightForWidth(width);
}

bool agrees(const WrappedLabel& label, QString& where)
{
    for (const int width : Widths)
        if (const int got = label.heightForWidth(width), want = reference(label, width);
            got != want) {
            where =
                QStringLiteral("width %1: %2 against QLabel's %3").arg(width).arg(got).arg(want);
            return false;
        }
    return true;
}

} // namespace

class TestWrappedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wrapsAsQLabelDoes()
    {
        WrappedLabel label(Long);
        QVERIFY(label.wordWrap());
        QVERIFY(label.hasHeightForWidth());
        QString where;
        QVERIFY2(agrees(label, where), qPrintable(where));
        // Narrower is taller: the heights are real ones, not one height for every width.
        QVERIFY(label.heightForWidth(60) > label.heightForWidth(640));
    }

    void forgetsWhatChanged()
    {
        WrappedLabel label(Long);
        QString where;
        const auto check = [&](const char* what) {
            const bool ok = agrees(label, where);
            if (!ok)
                where = QLatin1StringView(what) + u' ' + where;
            return ok;
        };
        askAll(label);
        label.setText(Long + u' ' + Long);
        QVERIFY2(check("text"), qPrintable(where));
        askAll(label);
        QFont larger = label.font();
        larger.setPointSizeF(larger.pointSizeF() * 2);
        label.setFont(larger);
        QVERIFY2(check("font"), qPrintable(where));
        askAll(label);
        label.setContentsMargins(20, 10, 20, 10);
        QVERIFY2(check("margins"), qPrintable(where));
        askAll(label);
        label.setIndent(40);
        QVERIFY2(check("indent"), qPrintable(where));
        askAll(label);
        label.setTextFormat(Qt::RichText);
        label.setText(QStringLiteral("<h1>Heads</h1><p>") + Long + QStringLiteral("</p>"));
        QVERIFY2(check("rich text"), qPrintable(where));
        askAll(label);
        label.setWordWrap(false);
        QCOMPARE(label.heightForWidth(60), label.QLabel::heightForWidth(60));
    }
};

QTEST_MAIN(TestWrappedLabel)
#include "tst_wrappedlabel.moc"
