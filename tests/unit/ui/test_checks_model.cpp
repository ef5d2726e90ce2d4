// Settings › Checks (ChecksModel): the doctor of `zerg doctor` run from the window. Results come
// in one row each while it runs, with the fix for a failure and none for a passed check; the
// summary comes at the end and counts failures and warnings; a second run starts afresh; in remote
// mode the model is unavailable and says where to run the doctor. Real Doctor, a loopback HTTP
// server for the provider.
#include "core/clock.h"
#include "core/settings.h"
#include "dashboard/hosts_source.h"
#include "http_stub.h"
#include "temp_env.h"
#include "ui/checks_model.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace zerg;
using zerg::test::HttpStub;

class TestChecksModel : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    HttpStub m_server;
    SystemClock m_clock;

    Settings settings(const QString& model) {
        Settings s;
        s.dataDir = m_tmp.filePath(QStringLiteral("data"));
        QDir().mkpath(s.dataDir);
        s.llmProvider = QStringLiteral("openai");
        s.llmBaseUrl = m_server.baseUrl() + QStringLiteral("/v1");
        s.llmApiKey = QStringLiteral("sk-checks");
        s.model = model;
        s.deciderModel = QStringLiteral("heuristic");
        s.hostsFile = m_tmp.filePath(QStringLiteral("no-hosts"));
        s.ollamaUrl = QStringLiteral("http://127.0.0.1:%1").arg(test::freeLoopbackPort());
        return s;
    }

    static QString role(const ChecksModel& m, const QString& id, int role) {
        for (int row = 0; row < m.rowCount(); ++row) {
            const QModelIndex i = m.index(row);
            if (i.data(ChecksModel::CheckIdRole).toString() == id)
                return i.data(role).toString();
        }
        return QStringLiteral("<no %1>").arg(id);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        test::clearZergEnvironment();
        QVERIFY(m_server.start());
        m_server.route("GET", "/v1/models", 200, R"({"object":"list","data":[{"id":"m1"}]})");
    }

    void rowsComeAsTheyAreCheckedThenTheSummary() {
        const Settings s = settings(QStringLiteral("not-offered"));
        LocalHostsSource hosts(s, &m_clock);
        ChecksModel m(ChecksModel::localDoctor(s, &m_clock, &hosts));
        QAbstractItemModelTester tester(&m);
        QVERIFY(m.available());
        QVERIFY(m.unavailableReason().isEmpty());
        QVERIFY(m.summary().isEmpty());
        QSignalSpy inserted(&m, &QAbstractItemModel::rowsInserted);
        QSignalSpy running(&m, &ChecksModel::runningChanged);
        m.run();
        QVERIFY(m.running());
        m.run();  // ignored while running
        QTRY_VERIFY_WITH_TIMEOUT(!m.running(), 30000);
        QVERIFY(m.done());
        QVERIFY(m.count() >= 4);
        QCOMPARE(inserted.size(), m.count());  // one at a time, as they came
        QCOMPARE(running.size(), 2);
        QCOMPARE(m.index(0).data(ChecksModel::CheckIdRole).toString(), QStringLiteral("provider"));
        QCOMPARE(role(m, QStringLiteral("provider"), ChecksModel::StatusRole),
                 QStringLiteral("ok"));
        QVERIFY(role(m, QStringLiteral("provider"), ChecksModel::FixRole).isEmpty());
        // The configured model is not offered: a failure, with what to do.
        const QString model = QStringLiteral("model:not-offered");
        QCOMPARE(role(m, model, ChecksModel::StatusRole), QStringLiteral("fail"));
        QVERIFY2(!role(m, model, ChecksModel::FixRole).isEmpty(),
                 qPrintable(role(m, model, ChecksModel::MessageRole)));
        QVERIFY(!m.summaryOk());
        QVERIFY2(m.summary().startsWith(QStringLiteral("Problems to fix: 1")),
                 qPrintable(m.summary()));

        // Again: the old rows go first, then the new ones come.
        QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
        m.run();
        QCOMPARE(reset.size(), 1);
        QVERIFY(m.summary().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!m.running(), 30000);
        QVERIFY(m.count() >= 4);
    }

    void aHealthySetUpLooksFine() {
        const Settings s = settings(QStringLiteral("m1"));
        LocalHostsSource hosts(s, &m_clock);
        ChecksModel m(ChecksModel::localDoctor(s, &m_clock, &hosts));
        m.run();
        QTRY_VERIFY_WITH_TIMEOUT(!m.running(), 30000);
        QCOMPARE(role(m, QStringLiteral("model:m1"), ChecksModel::StatusRole),
                 QStringLiteral("ok"));
        // No failure (the sandbox or the missing hosts file may warn on this machine).
        QVERIFY2(m.summaryOk(), qPrintable(m.summary()));
        QVERIFY(!m.summary().isEmpty());
    }

    void remoteModeSaysWhereToRunTheDoctor() {
        ChecksModel m(nullptr);
        QVERIFY(!m.available());
        QVERIFY(m.unavailableReason().contains(QStringLiteral("zerg doctor")));
        m.run();
        QVERIFY(!m.running());
        QCOMPARE(m.count(), 0);
    }
};

QTEST_GUILESS_MAIN(TestChecksModel)
#include "test_checks_model.moc"
