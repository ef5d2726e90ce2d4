#include "mcp/argument_schema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QStringList>

// valijson reports a bad schema by throwing (caught below) instead of printing and aborting.
#define VALIJSON_USE_EXCEPTIONS 1
#include <valijson/adapters/qtjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include <exception>

namespace zerg {

Result<ArgumentSchema> ArgumentSchema::compile(const QJsonObject& schema) {
    ArgumentSchema out;
    auto compiled = std::make_shared<valijson::Schema>();
    try {
        // Draft 7 reads draft 4 and 6 schemas the way servers mean them (the keywords MCP tools
        // use are the same); "$schema" of 2020-12 is read as draft 7 too.
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        const QJsonValue root(schema);
        valijson::adapters::QtJsonAdapter adapter(root);
        parser.populateSchema(adapter, *compiled);
    } catch (const std::exception& e) {
        return Error{QStringLiteral("invalid_schema"), QString::fromUtf8(e.what())};
    }
    out.m_schema = std::move(compiled);
    return out;
}

QString ArgumentSchema::check(const QJsonObject& args) const {
    if (!m_schema)
        return {};
    valijson::Validator validator;
    valijson::ValidationResults results;
    const QJsonValue value(args);
    valijson::adapters::QtJsonAdapter adapter(value);
    bool ok = false;
    try {
        ok = validator.validate(*m_schema, adapter, &results);
    } catch (const std::exception& e) {
        return QStringLiteral("The arguments could not be checked: %1")
            .arg(QString::fromUtf8(e.what()));
    }
    if (ok)
        return {};
    // valijson reports each failure and then every enclosing one ("Failed to validate against
    // schema associated with property name 'a'."): the innermost ones say what is wrong.
    QStringList lines;
    QSet<QString> seen;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        const QString desc = QString::fromStdString(error.description);
        if (desc.startsWith(QLatin1String("Failed to validate against schema associated with")) ||
            desc.startsWith(QLatin1String("Failed to validate item #")) ||
            desc.startsWith(QLatin1String("Failed to validate against child schema")))
            continue;
        QStringList path;
        for (const std::string& part : error.context) {
            QString p = QString::fromStdString(part);
            if (p == QLatin1String("<root>"))
                continue;
            // "[a]" -> "a", "[0]" -> "0"
            if (p.startsWith(u'[') && p.endsWith(u']'))
                p = p.mid(1, p.size() - 2);
            path.append(p);
        }
        const QString line =
            path.isEmpty() ? desc : QStringLiteral("'%1': %2").arg(path.join(u'.'), desc);
        if (!seen.contains(line)) {
            seen.insert(line);
            lines.append(line);
        }
    }
    if (lines.isEmpty())
        lines.append(QStringLiteral("The arguments do not match the tool's schema."));
    return lines.join(u'\n');
}

}  // namespace zerg
