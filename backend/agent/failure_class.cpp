#include "agent/failure_class.h"

#include "llm/llm_errors.h"

#include <QStringList>

#include <limits>

namespace zerg {

FailureClass classifyFailure(const QString& codeIn) {
    QString code = codeIn.trimmed();
    const bool fromModel = code.startsWith(QLatin1String("llm_"));
    if (fromModel)
        code = code.mid(4);
    static const QStringList terminal{
        QStringLiteral("budget_exceeded"),  QStringLiteral("auth_failed"),
        QStringLiteral("host_key_changed"), QStringLiteral("host_key_unknown"),
        QStringLiteral("host_not_allowed"), QStringLiteral("violation"),
        QStringLiteral("preflight_failed"), QStringLiteral("not_configured")};
    if (terminal.contains(code))
        return FailureClass::Terminal;
    if (fromModel) {
        if (llm::isTransient(code) || code == QLatin1String(llm::errors::Truncated))
            return FailureClass::Transient;
        if (code == QLatin1String(llm::errors::Auth))
            return FailureClass::Terminal;  // the API key is refused
        if (code == QLatin1String(llm::errors::Protocol) ||
            code == QLatin1String(llm::errors::Api) ||
            code == QLatin1String(llm::errors::ContextLength) ||
            code == QLatin1String(llm::errors::BadRequest)) {
            return FailureClass::Persistent;
        }
        return FailureClass::Unknown;
    }
    if (code == QLatin1String("timeout") || code == QLatin1String("network") ||
        code == QLatin1String("connect_failed")) {
        return FailureClass::Transient;
    }
    if (code == QLatin1String("max_iterations") || code == QLatin1String("no_progress"))
        return FailureClass::Persistent;
    return FailureClass::Unknown;
}

int restartsAllowed(FailureClass c) {
    switch (c) {
        case FailureClass::Transient:
            return std::numeric_limits<int>::max();
        case FailureClass::Persistent:
            return 1;
        case FailureClass::Terminal:
        case FailureClass::Unknown:
            break;
    }
    return 0;
}

}  // namespace zerg
