#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <memory>
#include <utility>

class QLocalServer;
class QLocalSocket;

namespace zerg {

// What a later launch of the window asks the running one to do: show a page, ask a question.
// Both empty: just come to the front.
struct InstanceRequest {
    QString page;  // a page name of `--page` (checked by the sender), or empty
    QString ask;   // the text of `--ask`, or empty

    [[nodiscard]] QByteArray toLine() const;  // one line of JSON, '\n'-terminated
    // invalid_argument when the line is not such an object.
    [[nodiscard]] static Result<InstanceRequest> fromLine(const QByteArray& line);
};

// One window per user and data folder. The first process to start() holds a lock file and
// listens on a local socket (in the user's runtime folder, readable by the user only); a later
// one finds the lock held, hands its request over that socket to the running one, waits for its
// answer and exits. The lock, not the socket, decides who runs: two launches at once cannot
// both listen, and a crashed window's lock (its process gone) is taken over.
//
// Wire format: the caller writes one JSON line {"page": ..., "ask": ...}; the window answers one
// line, {"ok": true} or {"ok": false, "error": "<what happened and what to do>"}.
class SingleInstance : public QObject {
    Q_OBJECT
public:
    enum class Role {
        Primary,  // this process is the window: listen() runs, requests arrive at the handler
        Handed,   // the running window took the request: this process should exit 0
    };

    // The running window's answer to a request: empty when it was done, else what went wrong.
    using Handler = std::function<QString(const InstanceRequest&)>;

    // The lock and socket of dataDir's window, in runtimeDir (QStandardPaths' runtime location,
    // the user's private folder, when empty).
    explicit SingleInstance(const QString& dataDir, const QString& runtimeDir = {},
                            QObject* parent = nullptr);
    ~SingleInstance() override;

    // Becomes the window (Primary), or hands request to the running one (Handed). Blocks up to
    // timeoutMs while the running window starts listening and answers. Errors: "unavailable"
    // (a window runs but does not answer; the message names its process), "failed" (its answer
    // was a refusal, with its reason).
    [[nodiscard]] Result<Role> claimOrHand(const InstanceRequest& request, int timeoutMs = 5000);
    // Becomes the window or says which process is: for what needs a window of its own
    // (`--tour`). Error "already_running".
    [[nodiscard]] Result<Role> claim();

    // The window is ready: requests are answered by handler from now on (those that arrived
    // before are answered now).
    void setHandler(Handler handler);

    [[nodiscard]] QString serverName() const { return m_serverName; }
    [[nodiscard]] bool isListening() const;

private:
    void listen();
    void onNewConnection();
    void onReadyRead(QLocalSocket* socket);
    void answer(QLocalSocket* socket, const QByteArray& line);
    [[nodiscard]] QString runningProcess() const;

    QString m_serverName;  // absolute socket path
    std::unique_ptr<QLockFile> m_lock;
    QLocalServer* m_server = nullptr;
    Handler m_handler;
    QHash<QLocalSocket*, QByteArray> m_buffers;
    // Whole lines read before the handler was set, with their sockets.
    QList<std::pair<QPointer<QLocalSocket>, QByteArray>> m_waiting;
};

}  // namespace zerg
