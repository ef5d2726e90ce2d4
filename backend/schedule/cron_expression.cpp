#include "schedule/cron_expression.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

namespace zerg {

namespace {

constexpr qint64 kMinuteMs = 60'000;
constexpr qint64 kDayMs = 86'400'000;
constexpr qint64 kJulianDayOfEpoch = 2440588;  // 1970-01-01
// Longest backward clock change to look behind for (far more than any zone has had).
constexpr qint64 kLookBehindMs = 2 * kDayMs;

const char* const kMonthNames[] = {
    QT_TRANSLATE_NOOP("CronExpression", "January"),
    QT_TRANSLATE_NOOP("CronExpression", "February"),
    QT_TRANSLATE_NOOP("CronExpression", "March"),
    QT_TRANSLATE_NOOP("CronExpression", "April"),
    QT_TRANSLATE_NOOP("CronExpression", "May"),
    QT_TRANSLATE_NOOP("CronExpression", "June"),
    QT_TRANSLATE_NOOP("CronExpression", "July"),
    QT_TRANSLATE_NOOP("CronExpression", "August"),
    QT_TRANSLATE_NOOP("CronExpression", "September"),
    QT_TRANSLATE_NOOP("CronExpression", "October"),
    QT_TRANSLATE_NOOP("CronExpression", "November"),
    QT_TRANSLATE_NOOP("CronExpression", "December"),
};
// Indexed by cron weekday: 0 is Sunday.
const char* const kDayNames[] = {
    QT_TRANSLATE_NOOP("CronExpression", "Sunday"),
    QT_TRANSLATE_NOOP("CronExpression", "Monday"),
    QT_TRANSLATE_NOOP("CronExpression", "Tuesday"),
    QT_TRANSLATE_NOOP("CronExpression", "Wednesday"),
    QT_TRANSLATE_NOOP("CronExpression", "Thursday"),
    QT_TRANSLATE_NOOP("CronExpression", "Friday"),
    QT_TRANSLATE_NOOP("CronExpression", "Saturday"),
};

enum class Names { None, Months, Days };

struct FieldSpec {
    const char* name;
    int min;
    int max;  // largest value written (7 for weekdays)
    Names names;
    const char* example;
};

const std::array<FieldSpec, 5> kFields = {{
    {QT_TRANSLATE_NOOP("CronExpression", "minute"), 0, 59, Names::None,
     QT_TRANSLATE_NOOP("CronExpression", "'*/15 * * * *' runs every 15 minutes.")},
    {QT_TRANSLATE_NOOP("CronExpression", "hour"), 0, 23, Names::None,
     QT_TRANSLATE_NOOP("CronExpression", "'0 6 * * *' runs at 06:00 every day.")},
    {QT_TRANSLATE_NOOP("CronExpression", "day-of-month"), 1, 31, Names::None,
     QT_TRANSLATE_NOOP("CronExpression", "'0 0 1 * *' runs at 00:00 on the 1st of every month.")},
    {QT_TRANSLATE_NOOP("CronExpression", "month"), 1, 12, Names::Months,
     QT_TRANSLATE_NOOP("CronExpression",
                       "'0 0 1 JAN,JUL *' runs at 00:00 on 1 January and 1 July.")},
    {QT_TRANSLATE_NOOP("CronExpression", "day-of-week"), 0, 7, Names::Days,
     QT_TRANSLATE_NOOP("CronExpression", "'30 9 * * MON-FRI' runs at 09:30 Monday to Friday.")},
}};

struct Macro {
    const char* name;
    const char* fields;
};
const Macro kMacros[] = {
    {"@yearly", "0 0 1 1 *"}, {"@annually", "0 0 1 1 *"}, {"@monthly", "0 0 1 * *"},
    {"@weekly", "0 0 * * 0"}, {"@daily", "0 0 * * *"},    {"@midnight", "0 0 * * *"},
    {"@hourly", "0 * * * *"},
};

qint64 floorDiv(qint64 a, qint64 b) {
    const qint64 q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
qint64 ceilToMinute(qint64 ms) {
    return -floorDiv(-ms, kMinuteMs) * kMinuteMs;
}
QDate dateOfWall(qint64 wallMs) {
    return QDate::fromJulianDay(floorDiv(wallMs, kDayMs) + kJulianDayOfEpoch);
}
qint64 wallOf(const QDate& date, int minuteOfDay) {
    return (date.toJulianDay() - kJulianDayOfEpoch) * kDayMs + minuteOfDay * kMinuteMs;
}
QDateTime utcAt(qint64 ms) {
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}
qint64 offsetMs(const QTimeZone& zone, qint64 utcMs) {
    return qint64(zone.offsetFromUtc(utcAt(utcMs))) * 1000;
}

// The lowest set bit at or above `from`, or -1.
int nextBit(std::uint64_t bits, int from) {
    if (from >= 64) {
        return -1;
    }
    const std::uint64_t rest = bits >> from;
    return rest == 0 ? -1 : from + std::countr_zero(rest);
}
std::uint64_t rangeBits(int lo, int hi, int step = 1) {
    std::uint64_t bits = 0;
    for (int v = lo; v <= hi; v += step) {
        bits |= std::uint64_t(1) << v;
    }
    return bits;
}
QList<int> bitList(std::uint64_t bits) {
    QList<int> out;
    for (int v = nextBit(bits, 0); v >= 0; v = nextBit(bits, v + 1)) {
        out.append(v);
    }
    return out;
}

int nameValue(const QString& token, Names names) {
    static const QStringList months = {
        QStringLiteral("JAN"), QStringLiteral("FEB"), QStringLiteral("MAR"), QStringLiteral("APR"),
        QStringLiteral("MAY"), QStringLiteral("JUN"), QStringLiteral("JUL"), QStringLiteral("AUG"),
        QStringLiteral("SEP"), QStringLiteral("OCT"), QStringLiteral("NOV"), QStringLiteral("DEC")};
    static const QStringList days = {
        QStringLiteral("SUN"), QStringLiteral("MON"), QStringLiteral("TUE"), QStringLiteral("WED"),
        QStringLiteral("THU"), QStringLiteral("FRI"), QStringLiteral("SAT")};
    const QString upper = token.toUpper();
    if (names == Names::Months) {
        const int i = months.indexOf(upper);
        return i < 0 ? -1 : i + 1;
    }
    if (names == Names::Days) {
        return days.indexOf(upper);
    }
    return -1;
}

// Turns one field's text into its set of values, or an Error.
class FieldParser {
    Q_DECLARE_TR_FUNCTIONS(CronExpression)
public:
    FieldParser(const FieldSpec& spec, const QString& text) : m_spec(spec), m_text(text) {}

    Result<std::uint64_t> parse() const {
        std::uint64_t bits = 0;
        const QStringList items = m_text.split(QLatin1Char(','));
        for (const QString& item : items) {
            if (item.isEmpty()) {
                return fail(tr("The %1 field '%2' has an empty item in its list. Separate values "
                               "with single commas, e.g. '1,15'.")
                                .arg(fieldName(), m_text));
            }
            auto itemBits = parseItem(item);
            if (!itemBits) {
                return itemBits.error();
            }
            bits |= *itemBits;
        }
        return bits;
    }

private:
    QString fieldName() const { return tr(m_spec.name); }
    QString range() const { return QStringLiteral("%1-%2").arg(m_spec.min).arg(m_spec.max); }

    // "The hour field '25'" when the value is the whole field, else "In the hour field '1,25',
    // '25'", so the message points at the part that is wrong.
    QString subject(const QString& part) const {
        if (part == m_text) {
            return tr("The %1 field '%2'").arg(fieldName(), m_text);
        }
        return tr("In the %1 field '%2', '%3'").arg(fieldName(), m_text, part);
    }

    Error fail(const QString& what) const {
        return Error{QStringLiteral("invalid_cron"),
                     what + QLatin1Char(' ') + tr("Example: %1").arg(tr(m_spec.example))};
    }

    Result<std::uint64_t> parseItem(const QString& item) const {
        QString base = item;
        int step = 1;
        const qsizetype slash = item.indexOf(QLatin1Char('/'));
        if (slash >= 0) {
            base = item.left(slash);
            const QString stepText = item.mid(slash + 1);
            bool isNumber = false;
            step = stepText.toInt(&isNumber);
            if (!isNumber || stepText.startsWith(QLatin1Char('+')) || step < 1 ||
                step > m_spec.max) {
                return fail(subject(item) +
                            tr(" has the step '%1': a step is a whole number from 1 to %2.")
                                .arg(stepText)
                                .arg(m_spec.max));
            }
            if (base != QLatin1String("*") && !base.contains(QLatin1Char('-'))) {
                return fail(subject(item) +
                            tr(" puts a step after a single value: write a range or '*' before "
                               "'/', e.g. '%1-%2/%3' or '*/%3'.")
                                .arg(base.isEmpty() ? QString::number(m_spec.min) : base)
                                .arg(m_spec.max)
                                .arg(step));
            }
        }
        int lo = m_spec.min;
        int hi = m_spec.names == Names::Days ? 6 : m_spec.max;
        if (base != QLatin1String("*")) {
            const QStringList ends = base.split(QLatin1Char('-'));
            if (ends.size() > 2 || ends.first().isEmpty() ||
                (ends.size() == 2 && ends[1].isEmpty())) {
                return fail(subject(item) +
                            tr(" is not a valid range: write a range as two values with one '-' "
                               "between them, e.g. '%1-%2'.")
                                .arg(m_spec.min)
                                .arg(m_spec.min + 4));
            }
            auto first = value(ends.first());
            if (!first) {
                return first.error();
            }
            lo = hi = *first;
            if (ends.size() == 2) {
                auto second = value(ends[1]);
                if (!second) {
                    return second.error();
                }
                hi = *second;
                if (hi < lo) {
                    return fail(subject(item) + tr(" runs backwards (from %1 to %2): write the "
                                                   "smaller value first, e.g. '%2-%1'.")
                                                    .arg(ends[0], ends[1]));
                }
            }
        }
        std::uint64_t bits = rangeBits(lo, hi, step);
        if (m_spec.names == Names::Days && (bits & (std::uint64_t(1) << 7)) != 0) {
            bits = (bits & ~(std::uint64_t(1) << 7)) | 1;  // 7 is Sunday, like 0
        }
        return bits;
    }

    Result<int> value(const QString& token) const {
        bool isNumber = false;
        const int number = token.toInt(&isNumber);
        const bool digitsOnly =
            std::all_of(token.begin(), token.end(), [](QChar c) { return c.isDigit(); });
        if (isNumber && digitsOnly) {
            if (number < m_spec.min || number > m_spec.max) {
                return fail(subject(token) + tr(" is out of range (%1).").arg(range()));
            }
            return number;
        }
        const int named = nameValue(token, m_spec.names);
        if (named >= 0) {
            return named;
        }
        switch (m_spec.names) {
            case Names::Months:
                return fail(subject(token) +
                            tr(" is not a number (%1) or a month name (JAN-DEC).").arg(range()));
            case Names::Days:
                return fail(subject(token) +
                            tr(" is not a number (%1) or a day name (SUN-SAT).").arg(range()));
            case Names::None:
                break;
        }
        return fail(subject(token) + tr(" is not a number (%1).").arg(range()));
    }

    const FieldSpec& m_spec;
    QString m_text;
};

}  // namespace

Result<CronExpression> CronExpression::parse(const QString& text) {
    const QString trimmed = text.trimmed();
    const QString example = tr("Example: '0 6 * * *' runs at 06:00 every day.");
    const Error empty{QStringLiteral("invalid_cron"),
                      tr("The cron expression is empty. Write five fields (minute hour "
                         "day-of-month month day-of-week) or a macro such as @daily. %1")
                          .arg(example)};
    if (trimmed.isEmpty()) {
        return empty;
    }
    QStringList fields = trimmed.split(QRegularExpression(QStringLiteral("\\s+")));
    if (fields.first().startsWith(QLatin1Char('@'))) {
        const QString name = fields.first().toLower();
        const auto* macro =
            std::find_if(std::begin(kMacros), std::end(kMacros),
                         [&](const Macro& m) { return name == QLatin1String(m.name); });
        if (macro == std::end(kMacros)) {
            return Error{QStringLiteral("invalid_cron"),
                         tr("'%1' is not a known macro. Use one of @yearly, @annually, @monthly, "
                            "@weekly, @daily, @midnight, @hourly, or five fields. Example: "
                            "'@daily' runs at 00:00 every day.")
                             .arg(fields.first())};
        }
        if (fields.size() > 1) {
            return Error{QStringLiteral("invalid_cron"),
                         tr("The macro %1 stands alone, but '%2' has more after it. Remove the "
                            "rest or write five fields instead. Example: '@daily' runs at 00:00 "
                            "every day.")
                             .arg(fields.first(), trimmed)};
        }
        fields = QString::fromLatin1(macro->fields).split(QLatin1Char(' '));
    }
    if (fields.size() != 5) {
        return Error{QStringLiteral("invalid_cron"),
                     tr("A cron expression has five fields (minute hour day-of-month month "
                        "day-of-week) separated by spaces, but '%1' has %2. Seconds and years are "
                        "not supported. %3")
                         .arg(trimmed)
                         .arg(fields.size())
                         .arg(example)};
    }
    std::array<std::uint64_t, 5> sets{};
    for (int i = 0; i < 5; ++i) {
        auto bits = FieldParser(kFields[i], fields[i]).parse();
        if (!bits) {
            return bits.error();
        }
        sets[i] = *bits;
    }
    CronExpression cron;
    cron.m_text = trimmed;
    cron.m_valid = true;
    cron.m_minutes = sets[0];
    cron.m_hours = std::uint32_t(sets[1]);
    cron.m_days = std::uint32_t(sets[2]);
    cron.m_months = std::uint16_t(sets[3]);
    cron.m_weekdays = std::uint8_t(sets[4]);
    cron.m_domStar = fields[2].startsWith(QLatin1Char('*'));
    cron.m_dowStar = fields[4].startsWith(QLatin1Char('*'));
    cron.m_elapsed = fields[1].contains(QLatin1Char('*')) || fields[1].contains(QLatin1Char('/'));
    return cron;
}

bool CronExpression::dayMatches(const QDate& date) const {
    const bool dom = (m_days >> date.day() & 1) != 0;
    const bool dow = (m_weekdays >> (date.dayOfWeek() % 7) & 1) != 0;  // Qt: Monday 1, Sunday 7
    return (m_domStar || m_dowStar) ? (dom && dow) : (dom || dow);
}

// Jumps field by field (month, day, hour, minute) rather than minute by minute, so a call costs
// at most a few hundred steps even for expressions that run once in years.
std::optional<qint64> CronExpression::firstWallMatchFrom(qint64 wallMs, qint64 limitMs) const {
    const qint64 start = ceilToMinute(wallMs);
    QDate date = dateOfWall(start);
    const int minuteOfDay = int((start - wallOf(date, 0)) / kMinuteMs);
    int hour = minuteOfDay / 60;
    int minute = minuteOfDay % 60;
    const QDate lastDate = dateOfWall(limitMs);
    while (date <= lastDate) {
        if ((m_months >> date.month() & 1) == 0) {
            date = QDate(date.year(), date.month(), 1).addMonths(1);
            hour = minute = 0;
            continue;
        }
        if (!dayMatches(date)) {
            date = date.addDays(1);
            hour = minute = 0;
            continue;
        }
        const int h = nextBit(m_hours, hour);
        if (h < 0) {
            date = date.addDays(1);
            hour = minute = 0;
            continue;
        }
        if (h != hour) {
            hour = h;
            minute = 0;
        }
        const int m = nextBit(m_minutes, minute);
        if (m < 0) {
            minute = 0;
            if (++hour == 24) {
                hour = 0;
                date = date.addDays(1);
            }
            continue;
        }
        const qint64 wall = wallOf(date, hour * 60 + m);
        return wall <= limitMs ? std::optional<qint64>(wall) : std::nullopt;
    }
    return std::nullopt;
}

// Interval expressions: the first instant after `afterMs` whose wall-clock time matches. The
// timeline is walked in stretches of constant UTC offset (between transitions); within one the
// wall time is the instant plus the offset, so skipped wall times are never found and repeated
// ones are found in each stretch that shows them.
std::optional<qint64> CronExpression::nextElapsed(qint64 afterMs, const QTimeZone& zone,
                                                  qint64 limitMs) const {
    qint64 stretchStart = afterMs;
    qint64 offset = offsetMs(zone, afterMs);
    qint64 fromWall = afterMs + offset + 1;  // strictly after
    while (stretchStart <= limitMs) {
        const auto wall = firstWallMatchFrom(fromWall, limitMs + offset);
        if (!wall) {
            return std::nullopt;
        }
        const QTimeZone::OffsetData next = zone.nextTransition(utcAt(stretchStart));
        const qint64 stretchEnd = next.atUtc.isValid() ? next.atUtc.toMSecsSinceEpoch()
                                                       : std::numeric_limits<qint64>::max();
        const qint64 instant = *wall - offset;
        if (instant < stretchEnd) {
            return instant;
        }
        stretchStart = stretchEnd;
        offset = qint64(next.offsetFromUtc) * 1000;
        fromWall = stretchStart + offset;
    }
    return std::nullopt;
}

// Timetable expressions: a wall time W runs at the first instant when the clock shows W or later.
// That instant grows with W, so the answer is the instant of the first matching W that the clock
// has not yet reached by `afterMs` (allowing for a fall-back that just set the clock back).
std::optional<qint64> CronExpression::nextTimetable(qint64 afterMs, const QTimeZone& zone,
                                                    qint64 limitMs) const {
    qint64 offset = offsetMs(zone, afterMs);
    qint64 highestWall = afterMs + offset;
    QDateTime probe = utcAt(afterMs + 1);  // a transition at afterMs itself counts
    while (zone.hasTransitions()) {
        const QTimeZone::OffsetData previous = zone.previousTransition(probe);
        if (!previous.atUtc.isValid()) {
            break;
        }
        const qint64 at = previous.atUtc.toMSecsSinceEpoch();
        if (afterMs - at > kLookBehindMs) {
            break;
        }
        highestWall = std::max(highestWall, at - 1 + offsetMs(zone, at - 1));
        probe = previous.atUtc;
    }
    const auto target = firstWallMatchFrom(highestWall + 1, limitMs + offset);
    if (!target) {
        return std::nullopt;
    }
    qint64 stretchStart = afterMs;
    while (stretchStart <= limitMs) {
        if (stretchStart + offset >= *target) {
            return stretchStart;  // the clock jumped over the target: run right after the gap
        }
        const QTimeZone::OffsetData next = zone.nextTransition(utcAt(stretchStart));
        const qint64 stretchEnd = next.atUtc.isValid() ? next.atUtc.toMSecsSinceEpoch()
                                                       : std::numeric_limits<qint64>::max();
        const qint64 instant = *target - offset;
        if (instant < stretchEnd) {
            return instant;
        }
        stretchStart = stretchEnd;
        offset = qint64(next.offsetFromUtc) * 1000;
    }
    return std::nullopt;
}

std::optional<QDateTime> CronExpression::nextAfter(const QDateTime& after,
                                                   const QTimeZone& zone) const {
    if (!m_valid || !after.isValid() || !zone.isValid()) {
        return std::nullopt;
    }
    const qint64 afterMs = after.toMSecsSinceEpoch();
    const qint64 limitMs = afterMs + kSearchYears * 366 * kDayMs;
    const auto next =
        m_elapsed ? nextElapsed(afterMs, zone, limitMs) : nextTimetable(afterMs, zone, limitMs);
    if (!next) {
        return std::nullopt;
    }
    return utcAt(*next);
}

QList<QDateTime> CronExpression::nextRuns(const QDateTime& after, const QTimeZone& zone,
                                          int n) const {
    QList<QDateTime> runs;
    QDateTime from = after;
    while (runs.size() < n) {
        const auto next = nextAfter(from, zone);
        if (!next) {
            break;
        }
        runs.append(*next);
        from = *next;
    }
    return runs;
}

QString CronExpression::describe() const {
    if (!m_valid) {
        return m_text;
    }
    const std::uint64_t allMinutes = rangeBits(0, 59);
    const std::uint64_t allHours = rangeBits(0, 23);
    const bool allMonths = m_months == rangeBits(1, 12);
    const bool allDom = m_domStar && m_days == rangeBits(1, 31);
    const bool allDow = m_dowStar && m_weekdays == rangeBits(0, 6);
    const bool everyDay = allMonths && allDom && allDow;
    // Evenly spaced from 0 with a step that divides the period: "every n minutes" is then true.
    const auto evenStep = [](std::uint64_t bits, int period) {
        const QList<int> values = bitList(bits);
        if (values.size() < 2 || values.first() != 0 || period % values.size() != 0) {
            return 0;
        }
        const int step = period / int(values.size());
        return bits == rangeBits(0, period - 1, step) ? step : 0;
    };
    const QList<int> minutes = bitList(m_minutes);
    const QList<int> hours = bitList(m_hours);

    if (everyDay) {
        if (m_minutes == allMinutes && m_hours == allHours) {
            return tr("every minute");
        }
        if (m_hours == allHours && evenStep(m_minutes, 60) > 0) {
            return tr("every %1 minutes").arg(evenStep(m_minutes, 60));
        }
        if (m_hours == allHours && minutes.size() == 1) {
            return minutes.first() == 0 ? tr("every hour")
                                        : tr("every hour at minute %1").arg(minutes.first());
        }
        if (minutes.size() == 1 && evenStep(m_hours, 24) > 0) {
            const int step = evenStep(m_hours, 24);
            return minutes.first() == 0
                       ? tr("every %1 hours").arg(step)
                       : tr("every %1 hours at minute %2").arg(step).arg(minutes.first());
        }
    }
    if (hours.size() * minutes.size() > 4) {
        return m_text;
    }
    QStringList times;
    for (int h : hours) {
        for (int m : minutes) {
            times.append(QStringLiteral("%1:%2")
                             .arg(h, 2, 10, QLatin1Char('0'))
                             .arg(m, 2, 10, QLatin1Char('0')));
        }
    }
    const QString at = times.join(QStringLiteral(", "));
    if (everyDay) {
        return tr("every day at %1").arg(at);
    }
    if (allMonths && allDom && !m_dowStar) {
        // Monday first; a run of three or more days reads "Monday to Friday".
        QList<int> days;
        for (int d : {1, 2, 3, 4, 5, 6, 0}) {
            if ((m_weekdays >> d & 1) != 0) {
                days.append(d);
            }
        }
        const auto position = [](int d) { return d == 0 ? 7 : d; };
        const bool contiguous =
            position(days.last()) - position(days.first()) == int(days.size()) - 1;
        QString dayText;
        if (days.size() >= 3 && contiguous) {
            dayText = tr("%1 to %2").arg(tr(kDayNames[days.first()]), tr(kDayNames[days.last()]));
        } else {
            QStringList names;
            for (int d : days) {
                names.append(tr(kDayNames[d]));
            }
            dayText = names.join(QStringLiteral(", "));
        }
        return tr("at %1 on %2").arg(at, dayText);
    }
    const QList<int> daysOfMonth = bitList(m_days);
    if (allDow && !m_domStar && daysOfMonth.size() == 1) {
        if (allMonths) {
            return tr("at %1 on day %2 of every month").arg(at).arg(daysOfMonth.first());
        }
        const QList<int> months = bitList(m_months);
        if (months.size() == 1) {
            return tr("at %1 on %2 %3")
                .arg(at)
                .arg(daysOfMonth.first())
                .arg(tr(kMonthNames[months.first() - 1]));
        }
    }
    return m_text;
}

}  // namespace zerg
