// zerg-bench-shell-command: what classifying a command line costs (tools/shell_command.h, the
// first gate of the approval modes). classify() runs over a mix of realistic command lines
// (one-word checks, pipelines, sudo and timeout wrappers, substitutions, sh -c strings,
// here-docs, lines that change something), every line timed on its own: median and p99 per
// command line in microseconds. The reference, measured in the same run on the same lines, is
// the gate every ssh_exec call already passes today: the built-in violation rules' regex
// deny-list (ViolationRules::defaults().match).
//
// Usage: zerg-bench-shell-command [ROUNDS]   (default 50 rounds over the mix)
#include "bench_stats.h"
#include "tools/shell_command.h"
#include "workers/violation_rules.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QStringList>

#include <cstdio>

using namespace zerg;
using namespace Qt::StringLiterals;

namespace {

// About 200 lines: the base lines, each also behind a wrapper and inside a pipeline.
QStringList commandLines() {
    const QStringList base{
        u"uptime"_s,
        u"df -h"_s,
        u"free -m"_s,
        u"ls -la /var/log"_s,
        u"cat /etc/os-release"_s,
        u"tail -n 100 /var/log/nginx/error.log"_s,
        u"journalctl -u nginx --since today -n 50 --no-pager"_s,
        u"systemctl status nginx"_s,
        u"systemctl restart nginx"_s,
        u"docker ps -a --format '{{.Names}} {{.Status}}'"_s,
        u"docker logs --tail 200 web 2>&1 | grep -i error"_s,
        u"ps aux --sort=-%mem | head -n 15"_s,
        u"du -sh /var/* 2>/dev/null | sort -h | tail -n 5"_s,
        u"find /var/log -name '*.gz' -mtime +30"_s,
        u"find /tmp -type f -mtime +7 -delete"_s,
        u"grep -c 'Failed password' /var/log/auth.log"_s,
        u"awk '{print $1}' /var/log/nginx/access.log | sort | uniq -c | sort -rn | head"_s,
        u"sed -n '1,20p' /etc/nginx/nginx.conf"_s,
        u"sed -i 's/worker_processes 1/worker_processes 4/' /etc/nginx/nginx.conf"_s,
        u"echo \"load: $(cat /proc/loadavg)\""_s,
        u"for f in /etc/nginx/sites-enabled/*; do echo \"$f\"; head -n 3 \"$f\"; done"_s,
        u"if systemctl is-active --quiet nginx; then echo up; else echo down; fi"_s,
        u"bash -c 'df -h && free -m && uptime'"_s,
        u"ip -br addr show && ss -tlnp"_s,
        u"openssl x509 -in /etc/ssl/certs/site.pem -noout -dates"_s,
        u"tar tzf /backups/db-2026-11-24.tgz | head"_s,
        u"apt-get update && apt-get -y upgrade"_s,
        u"cat <<EOF > /tmp/note.txt\nchecked at $(date)\nEOF"_s,
        u"rm -rf /var/cache/apt/archives/*.deb"_s,
        u"echo ok\nreboot"_s,
        u"git -C /srv/app status --short && git -C /srv/app log -3 --oneline"_s,
        u"dmesg -T | tail -n 20"_s,
        u"lsblk -o NAME,SIZE,MOUNTPOINT"_s,
    };
    QStringList lines = base;
    for (const QString& b : base) {
        lines.append(u"sudo timeout 30 "_s + b);
        lines.append(u"hostname; "_s + b + u" | head -n 50"_s);
        lines.append(u"FOO=1 nice -n 10 "_s + b + u" 2>/dev/null"_s);
        lines.append(u"sh -c '"_s + QString(b).replace(u"'"_s, u"'\\''"_s) + u"'"_s);
        lines.append(u"echo $("_s + b + u")"_s);
    }
    return lines;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? qMax(1, QString::fromLocal8Bit(argv[1]).toInt()) : 50;
    const QStringList lines = commandLines();
    const ViolationRules rules = ViolationRules::defaults();

    std::vector<double> oursUs;
    std::vector<double> referenceUs;
    oursUs.reserve(size_t(rounds) * size_t(lines.size()));
    referenceUs.reserve(oursUs.capacity());
    int changes = 0;
    int denied = 0;
    QElapsedTimer t;
    for (int r = 0; r < rounds; ++r) {
        for (const QString& line : lines) {
            t.start();
            const shell::Classification c = shell::classify(line);
            oursUs.push_back(double(t.nsecsElapsed()) / 1e3);
            const QJsonObject args{{u"host"_s, u"web1"_s}, {u"command"_s, line}};
            t.start();
            const auto violation = rules.match(u"ssh_exec"_s, args);
            referenceUs.push_back(double(t.nsecsElapsed()) / 1e3);
            if (r == 0) {
                changes += c.effect == shell::Effect::Changes ? 1 : 0;
                denied += violation ? 1 : 0;
            }
        }
    }
    const bench::Stats ours = bench::stats(oursUs);
    const bench::Stats reference = bench::stats(referenceUs);
    std::printf("zerg-bench-shell-command (%s): %lld command lines x %d rounds\n", ZERG_BUILD_TYPE,
                qlonglong(lines.size()), rounds);
    std::printf("  classify():            median %.2f us, p99 %.2f us (%d of %lld lines change)\n",
                ours.median, ours.p99, changes, qlonglong(lines.size()));
    std::printf("  deny-list (reference): median %.2f us, p99 %.2f us (%d lines matched a rule)\n",
                reference.median, reference.p99, denied);

    const QString section = u"Approvals"_s;
    const QString refName = u"regex deny-list, same lines"_s;
    bench::report({section,
                   u"classify a command line, median"_s,
                   ours.median,
                   u"us"_s,
                   reference.median,
                   refName,
                   {},
                   {},
                   {}});
    bench::report({section,
                   u"classify a command line, p99"_s,
                   ours.p99,
                   u"us"_s,
                   reference.p99,
                   refName,
                   {},
                   {},
                   {}});
    return 0;
}
