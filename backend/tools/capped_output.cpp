#include "tools/capped_output.h"

#include <algorithm>

namespace zerg {

void CappedOutput::append(const char* data, qint64 size) {
    if (size <= 0)
        return;
    const qint64 room = std::max<qint64>(0, m_cap - m_data.size());
    const qint64 kept = std::min(room, size);
    if (kept > 0)
        m_data.append(data, kept);
    m_cut += size - kept;
}

QString CappedOutput::text() const {
    QString out = QString::fromUtf8(m_data);
    if (m_cut > 0) {
        if (!out.isEmpty() && !out.endsWith(QLatin1Char('\n')))
            out += QLatin1Char('\n');
        out += QStringLiteral("[... %1 bytes cut]").arg(m_cut);
    }
    return out;
}

}  // namespace zerg
