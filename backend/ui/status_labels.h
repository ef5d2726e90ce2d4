#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <QVariantMap>

class QQmlEngine;
class QJSEngine;

namespace zerg {

enum class McpServerState;  // mcp/mcp_servers.h

// How a status looks wherever it is shown (QML singleton `Status`): its label in the user's
// language and its tone, which Theme.toneColor() turns into a colour. One answer per word of
// core/status.h's worker, job, run and scheduled-check vocabularies (a word means the same in
// each), so that every page shows a status alike.
//
// Tones, one per status:
//   active   starting, running, restarting: work is going on (the status dot pulses)
//   warning  awaiting_approval: waiting for the user (it pulses too: the worker is not done)
//   success  success
//   danger   failed, timeout
//   muted    queued (waiting, not working yet), cancelled, skipped, and any unknown word
//
// QML reads the labels from `labels` (word -> label) rather than calling a function: a binding
// runs again on a language switch only when it read a property that announced the change (Qt
// 6.4's QQmlEngine::retranslate() re-runs just the bindings that called qsTr() themselves).
class StatusLabels : public QObject {
    Q_OBJECT
    QML_NAMED_ELEMENT(Status)
    QML_SINGLETON
    // Every word of words() with its label; relabelled when the engine's language changes.
    Q_PROPERTY(QVariantMap labels READ labels NOTIFY labelsChanged FINAL)

public:
    explicit StatusLabels(QObject* parent = nullptr);
    // One per engine, following the engine's uiLanguage (AppLanguage::apply() sets it after
    // installing the translators).
    static StatusLabels* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    // Every status word a page may show, once each.
    [[nodiscard]] static QStringList words();
    // The word's label in the current language; an unknown word as it is.
    [[nodiscard]] static QString label(QStringView word);
    // active | warning | success | danger | muted (see above).
    [[nodiscard]] static QString toneOf(QStringView word);
    // Work is going on or waits for the user: starting, running, restarting, awaiting_approval.
    [[nodiscard]] static bool isActiveWord(QStringView word);
    // Nothing follows: success, failed, cancelled, timeout, skipped, and any unknown word (as
    // core's isTerminalWord() counts it).
    [[nodiscard]] static bool isTerminalWord(QStringView word);

    [[nodiscard]] QVariantMap labels() const { return m_labels; }
    // The tone of a scheduled check's outcome: a running or failed check keeps its status's tone;
    // otherwise a critical finding is danger and a warning one warning.
    [[nodiscard]] static QString outcomeToneOf(QStringView status, QStringView severity);
    Q_INVOKABLE QString tone(const QString& word) const { return toneOf(word); }
    Q_INVOKABLE QString outcomeTone(const QString& status, const QString& severity) const {
        return outcomeToneOf(status, severity);
    }
    Q_INVOKABLE bool isActive(const QString& word) const { return isActiveWord(word); }
    Q_INVOKABLE bool isTerminal(const QString& word) const { return isTerminalWord(word); }

    // An MCP server's state (Settings › MCP servers), alike with a worker's status for the words
    // they share (starting, restarting: active; failed: danger); ready is success, disabled and
    // stopped are muted. In the current language.
    [[nodiscard]] static QString mcpStateLabel(McpServerState state);
    [[nodiscard]] static QString mcpStateTone(McpServerState state);

    // Makes the labels again in the current language.
    void retranslate();

Q_SIGNALS:
    void labelsChanged();

private:
    QVariantMap m_labels;
};

}  // namespace zerg
