// The shell command classifier (tools/shell_command.h), the first gate of the approval modes:
// a command line is read-only only when every simple command in it, nested ones included, is on
// the read-only list with its arguments and nothing is written by a redirection; anything it does
// not understand changes. A table of command lines with the class and reason expected (the
// examples of issue 22 among them), the parsed structure, and seeded random lines: no input
// crashes it, and a line with a real output redirection is never read-only.
#include "tools/shell_command.h"

#include <QRandomGenerator>
#include <QTest>

using namespace zerg;
using namespace zerg::shell;
using namespace Qt::StringLiterals;

namespace {

struct Row {
    const char16_t* line;
    Effect effect;
    ReasonKind kind;
    const char16_t* subject;  // nullptr: not checked
};

// clang-format off
const Row kRows[] = {
    {u"ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls -la /var/log", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat /etc/os-release", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"head -n 20 /var/log/syslog", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"tail -f /var/log/nginx/error.log", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"df -h", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"du -sh /var/*", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ps aux", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"uptime", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"free -m", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo hello", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sleep 5", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"date", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"date +%s", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"date -u -d yesterday", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"hostname", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"hostname -I", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"hostname --fqdn", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"id", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"uname -a", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"whoami", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"wc -l /etc/passwd", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"grep -r error /var/log", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"grep -c x f | sort | uniq -c", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ss -tlnp", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"netstat -tulpn", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"lsblk", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ping -c 3 example.com", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"dig +short example.com", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"getent hosts db1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"stat /etc/hosts", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"which nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"true", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"test -f /etc/hosts", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"[ -d /srv ]", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"[[ -n $HOME && -d /srv ]]", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"pwd", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cd /var/log && ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"printf '%s\\n' a b", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"jq .name package.json", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"/usr/bin/ls /tmp", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"/bin/cat /etc/hosts", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat $FILE", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat \"$HOME/.profile\"", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls ~/logs", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat 'a;rm b'", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo \"a && rm b\"", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo 'rm -rf /'", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo rm\\ -rf", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo a#b", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls; uptime", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls && df -h", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls || echo none", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls &", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls\ndf", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"(ls; df)", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"{ ls; df; }", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"! grep -q x f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls | head", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ps aux |& grep nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls; rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls && rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls || rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls & rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"echo ok\nreboot", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"(reboot)", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"{ reboot; }", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"ls | sh", Effect::Changes, ReasonKind::DynamicCommand, u"sh"},
    {u"ls | xargs rm", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls | xargs grep x", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls | xargs", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"find . -name '*.log' | xargs -0 rm -f", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls | xargs find", Effect::Changes, ReasonKind::DynamicArgument, u"find (xargs)"},
    {u"rm -rf /tmp/x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"rm -rf \"/\"", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"rm -rf //", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"rm -rf /.", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"reboot", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"shutdown -h now", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"shutdown"},
    {u"wipefs -a /dev/sda", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"wipefs"},
    {u"mkfs.ext4 /dev/sdb1", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"mkfs.ext4"},
    {u"kill -9 1234", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"kill"},
    {u"chmod 777 /etc", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"chmod"},
    {u"apt-get install nginx", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"apt-get"},
    {u"mv a b", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"mv"},
    {u"cp a b", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"cp"},
    {u"touch x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"touch"},
    {u"curl http://example.com", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"curl"},
    {u"wget http://example.com", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"wget"},
    {u"less /var/log/syslog", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"less"},
    {u"python3 -c 'print(1)'", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"python3"},
    {u"export PATH=/tmp:$PATH", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"export"},
    {u"'r''m' x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"r\\m x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"\\rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"/bin/rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"./ls", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"./ls"},
    {u"/tmp/ls", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"/tmp/ls"},
    {u"echo $(rm -rf /)", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"echo `reboot`", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"echo \"$(rm b)\"", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"echo $(ls)", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo \"today: $(date)\"", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat <(rm x)", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"diff <(ls a) <(ls b)", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"x=$(reboot)", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"echo ${X:-$(reboot)}", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"echo $((1 + 2))", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo `echo \\`reboot\\``", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"$CMD", Effect::Changes, ReasonKind::DynamicCommand, u"$CMD"},
    {u"\"$(which rm)\" x", Effect::Changes, ReasonKind::DynamicCommand, u"\"$(which rm)\""},
    {u"eval ls", Effect::Changes, ReasonKind::DynamicCommand, u"eval"},
    {u". ./x.sh", Effect::Changes, ReasonKind::DynamicCommand, u"."},
    {u"source ~/.bashrc", Effect::Changes, ReasonKind::DynamicCommand, u"source"},
    {u"$'\\x72m' x", Effect::Changes, ReasonKind::DynamicCommand, u"$'\\x72m'"},
    {u"l? /tmp", Effect::Changes, ReasonKind::DynamicCommand, u"l?"},
    {u"PATH=/tmp ls", Effect::Changes, ReasonKind::DynamicCommand, u"PATH="},
    {u"PATH=/tmp; ls", Effect::Changes, ReasonKind::DynamicCommand, u"PATH="},
    {u"LD_PRELOAD=/tmp/x.so ls", Effect::Changes, ReasonKind::DynamicCommand, u"LD_PRELOAD="},
    {u"bash script.sh", Effect::Changes, ReasonKind::DynamicCommand, u"bash script.sh"},
    {u"bash", Effect::Changes, ReasonKind::DynamicCommand, u"bash"},
    {u"bash -c \"$X\"", Effect::Changes, ReasonKind::DynamicCommand, u"bash -c \"$X\""},
    {u"bash -c 'rm x'", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"bash -c 'ls'", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sh -c 'df -h; uptime'", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"bash -lc 'reboot'", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"sh -ec 'ls && rm x'", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"bash <<EOF\nls\nEOF", Effect::Changes, ReasonKind::DynamicCommand, u"bash"},
    {u"sudo ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sudo -u www-data cat /srv/app.log", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sudo rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"sudo -i", Effect::Changes, ReasonKind::ChangingOption, u"sudo -i"},
    {u"sudo -s", Effect::Changes, ReasonKind::ChangingOption, u"sudo -s"},
    {u"sudo su", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"su"},
    {u"sudo", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"sudo"},
    {u"env", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"env FOO=1 ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"env -i PATH=/tmp ls", Effect::Changes, ReasonKind::DynamicCommand, u"PATH="},
    {u"env -S 'rm x'", Effect::Changes, ReasonKind::DynamicCommand, u"env -S"},
    {u"FOO=1 rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"FOO=1", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"timeout 5 cat f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"timeout -s KILL 5 rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"nice -n 5 rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"nice -n 10 du -sh /", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"nohup sleep 10", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"time ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"command -v nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"command rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"exec ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"stdbuf -oL grep x f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ionice -c 3 du -sh /", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sudo timeout 5 nice -n 1 rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"ls > /dev/null 2>&1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls >/dev/null", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls 2>/dev/null", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls &>/dev/null", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo x >&2", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat < /etc/hosts", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"grep x <<< \"$VAR\"", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ls 2>/tmp/err", Effect::Changes, ReasonKind::WritesFile, u"2> /tmp/err"},
    {u"echo x > /etc/hosts", Effect::Changes, ReasonKind::WritesFile, u"> /etc/hosts"},
    {u"echo x >> /etc/hosts", Effect::Changes, ReasonKind::WritesFile, u">> /etc/hosts"},
    {u"echo b >/proc/sysrq-trigger", Effect::Changes, ReasonKind::WritesFile, u"> /proc/sysrq-trigger"},
    {u"ls >| out", Effect::Changes, ReasonKind::WritesFile, u">| out"},
    {u"ls &> out.log", Effect::Changes, ReasonKind::WritesFile, u"&> out.log"},
    {u"ls >& out.log", Effect::Changes, ReasonKind::WritesFile, u">& out.log"},
    {u"cat <> /dev/sda", Effect::Changes, ReasonKind::WritesFile, u"<> /dev/sda"},
    {u"> /var/log/syslog", Effect::Changes, ReasonKind::WritesFile, u"> /var/log/syslog"},
    {u"echo x > $F", Effect::Changes, ReasonKind::WritesFile, u"> $F"},
    {u"(ls) > out", Effect::Changes, ReasonKind::WritesFile, u"> out"},
    {u"cat > f $(ls)", Effect::Changes, ReasonKind::WritesFile, u"> f"},
    {u"cat <<EOF\nrm -rf /\nEOF", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat <<'EOF'\n$(reboot)\nEOF", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"cat <<EOF\n$(reboot)\nEOF", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"cat <<-EOF\n\tls\n\tEOF\nrm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"grep x f | tee out.txt", Effect::Changes, ReasonKind::WritesFile, u"tee out.txt"},
    {u"echo x | tee -a /etc/hosts", Effect::Changes, ReasonKind::WritesFile, u"tee /etc/hosts"},
    {u"echo x | tee", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"echo x | tee /dev/null", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"dd if=/dev/sda of=/dev/null bs=1M count=1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"dd of=/dev/dm-0", Effect::Changes, ReasonKind::WritesFile, u"dd of=/dev/dm-0"},
    {u"dd if=/dev/zero of=/dev/sda", Effect::Changes, ReasonKind::WritesFile, u"dd of=/dev/sda"},
    {u"sort -o f f", Effect::Changes, ReasonKind::WritesFile, u"sort -o"},
    {u"sort --output=f f", Effect::Changes, ReasonKind::WritesFile, u"sort --output=f"},
    {u"sort -k2 -n f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"uniq a b", Effect::Changes, ReasonKind::WritesFile, u"uniq b"},
    {u"uniq -c a", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"find /var/log -name '*.gz'", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"find / -delete", Effect::Changes, ReasonKind::ChangingOption, u"find -delete"},
    {u"find . -name x -exec rm {} \\;", Effect::Changes, ReasonKind::ChangingOption, u"find -exec"},
    {u"find . -execdir ls \\;", Effect::Changes, ReasonKind::ChangingOption, u"find -execdir"},
    {u"find . -fprint out", Effect::Changes, ReasonKind::ChangingOption, u"find -fprint"},
    {u"find $DIR -name x", Effect::Changes, ReasonKind::DynamicArgument, u"find $DIR"},
    {u"find . -name *.log", Effect::Changes, ReasonKind::DynamicArgument, u"find *.log"},
    {u"journalctl -u nginx -n 50", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"journalctl --since today", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"journalctl --vacuum-size=1G", Effect::Changes, ReasonKind::ChangingOption, u"journalctl --vacuum-size"},
    {u"journalctl --vacuum-time 2d", Effect::Changes, ReasonKind::ChangingOption, u"journalctl --vacuum-time"},
    {u"journalctl --rotate", Effect::Changes, ReasonKind::ChangingOption, u"journalctl --rotate"},
    {u"dmesg -T", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"dmesg -c", Effect::Changes, ReasonKind::ChangingOption, u"dmesg -c"},
    {u"dmesg -Tc", Effect::Changes, ReasonKind::ChangingOption, u"dmesg -c"},
    {u"dmesg --clear", Effect::Changes, ReasonKind::ChangingOption, u"dmesg --clear"},
    {u"systemctl status nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl is-active nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl list-units --failed", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl --failed", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl -t service --state running", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"systemctl restart nginx", Effect::Changes, ReasonKind::ChangingSubcommand, u"systemctl restart"},
    {u"systemctl --no-wall reboot", Effect::Changes, ReasonKind::ChangingSubcommand, u"systemctl reboot"},
    {u"systemctl stop nginx", Effect::Changes, ReasonKind::ChangingSubcommand, u"systemctl stop"},
    {u"sudo systemctl status nginx", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker ps -a", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker logs --tail 50 web", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker inspect web", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker container ls", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker stats --no-stream", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"docker stats", Effect::Changes, ReasonKind::ChangingSubcommand, u"docker stats"},
    {u"docker rm web", Effect::Changes, ReasonKind::ChangingSubcommand, u"docker rm"},
    {u"docker container rm web", Effect::Changes, ReasonKind::ChangingSubcommand, u"docker container rm"},
    {u"docker run -it ubuntu", Effect::Changes, ReasonKind::ChangingSubcommand, u"docker run"},
    {u"podman ps", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ip addr show", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ip -br a", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ip route", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ip route get 1.1.1.1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"ip link set eth0 down", Effect::Changes, ReasonKind::ChangingSubcommand, u"ip link set"},
    {u"ip addr add 10.0.0.1/24 dev eth0", Effect::Changes, ReasonKind::ChangingSubcommand, u"ip addr add"},
    {u"ip route flush all", Effect::Changes, ReasonKind::ChangingSubcommand, u"ip route flush"},
    {u"hostname evil", Effect::Changes, ReasonKind::ChangingSubcommand, u"hostname evil"},
    {u"date -s 2020-01-01", Effect::Changes, ReasonKind::ChangingOption, u"date -s"},
    {u"date --set=2020-01-01", Effect::Changes, ReasonKind::ChangingOption, u"date -s"},
    {u"date 010112002020", Effect::Changes, ReasonKind::ChangingSubcommand, u"date 010112002020"},
    {u"sed -n 1,5p f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sed 's/a/b/g' f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sed -e 's/a/b/' -e '/x/d' f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"sed -i s/a/b/ f", Effect::Changes, ReasonKind::ChangingOption, u"sed -i"},
    {u"sed -i.bak s/a/b/ f", Effect::Changes, ReasonKind::ChangingOption, u"sed -i"},
    {u"sed --in-place s/a/b/ f", Effect::Changes, ReasonKind::ChangingOption, u"sed -i"},
    {u"sed -ni p f", Effect::Changes, ReasonKind::ChangingOption, u"sed -i"},
    {u"sed 's/a/b/w out' f", Effect::Changes, ReasonKind::ChangingOption, u"sed s///w"},
    {u"sed '1w out' f", Effect::Changes, ReasonKind::ChangingOption, u"sed w"},
    {u"sed 's/a/b/e' f", Effect::Changes, ReasonKind::ChangingOption, u"sed s///e"},
    {u"sed -f script.sed f", Effect::Changes, ReasonKind::ChangingOption, u"sed -f"},
    {u"sed -n '/error/{p;q}' f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"awk '{print $1}' f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"awk -F: '{print $1}' /etc/passwd", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"awk '$3 > 100 || $4 == 0' f", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"awk '{system(\"rm x\")}'", Effect::Changes, ReasonKind::ChangingOption, u"awk system("},
    {u"awk '{print > \"out\"}' f", Effect::Changes, ReasonKind::ChangingOption, nullptr},
    {u"awk '{print | \"sh\"}' f", Effect::Changes, ReasonKind::ChangingOption, u"awk |"},
    {u"awk -f prog.awk f", Effect::Changes, ReasonKind::ChangingOption, u"awk -f"},
    {u"tar tzf a.tgz", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"tar -tvf a.tar", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"tar --list -f a.tar", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"tar xzf a.tgz", Effect::Changes, ReasonKind::ChangingOption, u"tar -x"},
    {u"tar -czf a.tgz /etc", Effect::Changes, ReasonKind::ChangingOption, u"tar -c"},
    {u"tar -f t.tar -x", Effect::Changes, ReasonKind::ChangingOption, u"tar -x"},
    {u"git status", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"git -C /srv/app log -5", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"git diff HEAD~1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"git branch", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"git remote -v", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"git push", Effect::Changes, ReasonKind::ChangingSubcommand, u"git push"},
    {u"git branch -D main", Effect::Changes, ReasonKind::ChangingSubcommand, u"git branch"},
    {u"git log --output=x", Effect::Changes, ReasonKind::WritesFile, u"git --output"},
    {u"openssl x509 -in cert.pem -noout -dates", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"openssl x509 -in a.pem -out b.pem", Effect::Changes, ReasonKind::WritesFile, u"openssl -out"},
    {u"openssl genrsa 2048", Effect::Changes, ReasonKind::ChangingSubcommand, u"openssl genrsa"},
    {u"top -bn1", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"top", Effect::Changes, ReasonKind::ChangingOption, u"top (interactive)"},
    {u"if true; then reboot; fi", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"if grep -q x f; then echo yes; else echo no; fi", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"for f in *; do cat \"$f\"; done", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"for f in $(ls); do rm \"$f\"; done", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"for f in $(reboot); do echo; done", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"for ((i=0; i<3; i++)); do echo $i; done", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"while true; do sleep 1; done", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"until ping -c1 db; do sleep 1; done", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"((x = 1 + 2))", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"f() { rm x; }; f", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"function f { ls; }", Effect::Changes, ReasonKind::UnsupportedSyntax, u"function"},
    {u"case $x in a) rm x;; esac", Effect::Changes, ReasonKind::UnsupportedSyntax, u"case"},
    {u"echo 'x", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"echo \"x", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"echo $(ls", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"echo `ls", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"ls )", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"ls >", Effect::Changes, ReasonKind::UnsupportedSyntax, nullptr},
    {u"", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"   \t ", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"# rm -rf /", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"\n\n", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"ls # ; rm x", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u";", Effect::ReadOnly, ReasonKind::Empty, nullptr},
    {u"rg --pre=sh x", Effect::Changes, ReasonKind::ChangingOption, u"rg --pre"},
    {u"rg -n error /var/log", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"yq -i '.a = 1' f.yaml", Effect::Changes, ReasonKind::ChangingOption, u"yq -i"},
    {u"ss -tK dst 10.0.0.1", Effect::Changes, ReasonKind::ChangingOption, u"ss -K"},
    {u"lastlog --clear -u bob", Effect::Changes, ReasonKind::ChangingOption, u"lastlog --clear"},
    {u"sort --compress-program=sh f", Effect::Changes, ReasonKind::ChangingOption, u"sort --compress-program"},
    {u"git -c core.pager='rm -rf /' log", Effect::Changes, ReasonKind::ChangingOption, u"git -c"},
    {u"tar -tf a.tar --to-command=sh", Effect::Changes, ReasonKind::ChangingOption, u"tar --to-command=sh"},
    {u"tar -tf a.tar --checkpoint-action=exec=reboot", Effect::Changes, ReasonKind::ChangingOption, nullptr},
    {u"find . -ex''ec rm {} \\;", Effect::Changes, ReasonKind::ChangingOption, u"find -exec"},
    {u"echo $((`reboot`))", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"[[ $(reboot) ]]", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"reboot"},
    {u"exec 3>/tmp/x", Effect::Changes, ReasonKind::WritesFile, u"3> /tmp/x"},
    {u"xargs -I{} sh -c 'rm {}'", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"sudo -- rm x", Effect::Changes, ReasonKind::NotOnReadOnlyList, u"rm"},
    {u"sudo -E bash", Effect::Changes, ReasonKind::DynamicCommand, u"bash"},
    {u"a=rm; $a x", Effect::Changes, ReasonKind::DynamicCommand, u"$a"},
    {u"ls {a,b}", Effect::ReadOnly, ReasonKind::AllReadOnly, nullptr},
    {u"find . -{delete,print}", Effect::Changes, ReasonKind::DynamicArgument, u"find -{delete,print}"},
    {u"[[ -f x > /tmp/y", Effect::Changes, ReasonKind::UnsupportedSyntax, u"[[ without ]]"},
    {u"for x in a > /tmp/y", Effect::Changes, ReasonKind::UnsupportedSyntax, u"a redirection in for"},
};
// clang-format on

QString pick(QRandomGenerator& rng, const QStringList& from) {
    return from.at(int(rng.bounded(quint32(from.size()))));
}

}  // namespace

class TestShellCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classifies_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("effect");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("subject");
        QTest::addColumn<bool>("checkSubject");
        int i = 0;
        for (const Row& r : kRows) {
            const QString line = QString::fromUtf16(r.line);
            QString name = line.left(48);
            name.replace(u'\n', u"\\n"_s);
            QTest::addRow("%03d %s", ++i, qPrintable(name))
                << line << int(r.effect) << int(r.kind)
                << (r.subject ? QString::fromUtf16(r.subject) : QString())
                << (r.subject != nullptr);
        }
    }

    void classifies() {
        QFETCH(QString, line);
        QFETCH(int, effect);
        QFETCH(int, kind);
        QFETCH(QString, subject);
        QFETCH(bool, checkSubject);
        const Classification c = classify(line);
        const QString got =
            (c.effect == Effect::ReadOnly ? u"read-only: "_s : u"changes: "_s) + describe(c.reason);
        QVERIFY2(c.effect == Effect(effect), qPrintable(got));
        QVERIFY2(c.reason.kind == ReasonKind(kind), qPrintable(got));
        if (checkSubject)
            QCOMPARE(c.reason.subject, subject);
    }

    void theTableIsLargeAndHasBothClasses() {
        int readOnly = 0;
        int changes = 0;
        for (const Row& r : kRows)
            (r.effect == Effect::ReadOnly ? readOnly : changes)++;
        QVERIFY2(readOnly + changes >= 170, qPrintable(QString::number(readOnly + changes)));
        QVERIFY(readOnly >= 60);
        QVERIFY(changes >= 100);
    }

    void parsesWordsPrefixesAndRedirections() {
        const Classification c =
            classify(u"sudo -u www timeout 5 grep -r \"a b\" /var/log 2>/dev/null"_s);
        QCOMPARE(c.effect, Effect::ReadOnly);
        QCOMPARE(c.commands.size(), 1);
        const SimpleCommand& cmd = c.commands.first();
        QCOMPARE(cmd.prefixes, QStringList({u"sudo"_s, u"timeout"_s}));
        QCOMPARE(cmd.words, QStringList({u"grep"_s, u"-r"_s, u"a b"_s, u"/var/log"_s}));
        QCOMPARE(cmd.redirections.size(), 1);
        QCOMPARE(cmd.redirections.first(), (Redirection{u"2>"_s, u"/dev/null"_s}));

        // Nested commands come first, then the command that holds them.
        const Classification nested = classify(u"bash -c 'ls | wc -l'; echo $(date)"_s);
        QCOMPARE(nested.effect, Effect::ReadOnly);
        QStringList firstWords;
        for (const SimpleCommand& s : nested.commands)
            firstWords.append(s.words.value(0));
        QCOMPARE(firstWords, QStringList({u"ls"_s, u"wc"_s, u"bash"_s, u"date"_s, u"echo"_s}));

        const Classification heredoc = classify(u"cat <<'EOF' > /tmp/x\nrm -rf /\nEOF\nls"_s);
        QCOMPARE(heredoc.reason, (Reason{ReasonKind::WritesFile, u"> /tmp/x"_s}));
        QCOMPARE(heredoc.commands.size(), 2);
        QCOMPARE(heredoc.commands.at(0).redirections.size(), 2);
        QCOMPARE(heredoc.commands.at(1).words, QStringList{u"ls"_s});
    }

    // Seeded random lines from shell fragments, balanced or not: classify() always returns, and
    // its answer is consistent (read-only exactly when the reason says so).
    void neverCrashesOnAnyInput() {
        const QStringList fragments{u"ls"_s,    u"rm"_s,        u"-rf"_s,
                                    u"/"_s,     u"'"_s,         u"\""_s,
                                    u"`"_s,     u"$("_s,        u")"_s,
                                    u"("_s,     u"{"_s,         u"}"_s,
                                    u";"_s,     u"&&"_s,        u"||"_s,
                                    u"|"_s,     u"&"_s,         u">"_s,
                                    u">>"_s,    u"<"_s,         u"<<"_s,
                                    u"<<<"_s,   u"2>&1"_s,      u"\n"_s,
                                    u"\\"_s,    u"$"_s,         u"${"_s,
                                    u"$(("_s,   u"))"_s,        u"<("_s,
                                    u"#"_s,     u"if"_s,        u"then"_s,
                                    u"fi"_s,    u"for"_s,       u"in"_s,
                                    u"do"_s,    u"done"_s,      u"case"_s,
                                    u"EOF"_s,   u"sudo"_s,      u"bash -c"_s,
                                    u"xargs"_s, u"[["_s,        u"]]"_s,
                                    u"="_s,     u"X=1"_s,       u"$'\\x41'"_s,
                                    u"é✓"_s,    u"\t"_s,        QString(300, u'a'),
                                    u"sed"_s,   u"-i"_s,        u"find"_s,
                                    u"-exec"_s, u"awk"_s,       u"'{print}'"_s,
                                    u"tar"_s,   u"systemctl"_s, u"docker"_s,
                                    u"ip"_s};
        QRandomGenerator rng(20261125);
        for (int n = 0; n < 20000; ++n) {
            QString line;
            const int parts = 1 + int(rng.bounded(12));
            for (int p = 0; p < parts; ++p) {
                line += pick(rng, fragments);
                if (rng.bounded(3) != 0)
                    line += u' ';
            }
            const Classification c = classify(line);
            const bool readOnlyReason =
                c.reason.kind == ReasonKind::AllReadOnly || c.reason.kind == ReasonKind::Empty;
            QVERIFY2((c.effect == Effect::ReadOnly) == readOnlyReason, qPrintable(line));
            QVERIFY2(!describe(c.reason).isEmpty(), qPrintable(line));
        }
    }

    // Lines of read-only commands with a real output redirection to a file put after one of
    // them (outside quotes): never read-only, and without it the same line is.
    void aWriteRedirectionIsNeverReadOnly() {
        const QStringList commands{u"ls -la"_s,           u"cat /etc/hosts"_s,
                                   u"echo 'a;b > c'"_s,   u"grep -r x /var/log"_s,
                                   u"echo \"$(date)\""_s, u"df -h"_s,
                                   u"sudo ls"_s,          u"timeout 5 uptime"_s,
                                   u"(ps aux)"_s,         u"{ free -m; }"_s,
                                   u"journalctl -n 5"_s,  u"systemctl status x"_s,
                                   u"ls 2>&1"_s,          u"echo \"a && b\""_s,
                                   u"cat <(ls)"_s};
        const QStringList separators{u" ; "_s, u" && "_s, u" || "_s, u" | "_s, u"\n"_s, u" & "_s};
        const QStringList writes{u" > /tmp/zerg-out"_s,  u" >> /tmp/zerg-out"_s,
                                 u" 2>/tmp/zerg-err"_s,  u" &>/tmp/zerg-all"_s,
                                 u" 1> /tmp/zerg-one"_s, u" >| /tmp/zerg-out"_s,
                                 u" >/dev/sda"_s};
        QRandomGenerator rng(20261125);
        for (int n = 0; n < 5000; ++n) {
            const int count = 1 + int(rng.bounded(5));
            const int at = int(rng.bounded(quint32(count)));
            const QString write = pick(rng, writes);
            QString plain;
            QString written;
            for (int i = 0; i < count; ++i) {
                const QString cmd = pick(rng, commands);
                const QString sep = i + 1 < count ? pick(rng, separators) : QString();
                plain += cmd + sep;
                written += cmd + (i == at ? write : QString()) + sep;
            }
            QVERIFY2(classify(plain).effect == Effect::ReadOnly, qPrintable(plain));
            const Classification c = classify(written);
            QVERIFY2(c.effect == Effect::Changes, qPrintable(written));
            QVERIFY2(c.reason.kind == ReasonKind::WritesFile, qPrintable(written));
        }
    }

    void nestingAndSizeHaveLimits() {
        QString deep;
        for (int i = 0; i < 10000; ++i)
            deep += u"$("_s;
        QCOMPARE(classify(deep).reason.kind, ReasonKind::UnsupportedSyntax);
        QCOMPARE(classify(QString(10000, u'(')).reason.kind, ReasonKind::UnsupportedSyntax);
        // Closed substitutions nested 40 deep: past the limit of 32.
        QString closed = u"ls"_s;
        for (int i = 0; i < 40; ++i)
            closed = u"echo $("_s + closed + u')';
        QCOMPARE(classify(closed).reason.kind, ReasonKind::UnsupportedSyntax);
        QString shallow = u"ls"_s;
        for (int i = 0; i < 20; ++i)
            shallow = u"echo $("_s + shallow + u')';
        QCOMPARE(classify(shallow).effect, Effect::ReadOnly);
        const Classification huge = classify(u"echo "_s + QString(1024 * 1024, u'a'));
        QCOMPARE(huge.effect, Effect::Changes);
        QCOMPARE(huge.reason.kind, ReasonKind::UnsupportedSyntax);
        // Just under the limit a long line is read as usual.
        QCOMPARE(classify(u"echo "_s + QString(60000, u'a')).effect, Effect::ReadOnly);
    }

    void everyReasonIsDescribed() {
        for (int k = int(ReasonKind::AllReadOnly); k <= int(ReasonKind::Empty); ++k) {
            const auto kind = ReasonKind(k);
            const QString text = describe(Reason{kind, u"subject-xyz"_s});
            QVERIFY2(!text.isEmpty(), qPrintable(QString::number(k)));
            if (kind != ReasonKind::AllReadOnly && kind != ReasonKind::Empty)
                QVERIFY2(text.contains(u"subject-xyz"_s), qPrintable(text));
            else
                QVERIFY2(!text.contains(u"%1"_s), qPrintable(text));
        }
        QCOMPARE(describe(classify(u"rm x"_s).reason), u"`rm` is not on the read-only list"_s);
        QCOMPARE(describe(classify(u"ls"_s).reason), u"every command only reads"_s);
        QCOMPARE(describe(classify(u""_s).reason), u"nothing to run"_s);
        QCOMPARE(describe(classify(u"ls > /etc/x"_s).reason), u"it writes a file (`> /etc/x`)"_s);
    }
};

QTEST_GUILESS_MAIN(TestShellCommand)
#include "test_shell_command.moc"
