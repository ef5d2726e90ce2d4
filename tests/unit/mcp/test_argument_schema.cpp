// ArgumentSchema: MCP tool arguments checked against the tool's JSON Schema (valijson) before a
// call is sent; the messages name the argument and what is wrong.
#include "mcp/argument_schema.h"

#include <QJsonDocument>
#include <QTest>

using namespace zerg;

namespace {

QJsonObject obj(const char* json) {
    return QJsonDocument::fromJson(QByteArray(json).replace('\'', '"')).object();
}

}  // namespace

class TestArgumentSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchingArgumentsPass() {
        const auto s = ArgumentSchema::compile(
            obj("{'$schema': 'http:\\/\\/json-schema.org\\/draft-07\\/schema#', 'type': 'object', "
                "'properties': {'a': {'type': 'number'}, 'b': {'type': 'number'}}, "
                "'required': ['a', 'b']}"));
        QVERIFY(s);
        QCOMPARE(s->check(obj("{'a': 1, 'b': 2.5}")), QString());
    }

    void eachProblemNamesItsArgument() {
        const auto s = ArgumentSchema::compile(
            obj("{'type': 'object', 'properties': {'a': {'type': 'number', 'minimum': 3}, "
                "'mode': {'type': 'string', 'enum': ['fast', 'slow']}, "
                "'tags': {'type': 'array', 'items': {'type': 'string'}}}, "
                "'required': ['a'], 'additionalProperties': false}"));
        QVERIFY(s);
        const QString low = s->check(obj("{'a': 1}"));
        QVERIFY2(low.contains("'a'") && low.contains("3"), qPrintable(low));
        const QString missing = s->check(obj("{'mode': 'fast'}"));
        QVERIFY2(missing.contains("a"), qPrintable(missing));
        const QString badEnum = s->check(obj("{'a': 5, 'mode': 'medium'}"));
        QVERIFY2(badEnum.contains("'mode'"), qPrintable(badEnum));
        const QString badItem = s->check(obj("{'a': 5, 'tags': ['x', 7]}"));
        QVERIFY2(badItem.contains("tags.1"), qPrintable(badItem));
        const QString extra = s->check(obj("{'a': 5, 'surprise': true}"));
        QVERIFY2(extra.contains("surprise"), qPrintable(extra));
        // The wrapper lines of valijson ("Failed to validate against schema associated with
        // property ...") are left out: what remains says what is wrong.
        QVERIFY2(!low.contains("Failed to validate against schema"), qPrintable(low));
        const QString wrongType = s->check(obj("{'a': 'five'}"));
        QVERIFY2(wrongType.contains("'a'"), qPrintable(wrongType));
    }

    void anEmptySchemaAcceptsAnything() {
        const auto s = ArgumentSchema::compile({});
        QVERIFY(s);
        QCOMPARE(s->check(obj("{'x': [1, 2, {}]}")), QString());
    }

    void anInvalidSchemaIsAnError() {
        const auto s = ArgumentSchema::compile(obj("{'type': 'object', 'required': 'a'}"));
        QVERIFY(!s);
        QCOMPARE(s.error().code, QStringLiteral("invalid_schema"));
    }
};

QTEST_GUILESS_MAIN(TestArgumentSchema)
#include "test_argument_schema.moc"
