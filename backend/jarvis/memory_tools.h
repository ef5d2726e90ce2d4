#pragma once

#include <QString>

namespace zerg {

class Clock;
class Store;
class ToolRegistry;

// Core facts the supervisor keeps about the user's world across days ("cube is the backup
// server"), in the agent_state table, one set per owner.
struct FactsContext {
    Store* store = nullptr;
    Clock* clock = nullptr;
    qint64 ownerId = 0;
};

// remember_fact(key, value), forget_fact(key), recall_facts(query).
void addMemoryTools(ToolRegistry* registry, const FactsContext& ctx);

// The facts as a short block for the model's context (newest first, at most maxChars; the rest
// is reachable with recall_facts). Empty when there are none.
[[nodiscard]] QString factsBlock(const FactsContext& ctx, int maxChars = 3000);

}  // namespace zerg
