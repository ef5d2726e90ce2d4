#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QTimeZone>

#include <cstdint>
#include <optional>

namespace zerg {

// A cron expression: when a schedule runs, as wall-clock times in a time zone.
//
// Syntax: five fields separated by blanks,
//     minute (0-59)  hour (0-23)  day-of-month (1-31)  month (1-12)  day-of-week (0-7)
// or one macro: @yearly and @annually ("0 0 1 1 *"), @monthly ("0 0 1 * *"), @weekly
// ("0 0 * * 0"), @daily and @midnight ("0 0 * * *"), @hourly ("0 * * * *"). Each field is a
// comma list of items; an item is '*', a number, a range 'a-b' (a <= b), or '*' or a range
// followed by a step '/n' (1 <= n <= the field's largest value). Months take JAN-DEC and weekdays
// SUN-SAT as names (any case); weekday 0 and 7 are both Sunday. Seconds, years, '?', 'L', 'W',
// '#' and @reboot are not supported. A bad expression is an Error with code "invalid_cron" whose
// message names the field, says what is wrong and shows a valid example.
//
// Day-of-month and day-of-week, as in Vixie cron (POSIX for the cases POSIX covers): when neither
// field starts with '*', a day runs when EITHER matches ('0 0 13 * 5' runs on the 13th and on
// every Friday). When one of them starts with '*', a day must match BOTH, which for a plain '*'
// means only the other field counts ('0 0 * * 5': Fridays). Vixie's quirk is kept on purpose so
// that crontab lines behave here as they do in cron: '0 0 */2 * 1' runs on Mondays that fall on
// an odd day of the month, not on every other day plus every Monday.
//
// Time zone and daylight saving time. Runs are wall-clock times in the zone given to nextAfter().
// Two kinds of expressions behave differently when the clock jumps:
//  * Timetable expressions (the hour field names hours: no '*' and no step, e.g. '30 2 * * *',
//    '*/15 2 * * *', '@daily'): a time that the clock skips (02:30 on the day Berlin springs
//    forward from 02:00 to 03:00) runs once at the first instant after the gap (03:00); when
//    several skipped times fall into one gap they run once together. A time that happens twice
//    (02:30 on the day Berlin falls back from 03:00 to 02:00) runs once, at its first occurrence.
//    Formally a wall time W runs at the first instant at which the wall clock shows W or later.
//  * Interval expressions (the hour field contains '*' or a step, e.g. '*/15 * * * *',
//    '@hourly', '0 */2 * * *'): they follow the clock as it really runs. A time the clock skips
//    does not run; a time that happens twice runs at each occurrence. With whole-hour shifts this
//    means '*/15 * * * *' runs every 15 real minutes through both changes, no duplicate and no
//    gap. Australia/Lord_Howe shifts by 30 minutes: '*/15 * * * *' still runs every 15 real
//    minutes there, but '0 * * * *' has one 90-minute interval at each change.
// Wall times are whole minutes; zones whose offset has seconds (historical local mean time) are
// handled at millisecond precision but nobody schedules there.
//
// Search bound: nextAfter() looks up to kSearchYears years ahead and then gives up, so
// expressions that never run ('0 0 30 2 *') return nullopt instead of looping.
class CronExpression {
    Q_DECLARE_TR_FUNCTIONS(CronExpression)
public:
    static constexpr int kSearchYears = 8;

    // An empty expression: never runs, isValid() is false. Only parse() makes valid ones.
    CronExpression() = default;

    [[nodiscard]] static Result<CronExpression> parse(const QString& text);

    // The first run strictly after `after`, by the rules above, in `zone`, as a UTC QDateTime.
    // nullopt when there is none within kSearchYears years, or when the expression, `after` or
    // `zone` is invalid.
    [[nodiscard]] std::optional<QDateTime> nextAfter(const QDateTime& after,
                                                     const QTimeZone& zone) const;
    // Up to n next runs after `after`, earliest first (fewer when the search bound ends them).
    [[nodiscard]] QList<QDateTime> nextRuns(const QDateTime& after, const QTimeZone& zone,
                                            int n) const;

    [[nodiscard]] bool isValid() const { return m_valid; }
    // The expression as given, trimmed.
    [[nodiscard]] QString text() const { return m_text; }
    // True for interval expressions (see above), false for timetable ones.
    [[nodiscard]] bool followsElapsedTime() const { return m_elapsed; }
    // A short English description when the expression is simple ("every day at 06:00", "every
    // 15 minutes", "at 09:30 on Monday"), else the expression itself.
    [[nodiscard]] QString describe() const;

private:
    // Wall-clock times are kept as "wall milliseconds": the local date and time read as if UTC.
    [[nodiscard]] std::optional<qint64> firstWallMatchFrom(qint64 wallMs, qint64 limitMs) const;
    [[nodiscard]] bool dayMatches(const QDate& date) const;
    [[nodiscard]] std::optional<qint64> nextElapsed(qint64 afterMs, const QTimeZone& zone,
                                                    qint64 limitMs) const;
    [[nodiscard]] std::optional<qint64> nextTimetable(qint64 afterMs, const QTimeZone& zone,
                                                      qint64 limitMs) const;

    QString m_text;
    bool m_valid = false;
    bool m_elapsed = false;
    bool m_domStar = false;  // the day-of-month text starts with '*'
    bool m_dowStar = false;  // the day-of-week text starts with '*'
    // Bit i set: value i runs. Weekdays use 0-6 (Sunday 0); months 1-12; days 1-31.
    std::uint64_t m_minutes = 0;
    std::uint32_t m_hours = 0;
    std::uint32_t m_days = 0;
    std::uint16_t m_months = 0;
    std::uint8_t m_weekdays = 0;
};

}  // namespace zerg
