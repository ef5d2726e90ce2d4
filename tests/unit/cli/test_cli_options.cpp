// How every subcommand reads its words (app/cli_options.cpp, compiled into this test):
// QCommandLineParser through parseOptions(), so "--opt=value" equals "--opt value", options may
// come after the arguments, "--" ends the options, and an unknown option, a missing value or a
// stray argument is a usage error that names it, in the words the subcommand prints.
#include "cli_options.h"

#include <QTest>

using namespace zerg;
using namespace zerg::cli;

namespace {

// "a b c" → {"a", "b", "c"}; enough for these tests, whose words have no spaces.
QStringList words(const char* line) {
    return QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

// The message of a usage error, or what went wrong instead (for the failure output).
template <typename T>
QByteArray usageMessage(const Result<T>& r) {
    if (r.ok())
        return "(parsed without an error)";
    if (r.error().code != QLatin1String("usage"))
        return "(error code " + r.error().code.toUtf8() + ", not usage)";
    return r.error().message.toUtf8();
}

}  // namespace

// Parsing failed with a usage error whose message contains text.
#define QVERIFY_USAGE(result, text)                              \
    do {                                                         \
        const QByteArray message_ = usageMessage(result);        \
        QVERIFY2(message_.contains(text), message_.constData()); \
    } while (false)

// Parsing succeeded (else the failure shows the error).
#define QVERIFY_PARSED(result) QVERIFY2((result).ok(), usageMessage(result).constData())

class TestCliOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // --- parseOptions itself ---

    void joinedAndSeparateValuesAreTheSame() {
        CommandSpec spec;
        spec.options = {{QStringLiteral("limit"), QStringLiteral("N"), QString()},
                        {QStringLiteral("json"), QString(), QString()}};
        spec.maxArgs = -1;
        const Result<ParsedArgs> joined = parseOptions(words("--limit=5 a --json"), spec);
        const Result<ParsedArgs> separate = parseOptions(words("a --json --limit 5"), spec);
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        QCOMPARE(joined->value(QStringLiteral("limit")), QStringLiteral("5"));
        QCOMPARE(separate->value(QStringLiteral("limit")), QStringLiteral("5"));
        QCOMPARE(joined->options, separate->options);
        QCOMPARE(joined->positional, QStringList{QStringLiteral("a")});
        QCOMPARE(separate->positional, QStringList{QStringLiteral("a")});
        QVERIFY(joined->isSet(QStringLiteral("json")));
        QVERIFY(!parseOptions(words("a"), spec)->isSet(QStringLiteral("json")));
    }

    void theLastValueWinsAndAValueMayStartWithADash() {
        CommandSpec spec;
        spec.options = {{QStringLiteral("limit"), QStringLiteral("N"), QString()}};
        const Result<ParsedArgs> twice = parseOptions(words("--limit 1 --limit=2"), spec);
        QVERIFY_PARSED(twice);
        QCOMPARE(twice->value(QStringLiteral("limit")), QStringLiteral("2"));
        const Result<ParsedArgs> dash = parseOptions(words("--limit -3"), spec);
        QVERIFY_PARSED(dash);
        QCOMPARE(dash->value(QStringLiteral("limit")), QStringLiteral("-3"));
    }

    void doubleDashEndsTheOptions() {
        CommandSpec spec;
        spec.options = {{QStringLiteral("json"), QString(), QString()}};
        spec.maxArgs = -1;
        const Result<ParsedArgs> p = parseOptions(words("--json -- --json -x -"), spec);
        QVERIFY_PARSED(p);
        QVERIFY(p->isSet(QStringLiteral("json")));
        QCOMPARE(p->positional, words("--json -x -"));
    }

    void errorsNameTheWord() {
        CommandSpec spec;
        spec.options = {{QStringLiteral("limit"), QStringLiteral("N"), QString()},
                        {QStringLiteral("json"), QString(), QString()}};
        spec.minArgs = 1;
        spec.maxArgs = 1;
        spec.missingArgument = QStringLiteral("needs one THING");
        QVERIFY_USAGE(parseOptions(words("a --frob"), spec), "unknown option --frob");
        QVERIFY_USAGE(parseOptions(words("--frob=1 a"), spec), "unknown option --frob");
        QVERIFY_USAGE(parseOptions(words("-x a"), spec), "unknown option -x");
        QVERIFY_USAGE(parseOptions(words("a -frob"), spec), "unknown option -frob");
        QVERIFY_USAGE(parseOptions(words("a --json=1"), spec), "--json takes no value");
        QVERIFY_USAGE(parseOptions(words("a --limit"), spec), "--limit needs a value");
        QVERIFY_USAGE(parseOptions(words("a b"), spec), "unexpected argument b");
        QVERIFY_USAGE(parseOptions(words("--json"), spec), "needs one THING");
        // An unknown option is named even after a value that looks like one.
        QVERIFY_USAGE(parseOptions(words("--limit --json a --frob"), spec),
                      "unknown option --frob");
        // The first problem is the one named.
        QVERIFY_USAGE(parseOptions(words("--one a --two"), spec), "unknown option --one");
    }

    // --- workers list, runs list ---

    void listOptions() {
        const Result<ListOptions> joined = parseListOptions(words("--limit=5 --json"), 20);
        const Result<ListOptions> separate = parseListOptions(words("--json --limit 5"), 20);
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        QCOMPARE(joined->limit, 5);
        QCOMPARE(separate->limit, 5);
        QVERIFY(joined->json && separate->json);
        const Result<ListOptions> plain = parseListOptions({}, 20);
        QVERIFY_PARSED(plain);
        QCOMPARE(plain->limit, 20);
        QVERIFY(!plain->json);

        QVERIFY_USAGE(parseListOptions(words("--limit"), 20), "--limit needs a positive number");
        QVERIFY_USAGE(parseListOptions(words("--limit 0"), 20), "--limit needs a positive number");
        QVERIFY_USAGE(parseListOptions(words("--limit=x"), 20), "--limit needs a positive number");
        QVERIFY_USAGE(parseListOptions(words("--frob"), 20), "unexpected argument --frob");
        QVERIFY_USAGE(parseListOptions(words("--json extra"), 20), "unexpected argument extra");
        QVERIFY_USAGE(parseListOptions(words("-- --json"), 20), "unexpected argument --json");
    }

    // --- ask ---

    void askOptions() {
        const Result<AskOptions> after = parseAskOptions(words("check disk --json"));
        QVERIFY_PARSED(after);
        QVERIFY(after->json);
        QCOMPARE(after->task, QStringLiteral("check disk"));
        const Result<AskOptions> dashed = parseAskOptions(words("--json -- -v is set"));
        QVERIFY_PARSED(dashed);
        QVERIFY(dashed->json);
        QCOMPARE(dashed->task, QStringLiteral("-v is set"));
        QVERIFY(!parseAskOptions(words("hello"))->json);

        QVERIFY_USAGE(parseAskOptions(words("hello --frob")), "unknown option --frob");
        QVERIFY_USAGE(parseAskOptions(words("--json")), "ask needs a task");
        QVERIFY_USAGE(parseAskOptions({QStringLiteral("  ")}), "ask needs a task");
        QVERIFY_USAGE(parseAskOptions(words("--json=yes hello")), "--json takes no value");
    }

    void askByVoiceOptions() {
        const Result<AskOptions> voice = parseAskOptions(words("--audio q.wav --engine Server"));
        QVERIFY_PARSED(voice);
        QCOMPARE(voice->audio, QStringLiteral("q.wav"));
        QCOMPARE(voice->engine, QStringLiteral("server"));
        QVERIFY(voice->task.isEmpty());
        QVERIFY_PARSED(parseAskOptions(words("--json --audio=q.wav")));
        QVERIFY_USAGE(parseAskOptions(words("--audio q.wav check disk")), "not both");
        QVERIFY_USAGE(parseAskOptions(words("hello --engine server")),
                      "--engine goes with --audio");
        QVERIFY_USAGE(parseAskOptions(words("--audio")), "--audio needs a WAVE file");
    }

    // --- workers show, workers grep, workers reindex ---

    void workerShowOptions() {
        const Result<WorkerShowOptions> after = parseWorkerShowOptions(words("42 --json"));
        const Result<WorkerShowOptions> before = parseWorkerShowOptions(words("--json 42"));
        QVERIFY_PARSED(after);
        QVERIFY_PARSED(before);
        QCOMPARE(after->id, QStringLiteral("42"));
        QCOMPARE(before->id, QStringLiteral("42"));
        QVERIFY(after->json && before->json);

        QVERIFY_USAGE(parseWorkerShowOptions({}), "workers show needs one worker id or job id");
        QVERIFY_USAGE(parseWorkerShowOptions(words("1 2")),
                      "workers show needs one worker id or job id");
        QVERIFY_USAGE(parseWorkerShowOptions(words("1 --frob")), "unknown option --frob");
    }

    void workerGrepOptions() {
        const Result<WorkerGrepOptions> joined =
            parseWorkerGrepOptions(words("--limit=5 --regex OOM"));
        const Result<WorkerGrepOptions> separate =
            parseWorkerGrepOptions(words("OOM --regex --limit 5"));
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        for (const Result<WorkerGrepOptions>* r : {&joined, &separate}) {
            QCOMPARE((*r)->limit, 5);
            QVERIFY((*r)->regex);
            QVERIFY(!(*r)->caseSensitive);
            QVERIFY(!(*r)->json);
            QCOMPARE((*r)->pattern, QStringLiteral("OOM"));
        }
        const Result<WorkerGrepOptions> plain = parseWorkerGrepOptions(words("disk"));
        QVERIFY_PARSED(plain);
        QCOMPARE(plain->limit, 100);
        QVERIFY(!plain->regex);
        const Result<WorkerGrepOptions> all =
            parseWorkerGrepOptions(words("x --json --case-sensitive"));
        QVERIFY_PARSED(all);
        QVERIFY(all->json && all->caseSensitive);

        // A pattern that starts with '-' after "--", even one that looks like an option.
        for (const char* pattern : {"--force", "-h", "--limit", "-"}) {
            const Result<WorkerGrepOptions> dashed = parseWorkerGrepOptions(
                {QStringLiteral("--json"), QStringLiteral("--"), QString::fromLatin1(pattern)});
            QVERIFY_PARSED(dashed);
            QCOMPARE(dashed->pattern, QString::fromLatin1(pattern));
            QVERIFY(dashed->json);
        }

        QVERIFY_USAGE(parseWorkerGrepOptions(words("--frob x")), "unknown option --frob");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("x --force")), "unknown option --force");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("x --limit")),
                      "--limit needs a number from 1 to 10000");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("x --limit=0")),
                      "--limit needs a number from 1 to 10000");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("x --limit 10001")),
                      "--limit needs a number from 1 to 10000");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("a b")), "workers grep needs one PATTERN");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("--regex")), "workers grep needs one PATTERN");
        QVERIFY_USAGE(parseWorkerGrepOptions(words("-- a b")), "workers grep needs one PATTERN");
    }

    void jsonOnlyOptions() {
        // workers reindex and devices list (their message), hosts list (its own).
        const QString message = QStringLiteral("unexpected argument %1");
        const Result<bool> json = parseJsonOnly(words("--json"), message);
        QVERIFY_PARSED(json);
        QVERIFY(*json);
        QVERIFY(!*parseJsonOnly({}, message));
        QVERIFY_USAGE(parseJsonOnly(words("--json extra"), message), "unexpected argument extra");
        QVERIFY_USAGE(parseJsonOnly(words("--frob"), message), "unexpected argument --frob");
        const QString hosts = QStringLiteral("list takes no argument besides --json");
        QVERIFY_USAGE(parseJsonOnly(words("web1"), hosts), "list takes no argument besides --json");
        QVERIFY_USAGE(parseJsonOnly(words("--yes"), hosts),
                      "list takes no argument besides --json");
    }

    // --- key set|clear|status ---

    void noArguments() {
        QVERIFY_PARSED(parseNoArguments({}));
        QVERIFY_USAGE(parseNoArguments(words("extra")), "unexpected argument extra");
        QVERIFY_USAGE(parseNoArguments(words("--frob")), "unexpected argument --frob");
    }

    // --- runs show ---

    void runShowOptions() {
        const Result<RunShowOptions> after = parseRunShowOptions(words("12 --json"));
        const Result<RunShowOptions> before = parseRunShowOptions(words("--json 12"));
        QVERIFY_PARSED(after);
        QVERIFY_PARSED(before);
        QCOMPARE(after->runId, qint64(12));
        QCOMPARE(before->runId, qint64(12));
        QVERIFY(after->json && before->json);
        QVERIFY(!parseRunShowOptions(words("12"))->json);

        QVERIFY_USAGE(parseRunShowOptions({}), "runs show needs one run id");
        QVERIFY_USAGE(parseRunShowOptions(words("1 2")), "runs show needs one run id");
        QVERIFY_USAGE(parseRunShowOptions(words("abc")), "'abc' is not a run id");
        QVERIFY_USAGE(parseRunShowOptions(words("-- -3")), "'-3' is not a run id");
        QVERIFY_USAGE(parseRunShowOptions(words("0")), "'0' is not a run id");
        QVERIFY_USAGE(parseRunShowOptions(words("12 --frob")), "unknown option --frob");
    }

    // --- hosts trust, hosts import ---

    void hostsTrustOptions() {
        const Result<HostsTrustOptions> after = parseHostsTrustOptions(words("web1 --yes"));
        const Result<HostsTrustOptions> before = parseHostsTrustOptions(words("--yes web1"));
        QVERIFY_PARSED(after);
        QVERIFY_PARSED(before);
        QCOMPARE(after->alias, QStringLiteral("web1"));
        QCOMPARE(before->alias, QStringLiteral("web1"));
        QVERIFY(after->yes && before->yes);
        QVERIFY(!parseHostsTrustOptions(words("web1"))->yes);

        QVERIFY_USAGE(parseHostsTrustOptions(words("--frob web1")), "unknown option --frob");
        QVERIFY_USAGE(parseHostsTrustOptions(words("--yes")), "trust needs exactly one alias");
        QVERIFY_USAGE(parseHostsTrustOptions(words("web1 web2")), "trust needs exactly one alias");
        QVERIFY_USAGE(parseHostsTrustOptions(words("web1 --yes=1")), "--yes takes no value");
    }

    void hostsImportOptions() {
        const QString home = QStringLiteral("/home/u/.ssh/config");
        const Result<HostsImportOptions> joined =
            parseHostsImportOptions(words("--from=/tmp/cfg web1 db1"), home);
        const Result<HostsImportOptions> separate =
            parseHostsImportOptions(words("web1 --from /tmp/cfg db1"), home);
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        QCOMPARE(joined->from, QStringLiteral("/tmp/cfg"));
        QCOMPARE(separate->from, QStringLiteral("/tmp/cfg"));
        QCOMPARE(joined->aliases, words("web1 db1"));
        QCOMPARE(separate->aliases, words("web1 db1"));
        const Result<HostsImportOptions> plain = parseHostsImportOptions(words("web1"), home);
        QVERIFY_PARSED(plain);
        QCOMPARE(plain->from, home);
        const Result<HostsImportOptions> dashed =
            parseHostsImportOptions(words("web1 -- -odd"), home);
        QVERIFY_PARSED(dashed);
        QCOMPARE(dashed->aliases, words("web1 -odd"));

        QVERIFY_USAGE(parseHostsImportOptions(words("web1 --from"), home), "--from needs a file");
        QVERIFY_USAGE(parseHostsImportOptions(words("--from= web1"), home), "--from needs a file");
        QVERIFY_USAGE(parseHostsImportOptions(words("--frob web1"), home), "unknown option --frob");
        QVERIFY_USAGE(parseHostsImportOptions(words("--from /tmp/cfg"), home),
                      "import needs the aliases to copy");
        QVERIFY_USAGE(parseHostsImportOptions({}, home), "import needs the aliases to copy");
    }

    // --- connect ---

    void connectOptions() {
        const Result<ConnectOptions> none = parseConnectOptions({});
        QVERIFY_PARSED(none);
        QVERIFY(!none->local);
        QVERIFY(none->url.isEmpty());
        const Result<ConnectOptions> local = parseConnectOptions(words("--local"));
        QVERIFY_PARSED(local);
        QVERIFY(local->local);
        const Result<ConnectOptions> url = parseConnectOptions(words("ws://10.0.0.2:8765"));
        QVERIFY_PARSED(url);
        QVERIFY(!url->local);
        QCOMPARE(url->url, QStringLiteral("ws://10.0.0.2:8765"));

        QVERIFY_USAGE(parseConnectOptions(words("--local ws://a:1")),
                      "connect takes one URL or --local");
        QVERIFY_USAGE(parseConnectOptions(words("ws://a:1 ws://b:1")),
                      "connect takes one URL or --local");
        QVERIFY_USAGE(parseConnectOptions(words("--frob")), "unknown option --frob");
        QVERIFY_USAGE(parseConnectOptions(words("--local=1")), "--local takes no value");
    }

    // --- serve, devices add|list|revoke ---

    void serveOptions() {
        ServeOptions defaults;
        defaults.listen = QStringLiteral("127.0.0.1:8765");
        defaults.tlsCert = QStringLiteral("env-cert.pem");
        defaults.tlsKey = QStringLiteral("env-key.pem");
        const Result<ServeOptions> joined =
            parseServeOptions(words("--listen=0.0.0.0:1 --insecure --tls-key=k.pem"), defaults);
        const Result<ServeOptions> separate =
            parseServeOptions(words("--tls-key k.pem --insecure --listen 0.0.0.0:1"), defaults);
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        for (const Result<ServeOptions>* r : {&joined, &separate}) {
            QCOMPARE((*r)->listen, QStringLiteral("0.0.0.0:1"));
            QCOMPARE((*r)->tlsKey, QStringLiteral("k.pem"));
            QCOMPARE((*r)->tlsCert, QStringLiteral("env-cert.pem"));  // not given: the default
            QVERIFY((*r)->insecure);
        }
        const Result<ServeOptions> plain = parseServeOptions({}, defaults);
        QVERIFY_PARSED(plain);
        QCOMPARE(plain->listen, defaults.listen);
        QVERIFY(!plain->insecure);

        QVERIFY_USAGE(parseServeOptions(words("--listen"), defaults),
                      "an option is missing its value");
        QVERIFY_USAGE(parseServeOptions(words("--insecure --tls-cert"), defaults),
                      "an option is missing its value");
        QVERIFY_USAGE(parseServeOptions(words("--frob"), defaults), "unexpected argument '--frob'");
        QVERIFY_USAGE(parseServeOptions(words("--insecure extra"), defaults),
                      "unexpected argument 'extra'");
    }

    void devicesAddOptions() {
        const Result<DevicesAddOptions> joined =
            parseDevicesAddOptions(words("laptop --owner=3 --json"), 1);
        const Result<DevicesAddOptions> separate =
            parseDevicesAddOptions(words("--json --owner 3 laptop"), 1);
        QVERIFY_PARSED(joined);
        QVERIFY_PARSED(separate);
        for (const Result<DevicesAddOptions>* r : {&joined, &separate}) {
            QCOMPARE((*r)->owner, qint64(3));
            QCOMPARE((*r)->name, QStringLiteral("laptop"));
            QVERIFY((*r)->json);
        }
        const Result<DevicesAddOptions> plain = parseDevicesAddOptions(words("laptop"), 7);
        QVERIFY_PARSED(plain);
        QCOMPARE(plain->owner, qint64(7));
        QVERIFY(!plain->json);
        const Result<DevicesAddOptions> dashed = parseDevicesAddOptions(words("-- -laptop"), 1);
        QVERIFY_PARSED(dashed);
        QCOMPARE(dashed->name, QStringLiteral("-laptop"));

        QVERIFY_USAGE(parseDevicesAddOptions(words("laptop --owner"), 1), "--owner needs a number");
        QVERIFY_USAGE(parseDevicesAddOptions(words("laptop --owner 0"), 1),
                      "--owner needs a positive number");
        QVERIFY_USAGE(parseDevicesAddOptions(words("laptop --owner=x"), 1),
                      "--owner needs a positive number");
        QVERIFY_USAGE(parseDevicesAddOptions(words("--json"), 1),
                      "devices add needs one NAME (quote it)");
        QVERIFY_USAGE(parseDevicesAddOptions(words("a b"), 1),
                      "devices add needs one NAME (quote it)");
        QVERIFY_USAGE(parseDevicesAddOptions(words("laptop --frob"), 1), "unknown option --frob");
    }

    void devicesListAndRevokeOptions() {
        const QString list = QStringLiteral("unexpected argument '%1'");
        QVERIFY(*parseJsonOnly(words("--json"), list));
        QVERIFY_USAGE(parseJsonOnly(words("extra"), list), "unexpected argument 'extra'");
        QVERIFY_USAGE(parseJsonOnly(words("--frob"), list), "unexpected argument '--frob'");

        const Result<qint64> after = parseDevicesRevokeOptions(words("3 --json"));
        const Result<qint64> before = parseDevicesRevokeOptions(words("--json 3"));
        QVERIFY_PARSED(after);
        QVERIFY_PARSED(before);
        QCOMPARE(*after, qint64(3));
        QCOMPARE(*before, qint64(3));
        QVERIFY_USAGE(parseDevicesRevokeOptions({}), "devices revoke needs one device ID");
        QVERIFY_USAGE(parseDevicesRevokeOptions(words("x")), "devices revoke needs one device ID");
        QVERIFY_USAGE(parseDevicesRevokeOptions(words("1 2")),
                      "devices revoke needs one device ID");
        QVERIFY_USAGE(parseDevicesRevokeOptions(words("--frob 3")), "unknown option --frob");
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
