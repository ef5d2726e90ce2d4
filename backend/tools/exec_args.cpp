#include "tools/exec_args.h"

#include <QCoreApplication>

#include <cmath>

namespace zerg {
namespace {

// lupdate files these free tr() calls under the namespace, "zerg": look them up there.
QString tr(const char* text) {
    return QCoreApplication::translate("zerg", text);
}

Error invalid(const QString& message) {
    return Error{QStringLiteral("invalid_arguments"), message};
}

}  // namespace

Result<QString> readCommandArg(const QJsonObject& args) {
    const QJsonValue v = args.value(QStringLiteral("command"));
    if (!v.isString() || v.toString().trimmed().isEmpty()) {
        return invalid(
            tr("\"command\" is required: give the shell command to run as a "
               "non-empty string."));
    }
    return v.toString();
}

Result<int> readTimeoutArg(const QJsonObject& args, int defaultSecs, int maxSecs) {
    const QJsonValue v = args.value(QStringLiteral("timeout_secs"));
    if (v.isUndefined() || v.isNull())
        return defaultSecs;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d) || d < 1 || d > maxSecs) {
        return invalid(tr("\"timeout_secs\" must be a whole number of seconds from 1 to %1; "
                          "leave it out for the default of %2 s.")
                           .arg(maxSecs)
                           .arg(defaultSecs));
    }
    return int(d);
}

}  // namespace zerg
