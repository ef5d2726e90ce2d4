#include "tools/address_policy.h"

#include <QRegularExpression>
#include <QUrl>

#include <utility>

namespace zerg {
namespace {

struct KnownRange {
    QPair<QHostAddress, int> subnet;
    AddressKind kind;
};

// The ranges that are not public (IANA's special-purpose registries, the parts that matter for
// a request leaving this computer). The first range that holds an address decides.
const QList<KnownRange>& knownRanges() {
    static const QList<KnownRange> ranges = [] {
        const std::pair<const char*, AddressKind> table[] = {
            {"0.0.0.0/8", AddressKind::Unspecified},
            {"10.0.0.0/8", AddressKind::Private},
            {"100.64.0.0/10", AddressKind::SharedNat},
            {"127.0.0.0/8", AddressKind::Loopback},
            {"169.254.0.0/16", AddressKind::LinkLocal},
            {"172.16.0.0/12", AddressKind::Private},
            {"192.0.0.0/24", AddressKind::Reserved},
            {"192.168.0.0/16", AddressKind::Private},
            {"224.0.0.0/4", AddressKind::Multicast},
            {"240.0.0.0/4", AddressKind::Reserved},  // 255.255.255.255 (broadcast) among them
            {"::/128", AddressKind::Unspecified},
            {"::1/128", AddressKind::Loopback},
            {"64:ff9b:1::/48", AddressKind::Reserved},  // NAT64 for a local network's own use
            {"fc00::/7", AddressKind::Private},
            {"fe80::/10", AddressKind::LinkLocal},
            {"fec0::/10", AddressKind::Private},  // site-local, deprecated but still routed
            {"ff00::/8", AddressKind::Multicast},
        };
        QList<KnownRange> out;
        for (const auto& [subnet, kind] : table)
            out.append({QHostAddress::parseSubnet(QLatin1String(subnet)), kind});
        return out;
    }();
    return ranges;
}

// A host name in the form names are compared in: ACE (xn--…), lower case, without a final dot.
QString normalName(const QString& name) {
    QString n = name.trimmed();
    if (n.endsWith(QLatin1Char('.')))
        n.chop(1);
    return QString::fromLatin1(QUrl::toAce(n)).toLower();
}

bool validName(const QString& name) {
    static const QRegularExpression label(
        QStringLiteral("^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$"));
    static const QRegularExpression digitsAndDots(QStringLiteral("^[0-9.]+$"));
    if (name.isEmpty() || name.size() > 253 || digitsAndDots.match(name).hasMatch())
        return false;
    for (const QString& part : name.split(QLatin1Char('.'))) {
        if (!label.match(part).hasMatch())
            return false;
    }
    return true;
}

// A single address or a range as the policy keeps it: IPv4 written as IPv6 (a /96 or longer
// prefix of ::ffff:0:0/96, …) becomes IPv4, as addresses are compared (embeddedIPv4()).
QPair<QHostAddress, int> normalRange(const QHostAddress& address, int prefix) {
    const QHostAddress v4 = embeddedIPv4(address);
    if (prefix >= 96 && v4.protocol() == QAbstractSocket::IPv4Protocol &&
        address.protocol() == QAbstractSocket::IPv6Protocol) {
        return {v4, prefix - 96};
    }
    return {address, prefix};
}

}  // namespace

QHostAddress embeddedIPv4(const QHostAddress& address) {
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return address;
    const Q_IPV6ADDR a = address.toIPv6Address();
    const auto zeros = [&a](int from, int to) {
        for (int i = from; i < to; ++i) {
            if (a[i] != 0)
                return false;
        }
        return true;
    };
    const quint32 v4 =
        (quint32(a[12]) << 24) | (quint32(a[13]) << 16) | (quint32(a[14]) << 8) | quint32(a[15]);
    const bool mapped = zeros(0, 10) && a[10] == 0xff && a[11] == 0xff;
    const bool compatible = zeros(0, 12) && v4 > 1;  // :: and ::1 are IPv6's own
    const bool nat64 = a[0] == 0x00 && a[1] == 0x64 && a[2] == 0xff && a[3] == 0x9b && zeros(4, 12);
    return mapped || compatible || nat64 ? QHostAddress(v4) : address;
}

AddressKind classifyAddress(const QHostAddress& address) {
    const QHostAddress a = embeddedIPv4(address);
    if (a.protocol() != QAbstractSocket::IPv4Protocol &&
        a.protocol() != QAbstractSocket::IPv6Protocol) {
        // QHostAddress::Any, or no address at all: never a place to send a request to.
        return a.isNull() ? AddressKind::Reserved : AddressKind::Unspecified;
    }
    for (const KnownRange& r : knownRanges()) {
        if (a.isInSubnet(r.subnet))
            return r.kind;
    }
    return AddressKind::Public;
}

Result<AddressPolicy> AddressPolicy::parse(const QString& text) {
    AddressPolicy p;
    static const QRegularExpression sep(QStringLiteral("[,;\\n]"));
    static const QRegularExpression digitsAndDots(QStringLiteral("^[0-9.]+$"));
    for (const QString& raw : text.split(sep, Qt::SkipEmptyParts)) {
        QString entry = raw.trimmed();
        if (entry.isEmpty())
            continue;
        const auto refuse = [&raw](const QString& message) {
            return Error{QStringLiteral("invalid_argument"), message.arg(raw.trimmed())};
        };
        if (entry.startsWith(QLatin1Char('[')) && entry.contains(QLatin1Char(']')))
            entry.remove(QLatin1Char('[')).remove(QLatin1Char(']'));  // [::1] as in URLs
        if (entry.contains(QLatin1Char('/'))) {
            const QPair<QHostAddress, int> subnet = QHostAddress::parseSubnet(entry);
            if (subnet.first.isNull() || subnet.second < 0) {
                return refuse(
                    tr("\"%1\" is not an address range. Write it as ADDRESS/BITS, for "
                       "example \"192.168.1.0/24\" or \"fd00::/8\"."));
            }
            p.m_ranges.append(normalRange(subnet.first, subnet.second));
        } else if (digitsAndDots.match(entry).hasMatch()) {
            // QHostAddress reads "10" as 0.0.0.10; a person writing it means something else.
            const QHostAddress a(entry);
            if (entry.count(QLatin1Char('.')) != 3 || a.isNull()) {
                return refuse(
                    tr("\"%1\" is not an IPv4 address. Write all four parts, each "
                       "from 0 to 255 (\"10.0.0.5\"), or a range (\"10.0.0.0/8\")."));
            }
            p.m_ranges.append({a, 32});
        } else if (const QHostAddress a(entry); !a.isNull()) {
            p.m_ranges.append(
                normalRange(a, a.protocol() == QAbstractSocket::IPv4Protocol ? 32 : 128));
        } else if (const QString name = normalName(entry); validName(name)) {
            p.m_names.append(name);
        } else {
            return refuse(
                tr("\"%1\" is not an address, a range or a host name. Write addresses "
                   "(\"10.0.0.5\"), ranges (\"192.168.1.0/24\") or host names "
                   "(\"nas.lan\"), separated by commas."));
        }
        p.m_entries.append(raw.trimmed());
    }
    return p;
}

bool AddressPolicy::allowsName(const QString& host) const {
    return !m_names.isEmpty() && m_names.contains(normalName(host));
}

bool AddressPolicy::allows(const QHostAddress& address) const {
    const QHostAddress a = embeddedIPv4(address);
    if (classifyAddress(a) == AddressKind::Public)
        return true;
    for (const QPair<QHostAddress, int>& range : m_ranges) {
        if (a.isInSubnet(range))
            return true;
    }
    return false;
}

QString AddressPolicy::describe(AddressKind kind) {
    switch (kind) {
        case AddressKind::Public:
            return tr("a public address");
        case AddressKind::Unspecified:
            return tr("an unspecified address (it reaches this computer)");
        case AddressKind::Loopback:
            return tr("a loopback address (this computer)");
        case AddressKind::LinkLocal:
            return tr("a link-local address (where cloud metadata services answer)");
        case AddressKind::Private:
            return tr("a private network address");
        case AddressKind::SharedNat:
            return tr("a carrier-grade NAT address (a provider's private network)");
        case AddressKind::Multicast:
            return tr("a multicast address");
        case AddressKind::Reserved:
            return tr("a reserved address");
    }
    return tr("a reserved address");
}

}  // namespace zerg
