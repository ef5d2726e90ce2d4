#pragma once

#include "core/result.h"

#include <QJsonObject>
#include <QString>

#include <memory>

namespace valijson {
class Schema;
}

namespace zerg {

// A tool's input JSON Schema, compiled once, that checks the arguments of each call before it is
// sent (a wrong call is answered to the model with what is wrong and never reaches the server).
// Validation by valijson (Debian's libvalijson-dev: drafts 4, 6 and 7, the ones MCP servers
// emit); remote $refs are not fetched.
class ArgumentSchema {
public:
    // An empty schema (or {}) accepts every object. Errors: invalid_schema (why).
    [[nodiscard]] static Result<ArgumentSchema> compile(const QJsonObject& schema);

    // Empty when args match; otherwise one line per problem, each naming the argument:
    // "'a': Expected number greater than or equal to 3."
    [[nodiscard]] QString check(const QJsonObject& args) const;

private:
    std::shared_ptr<const valijson::Schema> m_schema;  // shared: copies are cheap
};

}  // namespace zerg
