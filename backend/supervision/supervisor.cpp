#include "supervision/supervisor.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>
#include <exception>

namespace zerg::supervision {

Q_LOGGING_CATEGORY(lcSupervisor, "zerg.supervision")

// ---- creation and validation ------------------------------------------------------------------

Supervisor::Supervisor(const QString& name, const SupervisorFlags& flags,
                       const QList<ChildSpec>& specs, Clock* clock)
    : m_name(name),
      m_flags(flags),
      m_initialSpecs(specs),
      m_clock(clock),
      m_intensity(flags.intensity, flags.periodSecs),
      m_random([] { return QRandomGenerator::global()->generateDouble(); }) {
    setObjectName(name);
}

Supervisor::~Supervisor() {
    ++m_opToken;
    // Children are QObject children and die with us; they must not call back into a supervisor
    // that is half destroyed.
    for (const auto& r : m_records) {
        if (r->child)
            disconnect(r->child, nullptr, this, nullptr);
        if (r->killTimer)
            m_clock->cancel(r->killTimer);
        if (r->restartTimer)
            m_clock->cancel(r->restartTimer);
    }
    if (m_parallelKillTimer)
        m_clock->cancel(m_parallelKillTimer);
}

Error Supervisor::error(const char* code, const QString& message) const {
    return Error{QString::fromLatin1(code), message};
}

std::optional<Error> Supervisor::validateSpec(const ChildSpec& spec) const {
    if (spec.id.isEmpty())
        return error(errors::InvalidChildSpec,
                     tr("A child spec of supervisor '%1' has no id; give every child a unique id.")
                         .arg(m_name));
    if (!spec.start)
        return error(
            errors::InvalidChildSpec,
            tr("Child '%1' of supervisor '%2' has no start function; set ChildSpec::start.")
                .arg(spec.id, m_name));
    if (spec.shutdown && spec.shutdown->kind == Shutdown::Kind::Timeout &&
        spec.shutdown->timeoutMs < 0)
        return error(errors::InvalidChildSpec,
                     tr("Child '%1' has a negative shutdown timeout; use 0 or more milliseconds, "
                        "brutal_kill or infinity.")
                         .arg(spec.id));
    if (spec.backoff) {
        const Backoff& b = *spec.backoff;
        if (b.minMs <= 0 || b.maxMs < b.minMs || b.randomFactor < 0 || b.resetAfterMs < 0)
            return error(errors::InvalidChildSpec,
                         tr("Child '%1' has an invalid backoff; it needs 0 < min <= max, a random "
                            "factor >= 0 and reset_after >= 0.")
                             .arg(spec.id));
    }
    if (spec.significant && spec.restart == RestartType::Permanent)
        return error(errors::BadCombination,
                     tr("Child '%1' is significant and permanent, which OTP forbids; make it "
                        "transient or temporary, or not significant.")
                         .arg(spec.id));
    if (spec.significant && m_flags.autoShutdown == AutoShutdown::Never)
        return error(errors::BadCombination,
                     tr("Child '%1' is significant but supervisor '%2' has auto_shutdown=never; "
                        "set auto_shutdown or drop the significant flag.")
                         .arg(spec.id, m_name));
    return std::nullopt;
}

Result<std::unique_ptr<Supervisor>> Supervisor::create(const QString& name,
                                                       const SupervisorFlags& flags,
                                                       const QList<ChildSpec>& specs,
                                                       Clock* clock) {
    Q_ASSERT(clock);
    std::unique_ptr<Supervisor> sup(new Supervisor(name, flags, specs, clock));
    if (flags.intensity < 0)
        return sup->error(errors::InvalidIntensity,
                          tr("Supervisor '%1' has intensity %2; use 0 or more restarts.")
                              .arg(name)
                              .arg(flags.intensity));
    if (flags.periodSecs <= 0)
        return sup->error(errors::InvalidPeriod,
                          tr("Supervisor '%1' has period %2 s; use a period of at least 1 second.")
                              .arg(name)
                              .arg(flags.periodSecs));
    if (flags.maxChildren &&
        (*flags.maxChildren < 0 || flags.strategy != Strategy::SimpleOneForOne))
        return sup->error(errors::InvalidMaxChildren,
                          tr("Supervisor '%1': max_children must be 0 or more and only applies "
                             "to simple_one_for_one supervisors.")
                              .arg(name));
    if (flags.strategy == Strategy::SimpleOneForOne && specs.size() != 1)
        return sup->error(errors::BadStartSpec,
                          tr("Supervisor '%1' is simple_one_for_one and needs exactly one child "
                             "spec (the template), not %2.")
                              .arg(name)
                              .arg(specs.size()));
    QSet<QString> seen;
    for (const ChildSpec& spec : specs) {
        if (auto err = sup->validateSpec(spec))
            return *err;
        if (seen.contains(spec.id))
            return sup->error(errors::DuplicateChildName,
                              tr("Supervisor '%1' has two children with id '%2'; ids must be "
                                 "unique.")
                                  .arg(name, spec.id));
        seen.insert(spec.id);
    }
    return Result<std::unique_ptr<Supervisor>>(std::move(sup));
}

StartResult Supervisor::startAsChild(std::unique_ptr<Supervisor> sup) {
    const Status st = sup->start();
    if (!st) {
        Supervisor* failed = sup.release();
        failed->m_deleteWhenIdle = true;
        if (!failed->m_cleanupPending)
            failed->deleteLater();
        return StartResult::error(st.error().message);
    }
    return StartResult::started(sup.release());
}

void Supervisor::setRandomSource(std::function<double()> random) {
    m_random = std::move(random);
}

bool Supervisor::isRunning() const {
    return m_phase == Phase::Running || m_phase == Phase::GroupRestart;
}

int Supervisor::restartsInWindow() const {
    return m_intensity.restartsInWindow(m_clock->nowMs());
}

// ---- records ----------------------------------------------------------------------------------

Supervisor::Record* Supervisor::find(const QString& id) const {
    for (const auto& r : m_records) {
        if (r->id == id)
            return r.get();
    }
    return nullptr;
}

Supervisor::Record* Supervisor::findBySerial(quint64 serial) const {
    // Serials are handed out in creation order and records are only appended or erased, so the
    // vector is sorted by serial: a binary search keeps 10,000 dynamic children cheap.
    const auto it =
        std::lower_bound(m_records.begin(), m_records.end(), serial,
                         [](const std::unique_ptr<Record>& r, quint64 s) { return r->serial < s; });
    return it != m_records.end() && (*it)->serial == serial ? it->get() : nullptr;
}

Supervisor::Record* Supervisor::findByChild(const Child* child) const {
    if (!child)
        return nullptr;
    for (const auto& r : m_records) {
        if (r->child == child)
            return r.get();
    }
    return nullptr;
}

int Supervisor::indexOf(const Record* r) const {
    for (size_t i = 0; i < m_records.size(); ++i) {
        if (m_records[i].get() == r)
            return int(i);
    }
    return -1;
}

Supervisor::Record* Supervisor::addRecord(const QString& id, const ChildSpec& spec,
                                          const QVariant& args) {
    auto r = std::make_unique<Record>();
    r->serial = m_nextSerial++;
    r->id = id;
    r->spec = spec;
    r->args = args;
    m_records.push_back(std::move(r));
    return m_records.back().get();
}

void Supervisor::removeRecord(Record* r) {
    cancelPendingRestart(r);
    if (r->killTimer)
        m_clock->cancel(r->killTimer);
    const int i = indexOf(r);
    if (i >= 0)
        m_records.erase(m_records.begin() + i);
}

QList<quint64> Supervisor::serials(int fromIndex) const {
    QList<quint64> out;
    for (size_t i = size_t(qMax(0, fromIndex)); i < m_records.size(); ++i)
        out.append(m_records[i]->serial);
    return out;
}

// ---- starting ---------------------------------------------------------------------------------

Status Supervisor::start() {
    if (m_phase != Phase::NotStarted)
        return error(errors::AlreadyStarted,
                     tr("Supervisor '%1' was already started; create a new one to start again.")
                         .arg(m_name));
    m_phase = Phase::Running;
    if (isDynamic())
        return Ok{};

    QList<quint64> started;
    for (const ChildSpec& spec : std::as_const(m_initialSpecs)) {
        Record* r = addRecord(spec.id, spec, {});
        QString reason;
        switch (startRecord(r, &reason, nullptr)) {
            case StartOutcome::Started:
                started.append(r->serial);
                break;
            case StartOutcome::Ignored:
                if (spec.restart == RestartType::Temporary)
                    removeRecord(r);
                break;
            case StartOutcome::Failed: {
                // OTP's init: stop what started, newest first, and fail the whole supervisor.
                m_phase = Phase::StartFailed;
                m_cleanupPending = true;
                std::reverse(started.begin(), started.end());
                terminateSequence(started, ++m_opToken, [this] { cleanupFinished(); });
                return error(
                    errors::FailedToStartChild,
                    tr("Supervisor '%1' could not start child '%2': %3. The children started "
                       "before it were stopped; fix that child's start and start the "
                       "supervisor again.")
                        .arg(m_name, spec.id, reason));
            }
        }
        if (m_phase != Phase::Running)
            break;
    }
    return Ok{};
}

void Supervisor::cleanupFinished() {
    m_cleanupPending = false;
    if (m_deleteWhenIdle)
        deleteLater();
}

Supervisor::StartOutcome Supervisor::startRecord(Record* r, QString* error, QVariant* info) {
    StartResult res = StartResult::error(QString());
    try {
        res = r->spec.start(r->args);
    } catch (const std::exception& e) {
        res = StartResult::error(QString::fromUtf8(e.what()));
    } catch (...) {
        res = StartResult::error(QStringLiteral("unknown exception in start function"));
    }
    if (res.kind() == StartResult::Kind::Started && !res.child())
        res = StartResult::error(QStringLiteral("start function returned no child"));

    switch (res.kind()) {
        case StartResult::Kind::Started: {
            Child* child = res.child();
            child->setParent(this);
            r->child = child;
            r->state = ChildState::Running;
            r->generation++;
            r->startedAtMs = m_clock->nowMs();
            const quint64 serial = r->serial;
            const quint64 gen = r->generation;
            connect(child, &Child::exited, this, [this, serial, gen](const ExitReason& reason) {
                onChildExited(serial, gen, reason);
            });
            if (child->hasExited()) {
                // It ended inside its own start; handle that exit one turn later, like any other.
                const ExitReason reason = child->exitReason();
                QMetaObject::invokeMethod(
                    this, [this, serial, gen, reason] { onChildExited(serial, gen, reason); },
                    Qt::QueuedConnection);
            }
            if (info)
                *info = res.info();
            Q_EMIT childStarted(r->id);
            return StartOutcome::Started;
        }
        case StartResult::Kind::Ignore:
            r->state = ChildState::Undefined;
            return StartOutcome::Ignored;
        case StartResult::Kind::Error:
            if (error)
                *error = res.errorReason();
            return StartOutcome::Failed;
    }
    return StartOutcome::Failed;
}

// ---- exits and restarts -----------------------------------------------------------------------

void Supervisor::onChildExited(quint64 serial, quint64 generation, const ExitReason& reason) {
    Record* r = findBySerial(serial);
    if (!r || r->generation != generation || !r->child)
        return;  // an instance we already forgot about
    Child* child = r->child;
    disconnect(child, nullptr, this, nullptr);
    child->deleteLater();
    r->child = nullptr;
    r->lastExit = reason;
    if (r->killTimer) {
        m_clock->cancel(r->killTimer);
        r->killTimer = 0;
    }
    const QString id = r->id;
    const bool expected = r->state == ChildState::Stopping;
    if (!expected)
        r->state = ChildState::Undefined;
    Q_EMIT childExited(id, reason);

    r = findBySerial(serial);  // a slot connected to childExited may have changed things
    if (!r)
        return;
    if (expected) {
        finishStop(r);
        return;
    }
    switch (m_phase) {
        case Phase::Running:
            handleExit(r, reason);
            break;
        case Phase::GroupRestart:
            // OTP's supervisor is busy terminating siblings; the exit waits in its mailbox.
            defer([this, serial, generation, reason] {
                Record* rec = findBySerial(serial);
                if (rec && rec->generation == generation && rec->state == ChildState::Undefined &&
                    !rec->child)
                    handleExit(rec, reason);
            });
            break;
        default:
            break;  // stopping or gone: nothing restarts
    }
}

void Supervisor::finishStop(Record* r) {
    r->state = ChildState::Undefined;
    std::vector<Done> waiters;
    waiters.swap(r->stopWaiters);
    if (r->removeWhenStopped)
        removeRecord(r);
    for (Done& w : waiters) {
        if (w)
            w();
    }
}

void Supervisor::handleExit(Record* r, const ExitReason& reason) {
    const RestartType type = r->spec.restart;
    const bool restart =
        type == RestartType::Permanent || (type == RestartType::Transient && reason.isAbnormal());
    if (!restart) {
        const bool significant = r->spec.significant;
        if (type == RestartType::Temporary || isDynamic())
            removeRecord(r);
        if (significant)
            checkAutoShutdown();
        return;
    }
    if (r->spec.backoff && r->startedAtMs >= 0 &&
        m_clock->nowMs() - r->startedAtMs >= r->spec.backoff->resetAfterMs)
        r->backoffStreak = 0;
    decideRestart(r);
}

void Supervisor::decideRestart(Record* r) {
    if (!m_intensity.addRestart(m_clock->nowMs())) {
        giveUp(r, r->lastExit.value_or(ExitReason::normal()));
        return;
    }
    if (r->spec.backoff) {
        const qint64 delay = r->spec.backoff->delayMs(r->backoffStreak, m_random ? m_random() : 0);
        r->backoffStreak++;
        cancelPendingRestart(r);
        r->state = ChildState::Restarting;
        const quint64 serial = r->serial;
        const quint64 token = r->retryToken;
        r->restartTimer = m_clock->callAfter(delay, this, [this, serial, token] {
            Record* rec = findBySerial(serial);
            if (!rec || rec->state != ChildState::Restarting || rec->retryToken != token)
                return;
            rec->restartTimer = 0;
            if (m_phase == Phase::GroupRestart) {
                defer([this, serial, token] {
                    Record* again = findBySerial(serial);
                    if (again && again->state == ChildState::Restarting &&
                        again->retryToken == token)
                        performRestart(again);
                });
                return;
            }
            if (m_phase == Phase::Running)
                performRestart(rec);
        });
        return;
    }
    performRestart(r);
}

void Supervisor::performRestart(Record* r) {
    switch (m_flags.strategy) {
        case Strategy::OneForOne:
        case Strategy::SimpleOneForOne:
            restartOne(r);
            break;
        case Strategy::OneForAll:
            restartGroup(r, 0);
            break;
        case Strategy::RestForOne:
            restartGroup(r, indexOf(r));
            break;
    }
}

void Supervisor::restartOne(Record* r) {
    QString reason;
    switch (startRecord(r, &reason, nullptr)) {
        case StartOutcome::Started:
            r->restartCount++;
            Q_EMIT childRestarted(r->id, r->restartCount);
            break;
        case StartOutcome::Ignored:
            if (isDynamic())
                removeRecord(r);
            break;
        case StartOutcome::Failed:
            qCWarning(lcSupervisor) << m_name << "could not restart" << r->id << ":" << reason;
            postRetry(r);
            break;
    }
}

void Supervisor::restartGroup(Record* r, int fromIndex) {
    m_phase = Phase::GroupRestart;
    const quint64 token = ++m_opToken;
    cancelPendingRestart(r);
    r->state = ChildState::Restarting;
    const QList<quint64> group = serials(fromIndex);
    // The crashed child is dead already and stays "restarting" while its siblings stop.
    QList<quint64> order = group;
    order.removeAll(r->serial);
    std::reverse(order.begin(), order.end());
    terminateSequence(order, token, [this, group, token] { finishGroupRestart(group, token); });
}

void Supervisor::finishGroupRestart(const QList<quint64>& group, quint64 token) {
    if (m_opToken != token || m_phase != Phase::GroupRestart)
        return;
    // OTP drops temporary children when it terminates them for a group restart.
    for (quint64 s : group) {
        if (Record* rec = findBySerial(s); rec && rec->spec.restart == RestartType::Temporary)
            removeRecord(rec);
    }
    Record* failed = nullptr;
    for (quint64 s : group) {
        Record* rec = findBySerial(s);
        if (!rec || rec->state == ChildState::Running || rec->state == ChildState::Stopping)
            continue;
        QString reason;
        const StartOutcome outcome = startRecord(rec, &reason, nullptr);
        rec = findBySerial(s);
        if (!rec)
            continue;
        if (outcome == StartOutcome::Started) {
            rec->restartCount++;
            Q_EMIT childRestarted(rec->id, rec->restartCount);
        } else if (outcome == StartOutcome::Failed) {
            qCWarning(lcSupervisor) << m_name << "could not restart" << rec->id << ":" << reason;
            failed = rec;
            break;
        }
        if (m_opToken != token || m_phase != Phase::GroupRestart)
            return;  // a slot stopped us meanwhile
    }
    m_phase = Phase::Running;
    if (failed)
        postRetry(failed);
    drainDeferred();
}

void Supervisor::postRetry(Record* r) {
    cancelPendingRestart(r);
    r->state = ChildState::Restarting;
    const quint64 serial = r->serial;
    const quint64 token = r->retryToken;
    // One retry per event-loop turn (OTP's try_again_restart cast), never a tight loop.
    QMetaObject::invokeMethod(
        this, [this, serial, token] { retryRestart(serial, token); }, Qt::QueuedConnection);
}

void Supervisor::retryRestart(quint64 serial, quint64 token) {
    Record* r = findBySerial(serial);
    if (!r || r->state != ChildState::Restarting || r->retryToken != token)
        return;
    if (m_phase == Phase::GroupRestart) {
        defer([this, serial, token] { retryRestart(serial, token); });
        return;
    }
    if (m_phase == Phase::Running)
        decideRestart(r);
}

void Supervisor::cancelPendingRestart(Record* r) {
    r->retryToken++;
    if (r->restartTimer) {
        m_clock->cancel(r->restartTimer);
        r->restartTimer = 0;
    }
}

void Supervisor::defer(Done fn) {
    m_deferred.push_back(std::move(fn));
}

void Supervisor::drainDeferred() {
    while (!m_deferred.empty() && m_phase == Phase::Running) {
        Done fn = std::move(m_deferred.front());
        m_deferred.pop_front();
        fn();
    }
}

void Supervisor::giveUp(Record* r, const ExitReason& reason) {
    qCWarning(lcSupervisor) << m_name << "reached its restart intensity (" << m_flags.intensity
                            << "in" << m_flags.periodSecs << "s) after" << r->id << "exited with"
                            << reason.toString() << "- shutting down";
    const QString id = r->id;
    // The crashed child is already dead: forget it (dynamic) or leave it undefined (static).
    cancelPendingRestart(r);
    if (isDynamic())
        removeRecord(r);
    else
        r->state = ChildState::Undefined;
    Q_EMIT gaveUp(id, reason);
    shutdownSelf();
}

void Supervisor::checkAutoShutdown() {
    switch (m_flags.autoShutdown) {
        case AutoShutdown::Never:
            return;
        case AutoShutdown::AnySignificant:
            shutdownSelf();
            return;
        case AutoShutdown::AllSignificant:
            for (const auto& r : m_records) {
                if (r->spec.significant && r->state != ChildState::Undefined)
                    return;  // restarting counts as alive
            }
            shutdownSelf();
            return;
    }
}

// ---- stopping children ------------------------------------------------------------------------

void Supervisor::beginStop(Record* r, Done waiter, bool armKillTimer) {
    if (waiter)
        r->stopWaiters.push_back(std::move(waiter));
    if (r->state == ChildState::Stopping)
        return;
    r->state = ChildState::Stopping;
    const Shutdown sd = r->spec.effectiveShutdown();
    if (sd.kind == Shutdown::Kind::BrutalKill) {
        killRecord(r);
        return;
    }
    const quint64 serial = r->serial;
    const quint64 gen = r->generation;
    QPointer<Child> child = r->child;
    child->requestShutdown();
    r = findBySerial(serial);
    if (!r || r->generation != gen || r->state != ChildState::Stopping || !r->child)
        return;  // it exited inside requestShutdown()
    if (sd.kind != Shutdown::Kind::Timeout || !armKillTimer)
        return;  // infinity: wait for as long as it takes
    if (sd.timeoutMs == 0) {
        killRecord(r);
        return;
    }
    r->killTimer = m_clock->callAfter(sd.timeoutMs, this, [this, serial, gen] {
        Record* rec = findBySerial(serial);
        if (!rec || rec->generation != gen || rec->state != ChildState::Stopping)
            return;
        rec->killTimer = 0;
        killRecord(rec);
    });
}

void Supervisor::killRecord(Record* r) {
    if (!r->child)
        return;
    r->state = ChildState::Stopping;  // its exit is expected, never a reason to restart
    const quint64 serial = r->serial;
    const quint64 gen = r->generation;
    QPointer<Child> child = r->child;
    child->kill();
    Record* rec = findBySerial(serial);
    if (rec && rec->generation == gen && rec->child == child) {
        qCWarning(lcSupervisor) << m_name << ": child" << rec->id
                                << "did not report its exit when killed; treating it as killed";
        onChildExited(serial, gen, ExitReason::killed());
    }
}

void Supervisor::terminateRecord(Record* r, Done done) {
    cancelPendingRestart(r);
    switch (r->state) {
        case ChildState::Undefined:
        case ChildState::Restarting:
            r->state = ChildState::Undefined;
            if (done)
                done();
            return;
        case ChildState::Running:
        case ChildState::Stopping:
            beginStop(r, std::move(done), true);
            return;
    }
}

void Supervisor::terminateSequence(QList<quint64> order, quint64 token, Done done) {
    if (m_opToken != token)
        return;  // superseded (stop during a group restart, kill, destruction)
    if (order.isEmpty()) {
        done();
        return;
    }
    const quint64 serial = order.takeFirst();
    auto next = [this, order, token, done] { terminateSequence(order, token, done); };
    if (Record* r = findBySerial(serial))
        terminateRecord(r, next);
    else
        next();
}

void Supervisor::terminateAllParallel(quint64 token, Done done) {
    QList<quint64> targets;
    for (const auto& r : m_records) {
        cancelPendingRestart(r.get());
        if (r->state == ChildState::Running || r->state == ChildState::Stopping)
            targets.append(r->serial);
        else
            r->state = ChildState::Undefined;
    }
    if (targets.isEmpty()) {
        done();
        return;
    }
    auto pending = std::make_shared<int>(int(targets.size()));
    auto waiter = [this, pending, token, done] {
        if (--*pending > 0 || m_opToken != token)
            return;
        if (m_parallelKillTimer) {
            m_clock->cancel(m_parallelKillTimer);
            m_parallelKillTimer = 0;
        }
        done();
    };
    // Every child gets the request first; a single timer then kills whoever is left (OTP's
    // simple_one_for_one shutdown).
    for (quint64 s : std::as_const(targets)) {
        if (Record* r = findBySerial(s))
            beginStop(r, waiter, false);
        else
            waiter();
    }
    if (*pending <= 0 || m_opToken != token)
        return;
    const Shutdown sd = m_initialSpecs.first().effectiveShutdown();
    if (sd.kind != Shutdown::Kind::Timeout)
        return;
    auto killLeft = [this, targets, token] {
        m_parallelKillTimer = 0;
        if (m_opToken != token)
            return;
        for (quint64 s : targets) {
            Record* r = findBySerial(s);
            if (r && r->state == ChildState::Stopping)
                killRecord(r);
        }
    };
    if (sd.timeoutMs == 0)
        killLeft();
    else
        m_parallelKillTimer = m_clock->callAfter(sd.timeoutMs, this, killLeft);
}

void Supervisor::shutdownSelf() {
    m_phase = Phase::Stopping;
    const quint64 token = ++m_opToken;
    m_deferred.clear();
    for (const auto& r : m_records) {
        cancelPendingRestart(r.get());
        if (r->state == ChildState::Restarting)
            r->state = ChildState::Undefined;
    }
    auto done = [this, token] {
        if (m_opToken != token)
            return;
        m_phase = Phase::Exited;
        finish(ExitReason::shutdown());
    };
    if (isDynamic()) {
        terminateAllParallel(token, done);
    } else {
        QList<quint64> order = serials();
        std::reverse(order.begin(), order.end());
        terminateSequence(order, token, done);
    }
}

void Supervisor::requestShutdown() {
    switch (m_phase) {
        case Phase::NotStarted:
            m_phase = Phase::Exited;
            finish(ExitReason::shutdown());
            return;
        case Phase::Running:
        case Phase::GroupRestart:
            shutdownSelf();
            return;
        case Phase::Stopping:
        case Phase::Exited:
        case Phase::StartFailed:
            return;
    }
}

void Supervisor::kill() {
    if (m_phase == Phase::Exited)
        return;
    m_phase = Phase::Exited;
    ++m_opToken;
    m_deferred.clear();
    if (m_parallelKillTimer) {
        m_clock->cancel(m_parallelKillTimer);
        m_parallelKillTimer = 0;
    }
    const QList<quint64> all = serials();
    for (auto it = all.crbegin(); it != all.crend(); ++it) {
        Record* r = findBySerial(*it);
        if (!r)
            continue;
        cancelPendingRestart(r);
        if (r->child)
            killRecord(r);
        else
            r->state = ChildState::Undefined;
    }
    finish(ExitReason::killed());
}

// ---- API --------------------------------------------------------------------------------------

std::optional<Error> Supervisor::notAcceptingCalls() const {
    if (m_phase == Phase::Running)
        return std::nullopt;
    if (m_phase == Phase::GroupRestart)
        return error(errors::Busy,
                     tr("Supervisor '%1' is restarting its children; try again when it is done.")
                         .arg(m_name));
    return error(errors::NotRunning,
                 tr("Supervisor '%1' is not running (not started, stopping or stopped); start a "
                    "supervisor before managing its children.")
                     .arg(m_name));
}

Result<StartedChild> Supervisor::startChild(const ChildSpec& spec) {
    if (isDynamic())
        return error(
            errors::SimpleOneForOne,
            tr("Supervisor '%1' is simple_one_for_one; use startDynamicChild().").arg(m_name));
    if (auto err = notAcceptingCalls())
        return *err;
    if (Record* existing = find(spec.id)) {
        if (existing->state == ChildState::Running || existing->state == ChildState::Stopping)
            return error(errors::AlreadyStarted,
                         tr("Child '%1' is already running under '%2'.").arg(spec.id, m_name));
        return error(errors::AlreadyPresent,
                     tr("Child '%1' already has a spec under '%2'; use restartChild() or "
                        "deleteChild() first.")
                         .arg(spec.id, m_name));
    }
    if (auto err = validateSpec(spec))
        return *err;
    Record* r = addRecord(spec.id, spec, {});
    const quint64 serial = r->serial;
    QString reason;
    QVariant info;
    switch (startRecord(r, &reason, &info)) {
        case StartOutcome::Started: {
            Record* rec = findBySerial(serial);
            return StartedChild{spec.id, rec ? rec->child.data() : nullptr, info};
        }
        case StartOutcome::Ignored:
            if (spec.restart == RestartType::Temporary)
                removeRecord(r);
            return StartedChild{spec.id, nullptr, {}};
        case StartOutcome::Failed:
            removeRecord(r);
            break;
    }
    return error(errors::StartError,
                 tr("Child '%1' failed to start: %2. Check its start function and try again.")
                     .arg(spec.id, reason));
}

Result<StartedChild> Supervisor::startDynamicChild(const QVariant& args) {
    if (!isDynamic())
        return error(errors::NotDynamic,
                     tr("Supervisor '%1' is not simple_one_for_one; use startChild() with a spec.")
                         .arg(m_name));
    if (auto err = notAcceptingCalls())
        return *err;
    if (m_flags.maxChildren && int(m_records.size()) >= *m_flags.maxChildren)
        return error(errors::MaxChildren,
                     tr("Supervisor '%1' already runs its maximum of %2 children; wait for one to "
                        "finish or raise max_children.")
                         .arg(m_name)
                         .arg(*m_flags.maxChildren));
    const ChildSpec& tmpl = m_initialSpecs.first();
    const QString id = tmpl.id + QLatin1Char('#') + QString::number(m_nextDynamicId++);
    Record* r = addRecord(id, tmpl, args);
    const quint64 serial = r->serial;
    QString reason;
    QVariant info;
    switch (startRecord(r, &reason, &info)) {
        case StartOutcome::Started: {
            Record* rec = findBySerial(serial);
            return StartedChild{id, rec ? rec->child.data() : nullptr, info};
        }
        case StartOutcome::Ignored:
            removeRecord(r);
            return StartedChild{id, nullptr, {}};
        case StartOutcome::Failed:
            removeRecord(r);
            break;
    }
    return error(errors::StartError,
                 tr("A child of '%1' failed to start: %2. Check the template's start function.")
                     .arg(m_name, reason));
}

Status Supervisor::terminateRecordByApi(Record* r) {
    const bool forget = isDynamic() || r->spec.restart == RestartType::Temporary;
    if (r->state == ChildState::Undefined || r->state == ChildState::Restarting) {
        cancelPendingRestart(r);
        r->state = ChildState::Undefined;
        if (forget)
            removeRecord(r);
        return Ok{};
    }
    r->removeWhenStopped = r->removeWhenStopped || forget;
    terminateRecord(r, {});
    return Ok{};
}

Status Supervisor::terminateChild(const QString& id) {
    if (isDynamic()) {
        if (id == m_initialSpecs.first().id)
            return error(errors::SimpleOneForOne,
                         tr("'%1' is the template of simple_one_for_one supervisor '%2'; "
                            "terminate its children by their own ids.")
                             .arg(id, m_name));
        Record* r = find(id);
        return r ? terminateRecordByApi(r) : Status(Ok{});  // a dead pid: already terminated
    }
    Record* r = find(id);
    if (!r)
        return error(errors::NotFound, tr("Supervisor '%1' has no child '%2'.").arg(m_name, id));
    return terminateRecordByApi(r);
}

Status Supervisor::terminateChild(Child* child) {
    Record* r = findByChild(child);
    if (!r) {
        if (isDynamic())
            return Ok{};
        return error(errors::NotFound,
                     tr("That child is not running under supervisor '%1'.").arg(m_name));
    }
    return terminateRecordByApi(r);
}

Result<StartedChild> Supervisor::restartChild(const QString& id) {
    if (isDynamic())
        return error(errors::SimpleOneForOne,
                     tr("Supervisor '%1' is simple_one_for_one; restartChild() is not available.")
                         .arg(m_name));
    if (auto err = notAcceptingCalls())
        return *err;
    Record* r = find(id);
    if (!r)
        return error(errors::NotFound, tr("Supervisor '%1' has no child '%2'.").arg(m_name, id));
    if (r->state == ChildState::Running || r->state == ChildState::Stopping)
        return error(errors::Running,
                     tr("Child '%1' is running; terminate it before restarting it.").arg(id));
    if (r->state == ChildState::Restarting)
        return error(
            errors::Restarting,
            tr("Child '%1' is being restarted by its supervisor; wait or terminate it.").arg(id));
    const quint64 serial = r->serial;
    QString reason;
    QVariant info;
    switch (startRecord(r, &reason, &info)) {
        case StartOutcome::Started: {
            Record* rec = findBySerial(serial);
            return StartedChild{id, rec ? rec->child.data() : nullptr, info};
        }
        case StartOutcome::Ignored:
            return StartedChild{id, nullptr, {}};
        case StartOutcome::Failed:
            break;
    }
    return error(errors::StartError,
                 tr("Child '%1' failed to start: %2. Check its start function and try again.")
                     .arg(id, reason));
}

Status Supervisor::deleteChild(const QString& id) {
    if (isDynamic())
        return error(errors::SimpleOneForOne,
                     tr("Supervisor '%1' is simple_one_for_one; deleteChild() is not available.")
                         .arg(m_name));
    Record* r = find(id);
    if (!r)
        return error(errors::NotFound, tr("Supervisor '%1' has no child '%2'.").arg(m_name, id));
    if (r->state == ChildState::Running || r->state == ChildState::Stopping)
        return error(errors::Running,
                     tr("Child '%1' is running; terminate it before deleting it.").arg(id));
    if (r->state == ChildState::Restarting)
        return error(errors::Restarting,
                     tr("Child '%1' is being restarted; terminate it before deleting it.").arg(id));
    removeRecord(r);
    return Ok{};
}

QList<ChildInfo> Supervisor::whichChildren() const {
    QList<ChildInfo> out;
    for (auto it = m_records.crbegin(); it != m_records.crend(); ++it) {
        const Record& r = **it;
        out.append(ChildInfo{r.id, r.state, r.spec.type, r.child});
    }
    return out;
}

ChildCounts Supervisor::countChildren() const {
    ChildCounts c;
    for (const auto& r : m_records) {
        if (r->state == ChildState::Running || r->state == ChildState::Stopping)
            c.active++;
        if (r->spec.type == ChildType::Supervisor)
            c.supervisors++;
        else
            c.workers++;
    }
    c.specs = isDynamic() ? 1 : int(m_records.size());
    return c;
}

QJsonObject Supervisor::snapshot() const {
    QJsonObject o;
    o[QStringLiteral("id")] = m_name;
    o[QStringLiteral("strategy")] = statusName(m_flags.strategy);
    o[QStringLiteral("intensity")] = m_flags.intensity;
    o[QStringLiteral("period")] = m_flags.periodSecs;
    o[QStringLiteral("auto_shutdown")] = statusName(m_flags.autoShutdown);
    if (m_flags.maxChildren)
        o[QStringLiteral("max_children")] = *m_flags.maxChildren;
    o[QStringLiteral("state")] = statusName(m_phase);
    o[QStringLiteral("restarts_in_window")] = restartsInWindow();
    QJsonArray children;
    for (const auto& r : m_records) {
        QJsonObject c;
        c[QStringLiteral("id")] = r->id;
        c[QStringLiteral("state")] = statusName(r->state);
        c[QStringLiteral("type")] = statusName(r->spec.type);
        c[QStringLiteral("restart")] = statusName(r->spec.restart);
        c[QStringLiteral("significant")] = r->spec.significant;
        c[QStringLiteral("restart_count")] = r->restartCount;
        c[QStringLiteral("last_exit_reason")] =
            r->lastExit ? QJsonValue(r->lastExit->toString()) : QJsonValue(QJsonValue::Null);
        c[QStringLiteral("started_at_ms")] =
            r->child ? QJsonValue(double(r->startedAtMs)) : QJsonValue(QJsonValue::Null);
        if (auto* sub = qobject_cast<const Supervisor*>(r->child.data()))
            c[QStringLiteral("child")] = sub->snapshot();
        children.append(c);
    }
    o[QStringLiteral("children")] = children;
    return o;
}

}  // namespace zerg::supervision
