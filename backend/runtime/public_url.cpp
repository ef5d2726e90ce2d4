#include "runtime/public_url.h"

#include "core/settings.h"

#include <QCoreApplication>

namespace zerg {

Result<std::optional<QUrl>> publicUrlOf(const Settings& s) {
    const QString text = s.publicUrl.trimmed();
    if (text.isEmpty())
        return std::optional<QUrl>();
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.hasQuery() ||
        url.hasFragment()) {
        return Error{QStringLiteral("invalid_setting"),
                     QCoreApplication::translate(
                         "zerg::PublicUrl",
                         "ZERG_PUBLIC_URL \"%1\" is not a web address: give the https:// address "
                         "at which phones reach this server, for example "
                         "https://zerg.example.com.")
                         .arg(text)};
    }
    return std::optional<QUrl>(url);
}

QString publicAddress(const QUrl& base, const QString& path) {
    QString out = base.toString(QUrl::FullyEncoded);
    while (out.endsWith(u'/'))
        out.chop(1);
    return out + path;
}

}  // namespace zerg
