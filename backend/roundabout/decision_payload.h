#pragma once

#include "roundabout/monitored_worker.h"

#include <QJsonObject>
#include <QString>

namespace zerg {

// Characters kept of each string value in a non-shell tool's args (a file's content, a long
// body): the payload stays small for a cheap model; the full call is in the worker's artifacts.
inline constexpr int kPayloadArgChars = 300;

// What a decider sees about one worker at one check: raw facts, no verdicts (v2 improvements 1 and
// 2: no is_stuck, no keyword hints, no "slow" flags). Shape:
// {job_id, task, status, elapsed_seconds,
//  activity: [{tool, host?, command? (ssh_exec/shell_exec: args.command) | args (other tools,
//              compact), outcome ("running"|"success"|"failed"), started_at_seconds,
//              duration_ms (finished) | running_ms (running), error?, output? (outputExcerpt when
//              non-empty)}]   -- the newest maxEntries, oldest first,
//  omitted_entries (how many older ones were dropped, only when > 0),
//  current_operation: {tool, host?, command?|args, running_ms} or null   -- the newest entry whose
//                     outcome is "running";
//  help_requests: [...] (only when non-empty),
//  peek: {target, content} (only when peekTarget is non-empty)}
// running_ms = snapshot.elapsedMs - entry.startedAtMs (raw running time). Seconds are given to
// a tenth. maxEntries <= 0 keeps every entry.
[[nodiscard]] QJsonObject decisionPayload(qint64 jobId, const WorkerSnapshot& s, int maxEntries,
                                          const QString& peekTarget = {},
                                          const QString& peekContent = {});

// A short fingerprint of what changed since a previous payload matters to a decider: the number of
// activity entries (omitted ones included), their outcomes, the help requests, and the current
// operation's running time rounded down to a power of two of seconds (1,2,4,8,16,...). The status
// and the peek target are part of it too, so that a peeked payload is never mistaken for the one
// before it. Equal fingerprints mean "nothing new": the roundabout then skips the model call
// (cheap when nothing happens) but still asks at 8 s, 16 s, 32 s... of one long operation, so a
// stuck command is judged at exponentially spaced points.
[[nodiscard]] QString payloadFingerprint(const QJsonObject& payload);

}  // namespace zerg
