#include "CommandLine.h"

#include "SessionJson.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace ae {

namespace {

// The context of this file's messages: lupdate files a free tr() under the enclosing
// namespace, where the translations would never be looked up.
struct CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)
};

QString flagFor(const QString& key)
{
    return QString(key).replace(u'_', u'-');
}

// Keys whose flag value is always text, even when it looks like a number ("--sentence 42").
bool isTextKey(const QString& key)
{
    static const QStringList text{QStringLiteral("sentence"), QStringLiteral("source_sentence"),
                                  QStringLiteral("title"), QStringLiteral("description"),
                                  QStringLiteral("embedding"), QStringLiteral("variant"),
                                  QStringLiteral("init"), QStringLiteral("mask_method"),
                                  QStringLiteral("tokenizer"), QStringLiteral("format"),
                                  QStringLiteral("model")};
    return text.contains(key);
}

// A flag's text as the JSON value the session parser expects. Text that is not JSON is
// passed on as a string, so the parser's message names the key and the allowed values.
QJsonValue flagValue(const QString& key, const QString& text)
{
    if (isTextKey(key))
        return text;
    const QString lowered = text.trimmed().toLower();
    static const QStringList yes{QStringLiteral("yes"), QStringLiteral("on")};
    static const QStringList no{QStringLiteral("no"), QStringLiteral("off")};
    if (yes.contains(lowered))
        return true;
    if (no.contains(lowered))
        return false;
    if (key == QLatin1StringView("dropout_seed") && lowered == QLatin1StringView("none"))
        return QJsonValue::Null;
    QJsonParseError error;
    const QJsonDocument wrapped = QJsonDocument::fromJson(QString(u'[' + text + u']').toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && wrapped.array().size() == 1)
        return wrapped.array().at(0);
    return text;
}

QStringList flagKeys()
{
    QStringList keys = sessionKeys() + modelSessionKeys();
    keys.removeAll(QStringLiteral("format"));
    keys.removeAll(QStringLiteral("version"));
    return keys;
}

} // namespace

CommandLineRequest parseCommandLine(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CommandLine::tr("Attention Explorer: computes attention in transformers step by step, with PyTorch's numbers.\n"
                        "Without --dump-json it opens the desktop app."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption sessionOption(QStringLiteral("session"), CommandLine::tr("Session file (JSON) to open."),
                                           CommandLine::tr("file"));
    const QCommandLineOption dumpOption(QStringLiteral("dump-json"),
                                        CommandLine::tr("Compute without a display and write every tensor as JSON."),
                                        CommandLine::tr("file"));
    const QCommandLineOption benchmarkOption(
        QStringLiteral("benchmark"),
        CommandLine::tr("Time the session's stages (embedding, init, forward, rendering) and print them as JSON."));
    parser.addOption(sessionOption);
    parser.addOption(dumpOption);
    parser.addOption(benchmarkOption);
    const QCommandLineOption exportOption(QStringLiteral("export"),
                                          CommandLine::tr("Compute without a display and write every figure of the session into a directory."),
                                          CommandLine::tr("directory"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          CommandLine::tr("Figure formats for --export, comma-separated: png, svg, pdf, csv (default: png,svg,pdf)."),
                                          CommandLine::tr("formats"));
    const QCommandLineOption scaleOption(QStringLiteral("scale"), CommandLine::tr("PNG scale for --export: 1, 2 or 4 (default 1)."),
                                         CommandLine::tr("factor"));
    const QCommandLineOption pageOption(QStringLiteral("page"),
                                        CommandLine::tr("The step the app shows first: tokens, embeddings, projections, scores, "
                                                        "weights, dropout, context or heads."),
                                        CommandLine::tr("id"));
    parser.addOption(pageOption);
    const QCommandLineOption presentOption(QStringLiteral("present"),
                                           CommandLine::tr("Start in presentation mode: full screen, large fonts, the walkthrough."));
    const QCommandLineOption deckOption(QStringLiteral("export-deck"),
                                        CommandLine::tr("Write the walkthrough of the session as a PDF deck, one page per step, "
                                                        "without a display."),
                                        CommandLine::tr("file.pdf"));
    parser.addOption(presentOption);
    const QCommandLineOption languageOption(QStringLiteral("lang"),
                                            CommandLine::tr("The language of the interface and the messages: en or zh_CN "
                                                            "(default: the one chosen last, else the system's)."),
                                            CommandLine::tr("language"));
    parser.addOption(languageOption);
    parser.addOption(deckOption);
    parser.addOption(exportOption);
    parser.addOption(formatOption);
    parser.addOption(scaleOption);
    const QStringList keys = flagKeys();
    for (const QString& key : keys)
        parser.addOption(QCommandLineOption(flagFor(key), CommandLine::tr("Session key %1 (overrides the file).").arg(key),
                                            CommandLine::tr("value")));

    CommandLineRequest request;
    if (!parser.parse(arguments)) {
        request.mode = CommandLineRequest::Mode::Error;
        request.text = parser.errorText() + u'\n' + CommandLine::tr("Run with --help for the options.");
        return request;
    }
    request.language = parser.value(languageOption);
    if (parser.isSet(helpOption)) {
        request.mode = CommandLineRequest::Mode::Help;
        request.text = parser.helpText();
        return request;
    }
    if (parser.isSet(versionOption)) {
        request.mode = CommandLineRequest::Mode::Version;
        request.text = QCoreApplication::applicationName() + u' ' + QCoreApplication::applicationVersion();
        return request;
    }
    if (!parser.positionalArguments().isEmpty()) {
        request.mode = CommandLineRequest::Mode::Error;
        request.text = CommandLine::tr("unexpected argument \"%1\"; give a session file with --session FILE")
                                        .arg(parser.positionalArguments().constFirst());
        return request;
    }
    request.sessionPath = parser.value(sessionOption);
    request.page = parser.value(pageOption);
    request.present = parser.isSet(presentOption);
    for (const QString& key : keys)
        if (parser.isSet(flagFor(key)))
            request.overrides[key] = flagValue(key, parser.value(flagFor(key)));
    // --model FILE is relative to where the program was started, not to the session file.
    if (request.overrides.contains(QStringLiteral("model")) && !parser.value(flagFor(QStringLiteral("model"))).isEmpty())
        request.overrides[QStringLiteral("model")] = QFileInfo(parser.value(flagFor(QStringLiteral("model")))).absoluteFilePath();
    if (parser.isSet(benchmarkOption)) {
        request.mode = CommandLineRequest::Mode::Benchmark;
        return request;
    }
    if (parser.isSet(deckOption)) {
        request.mode = CommandLineRequest::Mode::ExportDeck;
        request.deckPath = parser.value(deckOption);
        return request;
    }
    if (parser.isSet(exportOption)) {
        request.mode = CommandLineRequest::Mode::Export;
        request.exportDirectory = parser.value(exportOption);
        if (parser.isSet(formatOption))
            request.exportFormats = parser.value(formatOption);
        if (parser.isSet(scaleOption)) {
            bool ok = false;
            request.exportScale = parser.value(scaleOption).toInt(&ok);
            if (!ok)
                request.exportScale = 0;
        }
        return request;
    }
    if (parser.isSet(dumpOption)) {
        request.mode = CommandLineRequest::Mode::DumpJson;
        request.dumpPath = parser.value(dumpOption);
    }
    return request;
}

bool isHeadless(const CommandLineRequest& request)
{
    return request.mode != CommandLineRequest::Mode::Gui;
}

} // namespace ae
