#pragma once

#include "core/result.h"
#include "dashboard/dashboard_sources.h"

#include <QDateTime>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace zerg::api {

// Who a connection speaks for, once it has logged in or authenticated (docs/api.md).
struct Identity {
    qint64 ownerId = 0;
    qint64 deviceId = 0;
    QDateTime expiresAt;  // UTC
    QString token;        // the session token in clear: only set by login(), for its reply
};

// What the API server asks of the backend. Every owner-scoped call is owner-checked by the
// implementation: another owner's ids are "not_found", exactly like ids that do not exist.
// Errors are Error{code, message} with the codes of docs/api.md (busy, no_provider, not_found,
// bad_request, auth_failed, internal, and the schedule tools' codes). Implemented over Backend
// in api/server_backend.h (ServerBackend); tests use a fake.
class ApiBackend {
public:
    virtual ~ApiBackend() = default;

    // A device secret for a new 7-day session token (Identity::token set).
    [[nodiscard]] virtual Result<Identity> login(const QString& deviceSecret) = 0;
    // A session token, checked: unknown, revoked or expired is auth_failed.
    [[nodiscard]] virtual Result<Identity> authenticate(const QString& token) = 0;
    // A device secret itself, checked without making a token (the MCP endpoint's clients keep
    // the secret in their configuration): unknown or revoked is auth_failed. Identity::token
    // stays empty. By default no secret is known.
    [[nodiscard]] virtual Result<Identity> authenticateDevice(const QString& deviceSecret) {
        Q_UNUSED(deviceSecret);
        return Error{QStringLiteral("auth_failed"),
                     QStringLiteral("This server does not accept device secrets here.")};
    }
    // Revokes the token.
    [[nodiscard]] virtual Status logout(const QString& token) = 0;

    // {run_id, thread_id, status: "running"}
    [[nodiscard]] virtual Result<QJsonObject> dispatch(qint64 ownerId, const QString& task,
                                                       const QJsonObject& context,
                                                       const QJsonObject& preferences) = 0;
    // The run with its workers (storage/run_details.h runDetails).
    [[nodiscard]] virtual Result<QJsonObject> run(qint64 ownerId, qint64 runId) = 0;
    // {runs: [...]}, newest first.
    [[nodiscard]] virtual Result<QJsonObject> runs(qint64 ownerId, int limit) = 0;
    // One page of the owner's conversation, oldest run first (storage/run_details.h
    // conversationPage): the newest `limit` runs, or those before beforeRunId. By default there
    // is none: answered "internal".
    [[nodiscard]] virtual Result<QJsonObject> conversation(qint64 ownerId,
                                                           std::optional<qint64> beforeRunId,
                                                           int limit) {
        Q_UNUSED(ownerId);
        Q_UNUSED(beforeRunId);
        Q_UNUSED(limit);
        return Error{QStringLiteral("internal"),
                     QStringLiteral("This server keeps no conversation; this is a bug.")};
    }
    // Records one exchange of a voice-to-voice conversation in the owner's thread
    // (JarvisService::recordSpokenExchange): {run_id} (0: recorded when the run in progress
    // ends). By default there is none: answered "internal".
    [[nodiscard]] virtual Result<QJsonObject> recordSpoken(qint64 ownerId, const QString& said,
                                                           const QString& answered,
                                                           bool interrupted) {
        Q_UNUSED(ownerId);
        Q_UNUSED(said);
        Q_UNUSED(answered);
        Q_UNUSED(interrupted);
        return Error{QStringLiteral("internal"),
                     QStringLiteral("This server keeps no conversation; this is a bug.")};
    }
    // {workers: [...]}, newest first; only those of runId when given.
    [[nodiscard]] virtual Result<QJsonObject> workers(qint64 ownerId, int limit,
                                                      std::optional<qint64> runId) = 0;
    // {metadata, result, files} of the worker named by its worker id, or else by its job id.
    [[nodiscard]] virtual Result<QJsonObject> worker(qint64 ownerId, const QString& workerId,
                                                     std::optional<qint64> jobId) = 0;
    // {path, content, size, truncated}: one file of a worker's folder, at most 512 KiB.
    [[nodiscard]] virtual Result<QJsonObject> workerFile(qint64 ownerId, const QString& workerId,
                                                         const QString& path) = 0;
    // Cancels a run or a worker job (exactly one of them is set): {cancelled: "run"|"worker"}.
    [[nodiscard]] virtual Result<QJsonObject> cancel(qint64 ownerId, std::optional<qint64> runId,
                                                     std::optional<qint64> jobId) = 0;
    // Runs the schedule tool for action (list | create | update | delete) with args, then calls
    // done on context's thread (never when context is gone) with the tool's result payload.
    using Done = std::function<void(Result<QJsonObject>)>;
    virtual void schedules(qint64 ownerId, const QString& action, const QJsonObject& args,
                           QObject* context, Done done) = 0;
    // The owner's dashboard sources, for the dashboard commands (api/dashboard_ops.h). By default
    // there are none: every dashboard command is answered "internal".
    [[nodiscard]] virtual Result<DashboardSources> dashboard(qint64 ownerId) {
        Q_UNUSED(ownerId);
        return Error{QStringLiteral("internal"),
                     QStringLiteral("This server has no dashboard data; this is a bug.")};
    }
};

}  // namespace zerg::api
