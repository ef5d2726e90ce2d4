#pragma once

#include <QDateTime>
#include <QString>

// One text form for every timestamp storage writes (database columns and metadata.json):
// ISO-8601 in UTC with milliseconds, "2026-01-01T12:00:00.000Z". The fixed width makes
// the text sort in time order, which the SQL ORDER BY clauses rely on.
namespace zerg::timefmt {

[[nodiscard]] inline QString toIso(const QDateTime& t) {
    return t.isValid() ? t.toUTC().toString(Qt::ISODateWithMs) : QString();
}

// Empty or unparsable text gives an invalid QDateTime.
[[nodiscard]] inline QDateTime fromIso(const QString& text) {
    if (text.isEmpty())
        return {};
    QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime();
}

}  // namespace zerg::timefmt
