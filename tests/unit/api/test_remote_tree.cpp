// The Supervision tree page through `zerg serve`: RemoteTreeSource asks the server's
// `supervision`, which answers the server's live tree as the connection's owner may see it: every
// service, and of the runs and workers only that owner's. Owner ids are not sent. What comes back
// equals what the owner's local source gives.
#include "remote_sources_fixture.h"

#include <QJsonDocument>

using namespace zerg;
using namespace zerg::test;

namespace {

QJsonObject sup(const QString& id, const QJsonArray& children) {
    return {{u"id"_s, id},
            {u"strategy"_s, u"one_for_one"_s},
            {u"intensity"_s, 3},
            {u"period"_s, 60},
            {u"state"_s, u"running"_s},
            {u"restarts_in_window"_s, 0},
            {u"children"_s, children}};
}

QJsonObject child(const QString& id, const QJsonObject& nested = {}) {
    QJsonObject c{{u"id"_s, id}, {u"state"_s, u"running"_s}, {u"restart"_s, u"permanent"_s}};
    if (!nested.isEmpty())
        c.insert(u"child"_s, nested);
    return c;
}

// A dynamic child of one owner, as WorkerPool and SupervisorRuns annotate them.
QJsonObject item(const QString& id, const QString& keyName, qint64 key, qint64 owner) {
    QJsonObject c = child(id);
    c.insert(u"restart"_s, u"transient"_s);
    c.insert(keyName, key);
    c.insert(u"owner_id"_s, owner);
    return c;
}

// Every child id of the tree, depth first.
QStringList ids(const QJsonObject& supervisor) {
    QStringList out;
    for (const QJsonValue& v : supervisor.value(u"children"_s).toArray()) {
        const QJsonObject c = v.toObject();
        out.append(c.value(u"id"_s).toString());
        out.append(ids(c.value(u"child"_s).toObject()));
    }
    return out;
}

}  // namespace

class TestRemoteTree : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theClientSeesTheServicesAndOnlyItsOwnItems() {
        RemoteSourcesFixture f;
        const qint64 me = RemoteSourcesFixture::kOwner;
        f.tree =
            sup(u"zerg"_s,
                {child(u"storage"_s),
                 child(u"supervisor_agent"_s,
                       sup(u"supervisor_agent"_s, {item(u"run#1"_s, u"run_id"_s, 7, 2),
                                                   item(u"run#2"_s, u"run_id"_s, 8, me)})),
                 child(u"workers"_s, sup(u"workers"_s, {item(u"worker#1"_s, u"job_id"_s, 11, me),
                                                        item(u"worker#2"_s, u"job_id"_s, 12, 2),
                                                        item(u"worker#3"_s, u"job_id"_s, 13, 0)})),
                 child(u"api"_s)});

        const Result<QJsonObject> local = f.await<QJsonObject>(
            [&](QObject* c, auto done) { f.local->sources().tree->snapshot(c, done); });
        const Result<QJsonObject> remote = f.await<QJsonObject>(
            [&](QObject* c, auto done) { f.remote->sources().tree->snapshot(c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QCOMPARE(ids(remote.value()), (QStringList{u"storage"_s, u"supervisor_agent"_s, u"run#2"_s,
                                                   u"workers"_s, u"worker#1"_s, u"api"_s}));
        QCOMPARE(remote.value(), local.value());
        // The items keep their own ids; no owner id crosses the wire.
        const QByteArray text = QJsonDocument(remote.value()).toJson(QJsonDocument::Compact);
        QVERIFY2(!text.contains("owner_id"), text.constData());
        QVERIFY(text.contains("\"job_id\":11"));
        QVERIFY(!text.contains("\"job_id\":12"));
        QCOMPARE(remote->value(u"id"_s).toString(), u"zerg"_s);
        QCOMPARE(remote->value(u"intensity"_s).toInt(), 3);

        // A remote tree changes without events reaching the client (the services' are not
        // sent): the page must poll it; the local one not.
        QVERIFY(f.remote->sources().tree->needsPolling());
        QVERIFY(!f.local->sources().tree->needsPolling());
    }

    void noTreeIsAnEmptyObject() {
        RemoteSourcesFixture f;
        const Result<QJsonObject> remote = f.await<QJsonObject>(
            [&](QObject* c, auto done) { f.remote->sources().tree->snapshot(c, done); });
        QVERIFY(remote.ok());
        QVERIFY(remote->isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRemoteTree)
#include "test_remote_tree.moc"
