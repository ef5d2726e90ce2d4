#include "core/settings.h"

#include "core/secret_store.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>

#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>

namespace zerg {
namespace {

using Kind = SettingField::Kind;

// QSettings key of the note that a webhook URL is in the secret store (see saveSecret()).
const QString kWebhookStoredKey = QStringLiteral("webhook/url_in_secret_store");

QString env(const char* name) {
    return qEnvironmentVariable(name);
}

void overrideString(QString& target, const char* name) {
    if (qEnvironmentVariableIsSet(name))
        target = env(name);
}

template <typename Int>
void overrideInt(Int& target, const char* name) {
    if (!qEnvironmentVariableIsSet(name))
        return;
    bool ok = false;
    const qint64 v = env(name).toLongLong(&ok);
    if (ok && v > 0)
        target = Int(v);
}

QString label(const SettingField& f) {
    return QCoreApplication::translate("zerg::SettingField", f.label);
}

SettingField make(const char* key, const char* env, const char* section, const char* label,
                  const char* help, Kind kind, SettingField::Member member) {
    SettingField f;
    f.key = QString::fromLatin1(key);
    f.env = QString::fromLatin1(env);
    f.section = QString::fromLatin1(section);
    f.label = label;
    f.help = help;
    f.kind = kind;
    f.member = member;
    return f;
}

SettingField text(const char* key, const char* env, const char* section, const char* label,
                  const char* help, QString Settings::*member, Kind kind = Kind::Text) {
    return make(key, env, section, label, help, kind, member);
}

template <typename T>
SettingField number(const char* key, const char* env, const char* section, const char* label,
                    const char* help, T Settings::*member, double min, double max) {
    SettingField f = make(key, env, section, label, help,
                          std::is_same_v<T, double> ? Kind::Real : Kind::Int, member);
    f.min = min;
    f.max = max;
    return f;
}

SettingField choice(const char* key, const char* env, const char* section, const char* label,
                    const char* help, QString Settings::*member, QStringList choices) {
    SettingField f = make(key, env, section, label, help, Kind::Choice, member);
    f.choices = std::move(choices);
    return f;
}

QList<SettingField> makeFields() {
    const auto* p = "provider";
    const auto* r = "roundabout";
    const auto* b = "budgets";
    const auto* n = "notifications";
    const auto* a = "approvals";
    const auto* v = "voice";
    const QStringList approvalModes{QStringLiteral("ask"), QStringLiteral("read_only"),
                                    QStringLiteral("autonomous")};
    constexpr double kWeek = 7 * 24 * 3600;
    constexpr double kManyTokens = 1e12;
    QList<SettingField> f{
        // Its choices and help come from the provider registry (llm::settingFields(),
        // llm::providerHelp()): core is below llm.
        choice("llm/provider", "ZERG_LLM_PROVIDER", p,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Provider"), "", &Settings::llmProvider, {}),
        text("llm/base_url", "ZERG_LLM_BASE_URL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Base URL"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "…/v1 for OpenAI-compatible servers (http://127.0.0.1:11434/v1 for "
                               "Ollama), https://api.anthropic.com for Anthropic."),
             &Settings::llmBaseUrl, Kind::Url),
        text("llm/model", "ZERG_MODEL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Supervisor model"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "The model Jarvis thinks with."),
             &Settings::model),
        text("llm/worker_model", "ZERG_WORKER_MODEL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Worker model"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "Empty: the supervisor model."),
             &Settings::workerModel),
        text("llm/decider_model", "ZERG_DECIDER_MODEL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Decider model"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Watches running workers. Empty: the worker model; heuristic: "
                               "the rule-based decider."),
             &Settings::deciderModel),
        text("llm/summary_model", "ZERG_SUMMARY_MODEL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Summary model"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "Empty: the worker model."),
             &Settings::summaryModel),
        text("llm/quick_model", "ZERG_QUICK_MODEL", p,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Quick model"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Time, small talk, questions about the conversation. Empty: the "
                               "supervisor model."),
             &Settings::quickModel),

        number("roundabout/check_interval_seconds", "ZERG_CHECK_INTERVAL_SECONDS", r,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Check interval (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "How often the supervisor looks at a running worker."),
               &Settings::checkIntervalSeconds, 1, 3600),
        number("roundabout/hard_timeout_seconds", "ZERG_HARD_TIMEOUT_SECONDS", r,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Hard timeout (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "The longest a worker is waited for."),
               &Settings::hardTimeoutSeconds, 1, kWeek),
        make("roundabout/cancel_on_hard_timeout", "ZERG_CANCEL_ON_HARD_TIMEOUT", r,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Stop a worker at the hard timeout"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Off: it keeps running and the supervisor is told how to look at "
                               "it later."),
             Kind::Bool, &Settings::cancelOnHardTimeout),
        number("roundabout/decider_budget", "ZERG_DECIDER_BUDGET", r,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Decider calls per worker"), "",
               &Settings::deciderBudget, 1, 1000),
        number("roundabout/decider_timeout_seconds", "ZERG_DECIDER_TIMEOUT_SECONDS", r,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Decider timeout (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "A later answer counts as wait."),
               &Settings::deciderTimeoutSeconds, 1, 600),

        number("xo/every_worker", "ZERG_XO_EVERY_WORKER", "xo",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Worker radio check every N turns"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "0 switches the XO off for workers."),
               &Settings::xoEveryWorker, 0, 1000),
        number("xo/every_supervisor", "ZERG_XO_EVERY_SUPERVISOR", "xo",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Supervisor radio check every N turns"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "0 switches the XO off for the supervisor agent."),
               &Settings::xoEverySupervisor, 0, 1000),

        choice("approval/mode", "ZERG_APPROVAL_MODE", a,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Approval mode"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "ask: read-only actions run, anything that may change a system "
                                 "waits for you. read_only: changing actions are refused. "
                                 "autonomous: everything runs (the deny-list still holds)."),
               &Settings::approvalMode, approvalModes),
        text("approval/host_modes", "ZERG_APPROVAL_HOST_MODES", a,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Approval mode per host"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Overrides for some hosts, e.g. \"web1=autonomous, "
                               "db1=read_only\"; local stands for the local shell."),
             &Settings::approvalHostModes),
        choice("approval/schedule_mode", "ZERG_APPROVAL_SCHEDULE_MODE", a,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Approval mode of scheduled checks"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "Scheduled checks run while you may be away; with ask, their "
                                 "requests wait in the inbox."),
               &Settings::approvalScheduleMode, approvalModes),
        number("approval/timeout_seconds", "ZERG_APPROVAL_TIMEOUT_SECONDS", a,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Approval timeout (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "An unanswered request is denied after this long."),
               &Settings::approvalTimeoutSeconds, 10, kWeek),
        text("http/allowed_addresses", "ZERG_HTTP_ALLOWED_ADDRESSES", a,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Allowed addresses"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "http_request refuses loopback, link-local and private addresses "
                               "except these: a comma list of addresses, ranges and host names, "
                               "e.g. \"10.0.0.5, 192.168.1.0/24, nas.lan\"."),
             &Settings::httpAllowedAddresses),

        number("budgets/run_timeout_seconds", "ZERG_RUN_TIMEOUT_SECONDS", b,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Request timeout (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "A request then answers with what its workers found so far."),
               &Settings::runTimeoutSeconds, 1, kWeek),
        number("budgets/worker_token_budget", "ZERG_WORKER_TOKEN_BUDGET", b,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Tokens per worker"), "",
               &Settings::workerTokenBudget, 1, kManyTokens),
        number("budgets/run_token_budget", "ZERG_RUN_TOKEN_BUDGET", b,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Tokens per request"), "",
               &Settings::runTokenBudget, 1, kManyTokens),
        number("budgets/run_cost_budget_usd", "ZERG_RUN_COST_BUDGET_USD", b,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Cost per request (USD)"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "0: no cost limit."),
               &Settings::runCostBudgetUsd, 0, 1e6),

        text("smtp/host", "ZERG_SMTP_HOST", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "SMTP server"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "For send_email. Empty: no e-mail."),
             &Settings::smtpHost),
        number("smtp/port", "ZERG_SMTP_PORT", n,
               QT_TRANSLATE_NOOP("zerg::SettingField", "SMTP port"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "0: the TLS mode's default."),
               &Settings::smtpPort, 0, 65535),
        choice("smtp/tls", "ZERG_SMTP_TLS", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMTP TLS"),
               "", &Settings::smtpTls,
               {QStringLiteral("starttls"), QStringLiteral("implicit"), QStringLiteral("none")}),
        text("smtp/user", "ZERG_SMTP_USER", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMTP user"),
             "", &Settings::smtpUser),
        text("smtp/from", "ZERG_SMTP_FROM", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Sender address"), "", &Settings::smtpFrom),
        choice("webhook/format", "ZERG_WEBHOOK_FORMAT", n,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Webhook format"), "",
               &Settings::webhookFormat,
               {QStringLiteral("json"), QStringLiteral("slack"), QStringLiteral("discord"),
                QStringLiteral("ntfy")}),
        text("server/public_url", "ZERG_PUBLIC_URL", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Public address of zerg serve"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "For answering approval requests from a phone: with an ntfy "
                               "webhook, each request is pushed with Allow, Deny and Open "
                               "buttons that call this address. Use https:// behind a reverse "
                               "proxy. Empty: requests are answered in Zerg only."),
             &Settings::publicUrl),
        text("alerts/info", "ZERG_ALERT_INFO", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Info results also go to"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Scheduled checks: a comma list of notification, email, webhook, "
                               "sms. "
                               "Every result is in the task inbox. Empty: the inbox only."),
             &Settings::alertInfo),
        text("alerts/warning", "ZERG_ALERT_WARNING", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Warnings also go to"), "",
             &Settings::alertWarning),
        text("alerts/critical", "ZERG_ALERT_CRITICAL", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Critical results also go to"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "E-mail needs the SMTP server and the alert address; webhook "
                               "needs the webhook URL."),
             &Settings::alertCritical),
        text("alerts/email_to", "ZERG_ALERT_EMAIL", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Alert e-mail address"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "Where e-mail alerts go."),
             &Settings::alertEmailTo),
        text("imap/host", "ZERG_IMAP_HOST", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "IMAP server for replies"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Replies to alert and approval e-mails are read from this "
                               "mailbox: yes or no answers a request, other text is a question "
                               "for Jarvis. Empty: no replies by e-mail."),
             &Settings::imapHost),
        number("imap/port", "ZERG_IMAP_PORT", n,
               QT_TRANSLATE_NOOP("zerg::SettingField", "IMAP port"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "0: the TLS mode's default."),
               &Settings::imapPort, 0, 65535),
        choice("imap/tls", "ZERG_IMAP_TLS", n, QT_TRANSLATE_NOOP("zerg::SettingField", "IMAP TLS"),
               "", &Settings::imapTls,
               {QStringLiteral("implicit"), QStringLiteral("starttls"), QStringLiteral("none")}),
        text("imap/user", "ZERG_IMAP_USER", n, QT_TRANSLATE_NOOP("zerg::SettingField", "IMAP user"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "The password is the secret imap_password."),
             &Settings::imapUser),
        text("imap/mailbox", "ZERG_IMAP_MAILBOX", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "IMAP mailbox"), "", &Settings::imapMailbox),
        text("imap/reply_from", "ZERG_MAIL_REPLY_FROM", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Replies also count from"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "A comma list of addresses whose replies count, besides the alert "
                               "address. Replies from anyone else are refused."),
             &Settings::mailReplyFrom),
        choice(
            "sms/gateway", "ZERG_SMS_GATEWAY", n,
            QT_TRANSLATE_NOOP("zerg::SettingField", "SMS gateway"),
            QT_TRANSLATE_NOOP("zerg::SettingField",
                              "Critical alerts by text message: twilio (Twilio's API), http (any "
                              "gateway, with the URL and body below), or off. The token is the "
                              "secret sms_token; replies reach zerg serve at <public "
                              "address>/sms."),
            &Settings::smsGateway,
            {QStringLiteral("off"), QStringLiteral("twilio"), QStringLiteral("http")}),
        text("sms/to", "ZERG_SMS_TO", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMS to"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Your number, with the country code (+4915112345678). Only "
                               "replies from it count."),
             &Settings::smsTo),
        text("sms/from", "ZERG_SMS_FROM", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMS from"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "The gateway's sender number."),
             &Settings::smsFrom),
        text("sms/account", "ZERG_SMS_ACCOUNT", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "SMS account"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "Twilio: the Account SID (AC…)."),
             &Settings::smsAccount),
        text("sms/url", "ZERG_SMS_URL", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMS URL"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "http: the gateway's URL, with {to}, {from}, {text} and {token} "
                               "filled in. Twilio: empty for api.twilio.com."),
             &Settings::smsUrl),
        text("sms/body", "ZERG_SMS_BODY", n, QT_TRANSLATE_NOOP("zerg::SettingField", "SMS body"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "http: the request body, with the same placeholders. Empty: a "
                               "form with to, from and text."),
             &Settings::smsBody),
        text("sms/content_type", "ZERG_SMS_CONTENT_TYPE", n,
             QT_TRANSLATE_NOOP("zerg::SettingField", "SMS body type"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "http: e.g. application/json."),
             &Settings::smsContentType),

        choice("voice/stt_engine", "ZERG_STT_ENGINE", v,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Speech recognition"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "On this computer: pocketsphinx, nothing leaves it. A server: "
                                 "any OpenAI-compatible /v1/audio/transcriptions (OpenAI, a "
                                 "whisper.cpp server, speaches, LocalAI)."),
               &Settings::sttEngine, {QStringLiteral("pocketsphinx"), QStringLiteral("server")}),
        choice("voice/tts_engine", "ZERG_TTS_ENGINE", v,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Speech output"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "On this computer: espeak-ng. A server: any OpenAI-compatible "
                                 "/v1/audio/speech."),
               &Settings::ttsEngine, {QStringLiteral("espeak"), QStringLiteral("server")}),
        text("voice/server_url", "ZERG_SPEECH_URL", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Speech server URL"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "…/v1 of the speech server. Empty: the provider's base URL and "
                               "key."),
             &Settings::speechUrl, Kind::Url),
        text("voice/stt_model", "ZERG_STT_MODEL", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Recognition model"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "The server's model, e.g. whisper-1."),
             &Settings::sttModel),
        text("voice/tts_model", "ZERG_TTS_MODEL", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Speech model"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "The server's model, e.g. tts-1."),
             &Settings::ttsModel),
        text("voice/tts_voice", "ZERG_TTS_VOICE", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Voice"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Empty: en-us on this computer (an espeak-ng voice), alloy on a "
                               "server."),
             &Settings::ttsVoice),
        choice("voice/speak_answers", "ZERG_SPEAK_ANSWERS", v,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Speak answers"), "",
               &Settings::speakAnswers,
               {QStringLiteral("spoken"), QStringLiteral("always"), QStringLiteral("never")}),
        choice("voice/mode", "ZERG_VOICE_MODE", v,
               QT_TRANSLATE_NOOP("zerg::SettingField", "Conversation"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "Turns: the engines above, one utterance at a time. Realtime: "
                                 "voice to voice with an OpenAI Realtime model at the speech "
                                 "server (else the provider); your voice goes to that server."),
               &Settings::voiceMode, {QStringLiteral("turns"), QStringLiteral("realtime")}),
        text("voice/realtime_model", "ZERG_REALTIME_MODEL", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Realtime model"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "The server's Realtime model, e.g. "
                               "gpt-realtime."),
             &Settings::realtimeModel),
        text("voice/input_device", "ZERG_VOICE_INPUT_DEVICE", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Microphone"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "The input the microphone button listens to. System default: "
                               "the one your desktop chooses."),
             &Settings::inputDevice),
        make("voice/hands_free", "ZERG_VOICE_HANDS_FREE", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Hands-free"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "The microphone listens until you turn it off and takes each "
                               "utterance when you stop talking. Off: hold the microphone "
                               "button or Ctrl+Space while you speak."),
             Kind::Bool, &Settings::handsFree),
        number("voice/silence_ms", "ZERG_VOICE_SILENCE_MS", v,
               QT_TRANSLATE_NOOP("zerg::SettingField", "End of speech after (ms)"),
               QT_TRANSLATE_NOOP("zerg::SettingField", "Silence that ends an utterance."),
               &Settings::silenceMs, 200, 5000),
        make("voice/send_when_silent", "ZERG_VOICE_SEND_WHEN_SILENT", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Send when I stop talking"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Off: the transcript waits in the message box for you to edit "
                               "and send."),
             Kind::Bool, &Settings::sendWhenSilent),
        make("voice/keep_recordings", "ZERG_VOICE_KEEP_RECORDINGS", v,
             QT_TRANSLATE_NOOP("zerg::SettingField", "Keep recordings"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Off: what the microphone heard is dropped once transcribed. "
                               "On: each utterance is kept as a WAVE file in recordings/ in "
                               "the data folder, moved to recordings/run-ID/ once its words "
                               "are sent."),
             Kind::Bool, &Settings::keepRecordings),

        choice("ui/theme", "ZERG_THEME", "appearance",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Theme"), "", &Settings::theme,
               {QStringLiteral("system"), QStringLiteral("light"), QStringLiteral("dark")}),
        choice("ui/language", "ZERG_LANGUAGE", "appearance",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Language"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "System: the language of your desktop if Zerg speaks it, else "
                                 "English. Applies at once."),
               &Settings::language,
               {QStringLiteral("system"), QStringLiteral("en"), QStringLiteral("de")}),
        choice("ui/close_window", "ZERG_CLOSE_WINDOW", "desktop",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Closing the window"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "Without a system tray, while scheduled checks are active: ask, "
                                 "keep running in the background (start Zerg again to see the "
                                 "window), or quit. With a tray the window hides in it."),
               &Settings::closeWindow,
               {QStringLiteral("ask"), QStringLiteral("background"), QStringLiteral("quit")}),

        text("data_dir", "ZERG_DATA_DIR", "storage",
             QT_TRANSLATE_NOOP("zerg::SettingField", "Data folder"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "The database and the workers' folders. Set ZERG_DATA_DIR to "
                               "use another one."),
             &Settings::dataDir),
        number("storage/retention_days", "ZERG_RETENTION_DAYS", "storage",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Keep finished workers (days)"), "",
               &Settings::retentionDays, 1, 36500),
        text("storage/database_url", "ZERG_DATABASE_URL", "storage",
             QT_TRANSLATE_NOOP("zerg::SettingField", "Database"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Empty: SQLite in the data folder. postgresql://user@host:5432/zerg "
                               "for PostgreSQL (server mode); keep its password in ~/.pgpass or "
                               "PGPASSWORD."),
             &Settings::databaseUrl),

        text(
            "remote/url", "ZERG_REMOTE_URL", "remote",
            QT_TRANSLATE_NOOP("zerg::SettingField", "Server URL"),
            QT_TRANSLATE_NOOP("zerg::SettingField",
                              "Empty: this computer runs Jarvis. ws://host:8765 or wss://host:8765 "
                              "to use a `zerg serve` instead (log in below)."),
            &Settings::remoteUrl),

        text("server/listen", "ZERG_SERVER_LISTEN", "server",
             QT_TRANSLATE_NOOP("zerg::SettingField", "Listen on"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Address and port of `zerg serve`. Loopback unless you give "
                               "another address."),
             &Settings::serverListen),
        text("server/instance_name", "ZERG_INSTANCE_NAME", "server",
             QT_TRANSLATE_NOOP("zerg::SettingField", "Instance name"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "How this process is listed in `zerg instances list`. Empty: the "
                               "computer's host name."),
             &Settings::instanceName),
        number("server/lease_seconds", "ZERG_LEASE_SECONDS", "server",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Lease on running work (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "When this process stops answering for this long, another one "
                                 "on the same database takes its work over or declares it "
                                 "interrupted."),
               &Settings::leaseSeconds, 3, 3600),
        number("server/drain_seconds", "ZERG_DRAIN_SECONDS", "server",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Time to finish on stop (seconds)"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "After SIGTERM, `zerg serve` refuses new requests and lets the "
                                 "runs in progress finish for this long, then hands back the "
                                 "runs another instance may finish and cancels the rest."),
               &Settings::drainSeconds, 0, 3600),
        number("server/max_workers_total", "ZERG_MAX_WORKERS_TOTAL", "server",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Workers at once, all instances"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "Workers running at once over every process on the same "
                                 "database. 0: no limit beyond each process's own."),
               &Settings::maxWorkersTotal, 0, 10000),
        number("server/max_workers_per_owner", "ZERG_MAX_WORKERS_PER_OWNER", "server",
               QT_TRANSLATE_NOOP("zerg::SettingField", "Workers at once per person"),
               QT_TRANSLATE_NOOP("zerg::SettingField",
                                 "Workers one person may have running at once over every process "
                                 "on the same database. 0: no limit."),
               &Settings::maxWorkersPerOwner, 0, 10000),
        text("server/origins", "ZERG_SERVER_ORIGINS", "server",
             QT_TRANSLATE_NOOP("zerg::SettingField", "Allowed web origins"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "Comma-separated origins of web pages allowed to connect; others "
                               "are refused."),
             &Settings::serverOrigins),
        text("server/tls_cert", "ZERG_SERVER_TLS_CERT", "server",
             QT_TRANSLATE_NOOP("zerg::SettingField", "TLS certificate"),
             QT_TRANSLATE_NOOP("zerg::SettingField",
                               "PEM file; with a key, the server speaks "
                               "wss:// only."),
             &Settings::serverTlsCert),
        text("server/tls_key", "ZERG_SERVER_TLS_KEY", "server",
             QT_TRANSLATE_NOOP("zerg::SettingField", "TLS private key"),
             QT_TRANSLATE_NOOP("zerg::SettingField", "PEM file of the certificate's key."),
             &Settings::serverTlsKey),
    };
    const QList<QString Settings::*> roleModels{&Settings::model, &Settings::workerModel,
                                                &Settings::quickModel, &Settings::summaryModel,
                                                &Settings::deciderModel};
    for (SettingField& field : f) {
        const auto* text = std::get_if<QString Settings::*>(&field.member);
        field.roleModel = text && roleModels.contains(*text);
        field.appliesLive = field.roleModel || field.key == QLatin1String("ui/theme") ||
                            field.key == QLatin1String("ui/language") ||
                            field.key == QLatin1String("ui/close_window");
        field.readOnly = field.key == QLatin1String("data_dir");
    }
    return f;
}

// "12", "1e3" and 12.0 are numbers; "12 s" and 1.5 (for a whole number) are not.
std::optional<double> toNumber(const QVariant& value, bool whole) {
    bool ok = false;
    double v = 0;
    if (value.typeId() == QMetaType::QString || value.typeId() == QMetaType::QByteArray) {
        const QString s = value.toString().trimmed();
        v = whole ? double(s.toLongLong(&ok)) : s.toDouble(&ok);
        if (!ok && whole) {
            v = s.toDouble(&ok);  // "1e3"
        }
    } else {
        v = value.toDouble(&ok);
    }
    if (!ok || !std::isfinite(v) || (whole && v != std::floor(v)))
        return std::nullopt;
    return v;
}

QString formatBound(double v) {
    return QString::number(v, 'f', 0);
}

void assign(Settings& s, const SettingField& f, const QVariant& v) {
    std::visit(
        [&](auto member) {
            using T = std::remove_reference_t<decltype(s.*member)>;
            if constexpr (std::is_same_v<T, QString>) {
                s.*member = v.toString();
            } else if constexpr (std::is_same_v<T, bool>) {
                s.*member = v.toBool();
            } else if constexpr (std::is_same_v<T, double>) {
                s.*member = v.toDouble();
            } else {
                s.*member = T(v.toLongLong());
            }
        },
        f.member);
}

// The environment keeps its long-standing rules: text is taken as it is (a wrong provider is
// reported by llm::providerProblem()), a switch is off only for 0/false/no/off, and a number
// outside the field's range is ignored.
void applyEnvironment(Settings& s, const SettingField& f) {
    const QByteArray name = f.env.toLatin1();
    if (!qEnvironmentVariableIsSet(name.constData()))
        return;
    const QString raw = env(name.constData());
    switch (f.kind) {
        case Kind::Text:
        case Kind::Url:
        case Kind::Choice:
            assign(s, f, raw);
            return;
        case Kind::Bool: {
            const QString v = raw.trimmed().toLower();
            assign(s, f,
                   !(v == QLatin1String("0") || v == QLatin1String("false") ||
                     v == QLatin1String("no") || v == QLatin1String("off")));
            return;
        }
        case Kind::Int:
        case Kind::Real:
            if (const auto v = Settings::validate(f.key, raw)) {
                assign(s, f, v.value());
            } else {
                qWarning("zerg: ignoring %s: %s", name.constData(), qPrintable(v.error().message));
            }
            return;
    }
}

}  // namespace

const QList<SettingField>& Settings::fields() {
    static const QList<SettingField> table = makeFields();
    return table;
}

const SettingField* Settings::field(const QString& key) {
    for (const SettingField& f : fields()) {
        if (f.key == key)
            return &f;
    }
    return nullptr;
}

Result<QVariant> Settings::validate(const QString& key, const QVariant& value) {
    const SettingField* f = field(key);
    if (!f) {
        return Error{QStringLiteral("unknown_setting"),
                     tr("There is no setting called '%1'.").arg(key)};
    }
    return validate(*f, value);
}

Result<QVariant> Settings::validate(const SettingField& field, const QVariant& value) {
    const SettingField* f = &field;
    const QString key = field.key;
    const QString text = value.toString().trimmed();
    switch (f->kind) {
        case Kind::Text:
            return QVariant(text);
        case Kind::Url: {
            if (text.isEmpty())
                return QVariant(text);
            if (!isWebUrl(text)) {
                return Error{QStringLiteral("invalid_url"),
                             tr("'%1' is not a web address. Enter one that starts with http:// "
                                "or https:// and names a server, for example "
                                "https://api.openai.com/v1.")
                                 .arg(text)};
            }
            return QVariant(text);
        }
        case Kind::Int:
        case Kind::Real: {
            const bool whole = f->kind == Kind::Int;
            const std::optional<double> v = toNumber(value, whole);
            const QString range =
                whole ? tr("%1 takes a whole number from %2 to %3.")
                            .arg(label(*f), formatBound(f->min), formatBound(f->max))
                      : tr("%1 takes a number from %2 to %3.")
                            .arg(label(*f), formatBound(f->min), formatBound(f->max));
            if (!v) {
                return Error{QStringLiteral("not_a_number"),
                             tr("'%1' is not a number. %2").arg(text, range)};
            }
            if (*v < f->min || *v > f->max) {
                return Error{QStringLiteral("out_of_range"),
                             tr("%1 is out of range. %2").arg(text, range)};
            }
            return whole ? QVariant(qlonglong(*v)) : QVariant(*v);
        }
        case Kind::Bool: {
            if (value.typeId() == QMetaType::Bool)
                return value;
            const QString v = text.toLower();
            for (const char* yes : {"1", "true", "yes", "on"}) {
                if (v == QLatin1String(yes))
                    return QVariant(true);
            }
            for (const char* no : {"0", "false", "no", "off"}) {
                if (v == QLatin1String(no))
                    return QVariant(false);
            }
            return Error{
                QStringLiteral("not_a_switch"),
                tr("'%1' is neither on nor off. %2 takes true or false.").arg(text, label(*f))};
        }
        case Kind::Choice: {
            QString v = text.toLower();
            if (f->choices.contains(v))
                return QVariant(v);
            if (f->choices.contains(QString(v).replace(u'-', u'_')))  // "read-only"
                return QVariant(v.replace(u'-', u'_'));
            if (f->choices.isEmpty()) {
                // Choices a room above owns: it checks them (SettingField::choices).
                if (!v.isEmpty() && !v.contains(QLatin1Char(' ')))
                    return QVariant(v);
                return Error{QStringLiteral("unknown_choice"),
                             tr("'%1' is not a choice for %2: enter one word, as the Settings "
                                "page offers them.")
                                 .arg(text, label(*f))};
            }
            return Error{QStringLiteral("unknown_choice"),
                         tr("'%1' is not a choice for %2. Choose one of: %3.")
                             .arg(text, label(*f), f->choices.join(QStringLiteral(", ")))};
        }
    }
    return Error{QStringLiteral("unknown_setting"),
                 tr("There is no setting called '%1'.").arg(key)};
}

bool Settings::isWebUrl(const QString& text) {
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    return url.isValid() && !url.host().isEmpty() &&
           (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
}

Status Settings::saveValue(const QString& key, const QVariant& value) {
    const SettingField* f = field(key);
    if (!f) {
        return Error{QStringLiteral("unknown_setting"),
                     tr("There is no setting called '%1'.").arg(key)};
    }
    if (f->readOnly) {
        return Error{QStringLiteral("read_only"),
                     tr("%1 cannot be changed in the app. Set %2 in the environment Zerg starts "
                        "from instead.")
                         .arg(label(*f), f->env)};
    }
    QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
    if (!value.isValid() || value.toString().trimmed().isEmpty()) {
        q.remove(key);
    } else {
        const Result<QVariant> v = validate(key, value);
        if (!v)
            return v.error();
        q.setValue(key, v.value());
    }
    q.sync();
    if (q.status() != QSettings::NoError) {
        return Error{QStringLiteral("io"),
                     tr("Could not save the setting to %1. Check that the file and its folder "
                        "are writable by you.")
                         .arg(q.fileName())};
    }
    return Ok{};
}

QString Settings::envOverride(const QString& key) {
    const SettingField* f = field(key);
    if (!f || !qEnvironmentVariableIsSet(f->env.toLatin1().constData()))
        return {};
    return f->env;
}

QVariant Settings::value(const QString& key) const {
    const SettingField* f = field(key);
    if (!f)
        return {};
    return std::visit([this](auto member) { return QVariant::fromValue(this->*member); },
                      f->member);
}

Status Settings::saveSecret(SecretStore& store, const QString& name, const QString& value) {
    const Status written = value.isEmpty() ? store.remove(name) : store.write(name, value);
    if (!written || name != webhookUrlSecretName())
        return written;
    QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
    if (value.isEmpty()) {
        q.remove(kWebhookStoredKey);
    } else {
        q.setValue(kWebhookStoredKey, true);
    }
    q.sync();
    if (q.status() != QSettings::NoError) {
        return Error{QStringLiteral("io"),
                     tr("The secret was saved, but Zerg could not note that in %1. Check that "
                        "the file and its folder are writable by you.")
                         .arg(q.fileName())};
    }
    return Ok{};
}

Settings Settings::load() {
    Settings s;
    QSettings q(QStringLiteral("Zerg"), QStringLiteral("zerg"));
    s.dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    s.hostsFile = q.value(QStringLiteral("ssh/hosts_file"),
                          QDir::homePath() + QStringLiteral("/.config/zerg/hosts"))
                      .toString();
    s.knownHostsFile = q.value(QStringLiteral("ssh/known_hosts"),
                               QDir::homePath() + QStringLiteral("/.ssh/known_hosts"))
                           .toString();
    s.configDir = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation);
    s.pricingFile = q.value(QStringLiteral("llm/pricing_file")).toString();
    for (const SettingField& f : fields()) {
        const QVariant stored = q.value(f.key);
        if (!stored.isValid())
            continue;
        if (const Result<QVariant> v = validate(f.key, stored)) {
            assign(s, f, v.value());
        } else {
            qWarning("zerg: ignoring the setting %s in %s: %s", qPrintable(f.key),
                     qPrintable(q.fileName()), qPrintable(v.error().message));
        }
    }
    if (s.dataDir.isEmpty())
        s.dataDir = QDir::homePath() + QStringLiteral("/.local/share/zerg");

    for (const SettingField& f : fields())
        applyEnvironment(s, f);
    overrideString(s.hostsFile, "ZERG_HOSTS_FILE");
    overrideString(s.knownHostsFile, "ZERG_KNOWN_HOSTS");
    overrideString(s.configDir, "ZERG_CONFIG_DIR");
    overrideString(s.llmApiKey, "ZERG_LLM_API_KEY");
    overrideString(s.speechApiKey, "ZERG_SPEECH_API_KEY");
    overrideString(s.pricingFile, "ZERG_PRICING_FILE");
    overrideString(s.mcpConfigFile, "ZERG_MCP_CONFIG");
    overrideString(s.ollamaUrl, "ZERG_OLLAMA_URL");
    overrideString(s.shellSandbox, "ZERG_SHELL_SANDBOX");
    overrideString(s.smtpCaFile, "ZERG_SMTP_CA_FILE");
    overrideString(s.imapCaFile, "ZERG_IMAP_CA_FILE");
    overrideString(s.webhookUrl, "ZERG_WEBHOOK_URL");
    if (qEnvironmentVariableIsSet("ZERG_LLM_MAX_RETRIES")) {
        bool ok = false;
        const int n = qEnvironmentVariableIntValue("ZERG_LLM_MAX_RETRIES", &ok);
        if (ok && n >= 0)
            s.llmMaxRetries = n;
    }
    s.llmProvider = s.llmProvider.trimmed().toLower();
    s.theme = s.theme.trimmed().toLower();
    if (!field(QStringLiteral("ui/theme"))->choices.contains(s.theme))
        s.theme = QStringLiteral("system");
    s.language = s.language.trimmed().toLower();
    if (!field(QStringLiteral("ui/language"))->choices.contains(s.language))
        s.language = QStringLiteral("system");
    s.closeWindow = s.closeWindow.trimmed().toLower();
    if (!field(QStringLiteral("ui/close_window"))->choices.contains(s.closeWindow))
        s.closeWindow = QStringLiteral("ask");
    if (s.mcpConfigFile.isEmpty() && !s.configDir.isEmpty())
        s.mcpConfigFile = QDir(s.configDir).filePath(QStringLiteral("mcp.json"));
    if (s.pricingFile.isEmpty() && !s.configDir.isEmpty()) {
        s.pricingFile = QDir(s.configDir).filePath(QStringLiteral("pricing.json"));
    }
    // Secrets: the environment wins; else the keychain (or the user-only fallback file).
    const bool wantKey = s.llmApiKey.isEmpty() && !s.llmBaseUrl.isEmpty();
    const bool wantSpeechKey = s.speechApiKey.isEmpty() && !s.speechUrl.isEmpty();
    const bool wantWebhook =
        !qEnvironmentVariableIsSet("ZERG_WEBHOOK_URL") && q.value(kWebhookStoredKey).toBool();
    if (!s.configDir.isEmpty() && (wantKey || wantWebhook || wantSpeechKey)) {
        const SecretStore secrets(s.configDir, SecretStore::backendFromEnvironment());
        // A damaged secrets file is said, not taken for "no key" (SecretStore never replaces it).
        const auto note = [&s](const Error& e) {
            if (e.code != QLatin1String("not_found") && s.secretsProblem.isEmpty()) {
                s.secretsProblem = e.message;
                qWarning("zerg: %s", qPrintable(e.message));
            }
        };
        if (wantKey) {
            if (const auto key = secrets.read(s.apiKeySecretName()))
                s.llmApiKey = key.value();
            else
                note(key.error());
        }
        if (wantSpeechKey) {
            if (const auto key = secrets.read(speechKeySecretName()))
                s.speechApiKey = key.value();
            else
                note(key.error());
        }
        if (wantWebhook) {
            if (const auto url = secrets.read(webhookUrlSecretName()))
                s.webhookUrl = url.value();
            else
                note(url.error());
        }
    }
    overrideInt(s.ownerId, "ZERG_OWNER_ID");
    overrideInt(s.maxIterations, "ZERG_MAX_ITERATIONS");
    overrideInt(s.maxWorkers, "ZERG_MAX_WORKERS");
    overrideString(s.violationRulesFile, "ZERG_VIOLATION_RULES");
    overrideInt(s.contextWindowTokens, "ZERG_CONTEXT_WINDOW");
    overrideInt(s.llmTimeoutSeconds, "ZERG_LLM_TIMEOUT_SECONDS");
    overrideInt(s.toolOutputCapChars, "ZERG_TOOL_OUTPUT_CAP");
    while (s.llmBaseUrl.endsWith(QLatin1Char('/')))
        s.llmBaseUrl.chop(1);
    while (s.speechUrl.endsWith(QLatin1Char('/')))
        s.speechUrl.chop(1);
    return s;
}

QString Settings::loadLanguage() {
    const SettingField* f = field(QStringLiteral("ui/language"));
    QString language = QSettings(QStringLiteral("Zerg"), QStringLiteral("zerg"))
                           .value(f->key, Settings().language)
                           .toString();
    if (qEnvironmentVariableIsSet("ZERG_LANGUAGE"))
        language = env("ZERG_LANGUAGE");
    language = language.trimmed().toLower();
    return f->choices.contains(language) ? language : QStringLiteral("system");
}

std::pair<QString, QString> Settings::modelChoice(AgentRole role) const {
    const std::pair<QString, QString> supervisor{model, QStringLiteral("ZERG_MODEL")};
    const std::pair<QString, QString> worker =
        workerModel.isEmpty() ? supervisor
                              : std::pair{workerModel, QStringLiteral("ZERG_WORKER_MODEL")};
    switch (role) {
        case AgentRole::Supervisor:
            return supervisor;
        case AgentRole::Quick:
            return quickModel.isEmpty() ? supervisor
                                        : std::pair{quickModel, QStringLiteral("ZERG_QUICK_MODEL")};
        case AgentRole::Decider:
            if (!deciderModel.isEmpty())
                return {deciderModel, QStringLiteral("ZERG_DECIDER_MODEL")};
            break;
        case AgentRole::Summary:
            if (!summaryModel.isEmpty())
                return {summaryModel, QStringLiteral("ZERG_SUMMARY_MODEL")};
            break;
        case AgentRole::Worker:
            break;
    }
    return worker;
}

QString Settings::modelFor(AgentRole role) const {
    return modelChoice(role).first;
}

QString Settings::modelVariableFor(AgentRole role) const {
    return modelChoice(role).second;
}

}  // namespace zerg
