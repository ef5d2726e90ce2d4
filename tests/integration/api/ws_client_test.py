#!/usr/bin/env python3
"""An independent client of `zerg serve`: Python's `websockets` (not Qt) drives the API of
docs/api.md against the real server, with the loopback LLM server behind it.

    ws_client_test.py --zerg PATH --fake-llm PATH [--postgres PATH]

With --postgres (the zerg-test-postgres program) the server's store is a throwaway PostgreSQL.

Each check prints PASS or FAIL; the exit status is 1 when any check failed. Checks run in a
fixed order on one server (some leave state the next ones rely on, e.g. owner 1's runs).
"""
import argparse
import asyncio
import json
import os
import pathlib
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
import time

import websockets

TIMEOUT = 30  # seconds for any single wait; generous for a loaded CI machine
ALLOWED_ORIGIN = "https://ops.example.com"


def scenario():
    """Direct answers for ordinary tasks; one answer that stalls (for cancel); one task that
    spawns a worker running a local shell command (for the worker commands). Special tasks
    carry "SPECIAL-" and are asked by owners of their own, whose threads hold nothing else."""
    responses = [{
        "when_request_contains": "SPECIAL-STALL",
        "content": "This answer never finishes.",
        "stall_after_bytes": 200,
    }, {
        "model": "supervisor-model",
        "when_request_contains": "SPECIAL-WORKER",
        "tool_calls": [{"id": "sup_1", "name": "spawn_worker",
                        "arguments": {"task": "Say hello from the shell"}}],
    }, {
        "model": "worker-model",
        "tool_calls": [{"id": "wrk_1", "name": "shell_exec",
                        "arguments": {"command": "echo hello-from-worker"}}],
    }, {
        "model": "worker-model",
        "content": "The shell said hello-from-worker.",
    }, {
        "model": "supervisor-model",
        "when_request_contains": "SPECIAL-WORKER",
        "content": "Your worker says hello.",
    }]
    for i in range(40):
        responses.append({
            "model": "supervisor-model",
            "unless_request_contains": "SPECIAL-",
            "content": f"All good, answer {i}. " + "The disks are fine. " * 4,
            "chunk_chars": 4,
            "delay_ms": 5,
        })
    for i in range(5):
        responses.append({"model": "summary-model", "content": f"Summary {i}: said hello."})
    return {"responses": responses}


class Server:
    """The loopback LLM server and `zerg serve` in a temporary folder."""

    def __init__(self, zerg, fake_llm, tls=None, postgres=None):
        self.zerg = zerg
        self.pg = None
        self.dir = tempfile.mkdtemp(prefix="zerg-api-test-")
        self.env = dict(os.environ)
        for name in list(self.env):
            if name.startswith("ZERG_"):
                del self.env[name]
        hosts = pathlib.Path(self.dir, "hosts")
        hosts.write_text("")
        self.env.update({
            "ZERG_DATA_DIR": os.path.join(self.dir, "data"),
            "ZERG_CONFIG_DIR": os.path.join(self.dir, "config"),
            "XDG_CONFIG_HOME": os.path.join(self.dir, "xdg"),
            "ZERG_HOSTS_FILE": str(hosts),
            "ZERG_MODEL": "supervisor-model",
            "ZERG_WORKER_MODEL": "worker-model",
            "ZERG_SUMMARY_MODEL": "summary-model",
            "ZERG_SHELL_SANDBOX": "restricted",
            "ZERG_DECIDER_MODEL": "heuristic",
            "ZERG_SERVER_ORIGINS": ALLOWED_ORIGIN,
            "ZERG_SECRET_STORE": "file",
        })
        if postgres:
            self.pg = subprocess.Popen([postgres], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True)
            line = self.pg.stdout.readline().strip()
            assert line.startswith("ZERG_DATABASE_URL="), f"zerg-test-postgres said: {line!r}"
            self.env["ZERG_DATABASE_URL"] = line.split("=", 1)[1]
        scenario_file = pathlib.Path(self.dir, "scenario.json")
        scenario_file.write_text(json.dumps(scenario()))
        self.llm = subprocess.Popen([fake_llm, "--scenario", str(scenario_file)],
                                    stdout=subprocess.PIPE, text=True)
        line = self.llm.stdout.readline().strip()
        assert line.startswith("ZERG_LLM_BASE_URL="), f"fake LLM server said: {line!r}"
        self.env["ZERG_LLM_BASE_URL"] = line.split("=", 1)[1]
        args = [zerg, "serve", "--listen", "127.0.0.1:0"]
        if tls:
            args += ["--tls-cert", tls[0], "--tls-key", tls[1]]
        self.proc = subprocess.Popen(args, env=self.env, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"listening on (wss?)://127\.0\.0\.1:(\d+)", line)
        assert m, f"zerg serve did not start: {line!r}"
        if postgres:
            assert "database postgresql://" in line, f"not on PostgreSQL: {line!r}"
        self.url = f"{m.group(1)}://127.0.0.1:{m.group(2)}"

    def cli(self, *args, stdin=None):
        return subprocess.run([self.zerg, *args], env=self.env, capture_output=True, text=True,
                              input=stdin, timeout=60)

    def add_device(self, name, owner):
        r = self.cli("devices", "add", name, "--owner", str(owner), "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    def stop(self):
        self.proc.terminate()
        try:
            code = self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = "killed (no clean stop on SIGTERM)"
        self.llm.terminate()
        self.llm.wait(timeout=TIMEOUT)
        if self.pg:
            self.pg.stdin.close()  # stops the PostgreSQL server
            self.pg.wait(timeout=TIMEOUT)
        shutil.rmtree(self.dir, ignore_errors=True)
        return code


class Client:
    """One connection: commands with ids, events collected as they come."""

    def __init__(self, ws):
        self.ws = ws
        self.next_id = 1
        self.events = []
        self.hello = None

    @classmethod
    async def open(cls, url, **kwargs):
        ws = await websockets.connect(url, max_size=None, **kwargs)
        c = cls(ws)
        c.hello = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        assert c.hello["type"] == "hello", c.hello
        return c

    async def recv(self):
        return json.loads(await asyncio.wait_for(self.ws.recv(), TIMEOUT))

    async def call(self, op, **args):
        """Sends a command; returns its reply. Events that arrive meanwhile are kept."""
        cid = self.next_id
        self.next_id += 1
        await self.ws.send(json.dumps({"id": cid, "op": op, **args}))
        return await self.reply_to(cid)

    async def reply_to(self, cid):
        while True:
            msg = await self.recv()
            if msg["type"] == "event":
                self.events.append(msg)
            elif msg["type"] == "reply" and msg["id"] == cid:
                return msg

    async def until_event(self, name, run_id=None):
        for e in self.events:
            if e["event"] == name and (run_id is None or e["data"].get("run_id") == run_id):
                return e
        while True:
            msg = await self.recv()
            if msg["type"] != "event":
                continue
            self.events.append(msg)
            if msg["event"] == name and (run_id is None or msg["data"].get("run_id") == run_id):
                return msg

    async def close(self):
        await self.ws.close()


def ok(reply):
    assert reply["ok"], reply
    return reply["result"]


def error_code(reply):
    assert not reply["ok"], reply
    return reply["error"]["code"]


async def closed_with(ws, code):
    try:
        while True:
            await asyncio.wait_for(ws.recv(), TIMEOUT)
    except websockets.ConnectionClosed as e:
        assert e.code == code, f"closed with {e.code} ({e.reason}), expected {code}"


# ---- the checks -------------------------------------------------------------------------------

async def check_auth_failures(s, ctx):
    c = await Client.open(s.url)
    assert error_code(await c.call("workers")) == "unauthenticated"
    assert ok(await c.call("ping"))["pong"] is True          # allowed before authentication
    assert error_code(await c.call("login", device_secret="zd_wrong")) == "auth_failed"
    assert error_code(await c.call("auth", token="zt_wrong")) == "auth_failed"
    r = await c.call("login")
    assert error_code(r) == "bad_request" and "device_secret" in r["error"]["message"], r
    await c.ws.send(json.dumps({"id": 99, "op": "auth", "token": "zt_wrong_again"}))
    await closed_with(c.ws, 4401)                               # the third failure


async def check_login_and_tokens(s, ctx):
    c = await Client.open(s.url)
    session = ok(await c.call("login", device_secret=ctx["owner1"]["device_secret"]))
    assert session["owner_id"] == 1 and session["token"].startswith("zt_")
    ctx["token1"] = session["token"]
    await c.close()
    c = await Client.open(s.url)
    assert ok(await c.call("auth", token=ctx["token1"]))["owner_id"] == 1
    assert "runs" in ok(await c.call("runs"))
    await c.close()
    # A token ended by logout no longer works.
    c = await Client.open(s.url)
    spare = ok(await c.call("login", device_secret=ctx["owner1"]["device_secret"]))["token"]
    ok(await c.call("logout"))
    await c.close()
    c = await Client.open(s.url)
    assert error_code(await c.call("auth", token=spare)) == "auth_failed"
    await c.close()


async def check_origin(s, ctx):
    try:
        await websockets.connect(s.url, origin="https://evil.example")
        raise AssertionError("a page from an unknown origin was let in")
    except websockets.InvalidStatusCode as e:
        assert e.status_code == 403, e
    c = await Client.open(s.url, origin=ALLOWED_ORIGIN)
    assert c.hello["protocol"] == 1
    await c.close()


async def check_bad_frames(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("auth", token=ctx["token1"]))
    await c.ws.send("{not json")
    assert error_code(await c.recv()) == "bad_json"
    await c.ws.send("[1, 2]")
    assert error_code(await c.recv()) == "bad_json"
    r = await c.call("dispatch")
    assert error_code(r) == "bad_request" and "task" in r["error"]["message"], r
    r = await c.call("dispatch", task=42)
    assert error_code(r) == "bad_request", r
    r = await c.call("run", run_id="seven")
    assert error_code(r) == "bad_request" and "run_id" in r["error"]["message"], r
    r = await c.call("frobnicate")
    assert error_code(r) == "unknown_op" and "dispatch" in r["error"]["message"], r
    await c.ws.send(json.dumps({"id": 7, "op": "dispatch", "task": "x" * (100 * 1024)}))
    r = await c.recv()                                          # over the 64 KiB soft limit
    assert error_code(r) == "too_large" and r["id"] is None, r  # (not read, so no id)
    assert ok(await c.call("ping"))["pong"] is True            # the connection stays
    try:                                                        # over the 1 MiB hard limit
        await c.ws.send(json.dumps({"id": 1, "op": "ping", "pad": "y" * (2 * 1024 * 1024)}))
    except websockets.ConnectionClosed as e:                    # closed while still sending
        assert e.rcvd is not None and e.rcvd.code == 1009, e
        return
    await closed_with(c.ws, 1009)


async def check_flood_does_not_hurt_others(s, ctx):
    flooder = await Client.open(s.url)
    ok(await flooder.call("auth", token=ctx["token1"]))
    bystander = await Client.open(s.url)
    ok(await bystander.call("auth", token=ctx["token1"]))
    # Over the rate: the surplus is refused with rate_limited, and the connection stays.
    for i in range(60):
        await flooder.ws.send(json.dumps({"id": 1000 + i, "op": "ping"}))
    replies = [await flooder.recv() for _ in range(60)]
    limited = [r for r in replies if not r["ok"]]
    assert limited and all(r["error"]["code"] == "rate_limited" for r in limited), replies
    assert len(limited) < 60
    # Keeping on: cut off (1008), while the bystander is answered throughout.
    closed = None
    try:
        for i in range(400):
            await flooder.ws.send(json.dumps({"id": 2000 + i, "op": "ping"}))
        assert ok(await bystander.call("ping"))["pong"] is True
        while True:
            await flooder.recv()
    except websockets.ConnectionClosed as e:
        closed = e
    # The close frame may be lost when the server drops a socket whose peer is still sending
    # (TCP reset); the connection must be gone either way.
    assert closed.rcvd is None or closed.rcvd.code == 1008, closed
    assert ok(await bystander.call("ping"))["pong"] is True
    await bystander.close()


async def check_dispatch_and_events(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("auth", token=ctx["token1"]))
    ok(await c.call("subscribe"))
    r = ok(await c.call("dispatch", task="how are the disks?",
                        context={"conversation_id": "x"}, preferences={"verbosity": "concise"}))
    assert r["status"] == "running" and r["run_id"] > 0 and r["thread_id"] > 0, r
    done = await c.until_event("supervisor_complete", r["run_id"])
    assert "All good" in done["data"]["result"], done
    names = [e["event"] for e in c.events if e["data"].get("run_id") == r["run_id"]]
    assert names[0] == "supervisor_started", names
    assert "supervisor_delta" in names, names
    seqs = [e["seq"] for e in c.events]
    assert seqs == sorted(set(seqs)), "events out of order or repeated"
    assert all(e["data"]["owner_id"] == 1 for e in c.events)
    run = ok(await c.call("run", run_id=r["run_id"]))
    assert run["status"] == "success" and "All good" in run["result"], run
    assert run["workers"] == [] and run["tokens_used"] >= 0
    assert error_code(await c.call("dispatch", task="   ")) == "bad_request"
    ctx["run1"] = r["run_id"]
    await c.close()


async def check_resume_without_gaps(s, ctx):
    """A client drops mid-run and resumes; it must see exactly what a steady client saw."""
    steady = await Client.open(s.url)
    ok(await steady.call("auth", token=ctx["token1"]))
    ok(await steady.call("subscribe"))
    flaky = await Client.open(s.url)
    ok(await flaky.call("auth", token=ctx["token1"]))
    stream = flaky.hello["stream"]
    ok(await flaky.call("subscribe"))
    run_id = ok(await flaky.call("dispatch", task="check the disks again"))["run_id"]
    # Leave after the first few deltas.
    while sum(1 for e in flaky.events if e["event"] == "supervisor_delta") < 3:
        msg = await flaky.recv()
        if msg["type"] == "event":
            flaky.events.append(msg)
    before = list(flaky.events)
    await flaky.close()
    await steady.until_event("supervisor_complete", run_id)    # the run ends while away
    back = await Client.open(s.url)
    ok(await back.call("auth", token=ctx["token1"]))
    sub = ok(await back.call("subscribe", after=before[-1]["seq"], stream=stream))
    assert sub["stream"] == stream
    await back.until_event("supervisor_complete", run_id)
    seen = [e["seq"] for e in before + back.events]
    expected = [e["seq"] for e in steady.events if e["seq"] >= before[0]["seq"]]
    assert seen == expected, f"resumed stream differs: {len(seen)} vs {len(expected)} events"
    r = await back.call("subscribe", after=1, stream="00000000")
    assert error_code(r) == "stream_reset", r
    await back.close()
    await steady.close()


async def check_owners_isolated(s, ctx):
    one = await Client.open(s.url)
    ok(await one.call("auth", token=ctx["token1"]))
    two = await Client.open(s.url)
    ok(await two.call("login", device_secret=ctx["owner2"]["device_secret"]))
    ok(await two.call("subscribe"))
    ok(await one.call("subscribe"))
    r1 = ok(await one.call("dispatch", task="owner one asks"))
    r2 = ok(await two.call("dispatch", task="owner two asks"))
    assert r1["thread_id"] != r2["thread_id"], "two owners share a supervisor thread"
    await one.until_event("supervisor_complete", r1["run_id"])
    await two.until_event("supervisor_complete", r2["run_id"])
    assert all(e["data"]["owner_id"] == 2 for e in two.events), "owner 2 saw owner 1's events"
    assert all(e["data"]["owner_id"] == 1 for e in one.events), "owner 1 saw owner 2's events"
    r = await two.call("run", run_id=ctx["run1"])
    assert error_code(r) == "not_found", r
    assert error_code(await two.call("cancel", run_id=ctx["run1"])) == "not_found"
    runs_two = ok(await two.call("runs"))["runs"]
    assert [x["run_id"] for x in runs_two] == [r2["run_id"]], runs_two
    await one.close()
    await two.close()


async def check_cancel(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("login", device_secret=ctx["owner3"]["device_secret"]))
    ok(await c.call("subscribe"))
    run_id = ok(await c.call("dispatch", task="SPECIAL-STALL please"))["run_id"]
    await c.until_event("supervisor_started", run_id)
    busy = await c.call("dispatch", task="and another")
    assert error_code(busy) == "busy", busy
    assert ok(await c.call("cancel", run_id=run_id))["cancelled"] == "run"
    ended = await c.until_event("error", run_id)      # a run that does not succeed ends so
    assert ended["data"]["status"] == "cancelled", ended
    run = ok(await c.call("run", run_id=run_id))
    assert run["status"] == "cancelled", run
    assert error_code(await c.call("cancel", run_id=run_id)) == "not_running"
    await c.close()


async def check_workers(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("login", device_secret=ctx["owner4"]["device_secret"]))
    ok(await c.call("subscribe"))
    run_id = ok(await c.call("dispatch", task="SPECIAL-WORKER: say hello"))["run_id"]
    done = await c.until_event("supervisor_complete", run_id)
    assert "hello" in done["data"]["result"], done
    started = [e for e in c.events if e["event"] == "worker_started"]
    assert len(started) == 1, [e["event"] for e in c.events]
    worker_id = started[0]["data"]["worker_id"]
    job_id = started[0]["data"]["job_id"]
    rows = ok(await c.call("workers", run_id=run_id))["workers"]
    assert [(w["worker_id"], w["status"]) for w in rows] == [(worker_id, "success")], rows
    by_job = ok(await c.call("worker", job_id=job_id))
    by_id = ok(await c.call("worker", worker_id=worker_id))
    assert by_job == by_id and by_id["metadata"]["status"] == "success", by_id
    calls = [f for f in by_id["files"] if f.startswith("tool_calls/")]
    assert calls, by_id["files"]
    f = ok(await c.call("worker_file", worker_id=worker_id, path=calls[0]))
    assert "hello-from-worker" in f["content"] and f["truncated"] is False, f
    r = await c.call("worker_file", worker_id=worker_id, path="../../zerg.sqlite")
    assert error_code(r) in ("bad_request", "not_found"), r
    run = ok(await c.call("run", run_id=run_id))
    assert [w["worker_id"] for w in run["workers"]] == [worker_id], run
    # Another owner sees none of it.
    other = await Client.open(s.url)
    ok(await other.call("auth", token=ctx["token1"]))
    assert error_code(await other.call("worker", worker_id=worker_id)) == "not_found"
    assert error_code(await other.call("worker_file", worker_id=worker_id,
                                       path=calls[0])) == "not_found"
    assert worker_id not in [w["worker_id"] for w in ok(await other.call("workers"))["workers"]]
    # The chat's history: owner 4's conversation with the run and its worker, and nothing of
    # it for another owner.
    page = ok(await c.call("conversation", limit=5))
    assert [r["run_id"] for r in page["runs"]][-1] == run_id, page
    assert page["runs"][-1]["workers"][0]["worker_id"] == worker_id, page
    assert page["more"] is False and page["summarised_through_run_id"] is None, page
    older = ok(await c.call("conversation", before_run_id=run_id, limit=5))
    assert run_id not in [r["run_id"] for r in older["runs"]], older
    assert error_code(await c.call("conversation", limit=0)) == "bad_request"
    theirs = ok(await other.call("conversation"))
    assert run_id not in [r["run_id"] for r in theirs["runs"]], theirs
    await other.close()
    await c.close()


async def check_usage(s, ctx):
    # The Costs page's command: owner 4's run above made supervisor and worker calls.
    c = await Client.open(s.url)
    ok(await c.call("login", device_secret=ctx["owner4"]["device_secret"]))
    since = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(time.time() - 86400))
    usage = ok(await c.call("usage", since=since))
    assert usage["any_calls_ever"] is True and usage["buckets"], usage
    assert {"supervisor", "worker"} <= {b["role"] for b in usage["buckets"]}, usage
    assert all(b["calls"] > 0 and b["prompt_tokens"] >= 0 for b in usage["buckets"]), usage
    later = ok(await c.call("usage", since="2999-01-01T00:00:00Z"))
    assert later == {"buckets": [], "any_calls_ever": True}, later
    r = await c.call("usage", since="yesterday")
    assert error_code(r) == "bad_request" and "since" in r["error"]["message"], r
    assert error_code(await c.call("usage")) == "bad_request"
    await c.close()
    # Owner 5 never asked anything.
    other = await Client.open(s.url)
    ok(await other.call("login", device_secret=ctx["owner5"]["device_secret"]))
    assert ok(await other.call("usage", since=since)) == {"buckets": [], "any_calls_ever": False}
    await other.close()


async def check_schedules(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("auth", token=ctx["token1"]))
    made = ok(await c.call("schedules", action="create", name="disks", task="check the disks",
                           cron="0 6 * * *", time_zone="Europe/Berlin"))
    assert made["schedule"]["name"] == "disks", made
    r = await c.call("schedules", action="update", name="disks", cron="61 6 * * *")
    assert error_code(r) == "invalid_cron", r
    ok(await c.call("schedules", action="update", name="disks", cron="0 6 * * 1"))
    listed = ok(await c.call("schedules", action="list"))["schedules"]
    assert [x["cron"] for x in listed] == ["0 6 * * 1"], listed
    ok(await c.call("schedules", action="delete", name="disks"))
    assert ok(await c.call("schedules", action="list"))["schedules"] == []
    await c.close()


async def check_revoked_device_is_cut_off(s, ctx):
    c = await Client.open(s.url)
    ok(await c.call("login", device_secret=ctx["owner2"]["device_secret"]))
    r = s.cli("devices", "revoke", str(ctx["owner2"]["device_id"]))
    assert r.returncode == 0, r.stderr
    await c.ws.send(json.dumps({"id": 5, "op": "runs"}))
    await closed_with(c.ws, 4401)


async def check_tls(zerg, fake_llm):
    tmp = tempfile.mkdtemp(prefix="zerg-tls-")
    cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    s = Server(zerg, fake_llm, tls=(cert, key))
    try:
        assert s.url.startswith("wss://"), s.url
        secret = s.add_device("tls", 1)["device_secret"]
        context = ssl.create_default_context(cafile=cert)
        c = await Client.open(s.url, ssl=context)
        assert ok(await c.call("login", device_secret=secret))["owner_id"] == 1
        await c.close()
        try:
            await websockets.connect(s.url.replace("wss://", "ws://"))
            raise AssertionError("plain ws:// was accepted by a TLS server")
        except (websockets.InvalidHandshake, websockets.ConnectionClosed, OSError,
                asyncio.TimeoutError):
            pass
    finally:
        code = s.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    assert code == 0, f"zerg serve exited with {code}"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zerg", required=True)
    parser.add_argument("--fake-llm", required=True)
    parser.add_argument("--postgres", help="zerg-test-postgres: run the server on PostgreSQL")
    args = parser.parse_args()

    failures = 0

    async def run(name, coro):
        nonlocal failures
        started = time.monotonic()
        try:
            await asyncio.wait_for(coro, 120)
            print(f"PASS {name} ({time.monotonic() - started:.1f} s)", flush=True)
        except Exception as e:  # noqa: BLE001 - report every failure and go on
            failures += 1
            print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)

    s = Server(args.zerg, args.fake_llm, postgres=args.postgres)
    ctx = {"owner1": s.add_device("laptop", 1), "owner2": s.add_device("phone", 2),
           "owner3": s.add_device("tablet", 3), "owner4": s.add_device("desktop", 4),
           "owner5": s.add_device("watch", 5)}
    checks = [check_auth_failures, check_login_and_tokens, check_origin, check_bad_frames,
              check_flood_does_not_hurt_others, check_dispatch_and_events,
              check_resume_without_gaps, check_owners_isolated, check_cancel, check_workers, check_usage, check_schedules,
              check_revoked_device_is_cut_off]
    try:
        for check in checks:
            await run(check.__name__, check(s, ctx))
    finally:
        code = s.stop()
    if code != 0:
        failures += 1
        print(f"FAIL clean stop: zerg serve exited with {code} on SIGTERM", flush=True)
    else:
        print("PASS clean stop on SIGTERM", flush=True)
    await run("check_tls", check_tls(args.zerg, args.fake_llm))
    print(f"{len(checks) + 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
