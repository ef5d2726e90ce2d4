#include "cli_options.h"

#include "cli.h"

#include <QCommandLineParser>

#include <limits>
#include <optional>

namespace zerg::cli {
namespace {

Error usage(const QString& message) {
    return Error{QStringLiteral("usage"), message};
}

// text with %1 replaced by word; a text without %1 as it is.
QString withArg(const QString& text, const QString& word) {
    return text.contains(QLatin1String("%1")) ? text.arg(word) : text;
}

const OptionSpec* findOption(const CommandSpec& spec, const QString& name) {
    for (const OptionSpec& o : spec.options) {
        if (o.name == name)
            return &o;
    }
    return nullptr;
}

QString needsValue(const OptionSpec& o) {
    return o.needsValue.isEmpty() ? Text::tr("--%1 needs a value").arg(o.name) : o.needsValue;
}

// Why QCommandLineParser refused args: the first unknown option, a flag given a value
// ("--json=1"), or an option without its value (only the last word can be one). Walks the words
// the way the parser does (single-dash words read as long options), to name the word.
QString parseError(const QStringList& args, const CommandSpec& spec) {
    const QString unknown =
        spec.unknownOption.isEmpty() ? Text::tr("unknown option %1") : spec.unknownOption;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args.at(i);
        if (a == QLatin1String("--"))
            break;
        if (a.size() < 2 || !a.startsWith(QLatin1Char('-')))
            continue;
        const QString word = a.section(QLatin1Char('='), 0, 0);  // "--limit" of "--limit=5"
        const bool joinedValue = word.size() < a.size();
        const QString name = word.mid(word.startsWith(QLatin1String("--")) ? 2 : 1);
        const OptionSpec* o = findOption(spec, name);
        if (!o)
            return withArg(unknown, word);
        if (o->valueName.isEmpty()) {
            if (joinedValue)
                return Text::tr("%1 takes no value").arg(word);
        } else if (!joinedValue) {
            if (i + 1 == args.size())
                return needsValue(*o);
            ++i;  // the value, even if it starts with '-'
        }
    }
    return Text::tr("cannot read the options");  // not reached: the cases above are all
}

}  // namespace

Result<ParsedArgs> parseOptions(const QStringList& args, const CommandSpec& spec) {
    QCommandLineParser parser;
    // "-frob" is one unknown option "-frob", not the letters f, r, o and b.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const OptionSpec& o : spec.options)
        parser.addOption(QCommandLineOption(o.name, QString(), o.valueName));
    // The parser expects the program's name first.
    if (!parser.parse(QStringList{QStringLiteral("zerg")} + args))
        return usage(parseError(args, spec));
    ParsedArgs parsed;
    parsed.positional = parser.positionalArguments();
    for (const OptionSpec& o : spec.options) {
        if (parser.isSet(o.name))
            parsed.options.insert(o.name, o.valueName.isEmpty() ? QString() : parser.value(o.name));
    }
    if (parsed.positional.size() < spec.minArgs)
        return usage(spec.missingArgument);
    if (spec.maxArgs >= 0 && parsed.positional.size() > spec.maxArgs) {
        const QString stray =
            spec.strayArgument.isEmpty() ? Text::tr("unexpected argument %1") : spec.strayArgument;
        return usage(withArg(stray, parsed.positional.at(spec.maxArgs)));
    }
    return parsed;
}

namespace {

OptionSpec flag(const char* name) {
    return OptionSpec{QString::fromLatin1(name), QString(), QString()};
}

OptionSpec valued(const char* name, const char* valueName, const QString& needsValue) {
    return OptionSpec{QString::fromLatin1(name), QString::fromLatin1(valueName), needsValue};
}

// Takes no argument: a stray one, or an unknown option, is the usage error `stray` (%1: the word).
CommandSpec noArguments(const QList<OptionSpec>& options, const QString& stray) {
    CommandSpec spec;
    spec.options = options;
    spec.strayArgument = stray;
    spec.unknownOption = stray;
    return spec;
}

// Takes exactly one argument; none or more is the usage error `needsOne`.
CommandSpec oneArgument(const QList<OptionSpec>& options, const QString& needsOne) {
    CommandSpec spec;
    spec.options = options;
    spec.minArgs = 1;
    spec.maxArgs = 1;
    spec.missingArgument = needsOne;
    spec.strayArgument = needsOne;
    return spec;
}

// Takes one argument or more; none is the usage error `missing`.
CommandSpec someArguments(const QList<OptionSpec>& options, const QString& missing) {
    CommandSpec spec;
    spec.options = options;
    spec.minArgs = 1;
    spec.maxArgs = -1;
    spec.missingArgument = missing;
    return spec;
}

// The value of a number option, or std::nullopt when it is not a number from min to max.
std::optional<qint64> number(const QString& text, qint64 min, qint64 max) {
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n < min || n > max)
        return std::nullopt;
    return n;
}

constexpr qint64 kMaxId = std::numeric_limits<qint64>::max();

}  // namespace

Result<ListOptions> parseListOptions(const QStringList& args, int defaultLimit) {
    const QString limitError = Text::tr("--limit needs a positive number");
    const Result<ParsedArgs> p =
        parseOptions(args, noArguments({flag("json"), valued("limit", "N", limitError)},
                                       Text::tr("unexpected argument %1")));
    if (!p)
        return p.error();
    ListOptions options;
    options.json = p->isSet(QStringLiteral("json"));
    options.limit = defaultLimit;
    if (p->isSet(QStringLiteral("limit"))) {
        const auto limit =
            number(p->value(QStringLiteral("limit")), 1, std::numeric_limits<int>::max());
        if (!limit)
            return usage(limitError);
        options.limit = int(*limit);
    }
    return options;
}

Result<AskOptions> parseAskOptions(const QStringList& args) {
    const QString needsTask =
        Text::tr("ask needs a task, e.g. zerg ask \"check disk usage on cube\"");
    const QString approveError = Text::tr("--approve takes allow or deny, e.g. --approve=deny");
    CommandSpec spec = someArguments(
        {flag("json"), valued("approve", "allow|deny", approveError),
         valued("audio", "file", Text::tr("--audio needs a WAVE file")),
         valued("engine", "engine", Text::tr("--engine needs pocketsphinx or server"))},
        needsTask);
    spec.minArgs = 0;  // checked below: --audio stands for the task
    const Result<ParsedArgs> p = parseOptions(args, spec);
    if (!p)
        return p.error();
    AskOptions options;
    options.audio = p->value(QStringLiteral("audio"));
    options.engine = p->value(QStringLiteral("engine")).trimmed().toLower();
    if (p->isSet(QStringLiteral("engine")) && options.audio.isEmpty())
        return usage(Text::tr("--engine goes with --audio FILE.wav"));
    if (!options.audio.isEmpty()) {
        if (!p->positional.isEmpty())
            return usage(Text::tr("give a TASK or --audio FILE.wav, not both"));
    }
    options.json = p->isSet(QStringLiteral("json"));
    if (p->isSet(QStringLiteral("approve"))) {
        const QString v = p->value(QStringLiteral("approve")).trimmed().toLower();
        if (v != QLatin1String("allow") && v != QLatin1String("deny"))
            return usage(approveError);
        options.approve = v == QLatin1String("allow");
    }
    options.task = p->positional.join(QLatin1Char(' ')).trimmed();
    if (options.task.isEmpty() && options.audio.isEmpty())
        return usage(needsTask);
    return options;
}

Result<WorkerShowOptions> parseWorkerShowOptions(const QStringList& args) {
    const Result<ParsedArgs> p = parseOptions(
        args, oneArgument({flag("json")}, Text::tr("workers show needs one worker id or job id")));
    if (!p)
        return p.error();
    return WorkerShowOptions{p->isSet(QStringLiteral("json")), p->positional.first()};
}

Result<WorkerGrepOptions> parseWorkerGrepOptions(const QStringList& args) {
    const QString limitError = Text::tr("--limit needs a number from 1 to 10000");
    const Result<ParsedArgs> p = parseOptions(
        args, oneArgument({flag("json"), flag("regex"), flag("case-sensitive"),
                           valued("limit", "N", limitError)},
                          Text::tr("workers grep needs one PATTERN, e.g. zerg workers grep "
                                   "\"No space\"")));
    if (!p)
        return p.error();
    WorkerGrepOptions options;
    options.json = p->isSet(QStringLiteral("json"));
    options.regex = p->isSet(QStringLiteral("regex"));
    options.caseSensitive = p->isSet(QStringLiteral("case-sensitive"));
    if (p->isSet(QStringLiteral("limit"))) {
        const auto limit = number(p->value(QStringLiteral("limit")), 1, 10000);
        if (!limit)
            return usage(limitError);
        options.limit = int(*limit);
    }
    options.pattern = p->positional.first();
    return options;
}

Result<bool> parseJsonOnly(const QStringList& args, const QString& strayArgument) {
    const Result<ParsedArgs> p = parseOptions(args, noArguments({flag("json")}, strayArgument));
    if (!p)
        return p.error();
    return p->isSet(QStringLiteral("json"));
}

Status parseNoArguments(const QStringList& args) {
    const Result<ParsedArgs> p =
        parseOptions(args, noArguments({}, Text::tr("unexpected argument %1")));
    if (!p)
        return p.error();
    return Ok{};
}

Result<RunShowOptions> parseRunShowOptions(const QStringList& args) {
    const Result<ParsedArgs> p = parseOptions(
        args, oneArgument({flag("json")},
                          Text::tr("runs show needs one run id, e.g. zerg runs show 12")));
    if (!p)
        return p.error();
    const QString id = p->positional.first();
    const auto runId = number(id, 1, kMaxId);
    if (!runId) {
        return usage(Text::tr("'%1' is not a run id; run ids are positive numbers from "
                              "`zerg runs list`")
                         .arg(id));
    }
    return RunShowOptions{p->isSet(QStringLiteral("json")), *runId};
}

Result<HostsTrustOptions> parseHostsTrustOptions(const QStringList& args) {
    const Result<ParsedArgs> p = parseOptions(
        args, oneArgument({flag("yes")},
                          Text::tr("trust needs exactly one alias, e.g. zerg hosts trust web1")));
    if (!p)
        return p.error();
    return HostsTrustOptions{p->isSet(QStringLiteral("yes")), p->positional.first()};
}

Result<HostsImportOptions> parseHostsImportOptions(const QStringList& args,
                                                   const QString& defaultFrom) {
    const QString needsFile = Text::tr("--from needs a file");
    const Result<ParsedArgs> p = parseOptions(
        args, someArguments({valued("from", "FILE", needsFile)},
                            Text::tr("import needs the aliases to copy, e.g. zerg hosts import "
                                     "web1 db1 (only those are allowed)")));
    if (!p)
        return p.error();
    HostsImportOptions options{defaultFrom, p->positional};
    if (p->isSet(QStringLiteral("from"))) {
        options.from = p->value(QStringLiteral("from"));
        if (options.from.isEmpty())
            return usage(needsFile);
    }
    return options;
}

Result<ConnectOptions> parseConnectOptions(const QStringList& args) {
    const QString oneUrl = Text::tr("connect takes one URL or --local");
    CommandSpec spec;
    spec.options = {flag("local")};
    spec.maxArgs = 1;
    spec.strayArgument = oneUrl;
    const Result<ParsedArgs> p = parseOptions(args, spec);
    if (!p)
        return p.error();
    ConnectOptions options{p->isSet(QStringLiteral("local")), p->positional.value(0)};
    if (options.local && !options.url.isEmpty())
        return usage(oneUrl);
    return options;
}

Result<ServeOptions> parseServeOptions(const QStringList& args, const ServeOptions& defaults) {
    const QString missingValue = Text::tr("an option is missing its value");
    const Result<ParsedArgs> p =
        parseOptions(args, noArguments({valued("listen", "HOST:PORT", missingValue),
                                        valued("tls-cert", "FILE", missingValue),
                                        valued("tls-key", "FILE", missingValue), flag("insecure"),
                                        valued("instance-name", "NAME", missingValue)},
                                       Text::tr("unexpected argument '%1'")));
    if (!p)
        return p.error();
    ServeOptions options = defaults;
    if (p->isSet(QStringLiteral("listen")))
        options.listen = p->value(QStringLiteral("listen"));
    if (p->isSet(QStringLiteral("tls-cert")))
        options.tlsCert = p->value(QStringLiteral("tls-cert"));
    if (p->isSet(QStringLiteral("tls-key")))
        options.tlsKey = p->value(QStringLiteral("tls-key"));
    options.insecure = p->isSet(QStringLiteral("insecure"));
    if (p->isSet(QStringLiteral("instance-name"))) {
        options.instanceName = p->value(QStringLiteral("instance-name")).trimmed();
        if (options.instanceName.isEmpty())
            return usage(Text::tr("--instance-name needs a name"));
    }
    return options;
}

Result<InstancesListOptions> parseInstancesListOptions(const QStringList& args) {
    const Result<ParsedArgs> p = parseOptions(
        args, noArguments({flag("all"), flag("json")}, Text::tr("unexpected argument '%1'")));
    if (!p)
        return p.error();
    return InstancesListOptions{p->isSet(QStringLiteral("all")), p->isSet(QStringLiteral("json"))};
}

Result<DevicesAddOptions> parseDevicesAddOptions(const QStringList& args, qint64 defaultOwner) {
    const Result<ParsedArgs> p = parseOptions(
        args, oneArgument({flag("json"), valued("owner", "N", Text::tr("--owner needs a number"))},
                          Text::tr("devices add needs one NAME (quote it)")));
    if (!p)
        return p.error();
    DevicesAddOptions options{p->isSet(QStringLiteral("json")), defaultOwner,
                              p->positional.first()};
    if (p->isSet(QStringLiteral("owner"))) {
        const auto owner = number(p->value(QStringLiteral("owner")), 1, kMaxId);
        if (!owner)
            return usage(Text::tr("--owner needs a positive number"));
        options.owner = *owner;
    }
    return options;
}

Result<qint64> parseDevicesRevokeOptions(const QStringList& args) {
    const QString needsId =
        Text::tr("devices revoke needs one device ID (see 'zerg devices list')");
    const Result<ParsedArgs> p = parseOptions(args, oneArgument({flag("json")}, needsId));
    if (!p)
        return p.error();
    const auto id = number(p->positional.first(), 1, kMaxId);
    if (!id)
        return usage(needsId);
    return *id;
}

}  // namespace zerg::cli
