#include "core/redact.h"

#include <QJsonArray>
#include <QStringList>
#include <QUrl>

namespace zerg {
namespace {

using namespace Qt::StringLiterals;

const QString kName = u"name"_s;
const QString kValue = u"value"_s;

// "Name: value" with the value hidden when the name is a credential's; other lines unchanged.
QString redactHeaderLine(const QString& line) {
    const qsizetype colon = line.indexOf(u':');
    if (colon <= 0 || !isSecretHeaderName(QStringView(line).first(colon)))
        return line;
    return line.first(colon + 1) + u' ' + kRedactedValue;
}

// One element of a header array.
QJsonValue redactHeaderEntry(const QJsonValue& entry) {
    if (entry.isString())
        return redactHeaderLine(entry.toString());
    if (entry.isArray()) {
        QJsonArray pair = entry.toArray();
        if (pair.size() == 2 && pair.at(0).isString() && isSecretHeaderName(pair.at(0).toString()))
            pair[1] = kRedactedValue;
        return pair;
    }
    if (entry.isObject()) {
        QJsonObject o = entry.toObject();
        const QJsonValue name = o.value(kName);
        if (name.isString() && o.contains(kValue)) {
            if (isSecretHeaderName(name.toString()))
                o.insert(kValue, kRedactedValue);
            return o;
        }
        return redactHeaders(o);
    }
    return entry;
}

// "a=1&api_key=x" -> "a=1&api_key=[redacted]". The key is compared decoded; the text is kept.
QString redactItems(const QString& items) {
    QStringList parts = items.split(u'&');
    for (QString& part : parts) {
        const qsizetype eq = part.indexOf(u'=');
        if (eq <= 0)
            continue;
        QString key = part.first(eq);
        key.replace(u'+', u' ');
        if (isSecretHeaderName(QUrl::fromPercentEncoding(key.toUtf8())))
            part = part.first(eq + 1) + kRedactedValue;
    }
    return parts.join(u'&');
}

QJsonValue redactValue(const QString& key, const QJsonValue& value);

QJsonArray redactArray(const QJsonArray& array) {
    QJsonArray out;
    for (const QJsonValue& v : array)
        out.append(redactValue({}, v));
    return out;
}

QJsonValue redactValue(const QString& key, const QJsonValue& value) {
    if (key.compare(u"headers"_s, Qt::CaseInsensitive) == 0)
        return redactHeaders(value);
    if (value.isString() && (key.compare(u"url"_s, Qt::CaseInsensitive) == 0 ||
                             key.endsWith(u"_url"_s, Qt::CaseInsensitive)))
        return redactedUrl(value.toString());
    if (value.isObject())
        return redactedArguments(value.toObject());
    if (value.isArray())
        return redactArray(value.toArray());
    return value;
}

}  // namespace

bool isSecretHeaderName(QStringView name) {
    const QString n = name.trimmed().toString().toLower();
    if (n.isEmpty())
        return false;
    static const QStringList exact{u"authorization"_s, u"proxy-authorization"_s,
                                   u"cookie"_s,        u"set-cookie"_s,
                                   u"key"_s,           u"sig"_s,
                                   u"pwd"_s,           u"pass"_s};
    if (exact.contains(n))
        return true;
    static const QStringList parts{u"auth"_s,      u"token"_s,      u"secret"_s,  u"password"_s,
                                   u"passwd"_s,    u"passphrase"_s, u"session"_s, u"credential"_s,
                                   u"signature"_s, u"cookie"_s,     u"api-key"_s, u"apikey"_s,
                                   u"api_key"_s};
    for (const QString& part : parts) {
        if (n.contains(part))
            return true;
    }
    return n.endsWith(u"-key"_s) || n.endsWith(u"_key"_s) || n.endsWith(u".key"_s);
}

QJsonObject redactHeaders(const QJsonObject& headers) {
    QJsonObject out = headers;
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (isSecretHeaderName(it.key()))
            *it = kRedactedValue;
    }
    return out;
}

QJsonValue redactHeaders(const QJsonValue& headers) {
    if (headers.isObject())
        return redactHeaders(headers.toObject());
    if (headers.isArray()) {
        QJsonArray out;
        for (const QJsonValue& entry : headers.toArray())
            out.append(redactHeaderEntry(entry));
        return out;
    }
    if (headers.isString()) {
        QStringList lines = headers.toString().split(u'\n');
        for (QString& line : lines) {
            const bool cr = line.endsWith(u'\r');
            if (cr)
                line.chop(1);
            line = redactHeaderLine(line);
            if (cr)
                line.append(u'\r');
        }
        return lines.join(u'\n');
    }
    return headers;
}

QString redactedUrl(const QString& url) {
    // scheme://user:password@host/path?query#fragment, taken apart at '#' and then '?'.
    QString head = url;
    QString query;
    QString fragment;
    const qsizetype hash = head.indexOf(u'#');
    if (hash >= 0) {
        fragment = head.sliced(hash + 1);
        head.truncate(hash);
    }
    const qsizetype question = head.indexOf(u'?');
    if (question >= 0) {
        query = head.sliced(question + 1);
        head.truncate(question);
    }
    // The password: from the first ':' of the user info to the authority's last '@'.
    const qsizetype schemeEnd = head.indexOf(u"://"_s);
    if (schemeEnd > 0) {
        const qsizetype start = schemeEnd + 3;
        qsizetype end = head.indexOf(u'/', start);
        if (end < 0)
            end = head.size();
        const qsizetype at = QStringView(head).first(end).lastIndexOf(u'@');
        const qsizetype colon = head.indexOf(u':', start);
        if (at > start && colon >= start && colon < at)
            head.replace(colon + 1, at - colon - 1, kRedactedValue);
    }
    // Credential items in the query and in the fragment (OAuth puts access_token there).
    if (question >= 0)
        head += u'?' + redactItems(query);
    if (hash >= 0)
        head += u'#' + redactItems(fragment);
    return head;
}

QJsonObject redactedArguments(const QJsonObject& args) {
    QJsonObject out = args;
    for (auto it = out.begin(); it != out.end(); ++it)
        *it = redactValue(it.key(), it.value());
    return out;
}

}  // namespace zerg
