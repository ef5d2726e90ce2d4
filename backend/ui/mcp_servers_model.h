#pragma once

#include "dashboard/mcp_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

#include <optional>

namespace zerg {

class Clock;

// Settings › MCP servers (QML singleton `McpServers`): the servers of mcp.json with their state,
// tools, last error and log, all through an McpSource (this process's servers and mcp.json, or a
// `zerg serve`'s, read-only plus restart). Per server: restart, disable or enable, remove, a
// policy per tool, and its log; and a form to add or edit a server, whose fields become the
// mcp.json entry here (the page holds no logic): begin with beginAdd() or beginEdit(row), show
// `form`, call save() with what the user typed; `formError` says what is wrong, saved() that it
// was written. Every edit is checked by mcp.json's own validator (mcp_config), whose message is
// shown as it is.
//
// Rows keep their place when the list is read again (a server that left is removed, a new one
// inserted, the others changed in place), so an open tool list or log stays open. The list is
// read again when the source announces a change (local), or every two seconds while `watching`
// (the section is shown) for a source that cannot announce them (remote). An action's outcome
// stays on its row across reloads.
class McpServersModel : public QAbstractListModel, public QmlInstance<McpServersModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(McpServers)
    QML_SINGLETON
    Q_PROPERTY(QString configFile READ configFile NOTIFY listChanged FINAL)
    // Whether the servers may be edited from here (add, edit, disable, remove, tool policies):
    // false for a Zerg server's (remote mode), which shows them read-only plus restart.
    Q_PROPERTY(bool editable READ editable NOTIFY listChanged FINAL)
    // What is wrong with mcp.json as a whole (a bad server entry is on its row).
    Q_PROPERTY(QStringList problems READ problems NOTIFY listChanged FINAL)
    // Non-empty when the list could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // Set while the section is shown: a remote list is read again every two seconds meanwhile.
    Q_PROPERTY(bool watching READ watching WRITE setWatching NOTIFY watchingChanged FINAL)
    // The log showLog() fetched: whose, its text (or why there is none), whether it was read.
    Q_PROPERTY(QString logServer READ logServer NOTIFY logChanged FINAL)
    Q_PROPERTY(QString logText READ logText NOTIFY logChanged FINAL)
    Q_PROPERTY(bool logOk READ logOk NOTIFY logChanged FINAL)
    // A tool's policy choices for its ComboBox: "" (by the annotations), allow, ask, never, and
    // their labels in the same order.
    Q_PROPERTY(QStringList policyWords READ policyWords CONSTANT FINAL)
    Q_PROPERTY(QStringList policyLabels READ policyLabels NOTIFY labelsChanged FINAL)
    // The add/edit form: open, waiting for the save's answer, its error; formOriginalName is the
    // edited server's name ("" when adding); form holds the fields to show when it opens
    // {name, kind: "stdio" | "http", command, args, env, cwd, url, headers, timeoutSeconds}.
    Q_PROPERTY(bool formOpen READ formOpen NOTIFY formStateChanged FINAL)
    Q_PROPERTY(bool formBusy READ formBusy NOTIFY formStateChanged FINAL)
    Q_PROPERTY(QString formError READ formError NOTIFY formStateChanged FINAL)
    Q_PROPERTY(QString formOriginalName READ formOriginalName NOTIFY formChanged FINAL)
    Q_PROPERTY(QVariantMap form READ form NOTIFY formChanged FINAL)

public:
    enum Roles {
        NameRole = Qt::UserRole + 1,
        TransportRole,       // McpTransportKind's word: "stdio" or "http"
        TransportLabelRole,  // "program (stdio)" / "URL (HTTP)"
        TargetRole,          // the command line or the URL
        ServerStateRole,     // McpServerState's word
        StateLabelRole,      // in the user's language; "not usable" for a bad entry
        StateToneRole,       // for Theme.toneColor: success, active, danger, muted
        OkRole,              // ready
        FailedRole,          // failed, or its entry cannot be used
        DisabledRole,
        ProblemRole,  // why its entry cannot be used (mcp.json's message), or ""
        ToolCountRole,
        LastErrorRole,
        LastStderrRole,  // its last stderr lines, one per line
        LogFileRole,     // "" when it has none (HTTP)
        StartsRole,
        // [{name, title, description, readOnly, destructive, policy ("" | allow | ask | never),
        //   classification ("reads only" / "may change" / "destructive", translated)}]
        ToolsRole,
        BusyRole,       // an action runs
        MessageRole,    // the last action's outcome, for the user
        MessageOkRole,  // whether that outcome was good news
    };
    Q_ENUM(Roles)

    // The add/edit form's fields as the user typed them (args, env and headers one per line).
    struct Form {
        QString name;
        McpTransportKind kind = McpTransportKind::Stdio;
        QString command;
        QString args;  // one argument per line
        QString env;   // NAME=value per line
        QString cwd;
        QString url;
        QString headers;  // "Name: value" per line
        int timeoutSeconds = McpServerConfig().timeoutSeconds;
    };

    // Reads the list at once, or first in ensureLoaded() (FirstLoad). source must outlive this;
    // clock (the remote list's polling; null: no polling) too.
    McpServersModel(McpSource* source, Clock* clock, QObject* parent = nullptr,
                    FirstLoad firstLoad = FirstLoad::Now);
    ~McpServersModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] QString configFile() const { return m_configFile; }
    [[nodiscard]] bool editable() const { return m_editable; }
    [[nodiscard]] QStringList problems() const { return m_problems; }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool loaded() const { return m_loaded; }
    [[nodiscard]] bool watching() const { return m_watching; }
    void setWatching(bool watching);
    [[nodiscard]] QString logServer() const { return m_logServer; }
    [[nodiscard]] QString logText() const { return m_logText; }
    [[nodiscard]] bool logOk() const { return m_logOk; }
    [[nodiscard]] QStringList policyWords() const;
    [[nodiscard]] QStringList policyLabels() const;
    [[nodiscard]] bool formOpen() const { return m_formOpen; }
    [[nodiscard]] bool formBusy() const { return m_formBusy; }
    [[nodiscard]] QString formError() const { return m_formError; }
    [[nodiscard]] QString formOriginalName() const { return m_formOriginalName; }
    [[nodiscard]] QVariantMap form() const;

    // The mcp.json entry the form describes, over original (the edited server's stored entry:
    // its other keys, such as disabled, toolPolicy or a key Zerg does not know, stay), or which
    // line of the form is wrong. The rest is checked by mcp.json's validator when it is saved.
    [[nodiscard]] static Result<QJsonObject> entryOf(const Form& form, const QJsonObject& original);
    // The form's fields for a stored entry.
    [[nodiscard]] static Form formOf(const QString& name, const QJsonObject& entry);

    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    Q_INVOKABLE void reload();
    // After the user interface's language changed: every row's texts announced again.
    void retranslate();

    Q_INVOKABLE void restart(int row);
    Q_INVOKABLE void setDisabled(int row, bool disabled);
    Q_INVOKABLE void remove(int row);
    // policy: one of policyWords ("" gives the decision back to the annotations).
    Q_INVOKABLE void setToolPolicy(int row, const QString& tool, const QString& policy);
    Q_INVOKABLE void showLog(int row);
    Q_INVOKABLE void hideLog();

    Q_INVOKABLE void beginAdd();
    Q_INVOKABLE void beginEdit(int row);
    Q_INVOKABLE void cancelForm();
    // kind: "stdio" (command, args, env, cwd) or "http" (url, headers).
    Q_INVOKABLE void save(const QString& name, const QString& kind, const QString& command,
                          const QString& args, const QString& env, const QString& cwd,
                          const QString& url, const QString& headers, int timeoutSeconds);

Q_SIGNALS:
    void listChanged();
    void loadErrorChanged();
    void countChanged();
    void watchingChanged();
    void logChanged();
    void labelsChanged();
    void formStateChanged();
    // The form opened for another server (or for a new one): its fields are to be shown afresh.
    void formChanged();
    // The form's server was written to mcp.json; the form is closed.
    void saved();

private:
    struct Row : RowAction {
        McpServerRow server;
    };

    // data() and roleNames(): the roles of a row, which need nothing but the row.
    [[nodiscard]] static const RoleTable<Row>& roles();

    void apply(const McpServersList& list);
    [[nodiscard]] bool isRow(int row) const { return row >= 0 && row < m_rows.size(); }
    // Marks the row busy with message; returns the action's id for its answer.
    quint64 start(int row, const QString& message);
    // The row of server name if it still waits for this action's answer, or -1.
    [[nodiscard]] int rowOf(const QString& name, quint64 action) const;
    void changed(int row);
    void finish(int row, const QString& message, bool ok);
    // Runs action on the row's server and shows the outcome: success's message, or the error.
    void act(int row, const QString& pending, const QString& success,
             const std::function<void(const QString& name, SourceReply<Ok> done)>& action);
    // After an action succeeded: a source that does not announce changes is read again.
    void afterAction();
    void setLoadError(const QString& message);
    void setFormError(const QString& message);
    void schedulePoll();

    McpSource* m_source;
    Clock* m_clock;
    QList<Row> m_rows;
    QString m_configFile;
    bool m_editable = false;
    QStringList m_problems;
    QString m_loadError;
    NewestRequest m_reloads;
    quint64 m_nextAction = 0;
    bool m_loaded = false;
    bool m_watching = false;
    quint64 m_pollTimer = 0;

    QString m_logServer;
    QString m_logText;
    bool m_logOk = false;
    NewestRequest m_logs;

    bool m_formOpen = false;
    bool m_formBusy = false;
    QString m_formError;
    QString m_formOriginalName;
    QJsonObject m_formOriginal;  // the edited server's stored entry
    Form m_form;
    NewestRequest m_saves;
};

}  // namespace zerg
