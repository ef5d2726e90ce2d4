#include "supervision/keyed_children.h"

#include "supervision/supervisor_events.h"

#include <QJsonArray>

#include <utility>

namespace zerg::supervision {

KeyedChildren::KeyedChildren(QString name, SupervisorFlags flags, ChildSpec templ, Clock* clock,
                             Publish publish, QObject* parent)
    : QObject(parent),
      m_name(std::move(name)),
      m_flags(flags),
      m_template(std::move(templ)),
      m_clock(clock),
      m_publish(std::move(publish)) {
    m_flags.strategy = Strategy::SimpleOneForOne;
    // The owner's start knows the key; this one also knows when a start is in progress.
    m_template.start = [this, start = m_template.start](const QVariant& args) -> StartResult {
        const qint64 outer = std::exchange(m_inStart, args.toLongLong());
        StartResult r = start(args);
        m_inStart = outer;
        return r;
    };
    startSupervisor();
}

KeyedChildren::~KeyedChildren() {
    // The owner is going away: its publish must not be called while the children end.
    if (m_sup)
        m_sup->disconnect(this);
    m_sup.reset();
}

void KeyedChildren::startSupervisor() {
    auto created = Supervisor::create(m_name, m_flags, {m_template}, m_clock);
    Q_ASSERT(created);  // the owner's spec is valid by construction
    m_sup = std::move(created).value();
    m_replacing = false;
    if (m_random)
        m_sup->setRandomSource(m_random);
    (void)m_sup->start();
    // Connected first: the key of a new child is known before its child_started goes out.
    connect(m_sup.get(), &Supervisor::childStarted, this, [this](const QString& id) {
        if (m_starting > 0 && !m_childOf.contains(m_starting))
            m_childOf.insert(m_starting, id);
    });
    forwardSupervisorEvents(m_sup.get(), this,
                            [this](const char* event, const QString& id, QJsonObject data) {
                                m_publish(event, id, keyOf(id), std::move(data));
                            });
    connect(m_sup.get(), &Supervisor::gaveUp, this, [this] {
        // Its children are gone. The fresh supervisor comes after this signal has returned.
        m_replacing = true;
        m_childOf.clear();
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_sup.release()->deleteLater();
                startSupervisor();
                Q_EMIT replaced();
            },
            Qt::QueuedConnection);
        Q_EMIT gaveUp();
    });
}

Result<StartedChild> KeyedChildren::start(qint64 key) {
    if (m_replacing) {
        return Error{QString::fromLatin1(errors::NotRunning),
                     tr("Supervisor '%1' gave up and is being replaced; try again in a moment.")
                         .arg(m_name)};
    }
    m_starting = key;  // childStarted comes from inside startDynamicChild
    Result<StartedChild> started = m_sup->startDynamicChild(QVariant(key));
    m_starting = 0;
    if (!started || !started->child)
        m_childOf.remove(key);  // failed, or ignored: nothing to hold
    return started;
}

void KeyedChildren::stop(qint64 key) {
    const QString childId = m_childOf.take(key);
    if (key != m_inStart && !childId.isEmpty() && m_sup)
        (void)m_sup->terminateChild(childId);
}

qint64 KeyedChildren::keyOf(const QString& childId) const {
    return m_childOf.key(childId, 0);
}

QJsonObject KeyedChildren::snapshot() const {
    return m_sup ? m_sup->snapshot() : QJsonObject();
}

QJsonObject KeyedChildren::snapshot(const QString& keyName,
                                    const std::function<qint64(qint64 key)>& ownerOf) const {
    QJsonObject tree = snapshot();
    QJsonArray children = tree.value(QStringLiteral("children")).toArray();
    for (qsizetype i = 0; i < children.size(); ++i) {
        QJsonObject c = children.at(i).toObject();
        const qint64 key = keyOf(c.value(QStringLiteral("id")).toString());
        if (key > 0)
            c.insert(keyName, key);
        c.insert(QStringLiteral("owner_id"), key > 0 ? ownerOf(key) : qint64(0));
        children.replace(i, c);
    }
    if (!tree.isEmpty())
        tree.insert(QStringLiteral("children"), children);
    return tree;
}

QList<Child*> KeyedChildren::children() const {
    QList<Child*> out;
    if (m_sup) {
        for (const ChildInfo& c : m_sup->whichChildren()) {
            if (c.child)
                out.append(c.child.data());
        }
    }
    return out;
}

void KeyedChildren::setRandomSource(std::function<double()> random) {
    m_random = std::move(random);
    if (m_sup)
        m_sup->setRandomSource(m_random);
}

}  // namespace zerg::supervision
