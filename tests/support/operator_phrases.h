#pragma once

namespace zerg::test {

// Operator phrases with the host alias and the key word the answer depends on: what the speech
// recognition test and the voice benchmark speak (issue 25 asks for at least 20).
struct OperatorPhrase {
    const char* text;
    const char* host;
    const char* verb;
};

inline constexpr OperatorPhrase kOperatorPhrases[] = {
    {"check disk usage on cube", "cube", "check"},
    {"restart nginx on web1", "web1", "restart"},
    {"what's the load on db2", "db2", "load"},
    {"show memory on testbox", "testbox", "memory"},
    {"is the backup on cube older than a day", "cube", "backup"},
    {"stop docker on web1", "web1", "stop"},
    {"check the logs on db2", "db2", "logs"},
    {"reboot testbox", "testbox", "reboot"},
    {"is postgres running on db2", "db2", "postgres"},
    {"show disk space on web1", "web1", "disk"},
    {"ping cube", "cube", "ping"},
    {"restart the database on db2", "db2", "restart"},
    {"what is the uptime on testbox", "testbox", "uptime"},
    {"check cpu usage on cube", "cube", "cpu"},
    {"reload nginx on web1", "web1", "reload"},
    {"is web1 up", "web1", "up"},
    {"show open ports on testbox", "testbox", "ports"},
    {"update cube", "cube", "update"},
    {"check free memory on db2", "db2", "memory"},
    {"list processes on web1", "web1", "processes"},
};

// The hosts file's aliases the phrases name.
inline constexpr const char* kOperatorHosts[] = {"cube", "web1", "db2", "testbox"};

}  // namespace zerg::test
