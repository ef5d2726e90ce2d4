// JsonFields (storage/json_fields.h): one table writes and reads a record; reading is lenient
// (a missing key or one of another type keeps the record's default), times are ISO-8601 UTC with
// milliseconds, an unset optional number is null, a status is its stored word.
#include "core/status.h"
#include "storage/json_fields.h"

#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using zerg::RunStatus;

namespace {

struct Sample {
    qint64 id = 0;
    int attempts = 1;
    QString mode = u"supervisor"_s;
    bool enabled = true;
    double known = 0.0;
    std::optional<double> cost;
    QDateTime at;
    QJsonObject body;
    RunStatus status = RunStatus::Running;
};

const zerg::JsonFields<Sample>& fields() {
    static const zerg::JsonFields<Sample> f{
        {u"id"_s, &Sample::id},         {u"attempts"_s, &Sample::attempts},
        {u"mode"_s, &Sample::mode},     {u"enabled"_s, &Sample::enabled},
        {u"known"_s, &Sample::known},   {u"cost_usd"_s, &Sample::cost},
        {u"at"_s, &Sample::at},         {u"body"_s, &Sample::body},
        {u"status"_s, &Sample::status},
    };
    return f;
}

QJsonObject parse(const char* json) {
    return QJsonDocument::fromJson(json).object();
}

}  // namespace

class TestJsonFields : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void writesEachKeyInItsForm() {
        Sample s;
        s.id = 42;
        s.attempts = 3;
        s.mode = u"quick"_s;
        s.enabled = false;
        s.known = 0.25;
        s.at = QDateTime(QDate(2026, 11, 25), QTime(6, 30, 1, 5), Qt::UTC);
        s.body = {{u"role"_s, u"user"_s}};
        s.status = RunStatus::Cancelled;
        const QJsonObject o = fields().write(s);
        QCOMPARE(o.size(), 9);
        QCOMPARE(o.value(u"id"_s).toInteger(), 42);
        QCOMPARE(o.value(u"attempts"_s).toInt(), 3);
        QCOMPARE(o.value(u"mode"_s).toString(), u"quick"_s);
        QCOMPARE(o.value(u"enabled"_s).toBool(true), false);
        QCOMPARE(o.value(u"known"_s).toDouble(), 0.25);
        QVERIFY(o.value(u"cost_usd"_s).isNull());  // unknown, not 0
        QCOMPARE(o.value(u"at"_s).toString(), u"2026-11-25T06:30:01.005Z"_s);
        QCOMPARE(o.value(u"body"_s).toObject().value(u"role"_s).toString(), u"user"_s);
        QCOMPARE(o.value(u"status"_s).toString(), u"cancelled"_s);
        s.cost = 0.0;  // free is a number
        QVERIFY(fields().write(s).value(u"cost_usd"_s).isDouble());
    }

    void readsBackWhatItWrote() {
        Sample s;
        s.id = 7;
        s.attempts = 2;
        s.mode = u"background"_s;
        s.enabled = false;
        s.known = 1.5;
        s.cost = 1.75;
        s.at = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 6), Qt::UTC);
        s.body = {{u"content"_s, u"hi"_s}};
        s.status = RunStatus::Timeout;
        const Sample back = fields().read(fields().write(s));
        QCOMPARE(back.id, s.id);
        QCOMPARE(back.attempts, s.attempts);
        QCOMPARE(back.mode, s.mode);
        QCOMPARE(back.enabled, s.enabled);
        QCOMPARE(back.known, s.known);
        QCOMPARE(back.cost, s.cost);
        QCOMPARE(back.at, s.at);
        QCOMPARE(back.body, s.body);
        QCOMPARE(back.status, s.status);
    }

    void missingOrMistypedKeysKeepTheDefaults() {
        const Sample back = fields().read(parse(
            R"({"id": "seven", "enabled": 0, "mode": 3, "at": 12, "body": [], "status": "exploded"})"));
        const Sample defaults;
        QCOMPARE(back.id, defaults.id);
        QCOMPARE(back.attempts, defaults.attempts);  // 1, not 0
        QCOMPARE(back.mode, defaults.mode);          // "supervisor", not ""
        QCOMPARE(back.enabled, defaults.enabled);
        QVERIFY(!back.at.isValid());
        QVERIFY(back.body.isEmpty());
        QCOMPARE(back.status, defaults.status);  // a word this version does not know
        QVERIFY(!back.cost.has_value());
    }

    void readsTheDocumentedForm() {
        const Sample back = fields().read(parse(
            R"({"id": 12, "attempts": 4, "mode": "quick", "enabled": false, "known": 0.5,
                "cost_usd": null, "at": "2026-11-25T06:30:01.005Z", "status": "success"})"));
        QCOMPARE(back.id, 12);
        QCOMPARE(back.attempts, 4);
        QCOMPARE(back.mode, u"quick"_s);
        QCOMPARE(back.enabled, false);
        QCOMPARE(back.known, 0.5);
        QVERIFY(!back.cost.has_value());
        QCOMPARE(back.at, QDateTime(QDate(2026, 11, 25), QTime(6, 30, 1, 5), Qt::UTC));
        QCOMPARE(back.status, RunStatus::Success);
    }
};

QTEST_GUILESS_MAIN(TestJsonFields)
#include "test_json_fields.moc"
