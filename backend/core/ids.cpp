#include "core/ids.h"

namespace zerg::ids {

QString slugify(const QString& text, int maxLen) {
    QString out;
    out.reserve(qMin(int(text.size()), maxLen));
    bool dash = false;
    for (const QChar c : text.normalized(QString::NormalizationForm_KD)) {
        if (c.isLetterOrNumber() && c.unicode() < 128) {
            if (dash && !out.isEmpty())
                out += QLatin1Char('-');
            dash = false;
            out += c.toLower();
        } else if (c.unicode() < 128 || c.isSpace()) {
            dash = true;
        }
        if (out.size() >= maxLen)
            break;
    }
    while (out.endsWith(QLatin1Char('-')))
        out.chop(1);
    return out.isEmpty() ? QStringLiteral("task") : out;
}

QString workerId(const QDateTime& utc, const QString& task) {
    return utc.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH-mm-ss")) + QLatin1Char('_') +
           slugify(task);
}

}  // namespace zerg::ids
