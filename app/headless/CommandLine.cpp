#include "CommandLine.h"

#include "MessageText.h"
#include "SessionJson.h"
#include "Spelling.h"
#include "Utf8.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

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
    static const QStringList text{QStringLiteral("sentence"),  QStringLiteral("source_sentence"),
                                  QStringLiteral("title"),     QStringLiteral("description"),
                                  QStringLiteral("embedding"), QStringLiteral("variant"),
                                  QStringLiteral("init"),      QStringLiteral("mask_method"),
                                  QStringLiteral("tokenizer"), QStringLiteral("format"),
                                  QStringLiteral("model"),     QStringLiteral("rope_style"),
                                  QStringLiteral("kernel")};
    return text.contains(key);
}

// A flag's text as the JSON value the session parser expects. Text that is not JSON is
// passed on as a string, so the parser's message names the key and the allowed values.
QJsonValue flagValue(const QString& key, const QString& text)
{
    if (isTextKey(key))
        return text;
    // One rule for the words of a boolean: case-insensitive (YES, True and on all count).
    const QString lowered = text.trimmed().toLower();
    static const QStringList yes{QStringLiteral("true"), QStringLiteral("yes"),
                                 QStringLiteral("on")};
    static const QStringList no{QStringLiteral("false"), QStringLiteral("no"),
                                QStringLiteral("off")};
    if (yes.contains(lowered))
        return true;
    if (no.contains(lowered))
        return false;
    if (key == QLatin1StringView("dropout_seed") && lowered == QLatin1StringView("none"))
        return QJsonValue::Null;
    QJsonParseError error;
    const QJsonDocument wrapped =
        QJsonDocument::fromJson(QString(u'[' + text + u']').toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && wrapped.array().size() == 1)
        return wrapped.array().at(0);
    return text;
}

// The bytes argv held for option `name`'s value ("--name value" or "--name=value"), the
// last one given; empty when not found.
QByteArray nativeValue(const QList<QByteArray>& native, const QString& name)
{
    const QByteArray flag = "--" + name.toLatin1();
    QByteArray value;
    for (qsizetype i = 1; i < native.size(); ++i) {
        const QByteArray& argument = native[i];
        if (argument == "--")
            break;
        if ((argument == flag || argument == flag.mid(1)) && i + 1 < native.size())
            value = native[++i];
        else if (argument.startsWith(QByteArray(flag + '=')))
            value = argument.mid(flag.size() + 1);
        else if (argument.startsWith(QByteArray(flag.mid(1) + '=')))
            value = argument.mid(flag.size());
    }
    return value;
}

// The offset of the first byte of `text` that is not valid UTF-8 (a stray byte, an overlong
// form, a surrogate), or -1.
qsizetype firstInvalidUtf8(const QByteArray& text)
{
    const std::string_view view(text.constData(), std::size_t(text.size()));
    for (std::size_t pos = 0; pos < view.size();) {
        const std::size_t start = pos;
        // A malformed byte decodes as U+FFFD alone; U+FFFD itself takes three bytes.
        if (utf8::next(view, pos) == U'\uFFFD' && pos - start != 3)
            return qsizetype(start);
    }
    return -1;
}

CommandLineRequest usageError(const QString& message)
{
    CommandLineRequest request;
    request.mode = CommandLineRequest::Mode::Error;
    request.text = message + u'\n' + CommandLine::tr("Run with --help for the options.");
    return request;
}

QStringList flagKeys()
{
    QStringList keys = sessionKeys() + todaysSessionKeys() + modelSessionKeys();
    keys.removeAll(QStringLiteral("format"));
    keys.removeAll(QStringLiteral("version"));
    keys.removeAll(QStringLiteral("truncate")); // --truncate, without a value
    return keys;
}

} // namespace

CommandLineRequest parseCommandLine(const QStringList& arguments, const QList<QByteArray>& native)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        CommandLine::tr("Attention Explorer: computes attention in transformers step by step, with "
                        "PyTorch's numbers.\n"
                        "Without --dump-json it opens the desktop app."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption sessionOption(QStringLiteral("session"),
                                           CommandLine::tr("Session file (JSON) to open."),
                                           CommandLine::tr("file"));
    const QCommandLineOption dumpOption(
        QStringLiteral("dump-json"),
        CommandLine::tr("Compute without a display and write every tensor as JSON."),
        CommandLine::tr("file"));
    const QCommandLineOption benchmarkOption(
        QStringLiteral("benchmark"),
        CommandLine::tr("Time the session's stages (embedding, init, forward, rendering) and print "
                        "them as JSON."));
    parser.addOption(sessionOption);
    parser.addOption(dumpOption);
    parser.addOption(benchmarkOption);
    const QCommandLineOption exportOption(
        QStringLiteral("export"),
        CommandLine::tr(
            "Compute without a display and write every figure of the session into a directory."),
        CommandLine::tr("directory"));
    const QCommandLineOption formatOption(
        QStringLiteral("format"),
        CommandLine::tr("Figure formats for --export, comma-separated: png, svg, pdf, csv "
                        "(default: png,svg,pdf)."),
        CommandLine::tr("formats"));
    const QCommandLineOption scaleOption(
        QStringLiteral("scale"), CommandLine::tr("PNG scale for --export: 1, 2 or 4 (default 1)."),
        CommandLine::tr("factor"));
    const QCommandLineOption pageOption(
        QStringLiteral("page"),
        CommandLine::tr("The step the app shows first: tokens, embeddings, projections, rope, "
                        "scores, weights, dropout, context, heads or flash; with a model "
                        "checkpoint also model_view, head_view, next_token, head_roles, "
                        "ablation or generate."),
        CommandLine::tr("id"));
    parser.addOption(pageOption);
    const QCommandLineOption presentOption(
        QStringLiteral("present"),
        CommandLine::tr("Start in presentation mode: full screen, large fonts, the walkthrough."));
    const QCommandLineOption deckOption(
        QStringLiteral("export-deck"),
        CommandLine::tr("Write the walkthrough of the session as a PDF deck, one page per step, "
                        "without a display."),
        CommandLine::tr("file.pdf"));
    parser.addOption(presentOption);
    const QCommandLineOption layerOption(
        QStringLiteral("layer"),
        CommandLine::tr("With a GPT-2 model: the layer, from 1 (default 1), whose steps the window "
                        "shows first and whose step figures --export and --export-deck draw "
                        "(beside the model view, head view and next-token figures). --dump-json "
                        "writes every layer."),
        CommandLine::tr("number"));
    parser.addOption(layerOption);
    const QCommandLineOption truncateOption(
        QStringLiteral("truncate"),
        CommandLine::tr("With a model: keep the first n_ctx tokens of a longer sentence instead of "
                        "refusing it (the session key truncate)."));
    parser.addOption(truncateOption);
    const QCommandLineOption languageOption(
        QStringLiteral("lang"),
        CommandLine::tr("The language of the interface and the messages: en or zh_CN (default: "
                        "the window takes the one chosen last in its menu, else the system's; "
                        "the command line's messages follow the environment, LANG)."),
        CommandLine::tr("language"));
    parser.addOption(languageOption);
    parser.addOption(deckOption);
    parser.addOption(exportOption);
    parser.addOption(formatOption);
    parser.addOption(scaleOption);
    addHeadsOptions(parser);
    const QCommandLineOption trainOption(
        QStringLiteral("train"),
        CommandLine::tr("Train the book's model on a training session (JSON): without a display "
                        "with --dump-json (losses, probe, head scores) or --benchmark; else in "
                        "the window's training lab."),
        CommandLine::tr("file"));
    const QCommandLineOption stepsOption(
        QStringLiteral("steps"),
        CommandLine::tr("With --train: the number of steps (overrides train.steps)."),
        CommandLine::tr("number"));
    const QCommandLineOption saveCheckpointOption(
        QStringLiteral("save-checkpoint"),
        CommandLine::tr("With --train and --dump-json: write the trained model as the book's "
                        "checkpoint (model.safetensors, config.json) into a directory."),
        CommandLine::tr("directory"));
    parser.addOption(trainOption);
    parser.addOption(stepsOption);
    parser.addOption(saveCheckpointOption);
    const QStringList keys = flagKeys();
    for (const QString& key : keys)
        parser.addOption(QCommandLineOption(
            flagFor(key), CommandLine::tr("Session key %1 (overrides the file).").arg(key),
            CommandLine::tr("value")));

    if (!parser.parse(arguments)) {
        QString message = escapedForMessage(parser.errorText(), 300);
        if (!parser.unknownOptionNames().isEmpty()) {
            QStringList known{QStringLiteral("help"), QStringLiteral("version")};
            for (const QCommandLineOption* option :
                 {&sessionOption, &dumpOption, &benchmarkOption, &exportOption, &formatOption,
                  &scaleOption, &pageOption, &presentOption, &deckOption, &layerOption,
                  &truncateOption, &languageOption, &trainOption, &stepsOption,
                  &saveCheckpointOption})
                known << option->names();
            for (const QString& key : keys)
                known << flagFor(key);
            known << headsOptionNames();
            if (const auto meant = closestMatch(parser.unknownOptionNames().constFirst(), known))
                message += u' ' + CommandLine::tr("Did you mean --%1?").arg(*meant);
        }
        CommandLineRequest refused = usageError(message);
        refused.language = QString::fromLocal8Bit(nativeValue(native, QStringLiteral("lang")));
        return refused;
    }
    CommandLineRequest request;
    request.language = parser.value(languageOption);
    if (parser.isSet(helpOption)) {
        request.mode = CommandLineRequest::Mode::Help;
        request.text = parser.helpText();
        return request;
    }
    if (parser.isSet(versionOption)) {
        request.mode = CommandLineRequest::Mode::Version;
        request.text =
            QCoreApplication::applicationName() + u' ' + QCoreApplication::applicationVersion();
        return request;
    }
    // Usage errors after this point come in the language asked for.
    const auto usage = [&](const QString& message) {
        CommandLineRequest refused = usageError(message);
        refused.language = request.language;
        return refused;
    };
    if (!parser.positionalArguments().isEmpty())
        return usage(
            CommandLine::tr("unexpected argument %1; give a session file with --session FILE")
                .arg(quotedForMessage(parser.positionalArguments().constFirst())));
    for (const QString& name : parser.optionNames()) {
        if (parser.values(name).size() > 1)
            return usage(CommandLine::tr("--%1 is given more than once; give it once")
                             .arg(escapedForMessage(name, 40)));
    }
    // Text that is not UTF-8 would become U+FFFD silently; a session file holding it is
    // refused, and so is the flag (exit 1 for a session key, as for the file). The paths of
    // --session and --dump-json are used as argv's bytes and may be any.
    for (const QString& name : parser.optionNames()) {
        if (native.isEmpty() || parser.value(name).isEmpty() || // no value (--present)
            name == sessionOption.names().constFirst() || name == dumpOption.names().constFirst())
            continue;
        const QByteArray bytes = nativeValue(native, name);
        const qsizetype bad = firstInvalidUtf8(bytes);
        if (bad < 0)
            continue;
        CommandLineRequest refused =
            usage(CommandLine::tr("--%1 is not valid UTF-8: byte 0x%2 at byte %3 of its value; "
                                  "give text in UTF-8, as a session file holds it")
                      .arg(escapedForMessage(name, 40))
                      .arg(uint(static_cast<unsigned char>(bytes[bad])), 2, 16, QLatin1Char('0'))
                      .arg(bad));
        refused.invalidSession = keys.contains(QString(name).replace(u'-', u'_'));
        return refused;
    }
    for (const QCommandLineOption* option : {&sessionOption, &dumpOption, &exportOption,
                                             &deckOption, &trainOption, &saveCheckpointOption}) {
        if (parser.isSet(*option) && parser.value(*option).isEmpty())
            return usage(CommandLine::tr("--%1 needs a file name, not an empty text")
                             .arg(option->names().constFirst()));
    }
    QStringList modes;
    for (const QCommandLineOption* option :
         {&dumpOption, &exportOption, &deckOption, &benchmarkOption})
        if (parser.isSet(*option))
            modes << QStringLiteral("--") + option->names().constFirst();
    if (modes.size() > 1)
        return usage(CommandLine::tr("%1 cannot be combined: choose one")
                         .arg(modes.join(QStringLiteral(", "))));
    const QString mode = modes.isEmpty() ? QString() : modes.constFirst();
    for (const QCommandLineOption* option : {&formatOption, &scaleOption}) {
        if (parser.isSet(*option) && !parser.isSet(exportOption))
            return usage(
                CommandLine::tr("--%1 applies only to --export").arg(option->names().constFirst()));
    }
    for (const QCommandLineOption* option : {&pageOption, &presentOption}) {
        if (parser.isSet(*option) && !mode.isEmpty())
            return usage(CommandLine::tr("--%1 applies only to the window, not to %2")
                             .arg(option->names().constFirst(), mode));
    }
    if (parser.isSet(layerOption)) {
        if (parser.isSet(dumpOption) || parser.isSet(benchmarkOption))
            return usage(CommandLine::tr("--layer applies only to --export, --export-deck and the "
                                         "window, not to %1 (which covers every layer)")
                             .arg(mode));
        request.layerText = parser.value(layerOption);
        bool ok = false;
        request.layer = request.layerText.trimmed().toInt(&ok);
        if (!ok || request.layer < 1)
            return usage(CommandLine::tr("--layer must be a whole number from 1 (the first layer), "
                                         "not %1")
                             .arg(quotedForMessage(request.layerText)));
    }

    for (const QCommandLineOption* option : {&stepsOption, &saveCheckpointOption})
        if (parser.isSet(*option) && !parser.isSet(trainOption))
            return usage(
                CommandLine::tr("--%1 applies only to --train").arg(option->names().constFirst()));
    if (parser.isSet(trainOption)) {
        // Without --dump-json or --benchmark the window opens with the lab on the session.
        if (!parser.isSet(dumpOption) && !parser.isSet(benchmarkOption) && !mode.isEmpty())
            return usage(CommandLine::tr("--train needs --dump-json FILE or --benchmark, or no "
                                         "other mode (the training lab opens)"));
        if (parser.isSet(saveCheckpointOption) && !parser.isSet(dumpOption))
            return usage(CommandLine::tr("--save-checkpoint applies only to --train with "
                                         "--dump-json"));
        request.trainSession = parser.value(trainOption);
        request.saveCheckpoint = parser.value(saveCheckpointOption);
        if (parser.isSet(stepsOption)) {
            bool ok = false;
            request.trainSteps = parser.value(stepsOption).trimmed().toInt(&ok);
            if (!ok || request.trainSteps < 1)
                return usage(CommandLine::tr("--steps must be a whole number from 1, not %1")
                                 .arg(quotedForMessage(parser.value(stepsOption))));
        }
    }

    if (const QString error = readHeadsOptions(parser, parser.isSet(dumpOption), request.heads);
        !error.isEmpty())
        return usage(error);

    request.sessionPath = parser.value(sessionOption);
    request.sessionNative = nativeValue(native, sessionOption.names().constFirst());
    request.page = parser.value(pageOption);
    request.present = parser.isSet(presentOption);
    for (const QString& key : keys)
        if (parser.isSet(flagFor(key)))
            request.overrides[key] = flagValue(key, parser.value(flagFor(key)));
    if (parser.isSet(truncateOption))
        request.overrides[QStringLiteral("truncate")] = true;
    // --model FILE is relative to where the program was started, not to the session file.
    if (request.overrides.contains(QStringLiteral("model")) &&
        !parser.value(flagFor(QStringLiteral("model"))).isEmpty())
        request.overrides[QStringLiteral("model")] =
            QFileInfo(parser.value(flagFor(QStringLiteral("model")))).absoluteFilePath();
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
            request.exportScaleText = parser.value(scaleOption);
            bool ok = false;
            request.exportScale = request.exportScaleText.toInt(&ok);
            if (!ok)
                request.exportScale = 0;
        }
        return request;
    }
    if (parser.isSet(dumpOption)) {
        request.mode = CommandLineRequest::Mode::DumpJson;
        request.dumpPath = parser.value(dumpOption);
        request.dumpNative = nativeValue(native, dumpOption.names().constFirst());
    }
    return request;
}

bool isHeadless(const CommandLineRequest& request)
{
    return request.mode != CommandLineRequest::Mode::Gui;
}

void printError(const QString& message)
{
    std::fprintf(stderr, "attention-explorer: %s\n", message.toLocal8Bit().constData());
}

} // namespace ae
