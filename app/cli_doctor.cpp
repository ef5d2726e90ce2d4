#include "cli_doctor.h"

#include "cli.h"

#include "core/clock.h"
#include "core/settings.h"
#include "dashboard/doctor.h"
#include "dashboard/hosts_source.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTextStream>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>

namespace zerg::cli {
namespace {

const char kDoctorUsage[] = QT_TRANSLATE_NOOP(
    "zerg::cli",
    "Usage: zerg doctor [--json]\n"
    "\n"
    "Checks what Zerg needs and says what to fix:\n"
    "  provider      the LLM provider is configured and answers, and it lists the models\n"
    "                Zerg is configured to use\n"
    "  hosts         the hosts file is readable; every allowed host answers, its host key is\n"
    "                known and Zerg can log in (it runs `true` there)\n"
    "  data folder   ZERG_DATA_DIR exists or can be created, is writable and has free space\n"
    "  database      the database opens and its schema is not newer than this Zerg\n"
    "  mcp           every entry of mcp.json is valid and each enabled MCP server starts\n"
    "                and lists its tools (only when mcp.json names servers)\n"
    "The doctor changes nothing: it does not create the data folder and reads the SQLite\n"
    "database without applying migrations. A PostgreSQL database (ZERG_DATABASE_URL) is opened\n"
    "as at every start, which applies pending migrations.\n"
    "\n"
    "Options:\n"
    "  --json       Print {\"checks\": [{\"name\", \"status\", \"detail\", \"fix\"}], \"ok\": "
    "...};\n"
    "               status is ok, warn or fail.\n"
    "  -h, --help   Show this help.\n"
    "\n"
    "Examples:\n"
    "  zerg doctor\n"
    "  zerg doctor --json | jq '.checks[] | select(.status != \"ok\")'\n"
    "\n"
    "Exit status: 0 no check failed (warnings allowed), 1 a check failed, 2 usage error.\n");

// The hosts' test logins: a short connect timeout, no session kept.
constexpr int kSshConnectTimeoutSecs = 5;
constexpr int kSshCommandTimeoutSecs = 10;

class TextPrinter {
public:
    explicit TextPrinter(QTextStream* out) : m_out(out) {
        m_tty = ::isatty(STDOUT_FILENO) == 1;
        if (m_tty) {
            m_markers = {QStringLiteral("✓"), QStringLiteral("!"), QStringLiteral("✗")};
        } else {
            // Words where symbols may not survive (logs, pipes): still one word per line start.
            m_markers = {Text::tr("ok"), Text::tr("warn"), Text::tr("FAIL")};
        }
        for (const QString& m : m_markers)
            m_width = std::max(m_width, int(m.size()));
    }

    void print(const DoctorCheck& c) {
        const QString indent(m_width + 1, QLatin1Char(' '));
        QStringList lines = c.message.split(QLatin1Char('\n'));
        *m_out << m_markers.at(int(c.status)).leftJustified(m_width) << ' ' << c.title << ": "
               << lines.takeFirst() << '\n';
        for (const QString& line : lines) {
            if (!line.trimmed().isEmpty())
                *m_out << indent << "  " << line;
            *m_out << '\n';
        }
        if (c.status != DoctorCheck::Status::Ok && !c.fix.isEmpty())
            *m_out << indent << Text::tr("fix: %1").arg(c.fix) << '\n';
        m_out->flush();
    }

private:
    QTextStream* m_out;
    bool m_tty = false;
    QStringList m_markers;  // by DoctorCheck::Status: ok, warning, failed
    int m_width = 1;
};

// The word as typed ("--frob", "-x" or "--frob=1") of an option the parser did not know.
QString typedAs(const QStringList& args, const QString& name) {
    for (const QString& a : args) {
        QString bare = a;
        while (bare.startsWith(QLatin1Char('-')))
            bare.remove(0, 1);
        if (bare.section(QLatin1Char('='), 0, 0) == name)
            return a;
    }
    return QStringLiteral("--") + name;
}

}  // namespace

QString doctorHelp() {
    return Text::tr(kDoctorUsage);
}

int doctorCommand(QStringList args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    const QCommandLineOption jsonOption(QStringLiteral("json"));
    const QCommandLineOption helpOption(QStringList{QStringLiteral("h"), QStringLiteral("help")});
    parser.addOption(jsonOption);
    parser.addOption(helpOption);
    // The parser expects the program's name first.
    const bool parsed = parser.parse(QStringList{QStringLiteral("zerg")} + args);
    QString unexpected;
    if (!parsed && !parser.unknownOptionNames().isEmpty())
        unexpected = typedAs(args, parser.unknownOptionNames().first());
    else if (!parsed)
        unexpected = args.value(0);
    else if (!parser.positionalArguments().isEmpty())
        unexpected = parser.positionalArguments().first();
    if (!unexpected.isNull()) {
        err << "zerg doctor: " << Text::tr("unexpected argument %1").arg(unexpected) << "\n\n"
            << doctorHelp();
        return 2;
    }
    if (parser.isSet(helpOption)) {
        out << doctorHelp();
        return 0;
    }
    const bool json = parser.isSet(jsonOption);
    const Settings s = Settings::load();

    std::optional<TextPrinter> printer;
    if (!json) {
        printer.emplace(&out);
        out << Text::tr("Zerg %1 doctor: provider, data folder, database and hosts.")
                   .arg(QCoreApplication::applicationVersion())
            << "\n\n";
        out.flush();
    }

    SystemClock clock;
    QNetworkAccessManager nam;
    // The hosts' logins are the Hosts page's "Test connection" (its SSH pool), with short waits.
    auto hosts = std::make_unique<LocalHostsSource>(
        s, &clock,
        LocalHostsSource::Timeouts{kSshConnectTimeoutSecs, kSshCommandTimeoutSecs, 1000});
    Doctor doctor(s, &nam, &clock, hosts.get(), DoctorTimeouts{});
    QObject::connect(&doctor, &Doctor::checked, &doctor, [&](const DoctorCheck& c) {
        // Skipped checks are left out: this output predates them and says the same by omission.
        if (printer && c.status != DoctorCheck::Status::Skipped)
            printer->print(c);
    });
    QEventLoop loop;
    QObject::connect(&doctor, &Doctor::finished, &loop, &QEventLoop::quit);
    doctor.run();
    if (!doctor.isFinished())
        loop.exec();
    hosts.reset();  // its SSH pool ends before the doctor that received the logins' results

    const int failures = doctor.count(DoctorCheck::Status::Failed);
    const int warnings = doctor.count(DoctorCheck::Status::Warning);
    if (json) {
        QJsonArray rows;
        for (const DoctorCheck& c : doctor.checks()) {
            if (c.status == DoctorCheck::Status::Skipped)
                continue;
            rows.append(QJsonObject{{QStringLiteral("name"), c.id},
                                    {QStringLiteral("status"), statusName(c.status)},
                                    {QStringLiteral("detail"), c.message},
                                    {QStringLiteral("fix"), c.fix}});
        }
        out << QJsonDocument(QJsonObject{{QStringLiteral("checks"), rows},
                                         {QStringLiteral("ok"), failures == 0}})
                   .toJson(QJsonDocument::Indented);
        return failures == 0 ? 0 : 1;
    }
    out << '\n';
    if (failures > 0) {
        out << Text::tr(
                   "Problems to fix: %1, warnings: %2. Fix the problems above, then run "
                   "`zerg doctor` again.")
                   .arg(failures)
                   .arg(warnings);
    } else if (warnings > 0) {
        out << Text::tr("No problems; warnings: %1 (see above).").arg(warnings);
    } else {
        out << Text::tr("Everything looks fine.");
    }
    out << '\n';
    return failures == 0 ? 0 : 1;
}

}  // namespace zerg::cli
