#pragma once

// Shared by the XO tests.
#include "agent/xo/xo_types.h"

#include <QString>

namespace zerg::xo::test {

// Builds an AgentState turn by turn: ok()/fail()/talk() start a new turn, andOk()/andFail() add
// a call to the current one.
class StateBuilder {
public:
    StateBuilder& ok(const QString& tool, const QString& args, const QString& digest) {
        newTurn();
        return andOk(tool, args, digest);
    }
    StateBuilder& fail(const QString& tool, const QString& args, const QString& code,
                       const QString& error = QStringLiteral("it failed")) {
        newTurn();
        return andFail(tool, args, code, error);
    }
    StateBuilder& andOk(const QString& tool, const QString& args, const QString& digest) {
        add(ToolRecord{m_state.turn, tool, args, true, {}, {}, digest});
        return *this;
    }
    StateBuilder& andFail(const QString& tool, const QString& args, const QString& code,
                          const QString& error = QStringLiteral("it failed")) {
        add(ToolRecord{m_state.turn, tool, args, false, error, code, QStringLiteral("e")});
        return *this;
    }
    StateBuilder& talk(const QString& text) {
        ++m_state.turn;
        m_state.turns.append(TurnRecord{m_state.turn, text, 0});
        return *this;
    }
    StateBuilder& context(qint64 tokens, qint64 window) {
        m_state.contextTokens = tokens;
        m_state.contextWindow = window;
        return *this;
    }
    [[nodiscard]] AgentState build() const { return m_state; }

private:
    void newTurn() {
        ++m_state.turn;
        m_state.turns.append(TurnRecord{m_state.turn, QStringLiteral("working"), 0});
    }
    void add(const ToolRecord& t) {
        m_state.tools.append(t);
        ++m_state.turns.last().toolCalls;
    }
    AgentState m_state;
};

inline QString cmd(const QString& c) {
    return QStringLiteral("{\"command\":\"%1\"}").arg(c);
}

}  // namespace zerg::xo::test
