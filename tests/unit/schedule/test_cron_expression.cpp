#include "schedule/cron_expression.h"

#include <QtTest>

using namespace zerg;

namespace {

// Test times are written as ISO-8601 with the zone's offset ("2026-03-29T03:00+02:00") so that a
// row reads as wall-clock time; they are compared as UTC instants.
QDateTime at(const QString& iso) {
    const QDateTime dt = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!dt.isValid()) {
        qFatal("bad test time %s", qPrintable(iso));
    }
    return dt;
}
QString utcText(const QDateTime& dt) {
    return dt.toUTC().toString(Qt::ISODateWithMs);
}
QString utcText(const std::optional<QDateTime>& dt) {
    return dt ? utcText(*dt) : QStringLiteral("(none)");
}
QTimeZone zone(const QByteArray& id) {
    const QTimeZone tz = id == "UTC" ? QTimeZone::utc() : QTimeZone(id);
    if (!tz.isValid()) {
        qFatal("time zone %s is missing from the system database", id.constData());
    }
    return tz;
}
CronExpression cron(const QString& text) {
    auto parsed = CronExpression::parse(text);
    if (!parsed) {
        qFatal("'%s' did not parse: %s", qPrintable(text), qPrintable(parsed.error().message));
    }
    return *parsed;
}

}  // namespace

class TestCronExpression : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parseErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("mentions");

        QTest::newRow("empty") << "" << QStringList{"empty", "five fields", "@daily", "Example:"};
        QTest::newRow("blank") << "  \t " << QStringList{"empty", "Example:"};
        QTest::newRow("four fields") << "* * * *" << QStringList{"five fields", "'* * * *' has 4"};
        QTest::newRow("six fields")
            << "0 * * * * 2026" << QStringList{"five fields", "has 6", "years are not supported"};
        QTest::newRow("minute 60")
            << "60 * * * *"
            << QStringList{"minute field '60'", "out of range (0-59)", "Example: '*/15 * * * *'"};
        QTest::newRow("hour 24") << "0 24 * * *"
                                 << QStringList{"hour field '24'", "out of range (0-23)"};
        QTest::newRow("day 0") << "0 0 0 * *"
                               << QStringList{"day-of-month field '0'", "out of range (1-31)",
                                              "Example: '0 0 1 * *'"};
        QTest::newRow("day 32") << "0 0 32 * *" << QStringList{"day-of-month field '32'", "(1-31)"};
        QTest::newRow("month 0") << "0 0 1 0 *"
                                 << QStringList{"month field '0'", "out of range (1-12)",
                                                "Example: '0 0 1 JAN,JUL *'"};
        QTest::newRow("month 13") << "0 0 1 13 *" << QStringList{"month field '13'", "(1-12)"};
        QTest::newRow("weekday 8") << "0 0 * * 8"
                                   << QStringList{"day-of-week field '8'", "out of range (0-7)",
                                                  "Example: '30 9 * * MON-FRI'"};
        QTest::newRow("value in a list")
            << "0 1,25 * * *" << QStringList{"In the hour field '1,25', '25' is out of range"};
        QTest::newRow("value in a range")
            << "0-60 * * * *" << QStringList{"In the minute field '0-60', '60' is out of range"};
        QTest::newRow("step 0") << "*/0 * * * *"
                                << QStringList{"minute field '*/0'", "step '0'", "from 1 to 59"};
        QTest::newRow("step not a number")
            << "*/x * * * *" << QStringList{"step 'x'", "whole number from 1 to 59"};
        QTest::newRow("step empty") << "*/ * * * *" << QStringList{"step ''"};
        QTest::newRow("step too big")
            << "0 */24 * * *" << QStringList{"hour field '*/24'", "from 1 to 23"};
        QTest::newRow("step negative") << "*/-5 * * * *" << QStringList{"step '-5'"};
        QTest::newRow("step after a single value")
            << "5/15 * * * *" << QStringList{"step after a single value", "'5-59/15' or '*/15'"};
        QTest::newRow("backwards range")
            << "0 5-1 * * *" << QStringList{"hour field '5-1'", "runs backwards", "'1-5'"};
        QTest::newRow("three-part range")
            << "1-2-3 * * * *" << QStringList{"'1-2-3'", "not a valid range"};
        QTest::newRow("range without end") << "1- * * * *" << QStringList{"not a valid range"};
        QTest::newRow("negative number")
            << "-5 * * * *" << QStringList{"'-5'", "not a valid range"};
        QTest::newRow("empty list item")
            << "0 6,,18 * * *" << QStringList{"hour field '6,,18'", "empty item"};
        QTest::newRow("trailing comma") << "0,15, * * * *" << QStringList{"empty item"};
        QTest::newRow("word in minute")
            << "abc * * * *" << QStringList{"minute field 'abc'", "not a number (0-59)"};
        QTest::newRow("unknown day name")
            << "0 0 * * FOO" << QStringList{"'FOO'", "day name (SUN-SAT)"};
        QTest::newRow("day name in month field")
            << "0 0 * MON *" << QStringList{"month field 'MON'", "month name (JAN-DEC)"};
        QTest::newRow("month name in weekday field")
            << "0 0 * * JAN" << QStringList{"day-of-week field 'JAN'", "day name"};
        QTest::newRow("plus sign") << "+5 * * * *" << QStringList{"not a number"};
        QTest::newRow("star range") << "*-5 * * * *" << QStringList{"not a number"};
        QTest::newRow("unknown macro")
            << "@reboot" << QStringList{"'@reboot' is not a known macro", "@hourly", "Example:"};
        QTest::newRow("macro with extra")
            << "@daily 5" << QStringList{"@daily stands alone", "'@daily 5'"};
        QTest::newRow("quartz question mark") << "0 0 ? * *" << QStringList{"'?'"};
    }
    void parseErrors() {
        QFETCH(QString, text);
        QFETCH(QStringList, mentions);
        const auto parsed = CronExpression::parse(text);
        QVERIFY2(!parsed.ok(), qPrintable(text));
        QCOMPARE(parsed.error().code, QStringLiteral("invalid_cron"));
        for (const QString& mention : mentions) {
            QVERIFY2(
                parsed.error().message.contains(mention),
                qPrintable(QStringLiteral("'%1' not in: %2").arg(mention, parsed.error().message)));
        }
        // Every message shows a valid example to copy.
        QVERIFY2(parsed.error().message.contains(QStringLiteral("Example: '")),
                 qPrintable(parsed.error().message));
    }

    void parseErrorMessageInFull() {
        const auto parsed = CronExpression::parse(QStringLiteral("0 25 * * *"));
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().message,
                 QStringLiteral("The hour field '25' is out of range (0-23). Example: '0 6 * * *' "
                                "runs at 06:00 every day."));
    }

    void parseAccepts_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("trimmed");
        QTest::addColumn<bool>("elapsed");

        QTest::newRow("every minute") << "* * * * *"
                                      << "* * * * *" << true;
        QTest::newRow("blanks around and between") << "  0\t6   * *  * \n"
                                                   << "0\t6   * *  *" << false;
        QTest::newRow("hour step is interval") << "0 */2 * * *"
                                               << "0 */2 * * *" << true;
        QTest::newRow("hour range step is interval") << "0 1-23/2 * * *"
                                                     << "0 1-23/2 * * *" << true;
        QTest::newRow("minute star, fixed hour is timetable") << "*/15 2 * * *"
                                                              << "*/15 2 * * *" << false;
        QTest::newRow("lists and ranges") << "0,30 8-18 1,15 1-6 1-5"
                                          << "0,30 8-18 1,15 1-6 1-5" << false;
        QTest::newRow("names any case") << "0 0 * jan-Mar,DEC sun,Sat"
                                        << "0 0 * jan-Mar,DEC sun,Sat" << false;
        QTest::newRow("weekday 7") << "0 0 * * 7"
                                   << "0 0 * * 7" << false;
        QTest::newRow("macro upper case") << "@DAILY"
                                          << "@DAILY" << false;
        QTest::newRow("hourly macro") << " @hourly "
                                      << "@hourly" << true;
        QTest::newRow("annually") << "@annually"
                                  << "@annually" << false;
        QTest::newRow("midnight") << "@midnight"
                                  << "@midnight" << false;
    }
    void parseAccepts() {
        QFETCH(QString, text);
        QFETCH(QString, trimmed);
        QFETCH(bool, elapsed);
        const auto parsed = CronExpression::parse(text);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : qPrintable(parsed.error().message));
        QVERIFY(parsed->isValid());
        QCOMPARE(parsed->text(), trimmed);
        QCOMPARE(parsed->followsElapsedTime(), elapsed);
    }

    void macrosMeanTheirFields_data() {
        QTest::addColumn<QString>("macro");
        QTest::addColumn<QString>("fields");
        QTest::newRow("@yearly") << "@yearly"
                                 << "0 0 1 1 *";
        QTest::newRow("@annually") << "@annually"
                                   << "0 0 1 1 *";
        QTest::newRow("@monthly") << "@monthly"
                                  << "0 0 1 * *";
        QTest::newRow("@weekly") << "@weekly"
                                 << "0 0 * * 0";
        QTest::newRow("@daily") << "@daily"
                                << "0 0 * * *";
        QTest::newRow("@midnight") << "@midnight"
                                   << "0 0 * * *";
        QTest::newRow("@hourly") << "@hourly"
                                 << "0 * * * *";
    }
    void macrosMeanTheirFields() {
        QFETCH(QString, macro);
        QFETCH(QString, fields);
        const QTimeZone berlin = zone("Europe/Berlin");
        const QDateTime from = at("2026-03-20T10:17:00+01:00");
        const int n =
            macro == QLatin1String("@yearly") || macro == QLatin1String("@annually") ? 3 : 40;
        const QList<QDateTime> expected = cron(fields).nextRuns(from, berlin, n);
        QCOMPARE(expected.size(), n);
        QCOMPARE(cron(macro).nextRuns(from, berlin, n), expected);
    }

    void namesEqualNumbers() {
        const QTimeZone utc = QTimeZone::utc();
        const QDateTime from = at("2026-01-01T00:00:00Z");
        const QList<QDateTime> numbers = cron("0 12 * 1,7 0").nextRuns(from, utc, 20);
        QCOMPARE(numbers.size(), 20);
        QCOMPARE(cron("0 12 * JAN,jul Sun").nextRuns(from, utc, 20), numbers);
        QCOMPARE(cron("0 12 * jan,JUL 7").nextRuns(from, utc, 20), numbers);
    }

    void nextAfter_data() {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QByteArray>("zoneId");
        QTest::addColumn<QString>("after");
        QTest::addColumn<QString>("expected");  // empty: no run within the search bound

        // Plain fields, UTC.
        QTest::newRow("every minute") << "* * * * *" << QByteArray("UTC") << "2026-05-10T12:34:56Z"
                                      << "2026-05-10T12:35:00Z";
        QTest::newRow("every minute, after on a match is strict")
            << "* * * * *" << QByteArray("UTC") << "2026-05-10T12:35:00Z"
            << "2026-05-10T12:36:00Z";
        QTest::newRow("every minute, a millisecond before")
            << "* * * * *" << QByteArray("UTC") << "2026-05-10T12:34:59.999Z"
            << "2026-05-10T12:35:00Z";
        QTest::newRow("after given with another offset")
            << "* * * * *" << QByteArray("UTC") << "2026-05-10T14:34:56+02:00"
            << "2026-05-10T12:35:00Z";
        QTest::newRow("step minutes")
            << "*/15 * * * *" << QByteArray("UTC") << "2026-05-10T12:31:00Z"
            << "2026-05-10T12:45:00Z";
        QTest::newRow("step minutes on a match")
            << "*/15 * * * *" << QByteArray("UTC") << "2026-05-10T12:45:00Z"
            << "2026-05-10T13:00:00Z";
        QTest::newRow("step minutes over midnight")
            << "*/15 * * * *" << QByteArray("UTC") << "2026-05-10T23:50:00Z"
            << "2026-05-11T00:00:00Z";
        QTest::newRow("range with step")
            << "5-20/5 * * * *" << QByteArray("UTC") << "2026-05-10T12:21:00Z"
            << "2026-05-10T13:05:00Z";
        QTest::newRow("hourly") << "@hourly" << QByteArray("UTC") << "2026-05-10T12:00:00Z"
                                << "2026-05-10T13:00:00Z";
        QTest::newRow("UTC has no DST")
            << "30 2 * * *" << QByteArray("UTC") << "2026-03-29T00:00:00Z"
            << "2026-03-29T02:30:00Z";

        // Days, weeks, months, years (Berlin, away from DST changes unless said).
        QTest::newRow("daily 06:00 before")
            << "0 6 * * *" << QByteArray("Europe/Berlin") << "2026-05-10T05:59:00+02:00"
            << "2026-05-10T06:00:00+02:00";
        QTest::newRow("daily 06:00 on the run itself")
            << "0 6 * * *" << QByteArray("Europe/Berlin") << "2026-05-10T06:00:00+02:00"
            << "2026-05-11T06:00:00+02:00";
        QTest::newRow("weekly Monday from Sunday")
            << "0 9 * * 1" << QByteArray("Europe/Berlin") << "2026-05-10T12:00:00+02:00"
            << "2026-05-11T09:00:00+02:00";
        QTest::newRow("weekly Monday from its run")
            << "0 9 * * MON" << QByteArray("Europe/Berlin") << "2026-05-11T09:00:00+02:00"
            << "2026-05-18T09:00:00+02:00";
        QTest::newRow("@weekly is Sunday midnight")
            << "@weekly" << QByteArray("Europe/Berlin") << "2026-05-10T00:00:00+02:00"
            << "2026-05-17T00:00:00+02:00";
        QTest::newRow("monthly 1st")
            << "0 0 1 * *" << QByteArray("Europe/Berlin") << "2026-05-10T08:00:00+02:00"
            << "2026-06-01T00:00:00+02:00";
        QTest::newRow("@monthly over the year end")
            << "@monthly" << QByteArray("Europe/Berlin") << "2026-12-15T10:00:00+01:00"
            << "2027-01-01T00:00:00+01:00";
        QTest::newRow("31st from April is 31 May")
            << "0 0 31 * *" << QByteArray("Europe/Berlin") << "2026-04-01T00:00:00+02:00"
            << "2026-05-31T00:00:00+02:00";
        QTest::newRow("31st skips June")
            << "0 0 31 * *" << QByteArray("Europe/Berlin") << "2026-05-31T00:00:00+02:00"
            << "2026-07-31T00:00:00+02:00";
        QTest::newRow("31st skips September")
            << "0 0 31 * *" << QByteArray("Europe/Berlin") << "2026-08-31T00:00:00+02:00"
            << "2026-10-31T00:00:00+01:00";
        QTest::newRow("31st skips November")
            << "0 0 31 * *" << QByteArray("Europe/Berlin") << "2026-10-31T00:00:00+01:00"
            << "2026-12-31T00:00:00+01:00";
        QTest::newRow("31st skips February")
            << "0 0 31 * *" << QByteArray("Europe/Berlin") << "2027-01-31T00:00:00+01:00"
            << "2027-03-31T00:00:00+02:00";
        QTest::newRow("leap day 2028 from 2026")
            << "0 0 29 2 *" << QByteArray("UTC") << "2026-03-01T00:00:00Z"
            << "2028-02-29T00:00:00Z";
        QTest::newRow("leap day after 2028 is 2032")
            << "0 0 29 2 *" << QByteArray("UTC") << "2028-02-29T00:00:00Z"
            << "2032-02-29T00:00:00Z";
        QTest::newRow("leap day skips 2100")
            << "0 0 29 2 *" << QByteArray("UTC") << "2096-03-01T00:00:00Z"
            << "2104-02-29T00:00:00Z";
        QTest::newRow("30 February never")
            << "0 0 30 2 *" << QByteArray("UTC") << "2026-01-01T00:00:00Z"
            << "";
        QTest::newRow("31st of 30-day months never")
            << "0 0 31 4,6,9,11 *" << QByteArray("Europe/Berlin") << "2026-01-01T00:00:00+01:00"
            << "";
        QTest::newRow("year rollover")
            << "59 23 31 12 *" << QByteArray("UTC") << "2026-12-31T23:59:00Z"
            << "2027-12-31T23:59:00Z";
        QTest::newRow("new year from the last half minute")
            << "0 0 1 1 *" << QByteArray("UTC") << "2026-12-31T23:59:30Z"
            << "2027-01-01T00:00:00Z";

        // Day-of-month and day-of-week (2026-05-10 is a Sunday, the 13th a Wednesday).
        QTest::newRow("dom or dow: the 13th first")
            << "0 0 13 * 5" << QByteArray("UTC") << "2026-05-10T00:00:00Z"
            << "2026-05-13T00:00:00Z";
        QTest::newRow("dom or dow: then Friday the 15th")
            << "0 0 13 * 5" << QByteArray("UTC") << "2026-05-13T00:00:00Z"
            << "2026-05-15T00:00:00Z";
        QTest::newRow("dom only when dow is *")
            << "0 0 13 * *" << QByteArray("UTC") << "2026-05-13T00:00:00Z"
            << "2026-06-13T00:00:00Z";
        QTest::newRow("dow only when dom is *")
            << "0 0 * * 5" << QByteArray("UTC") << "2026-05-10T00:00:00Z"
            << "2026-05-15T00:00:00Z";
        QTest::newRow("dom */2 with dow: both must match (Vixie)")
            << "0 0 */2 * 1" << QByteArray("UTC") << "2026-05-11T00:00:00Z"
            << "2026-05-25T00:00:00Z";
        QTest::newRow("names and 7 = Sunday")
            << "0 12 * JAN,jul 7" << QByteArray("UTC") << "2026-05-10T00:00:00Z"
            << "2026-07-05T12:00:00Z";
        QTest::newRow("day-name range skips the weekend")
            << "30 9 * * mon-FRI" << QByteArray("UTC") << "2026-05-15T09:30:00Z"
            << "2026-05-18T09:30:00Z";
        QTest::newRow("range 5-7 ends on Sunday")
            << "0 8 * * 5-7" << QByteArray("UTC") << "2026-05-16T08:00:00Z"
            << "2026-05-17T08:00:00Z";
        QTest::newRow("range 5-7 does not include Monday")
            << "0 8 * * 5-7" << QByteArray("UTC") << "2026-05-17T08:00:00Z"
            << "2026-05-22T08:00:00Z";

        // Europe/Berlin springs forward 2026-03-29 02:00 -> 03:00 (01:00Z) and falls back
        // 2026-10-25 03:00 -> 02:00 (01:00Z). Timetable expressions:
        QTest::newRow("spring: 02:30 runs at 03:00")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-03-28T02:30:00+01:00"
            << "2026-03-29T03:00:00+02:00";
        QTest::newRow("spring: from just before the gap")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:59:00+01:00"
            << "2026-03-29T03:00:00+02:00";
        QTest::newRow("spring: once, then 02:30 the next day")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T03:00:00+02:00"
            << "2026-03-30T02:30:00+02:00";
        QTest::newRow("spring: 02:00 and 03:00 run once together")
            << "0 2,3 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:00:00+01:00"
            << "2026-03-29T03:00:00+02:00";
        QTest::newRow("spring: no second run at 03:00")
            << "0 2,3 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T03:00:00+02:00"
            << "2026-03-30T02:00:00+02:00";
        QTest::newRow("spring: the skipped hour's minutes run once")
            << "*/15 2 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T03:00:00+02:00"
            << "2026-03-30T02:00:00+02:00";
        QTest::newRow("spring: 04:00 is not moved")
            << "0 4 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:00:00+01:00"
            << "2026-03-29T04:00:00+02:00";
        QTest::newRow("fall: 02:30 at its first occurrence")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T00:00:00+02:00"
            << "2026-10-25T02:30:00+02:00";
        QTest::newRow("fall: not again when 02:30 repeats")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:30:00+02:00"
            << "2026-10-26T02:30:00+01:00";
        QTest::newRow("fall: from between the two 02:30s")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:45:00+02:00"
            << "2026-10-26T02:30:00+01:00";
        QTest::newRow("fall: from inside the repeated hour")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:10:00+01:00"
            << "2026-10-26T02:30:00+01:00";
        QTest::newRow("fall: from the instant of the change")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:00:00+01:00"
            << "2026-10-26T02:30:00+01:00";
        QTest::newRow("fall: 03:00 comes when the clock first shows it")
            << "0 3 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:59:59+02:00"
            << "2026-10-25T03:00:00+01:00";
        QTest::newRow("fall: timetable minutes in the repeated hour run once")
            << "*/15 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:45:00+02:00"
            << "2026-10-26T02:00:00+01:00";
        // Interval expressions follow the clock as it runs.
        QTest::newRow("spring: every 15 minutes, 01:45 then 03:00")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:45:00+01:00"
            << "2026-03-29T03:00:00+02:00";
        QTest::newRow("fall: every 15 minutes, 02:45 then the second 02:00")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:45:00+02:00"
            << "2026-10-25T02:00:00+01:00";
        QTest::newRow("fall: every 15 minutes inside the repeated hour")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:00:00+01:00"
            << "2026-10-25T02:15:00+01:00";
        QTest::newRow("spring: hourly skips the missing 02:00")
            << "0 * * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:00:00+01:00"
            << "2026-03-29T03:00:00+02:00";
        QTest::newRow("fall: hourly runs at both 02:00")
            << "0 * * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:00:00+02:00"
            << "2026-10-25T02:00:00+01:00";
        QTest::newRow("spring: every 2 hours skips 02:00")
            << "0 */2 * * *" << QByteArray("Europe/Berlin") << "2026-03-29T00:00:00+01:00"
            << "2026-03-29T04:00:00+02:00";
        QTest::newRow("fall: every 2 hours runs at both 02:00")
            << "0 */2 * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:00:00+02:00"
            << "2026-10-25T02:00:00+01:00";

        // Beyond the years the tz database lists one by one, Qt computes changes from the rule.
        QTest::newRow("spring 2040: 02:30 runs at 03:00")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2040-03-24T12:00:00+01:00"
            << "2040-03-25T03:00:00+02:00";
        QTest::newRow("fall 2100: every 15 minutes into the repeated hour")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2100-10-31T02:45:00+02:00"
            << "2100-10-31T02:00:00+01:00";

        // America/New_York: 2026-03-08 02:00 -> 03:00, 2026-11-01 02:00 -> 01:00.
        QTest::newRow("New York spring: 02:30 runs at 03:00 EDT")
            << "30 2 * * *" << QByteArray("America/New_York") << "2026-03-07T12:00:00-05:00"
            << "2026-03-08T03:00:00-04:00";
        QTest::newRow("New York: 09:00 keeps its wall time")
            << "0 9 * * *" << QByteArray("America/New_York") << "2026-03-07T09:00:00-05:00"
            << "2026-03-08T09:00:00-04:00";
        QTest::newRow("New York fall: 01:30 EDT")
            << "30 1 * * *" << QByteArray("America/New_York") << "2026-10-31T12:00:00-04:00"
            << "2026-11-01T01:30:00-04:00";
        QTest::newRow("New York fall: not again at 01:30 EST")
            << "30 1 * * *" << QByteArray("America/New_York") << "2026-11-01T01:30:00-04:00"
            << "2026-11-02T01:30:00-05:00";
        QTest::newRow("New York fall: every 15 minutes into the repeated hour")
            << "*/15 * * * *" << QByteArray("America/New_York") << "2026-11-01T01:45:00-04:00"
            << "2026-11-01T01:00:00-05:00";

        // Australia/Lord_Howe shifts by 30 minutes: 2026-10-04 02:00 -> 02:30 and
        // 2026-04-05 02:00 -> 01:30.
        QTest::newRow("Lord Howe spring: 02:15 runs at 02:30")
            << "15 2 * * *" << QByteArray("Australia/Lord_Howe") << "2026-10-03T12:00:00+10:30"
            << "2026-10-04T02:30:00+11:00";
        QTest::newRow("Lord Howe fall: 01:45 at its first occurrence")
            << "45 1 * * *" << QByteArray("Australia/Lord_Howe") << "2026-04-04T12:00:00+11:00"
            << "2026-04-05T01:45:00+11:00";
        QTest::newRow("Lord Howe fall: not again")
            << "45 1 * * *" << QByteArray("Australia/Lord_Howe") << "2026-04-05T01:45:00+11:00"
            << "2026-04-06T01:45:00+10:30";
        QTest::newRow("Lord Howe fall: every 15 minutes into the repeated half hour")
            << "*/15 * * * *" << QByteArray("Australia/Lord_Howe") << "2026-04-05T01:45:00+11:00"
            << "2026-04-05T01:30:00+10:30";
        QTest::newRow("Lord Howe spring: hourly has one 90-minute interval")
            << "0 * * * *" << QByteArray("Australia/Lord_Howe") << "2026-10-04T01:00:00+10:30"
            << "2026-10-04T03:00:00+11:00";
    }
    void nextAfter() {
        QFETCH(QString, expression);
        QFETCH(QByteArray, zoneId);
        QFETCH(QString, after);
        QFETCH(QString, expected);
        const auto next = cron(expression).nextAfter(at(after), zone(zoneId));
        if (expected.isEmpty()) {
            QVERIFY2(!next, qPrintable(utcText(next)));
            return;
        }
        QVERIFY2(next.has_value(), "no next run");
        QCOMPARE(next->timeSpec(), Qt::UTC);
        QCOMPARE(utcText(next), utcText(at(expected)));
    }

    void nextRuns_data() {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QByteArray>("zoneId");
        QTest::addColumn<QString>("after");
        QTest::addColumn<int>("n");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("daily over spring forward")
            << "@daily" << QByteArray("Europe/Berlin") << "2026-03-27T12:00:00+01:00" << 5
            << QStringList{"2026-03-28T00:00:00+01:00", "2026-03-29T00:00:00+01:00",
                           "2026-03-30T00:00:00+02:00", "2026-03-31T00:00:00+02:00",
                           "2026-04-01T00:00:00+02:00"};
        QTest::newRow("02:30 over spring forward")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-03-27T12:00:00+01:00" << 5
            << QStringList{"2026-03-28T02:30:00+01:00", "2026-03-29T03:00:00+02:00",
                           "2026-03-30T02:30:00+02:00", "2026-03-31T02:30:00+02:00",
                           "2026-04-01T02:30:00+02:00"};
        QTest::newRow("02:30 over fall back")
            << "30 2 * * *" << QByteArray("Europe/Berlin") << "2026-10-23T12:00:00+02:00" << 5
            << QStringList{"2026-10-24T02:30:00+02:00", "2026-10-25T02:30:00+02:00",
                           "2026-10-26T02:30:00+01:00", "2026-10-27T02:30:00+01:00",
                           "2026-10-28T02:30:00+01:00"};
        QTest::newRow("every 15 minutes over spring forward")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-03-29T01:15:00+01:00" << 5
            << QStringList{"2026-03-29T01:30:00+01:00", "2026-03-29T01:45:00+01:00",
                           "2026-03-29T03:00:00+02:00", "2026-03-29T03:15:00+02:00",
                           "2026-03-29T03:30:00+02:00"};
        QTest::newRow("every 15 minutes over fall back")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-10-25T02:15:00+02:00" << 5
            << QStringList{"2026-10-25T02:30:00+02:00", "2026-10-25T02:45:00+02:00",
                           "2026-10-25T02:00:00+01:00", "2026-10-25T02:15:00+01:00",
                           "2026-10-25T02:30:00+01:00"};
        QTest::newRow("weekdays at 09:30")
            << "30 9 * * 1-5" << QByteArray("UTC") << "2026-05-08T10:00:00Z" << 5
            << QStringList{"2026-05-11T09:30:00Z", "2026-05-12T09:30:00Z", "2026-05-13T09:30:00Z",
                           "2026-05-14T09:30:00Z", "2026-05-15T09:30:00Z"};
        QTest::newRow("leap days stop at the search bound")
            << "0 0 29 2 *" << QByteArray("UTC") << "2026-01-01T00:00:00Z" << 3
            << QStringList{"2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z", "2036-02-29T00:00:00Z"};
        QTest::newRow("never") << "0 0 30 2 *" << QByteArray("UTC") << "2026-01-01T00:00:00Z" << 5
                               << QStringList{};
        QTest::newRow("zero asked")
            << "* * * * *" << QByteArray("UTC") << "2026-01-01T00:00:00Z" << 0 << QStringList{};
        QTest::newRow("negative asked")
            << "* * * * *" << QByteArray("UTC") << "2026-01-01T00:00:00Z" << -3 << QStringList{};
    }
    void nextRuns() {
        QFETCH(QString, expression);
        QFETCH(QByteArray, zoneId);
        QFETCH(QString, after);
        QFETCH(int, n);
        QFETCH(QStringList, expected);
        QStringList actual;
        for (const QDateTime& run : cron(expression).nextRuns(at(after), zone(zoneId), n)) {
            actual.append(utcText(run));
        }
        QStringList wanted;
        for (const QString& iso : expected) {
            wanted.append(utcText(at(iso)));
        }
        QCOMPARE(actual, wanted);
    }

    // Interval expressions with '*' in the hour run by real elapsed time across both changes: a
    // chain of runs is evenly spaced in UTC, with no duplicate and no missing run.
    void intervalsKeepRealTimeAcrossChanges_data() {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QByteArray>("zoneId");
        QTest::addColumn<QString>("from");  // a run time, UTC
        QTest::addColumn<int>("spacingMinutes");

        QTest::newRow("Berlin spring, 15 min")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-03-28T22:00:00Z" << 15;
        QTest::newRow("Berlin fall, 15 min")
            << "*/15 * * * *" << QByteArray("Europe/Berlin") << "2026-10-24T22:00:00Z" << 15;
        QTest::newRow("Berlin fall, hourly")
            << "0 * * * *" << QByteArray("Europe/Berlin") << "2026-10-24T20:00:00Z" << 60;
        QTest::newRow("Berlin spring, hourly")
            << "@hourly" << QByteArray("Europe/Berlin") << "2026-03-28T20:00:00Z" << 60;
        QTest::newRow("New York fall, 15 min")
            << "*/15 * * * *" << QByteArray("America/New_York") << "2026-11-01T03:00:00Z" << 15;
        QTest::newRow("New York spring, 5 min")
            << "*/5 * * * *" << QByteArray("America/New_York") << "2026-03-08T05:00:00Z" << 5;
        QTest::newRow("Lord Howe fall, 15 min")
            << "*/15 * * * *" << QByteArray("Australia/Lord_Howe") << "2026-04-04T13:00:00Z" << 15;
        QTest::newRow("Lord Howe spring, 15 min")
            << "*/15 * * * *" << QByteArray("Australia/Lord_Howe") << "2026-10-03T13:00:00Z" << 15;
    }
    void intervalsKeepRealTimeAcrossChanges() {
        QFETCH(QString, expression);
        QFETCH(QByteArray, zoneId);
        QFETCH(QString, from);
        QFETCH(int, spacingMinutes);
        const QTimeZone tz = zone(zoneId);
        const QDateTime start = at(from);
        // Make sure the chain really crosses a change of offset.
        const auto transition = tz.nextTransition(start);
        QVERIFY(transition.atUtc.isValid());
        const int count = 6 * 60 / spacingMinutes;
        QVERIFY(transition.atUtc > start);
        QVERIFY(transition.atUtc < start.addSecs(qint64(count) * spacingMinutes * 60));

        const QList<QDateTime> runs = cron(expression).nextRuns(start, tz, count);
        QCOMPARE(runs.size(), count);
        for (int i = 0; i < count; ++i) {
            QCOMPARE(utcText(runs[i]), utcText(start.addSecs(qint64(i + 1) * spacingMinutes * 60)));
        }
    }

    // Hour-field intervals other than '*' follow the wall clock: the spacing changes at DST.
    void lordHoweHourlyHasNinetyMinuteIntervals() {
        const QList<QDateTime> runs =
            cron("0 * * * *").nextRuns(at("2026-04-04T12:00:00Z"), zone("Australia/Lord_Howe"), 5);
        QStringList actual;
        for (const QDateTime& run : runs) {
            actual.append(utcText(run));
        }
        // From 23:00 (+11): 00:00 and 01:00 (+11); at 02:00 the clock falls back to 01:30
        // (+10:30), so 02:00 comes 90 minutes after 01:00; then 03:00 and 04:00 (+10:30).
        QCOMPARE(actual, (QStringList{"2026-04-04T13:00:00.000Z", "2026-04-04T14:00:00.000Z",
                                      "2026-04-04T15:30:00.000Z", "2026-04-04T16:30:00.000Z",
                                      "2026-04-04T17:30:00.000Z"}));
    }

    // 10,000 chained calls of every minute across the spring change: each run is one real minute
    // after the one before. (Speed is not asserted; the field-jumping search keeps it quick.)
    void everyMinuteChainedTenThousandTimes() {
        const CronExpression everyMinute = cron("* * * * *");
        const QTimeZone berlin = zone("Europe/Berlin");
        const QDateTime start = at("2026-03-25T00:00:00Z");
        QDateTime current = start;
        for (int i = 1; i <= 10000; ++i) {
            const auto next = everyMinute.nextAfter(current, berlin);
            QVERIFY(next.has_value());
            if (next->toMSecsSinceEpoch() - current.toMSecsSinceEpoch() != 60'000) {
                QFAIL(qPrintable(
                    QStringLiteral("after %1 came %2").arg(utcText(current), utcText(*next))));
            }
            current = *next;
        }
        QCOMPARE(utcText(current), utcText(start.addSecs(10000 * 60)));
    }

    void invalidInputsGiveNoRun() {
        const CronExpression everyMinute = cron("* * * * *");
        QVERIFY(everyMinute.nextAfter(at("2026-01-01T00:00:00Z"), QTimeZone::utc()).has_value());
        QVERIFY(!everyMinute.nextAfter(QDateTime(), QTimeZone::utc()).has_value());
        QVERIFY(!everyMinute.nextAfter(at("2026-01-01T00:00:00Z"), QTimeZone("Nowhere/Atlantis"))
                     .has_value());
        const CronExpression empty;
        QVERIFY(!empty.isValid());
        QVERIFY(!empty.nextAfter(at("2026-01-01T00:00:00Z"), QTimeZone::utc()).has_value());
        QVERIFY(empty.nextRuns(at("2026-01-01T00:00:00Z"), QTimeZone::utc(), 3).isEmpty());
    }

    void describe_data() {
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("description");

        QTest::newRow("every minute") << "* * * * *"
                                      << "every minute";
        QTest::newRow("every 15 minutes") << "*/15 * * * *"
                                          << "every 15 minutes";
        QTest::newRow("every 5 minutes as a list") << "0,5,10,15,20,25,30,35,40,45,50,55 * * * *"
                                                   << "every 5 minutes";
        QTest::newRow("*/7 is not every 7 minutes") << "*/7 * * * *"
                                                    << "*/7 * * * *";
        QTest::newRow("every hour") << "0 * * * *"
                                    << "every hour";
        QTest::newRow("@hourly") << "@hourly"
                                 << "every hour";
        QTest::newRow("every hour at :30") << "30 * * * *"
                                           << "every hour at minute 30";
        QTest::newRow("every 2 hours") << "0 */2 * * *"
                                       << "every 2 hours";
        QTest::newRow("every 6 hours at :15") << "15 */6 * * *"
                                              << "every 6 hours at minute 15";
        QTest::newRow("daily 06:00") << "0 6 * * *"
                                     << "every day at 06:00";
        QTest::newRow("@daily") << "@daily"
                                << "every day at 00:00";
        QTest::newRow("twice a day") << "0 6,18 * * *"
                                     << "every day at 06:00, 18:00";
        QTest::newRow("Monday 09:30") << "30 9 * * 1"
                                      << "at 09:30 on Monday";
        QTest::newRow("Monday by name") << "30 9 * * mon"
                                        << "at 09:30 on Monday";
        QTest::newRow("Sunday as 7") << "0 10 * * 7"
                                     << "at 10:00 on Sunday";
        QTest::newRow("@weekly") << "@weekly"
                                 << "at 00:00 on Sunday";
        QTest::newRow("weekdays") << "30 9 * * MON-FRI"
                                  << "at 09:30 on Monday to Friday";
        QTest::newRow("weekend") << "0 10 * * SAT,SUN"
                                 << "at 10:00 on Saturday, Sunday";
        QTest::newRow("three days") << "0 8 * * 1,3,5"
                                    << "at 08:00 on Monday, Wednesday, Friday";
        QTest::newRow("monthly") << "0 0 1 * *"
                                 << "at 00:00 on day 1 of every month";
        QTest::newRow("@monthly") << "@monthly"
                                  << "at 00:00 on day 1 of every month";
        QTest::newRow("@yearly") << "@yearly"
                                 << "at 00:00 on 1 January";
        QTest::newRow("leap day") << "0 12 29 2 *"
                                  << "at 12:00 on 29 February";
        QTest::newRow("too many times") << "*/5 9-17 * * 1-5"
                                        << "*/5 9-17 * * 1-5";
        QTest::newRow("dom or dow") << "0 0 13 * 5"
                                    << "0 0 13 * 5";
        QTest::newRow("restricted months") << "0 6 * 1-3 *"
                                           << "0 6 * 1-3 *";
    }
    void describe() {
        QFETCH(QString, expression);
        QFETCH(QString, description);
        QCOMPARE(cron(expression).describe(), description);
    }
};

QTEST_GUILESS_MAIN(TestCronExpression)
#include "test_cron_expression.moc"
