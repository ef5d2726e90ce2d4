#pragma once

#include "core/status.h"
#include "storage/time_format.h"

#include <QDateTime>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <functional>
#include <initializer_list>
#include <optional>

// The JSON form of a flat record, spelled once as a table of (key, member) pairs that both writes
// and reads it, instead of a toJson and a fromJson that must agree key by key. The forms are those
// of docs/api.md: timestamps ISO-8601 UTC with milliseconds ("" when not set), an unset optional
// number null, a status its stored word (core/status.h). Reading is lenient: a key that is
// missing, or has a value of another type, leaves the member at the record's default (so a newer
// peer's extra or changed keys do not break an older one).
//
//   static const JsonFields<RunRecord> fields{{u"run_id"_s, &RunRecord::id}, …};
//   QJsonObject o = fields.write(run);
//   RunRecord back = fields.read(o);
namespace zerg {

namespace jsonfield {

inline QJsonValue toValue(const QString& v) {
    return v;
}
inline QJsonValue toValue(qint64 v) {
    return v;
}
inline QJsonValue toValue(int v) {
    return v;
}
inline QJsonValue toValue(bool v) {
    return v;
}
inline QJsonValue toValue(double v) {
    return v;
}
inline QJsonValue toValue(const QDateTime& v) {
    return timefmt::toIso(v);
}
inline QJsonValue toValue(const std::optional<double>& v) {
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}
inline QJsonValue toValue(const QJsonObject& v) {
    return v;
}
template <StatusEnum E>
QJsonValue toValue(E v) {
    return statusName(v);
}

inline void fromValue(const QJsonValue& j, QString& v) {
    if (j.isString())
        v = j.toString();
}
inline void fromValue(const QJsonValue& j, qint64& v) {
    if (j.isDouble())
        v = j.toInteger();
}
inline void fromValue(const QJsonValue& j, int& v) {
    if (j.isDouble())
        v = int(j.toInteger());
}
inline void fromValue(const QJsonValue& j, bool& v) {
    if (j.isBool())
        v = j.toBool();
}
inline void fromValue(const QJsonValue& j, double& v) {
    if (j.isDouble())
        v = j.toDouble();
}
inline void fromValue(const QJsonValue& j, QDateTime& v) {
    if (j.isString())
        v = timefmt::fromIso(j.toString());
}
// null (and anything but a number) is "not known".
inline void fromValue(const QJsonValue& j, std::optional<double>& v) {
    v = j.isDouble() ? std::optional<double>(j.toDouble()) : std::nullopt;
}
inline void fromValue(const QJsonValue& j, QJsonObject& v) {
    if (j.isObject())
        v = j.toObject();
}
// A word this version does not know leaves the default.
template <StatusEnum E>
void fromValue(const QJsonValue& j, E& v) {
    if (const std::optional<E> parsed = parseStatus<E>(j.toString()))
        v = *parsed;
}

}  // namespace jsonfield

// One key of a record and the member it holds.
template <typename T>
struct JsonField {
    template <typename M>
    JsonField(QString k, M T::*member)
        : key(std::move(k)),
          write([member](const T& t) { return jsonfield::toValue(t.*member); }),
          read([member](const QJsonValue& j, T& t) { jsonfield::fromValue(j, t.*member); }) {}

    QString key;
    std::function<QJsonValue(const T&)> write;
    std::function<void(const QJsonValue&, T&)> read;
};

template <typename T>
class JsonFields {
public:
    JsonFields(std::initializer_list<JsonField<T>> fields) : m_fields(fields) {}

    // The record's keys added to into (so that a record can extend another's object).
    void writeInto(const T& record, QJsonObject& into) const {
        for (const JsonField<T>& f : m_fields)
            into.insert(f.key, f.write(record));
    }
    [[nodiscard]] QJsonObject write(const T& record) const {
        QJsonObject out;
        writeInto(record, out);
        return out;
    }
    // Reads over record (its values stay where a key is missing).
    void readInto(const QJsonObject& o, T& record) const {
        for (const JsonField<T>& f : m_fields)
            f.read(o.value(f.key), record);
    }
    [[nodiscard]] T read(const QJsonObject& o) const {
        T record{};
        readInto(o, record);
        return record;
    }

private:
    QList<JsonField<T>> m_fields;
};

}  // namespace zerg
