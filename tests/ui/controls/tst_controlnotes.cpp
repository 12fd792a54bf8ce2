// What the session editor says about cross-attention, and a Variant box that shows its
// whole choice: the shared-vocabulary note under the source sentence while there is one
// (torch embeddings), the note on a causal mask over a source sentence, and the Variant
// combo box as wide as its longest choice at the panel's own size.
#include "ControlPanel.h"
#include "SessionDocument.h"

#include <QComboBox>
#include <QLabel>
#include <QTest>

using namespace ae;

class TestControlNotes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void crossAttentionNotes_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<bool>("vocabularyNote");
        QTest::addColumn<bool>("causalNote");
        QTest::newRow("self-attention") << QString() << false << false << false;
        QTest::newRow("self-attention, causal") << QString() << true << false << false;
        QTest::newRow("cross-attention") << QStringLiteral("die Katze") << false << true << false;
        QTest::newRow("cross-attention, causal")
            << QStringLiteral("die Katze") << true << true << true;
    }

    void crossAttentionNotes()
    {
        QFETCH(QString, source);
        QFETCH(bool, causal);
        QFETCH(bool, vocabularyNote);
        QFETCH(bool, causalNote);
        SessionDocument document;
        ControlPanel panel(&document);
        panel.show();
        document.edit([&](Session& s) {
            s.sourceSentence = source.toStdString();
            s.causal = causal;
        });
        const auto* vocabulary = panel.findChild<QLabel*>(QStringLiteral("shared_vocabulary_note"));
        const auto* crossCausal = panel.findChild<QLabel*>(QStringLiteral("cross_causal_note"));
        QVERIFY(vocabulary && crossCausal);
        QCOMPARE(vocabulary->isVisibleTo(&panel), vocabularyNote);
        QCOMPARE(crossCausal->isVisibleTo(&panel), causalNote);
        QVERIFY(vocabulary->text().contains(QStringLiteral("vocabulary")));
        QVERIFY(crossCausal->text().contains(QStringLiteral("triu(torch.ones(T, S)")));
    }

    void variantBoxIsNotClipped()
    {
        SessionDocument document;
        ControlPanel panel(&document);
        panel.resize(panel.sizeHint());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* variant = qobject_cast<QComboBox*>(panel.controlFor(QStringLiteral("variant")));
        QVERIFY(variant);
        for (int i = 0; i < variant->count(); ++i) {
            variant->setCurrentIndex(i);
            const int text = variant->fontMetrics().horizontalAdvance(variant->itemText(i));
            QVERIFY2(variant->width() > text,
                     qPrintable(QStringLiteral("%1: %2 px for %3 px of text")
                                    .arg(variant->itemText(i))
                                    .arg(variant->width())
                                    .arg(text)));
            QVERIFY(variant->minimumSizeHint().width() > text);
        }
    }
};

QTEST_MAIN(TestControlNotes)
#include "tst_controlnotes.moc"
