#include "api/action_endpoint.h"

#include "api/http_request.h"
#include "runtime/phone_links.h"

#include <QLoggingCategory>
#include <QRegularExpression>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace zerg::api {

using namespace Qt::StringLiterals;

namespace {

QString esc(const QString& text) {
    return text.toHtmlEscaped();
}

QString utc(const QDateTime& t) {
    return t.toUTC().toString(u"yyyy-MM-dd HH:mm"_s);
}

bool isToken(const QString& token) {
    static const QRegularExpression re(u"^[A-Za-z0-9_-]{43}$"_s);
    return re.match(token).hasMatch();
}

}  // namespace

ActionEndpoint::ActionEndpoint(HttpEndpointLimits limits, PhoneLinks* links, Clock* clock,
                               QObject* parent)
    : OneShotHttpEndpoint(limits, clock, parent), m_links(links) {}

HttpAnswer ActionEndpoint::answer(const HttpRequest& request) {
    return render(page(request), request.header("accept").contains("text/html"));
}

HttpAnswer ActionEndpoint::refusal(Refusal why, int status, const QString& message) {
    switch (why) {
        case Refusal::Busy:
            return render({status,
                           tr("Busy"),
                           tr("Too many answers at once; press the button again."),
                           {},
                           {},
                           {}},
                          false);
        case Refusal::TooSlow:
            return render({status,
                           tr("Too slow"),
                           tr("The request did not arrive whole in time; press the button again."),
                           {},
                           {},
                           {}},
                          false);
        case Refusal::Malformed:
            break;
    }
    return render({status, tr("Not understood"), message, {}, {}, {}}, false);
}

ActionEndpoint::Page ActionEndpoint::page(const HttpRequest& request) {
    const QString token = QString::fromLatin1(request.path.mid(int(strlen("/actions/"))));
    const Page unknown{404,
                       tr("Unknown link"),
                       tr("This link is not known here: it may have been copied wrong, or its "
                          "request was removed. Answer the request in Zerg instead."),
                       {},
                       {},
                       {}};
    if (!isToken(token))
        return unknown;
    if (request.method != "GET" && request.method != "POST") {
        return {405, tr("Not here"), tr("Open this link, or press its button in the notification."),
                {},  "GET, POST",    {}};
    }
    const auto describe = [](const LinkedItem& l) {
        const ApprovalRecord& r = *l.request;
        QString status;
        switch (r.status) {
            case ApprovalStatus::Pending:
                status = tr("Waiting for an answer until %1 UTC; unanswered, it is denied.")
                             .arg(utc(r.expiresAt));
                break;
            case ApprovalStatus::Allowed:
                status =
                    tr("Allowed at %1 UTC (answered from: %2).").arg(utc(r.decidedAt), r.device);
                break;
            case ApprovalStatus::Denied:
                status =
                    tr("Denied at %1 UTC (answered from: %2).").arg(utc(r.decidedAt), r.device);
                break;
            case ApprovalStatus::Expired:
                status = tr("Nobody answered in time, so it was denied at %1 UTC.")
                             .arg(utc(r.decidedAt));
                break;
            case ApprovalStatus::Cancelled:
                status = tr("Withdrawn at %1 UTC: %2").arg(utc(r.decidedAt), r.message);
                break;
        }
        QString d = u"<dl>"_s;
        const auto row = [&d](const QString& name, const QString& value, bool code = false) {
            if (value.trimmed().isEmpty())
                return;
            d += u"<dt>"_s + esc(name) + u"</dt><dd>"_s +
                 (code ? u"<pre>"_s + esc(value) + u"</pre>"_s : esc(value)) + u"</dd>"_s;
        };
        row(tr("Where"), r.target);
        row(tr("What"), r.action, true);
        row(tr("Why it asks"), r.classification.value(u"why"_s).toString());
        row(tr("The worker says"), r.statedReason);
        row(tr("Task"), r.task);
        row(tr("Asked at"), utc(r.requestedAt) + u" UTC"_s);
        return std::pair{status, d + u"</dl>"_s};
    };
    const auto failed = [this, &token, &describe](const Error& e) -> Page {
        if (e.code == u"not_found"_s)
            return {404, tr("Unknown link"), e.message, {}, {}, {}};
        if (e.code == u"invalid_argument"_s)
            return {405, tr("Only for looking"), e.message, {}, "GET", {}};
        if (e.code == u"expired"_s || e.code == u"used"_s) {
            Page a{410, tr("Nothing was changed"), e.message, {}, {}, {}};
            if (const Result<LinkedItem> now = m_links->look(token); now && now->request) {
                const auto [status, details] = describe(now.value());
                a.message += u' ' + status;
                a.details = details;
            }
            return a;
        }
        qCWarning(lcApi, "an approval link failed: %s", qPrintable(e.message));
        return {503,
                tr("Not recorded"),
                tr("Zerg could not record the answer (%1). Press the button again, or answer in "
                   "Zerg.")
                    .arg(e.message),
                {},
                {},
                {}};
    };
    if (request.method == "POST") {
        const Result<LinkedItem> used = m_links->use(token);
        if (!used)
            return failed(used.error());
        const ApprovalRecord& r = *used->request;
        const bool allowed = r.status == ApprovalStatus::Allowed;
        qCInfo(lcApi, "approval %lld %s through its link", r.id, allowed ? "allowed" : "denied");
        const QString what = r.action.size() > 200 ? r.action.left(200) + QChar(0x2026) : r.action;
        return {200,
                allowed ? tr("Allowed") : tr("Denied"),
                allowed ? tr("Allowed once: %1 on %2. The worker goes on.").arg(what, r.target)
                        : tr("Denied: %1 on %2. The worker is told.").arg(what, r.target),
                describe(used.value()).second,
                {},
                {}};
    }
    const Result<LinkedItem> seen = m_links->look(token);
    if (!seen)
        return failed(seen.error());
    if (seen->alert) {
        const InboxItem& item = *seen->alert;
        return {200,
                item.title,
                tr("A scheduled check's result (%1), at %2 UTC.")
                    .arg(item.severity, utc(item.createdAt)),
                u"<pre>"_s + esc(item.body) + u"</pre>"_s,
                {},
                {}};
    }
    const auto [status, details] = describe(seen.value());
    Page a{200, tr("May Zerg run this on %1?").arg(seen->request->target), status, details, {}, {}};
    const ActionLink& link = seen->link;
    const bool usable = link.action != LinkAction::View && !link.usedAt.isValid() &&
                        seen->request->status == ApprovalStatus::Pending &&
                        link.expiresAt > clock()->utcNow();
    if (usable)
        a.button = link.action == LinkAction::Allow ? tr("Allow once") : tr("Deny");
    return a;
}

HttpAnswer ActionEndpoint::render(const Page& a, bool html) {
    HttpAnswer out;
    out.status = a.status;
    HttpHeaders& headers = out.headers;
    if (!a.allow.isEmpty())
        headers.emplaceBack("Allow", a.allow);
    if (html) {
        QString doc =
            u"<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
            "content=\"width=device-width, initial-scale=1\"><title>Zerg: "_s +
            esc(a.title) +
            u"</title><style>body{font-family:system-ui,sans-serif;max-width:38em;margin:2em "
            "auto;padding:0 1em;line-height:1.45}pre{white-space:pre-wrap;word-break:break-all;"
            "background:#f2f2f2;padding:.6em;border-radius:6px}dt{font-weight:600;margin-top:"
            ".6em}dd{margin:0}button{font-size:1.1em;padding:.6em 1.6em}@media "
            "(prefers-color-scheme:dark){body{background:#1d1f21;color:#ddd}pre{background:"
            "#2b2d30}}</style></head><body><h1>"_s +
            esc(a.title) + u"</h1>"_s;
        doc += u"<p>"_s + esc(a.message) + u"</p>"_s + a.details;
        if (!a.button.isEmpty()) {
            doc += u"<form method=\"post\"><button type=\"submit\">"_s + esc(a.button) +
                   u"</button></form>"_s;
        }
        doc += u"</body></html>"_s;
        out.body = doc.toUtf8();
        headers.emplaceBack("Content-Type", "text/html; charset=utf-8");
        headers.emplaceBack("Content-Security-Policy",
                            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; "
                            "frame-ancestors 'none'");
    } else {
        out.body = (a.message + u'\n').toUtf8();
        headers.emplaceBack("Content-Type", "text/plain; charset=utf-8");
    }
    return out;
}

}  // namespace zerg::api
