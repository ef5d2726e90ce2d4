#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

// Where http_request may send a request (issue 22, "containment that holds"): not to loopback,
// link-local (the cloud metadata service at 169.254.169.254), private or other non-public
// addresses, unless the user allowed them in Settings › Approvals › Allowed addresses
// (ZERG_HTTP_ALLOWED_ADDRESSES). Pure: the tool resolves names (QHostInfo) and asks here about
// every address a name gives; see docs/security.md, "http_request's addresses".
namespace zerg {

// What kind of address an IP address is. Qt 6.4 has no QHostAddress::isPrivateUse() (6.6), so
// the ranges are listed here. IPv4 written as IPv6 (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d)
// is the IPv4 address it carries.
enum class AddressKind {
    Public,       // anything not below: requests may go there
    Unspecified,  // 0.0.0.0/8, :: (a connection to it reaches this computer)
    Loopback,     // 127.0.0.0/8, ::1
    LinkLocal,    // 169.254.0.0/16 (cloud metadata), fe80::/10
    Private,      // 10/8, 172.16/12, 192.168/16, fc00::/7 (unique local), fec0::/10 (site-local)
    SharedNat,    // 100.64.0.0/10 (carrier-grade NAT)
    Multicast,    // 224.0.0.0/4, ff00::/8
    Reserved,     // 192.0.0.0/24, 240.0.0.0/4 with the broadcast 255.255.255.255, the rest of
                  // ::/96, 64:ff9b:1::/48
};

[[nodiscard]] AddressKind classifyAddress(const QHostAddress& address);

// The IPv4 address that an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64
// (64:ff9b::a.b.c.d) IPv6 address carries; any other address unchanged (without its scope).
[[nodiscard]] QHostAddress embeddedIPv4(const QHostAddress& address);

// The user's allowlist. Empty: only public addresses.
class AddressPolicy {
    Q_DECLARE_TR_FUNCTIONS(AddressPolicy)
public:
    // The list as a person writes it: "10.0.0.5, 192.168.1.0/24, fd00::/8, nas.lan" (commas,
    // semicolons or new lines between entries). An address allows itself, a range (CIDR) every
    // address in it, a host name that name whatever it resolves to. An entry that is none of
    // these (a partial address such as "10", a wildcard) is an error naming it.
    [[nodiscard]] static Result<AddressPolicy> parse(const QString& text);

    // True when host (as QUrl::host() gives it) is a name on the list: its addresses are then
    // not checked.
    [[nodiscard]] bool allowsName(const QString& host) const;
    // True when a request may go to address: it is public, or on the list.
    [[nodiscard]] bool allows(const QHostAddress& address) const;
    [[nodiscard]] bool isEmpty() const { return m_ranges.isEmpty() && m_names.isEmpty(); }
    // The entries as read, for the tool's description.
    [[nodiscard]] const QStringList& entries() const { return m_entries; }

    // What a refusal tells the model about an address's kind: "a loopback address (this
    // computer)", …
    [[nodiscard]] static QString describe(AddressKind kind);

private:
    QList<QPair<QHostAddress, int>> m_ranges;  // single addresses as /32 or /128
    QStringList m_names;                       // in ACE form, lower case, without a final dot
    QStringList m_entries;
};

}  // namespace zerg
