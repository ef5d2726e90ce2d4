#pragma once

#include "core/result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace zerg::api {

// The largest id a command may name.
inline constexpr qint64 MaxId = std::numeric_limits<qint64>::max();

// "a string", "an object", … for messages that say what was sent instead.
[[nodiscard]] QString typeName(const QJsonValue& v);

// Reads a command's arguments. The first problem is kept as a bad_request that names the
// argument, the type expected and what was sent instead.
class Args {
public:
    Args(QString op, const QJsonObject& command) : m_op(std::move(op)), m_cmd(command) {}

    [[nodiscard]] bool has(const QString& key) const;
    std::optional<QString> string(const QString& key, bool required);
    // A string that may be empty or blank: for values whose emptiness the command's own checks
    // judge (a schedule's name), so that the reply says what they say.
    std::optional<QString> text(const QString& key, bool required);
    std::optional<qint64> integer(const QString& key, bool required, qint64 min, qint64 max);
    // An array of minCount..maxCount integers, each from min to max.
    std::optional<QList<qint64>> integers(const QString& key, bool required, qsizetype minCount,
                                          qsizetype maxCount, qint64 min, qint64 max);
    // A number, whole or not; its range is for the command's own checks to judge (an agent's
    // temperature), so that the reply says what they say.
    std::optional<double> number(const QString& key, bool required);
    std::optional<bool> boolean(const QString& key, bool required);
    // An ISO-8601 time with a zone ("2026-11-25T06:00:00Z"), in UTC.
    std::optional<QDateTime> time(const QString& key, bool required);
    // An array of at most maxItems non-empty strings.
    std::optional<QStringList> strings(const QString& key, bool required, qsizetype maxItems);
    QJsonObject object(const QString& key);

    void fail(const QString& message);
    [[nodiscard]] const std::optional<Error>& error() const { return m_error; }

private:
    [[nodiscard]] bool missing(const QString& key, bool required, const QString& expected);
    // v as an integer from min to max, or nullopt after failing with name in the message.
    std::optional<qint64> integerOf(const QString& name, const QJsonValue& v, qint64 min,
                                    qint64 max);
    static QString describe(const QJsonValue& v);

    QString m_op;
    const QJsonObject& m_cmd;
    std::optional<Error> m_error;
};

}  // namespace zerg::api
