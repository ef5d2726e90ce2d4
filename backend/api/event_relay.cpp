#include "api/event_relay.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "storage/database.h"
#include "storage/event_journal.h"

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcApi)

namespace zerg::api {

namespace {
constexpr qint64 kPruneEveryMs = 10 * 60'000;
}  // namespace

EventRelay::EventRelay(Config config, Database* db, EventBus* bus, Clock* clock, QObject* parent)
    : QObject(parent),
      m_config(config),
      m_db(db),
      m_clock(clock),
      m_journal(std::make_unique<EventJournal>(db)) {
    connect(bus, &EventBus::published, this, &EventRelay::onPublished);
}

EventRelay::~EventRelay() {
    m_clock->cancel(m_flushTimer);
    m_clock->cancel(m_pollTimer);
    flush();
}

Status EventRelay::start() {
    const Result<qint64> last = m_journal->lastId();
    if (!last)
        return last.error();
    m_lastRead = last.value();
    m_started = true;
    if (m_db->isPostgres() && !m_db->listen(QString::fromLatin1(EventJournal::kChannel), this,
                                            [this] { schedulePoll(0); })) {
        qCWarning(lcApi,
                  "cannot LISTEN for the events of other instances; reading them every %d ms "
                  "instead",
                  m_config.pollMs);
    }
    schedulePoll(m_config.pollMs);
    m_clock->callAfter(kPruneEveryMs, this, [this] { prune(); });
    return Ok{};
}

void EventRelay::onPublished(const Event& e) {
    if (e.ownerId <= 0)
        return;  // service events concern this process only
    m_pending.append(e);
    if (m_pending.size() > kMaxPending) {
        const qsizetype drop = m_pending.size() - kMaxPending;
        m_pending.remove(0, drop);
        qCWarning(lcApi,
                  "the event journal cannot be written: %lld events dropped; clients of other "
                  "instances miss them (reload shows the runs' state)",
                  qint64(drop));
    }
    if (m_flushTimer == 0)
        m_flushTimer = m_clock->callAfter(m_config.flushMs, this, [this] {
            m_flushTimer = 0;
            flush();
        });
}

void EventRelay::flush() {
    if (m_pending.isEmpty())
        return;
    const qint64 self = m_db->instanceId();
    m_ownInstances.insert(self);
    const Status written = m_journal->append(m_pending, self);
    if (!written) {
        if (!m_warnedWrite) {
            qCWarning(lcApi, "%s; the events are kept and written again shortly",
                      qPrintable(written.error().message));
        }
        m_warnedWrite = true;
        if (m_flushTimer == 0)
            m_flushTimer = m_clock->callAfter(m_config.pollMs, this, [this] {
                m_flushTimer = 0;
                flush();
            });
        return;
    }
    if (m_warnedWrite)
        qCInfo(lcApi, "the event journal is written again");
    m_warnedWrite = false;
    m_pending.clear();
}

void EventRelay::schedulePoll(int delayMs) {
    m_clock->cancel(m_pollTimer);
    m_pollTimer = m_clock->callAfter(delayMs, this, [this] {
        m_pollTimer = 0;
        poll();
        if (m_pollTimer == 0)
            schedulePoll(m_config.pollMs);
    });
}

void EventRelay::poll() {
    if (!m_started)
        return;
    for (;;) {
        const Result<QList<JournalEvent>> batch = m_journal->after(m_lastRead, kReadBatch);
        if (!batch) {
            if (!m_warnedRead)
                qCWarning(lcApi, "%s; trying again shortly", qPrintable(batch.error().message));
            m_warnedRead = true;
            return;
        }
        m_warnedRead = false;
        for (const JournalEvent& j : batch.value()) {
            m_lastRead = j.id;
            if (!m_ownInstances.contains(j.instanceId))
                Q_EMIT relayed(j.event);
        }
        if (batch->size() < kReadBatch)
            return;
    }
}

void EventRelay::prune() {
    const Result<int> pruned =
        m_journal->pruneBefore(m_clock->utcNow().addSecs(-qint64(m_config.keepMinutes) * 60));
    if (!pruned)
        qCWarning(lcApi, "%s", qPrintable(pruned.error().message));
    m_clock->callAfter(kPruneEveryMs, this, [this] { prune(); });
}

}  // namespace zerg::api
