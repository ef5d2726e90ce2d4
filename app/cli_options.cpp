#include "cli_options.h"

#include "cli.h"

#include <QCommandLineParser>

namespace zerg::cli {
namespace {

Error usage(const QString& message) {
    return Error{QStringLiteral("usage"), message};
}

// The word as it was typed ("--frob", "-x" or "--frob=1") of an option the parser did not know.
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

Result<ListOptions> parseListOptions(const QStringList& args, int defaultLimit) {
    QCommandLineParser parser;
    const QCommandLineOption json(QStringLiteral("json"));
    const QCommandLineOption limit(QStringLiteral("limit"), QString(), QStringLiteral("N"));
    parser.addOption(json);
    parser.addOption(limit);
    const QString limitError = Text::tr("--limit needs a positive number");
    // The parser expects the program's name first.
    if (!parser.parse(QStringList{QStringLiteral("zerg")} + args)) {
        const QStringList unknown = parser.unknownOptionNames();
        if (!unknown.isEmpty())
            return usage(Text::tr("unexpected argument %1").arg(typedAs(args, unknown.first())));
        return usage(limitError);  // the only other way to fail: --limit without its value
    }
    if (!parser.positionalArguments().isEmpty()) {
        return usage(Text::tr("unexpected argument %1").arg(parser.positionalArguments().first()));
    }
    ListOptions options;
    options.json = parser.isSet(json);
    options.limit = defaultLimit;
    if (parser.isSet(limit)) {
        bool ok = false;
        options.limit = parser.value(limit).toInt(&ok);
        if (!ok || options.limit <= 0)
            return usage(limitError);
    }
    return options;
}

}  // namespace zerg::cli
