#include "HeadsOptions.h"

#include "Limits.h"
#include "MessageText.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace ae {

namespace {

// The context of this file's messages (lupdate files a free tr() under the namespace).
struct HeadsOptions
{
    Q_DECLARE_TR_FUNCTIONS(HeadsOptions)
};

const char* const Detect = "detect-heads";
const char* const ExcludeBos = "exclude-bos";
const char* const ExcludeCurrent = "exclude-current-token";
const char* const Probe = "probe";
const char* const ProbeSeed = "probe-seed";
const char* const ProbeLength = "probe-length";
const char* const Ablate = "ablate";
const char* const Generate = "generate";
const char* const Temperature = "temperature";
const char* const TopK = "top-k";
const char* const Seed = "seed";
const char* const StopAtEos = "stop-at-eos";

QString name(const char* option)
{
    return QString::fromLatin1(option);
}

bool isSet(const QCommandLineParser& parser, const char* option)
{
    return parser.isSet(name(option));
}

QString value(const QCommandLineParser& parser, const char* option)
{
    return parser.value(name(option));
}

// A whole number in [min, max], or nothing.
std::optional<qint64> wholeNumber(const QString& text, qint64 min, qint64 max)
{
    bool ok = false;
    const qint64 n = text.trimmed().toLongLong(&ok);
    if (!ok || n < min || n > max)
        return std::nullopt;
    return n;
}

QString notWhole(const char* option, const QString& what, const QString& given)
{
    return HeadsOptions::tr("--%1 must be %2, not %3")
        .arg(name(option), what, quotedForMessage(given));
}

} // namespace

QString HeadsRequest::flag() const
{
    switch (analysis) {
    case Analysis::Detect:
        return QStringLiteral("--detect-heads");
    case Analysis::Ablate:
        return QStringLiteral("--ablate");
    case Analysis::Generate:
        return QStringLiteral("--generate");
    case Analysis::None:
        break;
    }
    return {};
}

void addHeadsOptions(QCommandLineParser& parser)
{
    const QString number = HeadsOptions::tr("number");
    parser.addOption(
        {name(Detect), HeadsOptions::tr("With a model and --dump-json: score every head as a "
                                        "previous-token, duplicate-token and induction head "
                                        "(TransformerLens's detect_head, mul and abs).")});
    parser.addOption({name(ExcludeBos),
                      HeadsOptions::tr("With --detect-heads: leave the first token's column out "
                                       "(detect_head's exclude_bos).")});
    parser.addOption({name(ExcludeCurrent),
                      HeadsOptions::tr("With --detect-heads: leave each token's attention to "
                                       "itself out (exclude_current_token).")});
    parser.addOption({name(Probe),
                      HeadsOptions::tr("With --detect-heads or --ablate: run on the probe instead "
                                       "of the sentence; induction: <|endoftext|> + r + r, r "
                                       "random tokens."),
                      HeadsOptions::tr("kind")});
    parser.addOption({name(ProbeSeed),
                      HeadsOptions::tr("The probe's torch.Generator seed (default 0)."), number});
    parser.addOption({name(ProbeLength),
                      HeadsOptions::tr("The length of r in the probe (default 32)."), number});
    parser.addOption({name(Ablate),
                      HeadsOptions::tr("With a model and --dump-json: ablate every head in turn "
                                       "(zero or mean) and report the loss, the KL and the next "
                                       "tokens."),
                      HeadsOptions::tr("zero|mean")});
    parser.addOption({name(Generate),
                      HeadsOptions::tr("With a model and --dump-json: generate this many tokens "
                                       "after the sentence (the book's generate, with a key/value "
                                       "cache)."),
                      number});
    parser.addOption({name(Temperature),
                      HeadsOptions::tr("With --generate: sample at this temperature (default 0: "
                                       "the most probable token)."),
                      number});
    parser.addOption({name(TopK),
                      HeadsOptions::tr("With --generate: sample among the k most probable tokens "
                                       "only."),
                      number});
    parser.addOption({name(Seed),
                      HeadsOptions::tr("With --generate: torch.manual_seed before the first token "
                                       "(default 123)."),
                      number});
    parser.addOption({name(StopAtEos),
                      HeadsOptions::tr("With --generate: stop when <|endoftext|> is drawn (as the "
                                       "book's eos_id: it is not appended).")});
}

QStringList headsOptionNames()
{
    QStringList names;
    for (const char* option : {Detect, ExcludeBos, ExcludeCurrent, Probe, ProbeSeed, ProbeLength,
                               Ablate, Generate, Temperature, TopK, Seed, StopAtEos})
        names << name(option);
    return names;
}

QString readHeadsOptions(const QCommandLineParser& parser, bool dumpJson, HeadsRequest& request)
{
    QStringList analyses;
    for (const char* option : {Detect, Ablate, Generate})
        if (isSet(parser, option))
            analyses << QStringLiteral("--") + name(option);
    if (analyses.size() > 1)
        return HeadsOptions::tr("%1 cannot be combined: choose one")
            .arg(analyses.join(QStringLiteral(", ")));
    if (!analyses.isEmpty() && !dumpJson)
        return HeadsOptions::tr("%1 writes its results with --dump-json FILE; give it")
            .arg(analyses.constFirst());
    const auto only = [&](std::initializer_list<const char*> options, const QString& owners,
                          bool owned) -> QString {
        for (const char* option : options)
            if (isSet(parser, option) && !owned)
                return HeadsOptions::tr("--%1 applies only to %2").arg(name(option), owners);
        return {};
    };
    const bool detect = isSet(parser, Detect), ablate = isSet(parser, Ablate),
               generate = isSet(parser, Generate);
    for (const QString& error :
         {only({ExcludeBos, ExcludeCurrent}, QStringLiteral("--detect-heads"), detect),
          only({Probe}, QStringLiteral("--detect-heads and --ablate"), detect || ablate),
          only({ProbeSeed, ProbeLength}, QStringLiteral("--probe"), isSet(parser, Probe)),
          only({Temperature, TopK, Seed, StopAtEos}, QStringLiteral("--generate"), generate)})
        if (!error.isEmpty())
            return error;
    if (detect) {
        request.analysis = HeadsRequest::Analysis::Detect;
        request.detector = {isSet(parser, ExcludeBos), isSet(parser, ExcludeCurrent)};
    }
    if (ablate) {
        request.analysis = HeadsRequest::Analysis::Ablate;
        const QString kind = value(parser, Ablate).trimmed();
        if (kind == QLatin1StringView("zero"))
            request.ablation = AblationKind::Zero;
        else if (kind == QLatin1StringView("mean"))
            request.ablation = AblationKind::Mean;
        else
            return HeadsOptions::tr("--ablate must be zero or mean, not %1")
                .arg(quotedForMessage(value(parser, Ablate)));
    }
    if (isSet(parser, Probe)) {
        if (value(parser, Probe).trimmed() != QLatin1StringView("induction"))
            return HeadsOptions::tr("--probe must be induction, not %1")
                .arg(quotedForMessage(value(parser, Probe)));
        request.probe = true;
        if (isSet(parser, ProbeSeed)) {
            const auto seed = wholeNumber(value(parser, ProbeSeed), 0, limits::MaxSeed);
            if (!seed)
                return notWhole(ProbeSeed, HeadsOptions::tr("a whole number from 0"),
                                value(parser, ProbeSeed));
            request.probeSeed = std::uint64_t(*seed);
        }
        if (isSet(parser, ProbeLength)) {
            const auto length =
                wholeNumber(value(parser, ProbeLength), 1, limits::MaxContextLength);
            if (!length)
                return notWhole(ProbeLength, HeadsOptions::tr("a whole number of tokens from 1"),
                                value(parser, ProbeLength));
            request.probeLength = int(*length);
        }
    }
    if (!generate)
        return {};
    request.analysis = HeadsRequest::Analysis::Generate;
    GenerateOptions& g = request.generate;
    const auto count = wholeNumber(value(parser, Generate), 1, limits::MaxContextLength);
    if (!count)
        return notWhole(Generate, HeadsOptions::tr("a whole number of new tokens from 1"),
                        value(parser, Generate));
    g.maxNewTokens = int(*count);
    if (isSet(parser, StopAtEos))
        g.stopId = EndOfTextId;
    if (isSet(parser, Temperature)) {
        bool ok = false;
        const double t = value(parser, Temperature).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(t) || t < 0 || t > std::numeric_limits<float>::max())
            return notWhole(Temperature,
                            HeadsOptions::tr("a number from 0 (0: the most probable token)"),
                            value(parser, Temperature));
        g.temperature = float(t);
    }
    if (isSet(parser, TopK)) {
        const auto k = wholeNumber(value(parser, TopK), 1, std::numeric_limits<int>::max());
        if (!k)
            return notWhole(TopK, HeadsOptions::tr("a whole number from 1 (the tokens kept)"),
                            value(parser, TopK));
        g.topK = int(*k);
    }
    if (isSet(parser, Seed)) {
        const auto seed = wholeNumber(value(parser, Seed), 0, limits::MaxSeed);
        if (!seed)
            return notWhole(Seed, HeadsOptions::tr("a whole number from 0"), value(parser, Seed));
        g.seed = std::uint64_t(*seed);
    }
    return {};
}

} // namespace ae
