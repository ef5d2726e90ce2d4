#include "agent/xo/xo_util.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace zerg::xo {
namespace {

QJsonValue normalized(const QJsonValue& v) {
    if (v.isString())
        return v.toString().simplified();
    if (v.isObject()) {
        QJsonObject o;
        const QJsonObject in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            o.insert(it.key(), normalized(it.value()));
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QJsonValue& x : v.toArray())
            a.append(normalized(x));
        return a;
    }
    return v;
}

}  // namespace

QString normalizeArgs(const QJsonObject& args) {
    return QString::fromUtf8(
        QJsonDocument(normalized(args).toObject()).toJson(QJsonDocument::Compact));
}

QString digest(const QJsonObject& payload) {
    QByteArray basis;
    if (payload.contains(QStringLiteral("stdout"))) {
        basis = payload.value(QStringLiteral("stdout")).toString().toUtf8() + '\0' +
                payload.value(QStringLiteral("stderr")).toString().toUtf8() + '\0' +
                QByteArray::number(payload.value(QStringLiteral("exit_code")).toInt());
    } else {
        QJsonObject rest = payload;
        rest.remove(QStringLiteral("duration_ms"));
        basis = QJsonDocument(rest).toJson(QJsonDocument::Compact);
    }
    return QString::fromLatin1(
        QCryptographicHash::hash(basis, QCryptographicHash::Sha1).toHex().left(12));
}

ToolRecord toolRecord(int turn, const QString& tool, const QJsonObject& args,
                      const ToolResult& result) {
    ToolRecord t;
    t.turn = turn;
    t.tool = tool;
    t.normalizedArgs = normalizeArgs(args);
    t.ok = result.ok();
    t.error = result.error();
    t.errorCode = result.payload.value(QStringLiteral("error_code")).toString();
    t.outputDigest = digest(result.payload);
    return t;
}

}  // namespace zerg::xo
