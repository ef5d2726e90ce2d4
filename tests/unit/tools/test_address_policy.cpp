// Where http_request may send a request (issue 22): the kinds of addresses it refuses and the
// user's allowlist (ZERG_HTTP_ALLOWED_ADDRESSES). No network: addresses only. The tool's use of
// it (names resolved, redirects checked) is in test_http_request.
#include "tools/address_policy.h"

#include <QTest>

using namespace zerg;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(zerg::AddressKind)

namespace {

QHostAddress ip(const QString& text) {
    const QHostAddress a(text);
    if (a.isNull())
        qFatal("test: %s is not an address", qPrintable(text));
    return a;
}

AddressPolicy policy(const QString& text) {
    const Result<AddressPolicy> p = AddressPolicy::parse(text);
    if (!p)
        qFatal("test: %s", qPrintable(p.error().message));
    return p.value();
}

}  // namespace

class TestAddressPolicy : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void kinds_data() {
        QTest::addColumn<QString>("address");
        QTest::addColumn<AddressKind>("kind");
        const auto row = [](const QString& a, AddressKind k) {
            QTest::newRow(qPrintable(a)) << a << k;
        };
        row(u"8.8.8.8"_s, AddressKind::Public);
        row(u"93.184.216.34"_s, AddressKind::Public);
        row(u"172.15.255.255"_s, AddressKind::Public);  // just below 172.16/12
        row(u"172.32.0.1"_s, AddressKind::Public);      // just above it
        row(u"100.63.255.255"_s, AddressKind::Public);  // just below 100.64/10
        row(u"192.169.0.1"_s, AddressKind::Public);
        row(u"2606:4700:4700::1111"_s, AddressKind::Public);
        row(u"::ffff:8.8.8.8"_s, AddressKind::Public);
        row(u"0.0.0.0"_s, AddressKind::Unspecified);
        row(u"0.1.2.3"_s, AddressKind::Unspecified);
        row(u"::"_s, AddressKind::Unspecified);
        row(u"127.0.0.1"_s, AddressKind::Loopback);
        row(u"127.255.255.254"_s, AddressKind::Loopback);
        row(u"::1"_s, AddressKind::Loopback);
        row(u"::ffff:127.0.0.1"_s, AddressKind::Loopback);
        row(u"::127.0.0.1"_s, AddressKind::Loopback);       // IPv4-compatible
        row(u"64:ff9b::7f00:1"_s, AddressKind::Loopback);   // NAT64 of 127.0.0.1
        row(u"169.254.169.254"_s, AddressKind::LinkLocal);  // cloud metadata
        row(u"::ffff:169.254.169.254"_s, AddressKind::LinkLocal);
        row(u"fe80::1"_s, AddressKind::LinkLocal);
        row(u"febf::1"_s, AddressKind::LinkLocal);
        row(u"10.0.0.1"_s, AddressKind::Private);
        row(u"10.255.255.255"_s, AddressKind::Private);
        row(u"172.16.0.1"_s, AddressKind::Private);
        row(u"172.31.255.255"_s, AddressKind::Private);
        row(u"192.168.1.1"_s, AddressKind::Private);
        row(u"::ffff:10.1.2.3"_s, AddressKind::Private);
        row(u"fc00::1"_s, AddressKind::Private);
        row(u"fd12:3456:789a::1"_s, AddressKind::Private);
        row(u"fec0::1"_s, AddressKind::Private);
        row(u"100.64.0.1"_s, AddressKind::SharedNat);
        row(u"100.127.255.255"_s, AddressKind::SharedNat);
        row(u"224.0.0.1"_s, AddressKind::Multicast);
        row(u"239.255.255.250"_s, AddressKind::Multicast);
        row(u"ff02::1"_s, AddressKind::Multicast);
        row(u"255.255.255.255"_s, AddressKind::Reserved);  // broadcast
        row(u"240.0.0.1"_s, AddressKind::Reserved);
        row(u"192.0.0.170"_s, AddressKind::Reserved);
        row(u"64:ff9b:1::a00:1"_s, AddressKind::Reserved);
    }
    void kinds() {
        QFETCH(QString, address);
        QFETCH(AddressKind, kind);
        QCOMPARE(classifyAddress(ip(address)), kind);
        // Without a list, exactly the public ones are allowed.
        QCOMPARE(AddressPolicy().allows(ip(address)), kind == AddressKind::Public);
    }

    void aScopedLinkLocalAddressIsStillLinkLocal() {
        QCOMPARE(classifyAddress(ip(u"fe80::1%lo"_s)), AddressKind::LinkLocal);
        QCOMPARE(classifyAddress(QHostAddress()), AddressKind::Reserved);  // no address at all
        QCOMPARE(classifyAddress(QHostAddress(QHostAddress::Any)), AddressKind::Unspecified);
    }

    void embeddedIPv4IsUnwrapped() {
        QCOMPARE(embeddedIPv4(ip(u"::ffff:10.0.0.1"_s)), ip(u"10.0.0.1"_s));
        QCOMPARE(embeddedIPv4(ip(u"::10.0.0.1"_s)), ip(u"10.0.0.1"_s));
        QCOMPARE(embeddedIPv4(ip(u"64:ff9b::a00:1"_s)), ip(u"10.0.0.1"_s));
        QCOMPARE(embeddedIPv4(ip(u"::1"_s)), ip(u"::1"_s));  // IPv6's own loopback
        QCOMPARE(embeddedIPv4(ip(u"::"_s)), ip(u"::"_s));
        QCOMPARE(embeddedIPv4(ip(u"2001:db8::a00:1"_s)), ip(u"2001:db8::a00:1"_s));
        QCOMPARE(embeddedIPv4(ip(u"10.0.0.1"_s)), ip(u"10.0.0.1"_s));
    }

    void everyKindHasASentence() {
        for (AddressKind k : {AddressKind::Public, AddressKind::Unspecified, AddressKind::Loopback,
                              AddressKind::LinkLocal, AddressKind::Private, AddressKind::SharedNat,
                              AddressKind::Multicast, AddressKind::Reserved}) {
            QVERIFY(!AddressPolicy::describe(k).isEmpty());
        }
        QVERIFY(AddressPolicy::describe(AddressKind::LinkLocal).contains(u"metadata"_s));
    }

    void theListAllowsItsAddressesRangesAndNames() {
        const AddressPolicy p =
            policy(u" 10.0.0.5, 192.168.1.0/24; fd00::/8\n nas.lan., [::1], ::ffff:172.16.0.9"_s);
        QVERIFY(!p.isEmpty());
        QCOMPARE(p.entries(), (QStringList{u"10.0.0.5"_s, u"192.168.1.0/24"_s, u"fd00::/8"_s,
                                           u"nas.lan."_s, u"[::1]"_s, u"::ffff:172.16.0.9"_s}));
        QVERIFY(p.allows(ip(u"10.0.0.5"_s)));
        QVERIFY(p.allows(ip(u"::ffff:10.0.0.5"_s)));  // the same address written as IPv6
        QVERIFY(!p.allows(ip(u"10.0.0.6"_s)));
        QVERIFY(p.allows(ip(u"192.168.1.77"_s)));
        QVERIFY(!p.allows(ip(u"192.168.2.1"_s)));
        QVERIFY(p.allows(ip(u"fd12::1"_s)));
        QVERIFY(!p.allows(ip(u"fc00::1"_s)));  // fc00::/7, outside fd00::/8
        QVERIFY(p.allows(ip(u"::1"_s)));
        QVERIFY(!p.allows(ip(u"127.0.0.1"_s)));  // ::1 is not 127.0.0.1
        QVERIFY(p.allows(ip(u"172.16.0.9"_s)));  // written as IPv4-mapped, kept as IPv4
        QVERIFY(!p.allows(ip(u"169.254.169.254"_s)));
        QVERIFY(p.allows(ip(u"8.8.8.8"_s)));  // public addresses need no entry

        QVERIFY(p.allowsName(u"nas.lan"_s));
        QVERIFY(p.allowsName(u"NAS.Lan."_s));
        QVERIFY(!p.allowsName(u"nas.lan.evil.example"_s));
        QVERIFY(!p.allowsName(u"evil-nas.lan"_s));
        QVERIFY(!p.allowsName(u"10.0.0.5"_s));  // an address is never a name
    }

    void ipv4AsIPv6RangesAreIPv4Ranges() {
        // ::ffff:10.0.0.0/104 is 10.0.0.0/8; a shorter IPv6 prefix stays an IPv6 range (and
        // 64:ff9b::/32 must not turn into 0.0.0.0/0).
        QVERIFY(policy(u"::ffff:10.0.0.0/104"_s).allows(ip(u"10.9.8.7"_s)));
        const AddressPolicy nat64 = policy(u"64:ff9b::/32"_s);
        QVERIFY(!nat64.allows(ip(u"10.0.0.1"_s)));
        QVERIFY(!nat64.allows(ip(u"127.0.0.1"_s)));
    }

    void anEmptyListAllowsOnlyPublicAddresses() {
        for (const QString& text : {QString(), u"  "_s, u" , ;\n"_s}) {
            const AddressPolicy p = policy(text);
            QVERIFY(p.isEmpty());
            QVERIFY(p.allows(ip(u"1.1.1.1"_s)));
            QVERIFY(!p.allows(ip(u"127.0.0.1"_s)));
            QVERIFY(!p.allowsName(u"localhost"_s));
        }
    }

    void unreadableEntriesAreNamed_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("entry");
        QTest::newRow("partial address") << u"10.0.0.5, 10"_s << u"10"_s;
        QTest::newRow("three parts") << u"10.0.0"_s << u"10.0.0"_s;
        QTest::newRow("part too large") << u"300.1.1.1"_s << u"300.1.1.1"_s;
        QTest::newRow("prefix too long") << u"10.0.0.0/33"_s << u"10.0.0.0/33"_s;
        QTest::newRow("ipv6 prefix too long") << u"fd00::/129"_s << u"fd00::/129"_s;
        QTest::newRow("range of a name") << u"nas.lan/24"_s << u"nas.lan/24"_s;
        QTest::newRow("wildcard") << u"*.lan"_s << u"*.lan"_s;
        QTest::newRow("space inside") << u"nas lan"_s << u"nas lan"_s;
        QTest::newRow("leading hyphen") << u"-nas.lan"_s << u"-nas.lan"_s;
        QTest::newRow("url") << u"http://10.0.0.5/"_s << u"http://10.0.0.5/"_s;
    }
    void unreadableEntriesAreNamed() {
        QFETCH(QString, text);
        QFETCH(QString, entry);
        const Result<AddressPolicy> p = AddressPolicy::parse(text);
        QVERIFY(!p);
        QCOMPARE(p.error().code, u"invalid_argument"_s);
        QVERIFY2(p.error().message.contains(u"\"%1\""_s.arg(entry)), qPrintable(p.error().message));
        QVERIFY2(p.error().message.contains(u"Write"_s), qPrintable(p.error().message));  // how
    }
};

QTEST_GUILESS_MAIN(TestAddressPolicy)
#include "test_address_policy.moc"
