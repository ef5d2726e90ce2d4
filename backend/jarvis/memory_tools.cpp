#include "jarvis/memory_tools.h"

#include "agent/tool_registry.h"
#include "core/clock.h"
#include "storage/store.h"

#include <QJsonArray>

namespace zerg {
namespace {

constexpr int kMaxKeyChars = 100;
constexpr int kMaxValueChars = 1000;

ToolResult storageFailure(const Error& e) {
    return ToolResult::failure(e.message, {{QStringLiteral("error_code"), e.code}});
}

class RememberFact final : public Tool {
public:
    explicit RememberFact(FactsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override {
        return changesZergState(QStringLiteral("remember_fact"));
    }
    ToolSpec spec() const override {
        return {QStringLiteral("remember_fact"),
                QStringLiteral(
                    "Record a lasting fact about the user's world so that it is known in later "
                    "conversations, days from now: a host's role (key \"cube\", value \"the "
                    "backup server, Kopia to B2\"), a preference, a decision. The same key "
                    "replaces the old value. Do not record passing results (workers keep those)."),
                objectSchema({{QStringLiteral("key"),
                               schemaProperty("string", QStringLiteral("A short name, e.g. a host "
                                                                       "alias or a topic."))},
                              {QStringLiteral("value"),
                               schemaProperty("string", QStringLiteral("The fact, one or two "
                                                                       "sentences."))}},
                             {QStringLiteral("key"), QStringLiteral("value")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString key = args.value(QStringLiteral("key")).toString().simplified();
        const QString value = args.value(QStringLiteral("value")).toString().trimmed();
        if (key.isEmpty() || value.isEmpty() || key.size() > kMaxKeyChars ||
            value.size() > kMaxValueChars) {
            return new ImmediateInvocation(
                ToolResult::failure(
                    QStringLiteral("remember_fact needs a key (1-%1 characters) and a value "
                                   "(1-%2 characters).")
                        .arg(kMaxKeyChars)
                        .arg(kMaxValueChars),
                    {{QStringLiteral("error_code"), QStringLiteral("invalid_arguments")}}),
                parent);
        }
        if (Status s = m_ctx.store->setFact(m_ctx.ownerId, key, value, m_ctx.clock->utcNow()); !s)
            return new ImmediateInvocation(storageFailure(s.error()), parent);
        return new ImmediateInvocation(
            ToolResult::success({{QStringLiteral("key"), key}, {QStringLiteral("value"), value}}),
            parent);
    }

private:
    FactsContext m_ctx;
};

class ForgetFact final : public Tool {
public:
    explicit ForgetFact(FactsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override {
        return changesZergState(QStringLiteral("forget_fact"));
    }
    ToolSpec spec() const override {
        return {QStringLiteral("forget_fact"),
                QStringLiteral("Delete a remembered fact that is wrong or no longer true."),
                objectSchema({{QStringLiteral("key"),
                               schemaProperty("string", QStringLiteral("The fact's key."))}},
                             {QStringLiteral("key")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString key = args.value(QStringLiteral("key")).toString().simplified();
        const Result<bool> gone = m_ctx.store->deleteFact(m_ctx.ownerId, key);
        if (!gone)
            return new ImmediateInvocation(storageFailure(gone.error()), parent);
        if (!gone.value()) {
            return new ImmediateInvocation(
                ToolResult::failure(QStringLiteral("No fact is remembered under '%1'.").arg(key),
                                    {{QStringLiteral("error_code"), QStringLiteral("not_found")}}),
                parent);
        }
        return new ImmediateInvocation(ToolResult::success({{QStringLiteral("key"), key}}), parent);
    }

private:
    FactsContext m_ctx;
};

class RecallFacts final : public Tool {
public:
    explicit RecallFacts(FactsContext ctx) : m_ctx(ctx) {}
    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }
    ToolSpec spec() const override {
        return {QStringLiteral("recall_facts"),
                QStringLiteral("Search the remembered facts (keys and values) for a word, e.g. a "
                               "host alias; an empty query lists them all. The newest facts "
                               "are already in your context; use this when there are more."),
                objectSchema({{QStringLiteral("query"),
                               schemaProperty("string", QStringLiteral("Text to look for (case "
                                                                       "does not matter)."))}})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString query = args.value(QStringLiteral("query")).toString().trimmed();
        const Result<QList<FactRecord>> facts = m_ctx.store->listFacts(m_ctx.ownerId);
        if (!facts)
            return new ImmediateInvocation(storageFailure(facts.error()), parent);
        QJsonArray rows;
        for (const FactRecord& f : facts.value()) {
            if (!query.isEmpty() && !f.key.contains(query, Qt::CaseInsensitive) &&
                !f.value.contains(query, Qt::CaseInsensitive)) {
                continue;
            }
            rows.append(
                QJsonObject{{QStringLiteral("key"), f.key},
                            {QStringLiteral("value"), f.value},
                            {QStringLiteral("updated_at"), f.updatedAt.toString(Qt::ISODate)}});
        }
        return new ImmediateInvocation(ToolResult::success({{QStringLiteral("facts"), rows}}),
                                       parent);
    }

private:
    FactsContext m_ctx;
};

}  // namespace

void addMemoryTools(ToolRegistry* registry, const FactsContext& ctx) {
    registry->add(std::make_shared<RememberFact>(ctx));
    registry->add(std::make_shared<ForgetFact>(ctx));
    registry->add(std::make_shared<RecallFacts>(ctx));
}

QString factsBlock(const FactsContext& ctx, int maxChars) {
    const Result<QList<FactRecord>> facts = ctx.store->listFacts(ctx.ownerId);
    if (!facts || facts->isEmpty())
        return {};
    QString out = QStringLiteral(
        "Remembered facts (remember_fact / forget_fact keep them "
        "current):\n");
    int shown = 0;
    for (const FactRecord& f : facts.value()) {
        const QString line = QStringLiteral("- %1: %2\n").arg(f.key, f.value);
        if (out.size() + line.size() > maxChars)
            break;
        out += line;
        ++shown;
    }
    if (shown < facts->size()) {
        out += QStringLiteral("(%1 more: recall_facts finds them)\n").arg(facts->size() - shown);
    }
    return out;
}

}  // namespace zerg
