// The man page (resources/man/attention-explorer.1) documents every option that
// `attention-explorer --help` lists. An option added to the command line fails here until
// the man page describes it too.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The options of the help text: the "-x, --long <value>" column of its option lines.
QStringList helpOptions()
{
    QTemporaryDir home;
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("HOME"), home.path());
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(AE_EXECUTABLE),
                  {QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("--help")});
    process.waitForFinished(60000);
    QStringList options;
    static const QRegularExpression optionLine(QStringLiteral("^\\s+(-[^\\s].*?)(\\s{2,}|$)"));
    static const QRegularExpression option(QStringLiteral("(--?[A-Za-z0-9?][A-Za-z0-9-]*)"));
    const QStringList lines = QString::fromUtf8(process.readAllStandardOutput()).split(u'\n');
    for (const QString& line : lines) {
        const QRegularExpressionMatch column = optionLine.match(line);
        if (!column.hasMatch())
            continue;
        for (const QRegularExpressionMatch& name : option.globalMatch(column.captured(1)))
            options << name.captured(1);
    }
    return options;
}

} // namespace

class TestManPage : public QObject
{
    Q_OBJECT

private:
    QString m_manPage;

private Q_SLOTS:
    void initTestCase()
    {
        QFile file(QStringLiteral(AE_MAN_PAGE));
        QVERIFY(file.open(QIODevice::ReadOnly));
        m_manPage = QString::fromUtf8(file.readAll());
    }

    void everyHelpOptionIsDocumented_data()
    {
        QTest::addColumn<QString>("option");
        const QStringList options = helpOptions();
        QVERIFY2(options.size() > 20, qPrintable(options.join(u' ')));
        for (const QString& option : options)
            QTest::newRow(qPrintable(option)) << option;
    }

    void everyHelpOptionIsDocumented()
    {
        QFETCH(QString, option);
        // In troff a minus sign is written "\-"; an option is documented where it is set in
        // bold (.B, .BI, .BR) as a whole word, as the OPTIONS and SESSION FLAGS sections do.
        const QString troff = QString(option).replace(u'-', QStringLiteral("\\-"));
        const QRegularExpression documented(QStringLiteral("^\\.(B|BI|BR) .*(?<![A-Za-z0-9-])") +
                                                QRegularExpression::escape(troff) +
                                                QStringLiteral("(?![A-Za-z0-9]|\\\\-)"),
                                            QRegularExpression::MultilineOption);
        QVERIFY2(documented.match(m_manPage).hasMatch(),
                 qPrintable(
                     option +
                     QStringLiteral(
                         " is in --help but not described in resources/man/attention-explorer.1")));
    }
};

QTEST_GUILESS_MAIN(TestManPage)
#include "tst_manpage.moc"
