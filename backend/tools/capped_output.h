#pragma once

#include <QByteArray>
#include <QString>

namespace zerg {

// Collects a command's output stream up to a byte cap. Bytes beyond the cap are counted, not
// kept, so a runaway command cannot exhaust memory or the disk; text() says how much was cut.
class CappedOutput {
public:
    explicit CappedOutput(qint64 capBytes) : m_cap(capBytes < 0 ? 0 : capBytes) {}

    void append(const char* data, qint64 size);
    void append(const QByteArray& data) { append(data.constData(), data.size()); }

    [[nodiscard]] qint64 keptBytes() const { return m_data.size(); }
    [[nodiscard]] qint64 cutBytes() const { return m_cut; }
    // The output decoded as UTF-8 (invalid sequences become U+FFFD), followed by
    // "[... N bytes cut]" when the cap was reached.
    [[nodiscard]] QString text() const;

private:
    qint64 m_cap;
    qint64 m_cut = 0;
    QByteArray m_data;
};

}  // namespace zerg
