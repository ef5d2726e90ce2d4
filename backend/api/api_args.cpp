#include "api/api_args.h"

#include <QJsonArray>
#include <QJsonValue>

#include <cmath>

namespace zerg::api {

using namespace Qt::StringLiterals;

QString typeName(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null:
            return u"null"_s;
        case QJsonValue::Bool:
            return u"a boolean"_s;
        case QJsonValue::Double:
            return u"a number"_s;
        case QJsonValue::String:
            return u"a string"_s;
        case QJsonValue::Array:
            return u"an array"_s;
        case QJsonValue::Object:
            return u"an object"_s;
        case QJsonValue::Undefined:
            break;
    }
    return u"nothing"_s;
}

bool Args::has(const QString& key) const {
    const QJsonValue v = m_cmd.value(key);
    return !v.isUndefined() && !v.isNull();
}

bool Args::missing(const QString& key, bool required, const QString& expected) {
    if (has(key))
        return false;
    if (required)
        fail(u"`%1` needs `%2` (%3); add it and send again."_s.arg(m_op, key, expected));
    return true;
}

std::optional<QString> Args::string(const QString& key, bool required) {
    if (missing(key, required, u"a non-empty string"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    if (!v.isString() || v.toString().isEmpty()) {
        fail(u"`%1` must be a non-empty string, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    return v.toString();
}

std::optional<QString> Args::text(const QString& key, bool required) {
    if (missing(key, required, u"a string"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    if (!v.isString()) {
        fail(u"`%1` must be a string, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    return v.toString();
}

std::optional<qint64> Args::integer(const QString& key, bool required, qint64 min, qint64 max) {
    if (missing(key, required, u"an integer"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    const double d = v.toDouble();
    if (!v.isDouble() || d != std::trunc(d) || std::abs(d) > 9007199254740992.0) {
        fail(u"`%1` must be an integer, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    const auto n = qint64(d);
    if (n < min || n > max) {
        fail(u"`%1` must be an integer from %2 to %3, not %4."_s.arg(key).arg(min).arg(max).arg(n));
        return std::nullopt;
    }
    return n;
}

std::optional<QList<qint64>> Args::integers(const QString& key, bool required, qsizetype minCount,
                                            qsizetype maxCount, qint64 min, qint64 max) {
    const QString expected = u"an array of %1 to %2 integers"_s.arg(minCount).arg(maxCount);
    if (missing(key, required, expected))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    const qsizetype count = v.isArray() ? v.toArray().size() : 0;
    if (!v.isArray() || count < minCount || count > maxCount) {
        fail(u"`%1` must be %2, not %3."_s.arg(
            key, expected, v.isArray() ? u"an array of length %1"_s.arg(count) : describe(v)));
        return std::nullopt;
    }
    QList<qint64> out;
    out.reserve(count);
    for (qsizetype i = 0; i < count; ++i) {
        const auto n = integerOf(u"%1[%2]"_s.arg(key).arg(i), v.toArray().at(i), min, max);
        if (!n)
            return std::nullopt;
        out.append(*n);
    }
    return out;
}

std::optional<qint64> Args::integerOf(const QString& name, const QJsonValue& v, qint64 min,
                                      qint64 max) {
    const double d = v.toDouble();
    if (!v.isDouble() || d != std::trunc(d) || std::abs(d) > 9007199254740992.0) {
        fail(u"`%1` must be an integer, not %2."_s.arg(name, describe(v)));
        return std::nullopt;
    }
    const auto n = qint64(d);
    if (n < min || n > max) {
        fail(
            u"`%1` must be an integer from %2 to %3, not %4."_s.arg(name).arg(min).arg(max).arg(n));
        return std::nullopt;
    }
    return n;
}

std::optional<double> Args::number(const QString& key, bool required) {
    if (missing(key, required, u"a number"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    if (!v.isDouble()) {
        fail(u"`%1` must be a number, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    return v.toDouble();
}

std::optional<bool> Args::boolean(const QString& key, bool required) {
    if (missing(key, required, u"true or false"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    if (!v.isBool()) {
        fail(u"`%1` must be true or false, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    return v.toBool();
}

std::optional<QDateTime> Args::time(const QString& key, bool required) {
    if (missing(key, required, u"an ISO-8601 time such as \"2026-11-25T06:00:00Z\""_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    const QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    if (!v.isString() || !t.isValid() || t.timeSpec() == Qt::LocalTime) {
        fail(
            u"`%1` must be an ISO-8601 time with a zone such as \"2026-11-25T06:00:00Z\", not "
            "%2."_s.arg(key, v.isString() ? u"\"%1\""_s.arg(v.toString()) : describe(v)));
        return std::nullopt;
    }
    return t.toUTC();
}

std::optional<QStringList> Args::strings(const QString& key, bool required, qsizetype maxItems) {
    if (missing(key, required, u"an array of strings"_s))
        return std::nullopt;
    const QJsonValue v = m_cmd.value(key);
    if (!v.isArray()) {
        fail(u"`%1` must be an array of strings, not %2."_s.arg(key, describe(v)));
        return std::nullopt;
    }
    const QJsonArray items = v.toArray();
    if (items.size() > maxItems) {
        fail(u"`%1` may hold at most %2 strings, not %3."_s.arg(key).arg(maxItems).arg(
            items.size()));
        return std::nullopt;
    }
    QStringList out;
    out.reserve(items.size());
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonValue item = items.at(i);
        if (!item.isString() || item.toString().isEmpty()) {
            fail(u"`%1` must hold non-empty strings; item %2 is %3."_s.arg(key).arg(i).arg(
                describe(item)));
            return std::nullopt;
        }
        out.append(item.toString());
    }
    return out;
}

QJsonObject Args::object(const QString& key) {
    const QJsonValue v = m_cmd.value(key);
    if (v.isUndefined() || v.isNull())
        return {};
    if (!v.isObject())
        fail(u"`%1` must be an object, not %2."_s.arg(key, describe(v)));
    return v.toObject();
}

void Args::fail(const QString& message) {
    if (!m_error)
        m_error = Error{u"bad_request"_s, message};
}

QString Args::describe(const QJsonValue& v) {
    if (v.isString() && v.toString().isEmpty())
        return u"an empty string"_s;
    return typeName(v);
}

}  // namespace zerg::api
