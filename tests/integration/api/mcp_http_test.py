"""Zerg's MCP endpoint at /mcp of the real `zerg serve` (docs/mcp.md), driven by Python's own
HTTP client and by the official MCP TypeScript SDK's StreamableHTTPClientTransport
(tests/mcp/sdk_client.mjs), with the loopback LLM server behind it.

Checks the transport (authentication by device secret and by session token, origins, sessions,
event streams with progress, the HTTP errors and their messages), that WebSocket clients still
share the port, and that the SDK's client completes initialize, tools/list, list_workers and ask.
"""
import argparse
import asyncio
import http.client
import json
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ws_client_test  # noqa: E402  (its Server and Client)

TIMEOUT = 60
TOOLS = ["ask", "list_workers", "read_worker_file", "grep_workers", "list_hosts"]


def scenario():
    """Per owner, one task that spawns a worker (for the progress of ask); owners have threads of
    their own, so each marker appears only in its owner's requests."""
    responses = []
    for marker in ("MCPA", "MCPB"):
        responses += [{
            "model": "supervisor-model",
            "when_request_contains": f"{marker}-WORKER",
            "tool_calls": [{"id": f"sup_{marker}", "name": "spawn_worker",
                            "arguments": {"task": f"Say hello {marker} from the shell"}}],
        }, {
            "model": "worker-model",
            "when_request_contains": f"hello {marker}",
            "tool_calls": [{"id": f"wrk_{marker}", "name": "shell_exec",
                            "arguments": {"command": f"echo hello-{marker}"}}],
        }, {
            "model": "worker-model",
            "when_request_contains": f"hello {marker}",
            "content": f"The shell said hello-{marker}.",
        }, {
            "model": "supervisor-model",
            "when_request_contains": f"{marker}-WORKER",
            "content": f"Your worker says hello {marker}.",
        }]
    for i in range(5):
        responses.append({"model": "summary-model", "content": f"Summary {i}."})
    return {"responses": responses}


class Http:
    """One keep-alive connection to the server's /mcp (HTTPS with an SSL context)."""

    def __init__(self, port, context=None):
        if context:
            self.conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=TIMEOUT,
                                                    context=context)
        else:
            self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def request(self, method, body=None, headers=None, raw=None):
        h = {"Accept": "application/json, text/event-stream"}
        if body is not None or raw is not None:
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        self.conn.request(method, "/mcp", body=data, headers=h)
        r = self.conn.getresponse()
        text = r.read().decode()
        return r, text


def rpc(method, params=None, id_=None):
    m = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        m["params"] = params
    if id_ is not None:
        m["id"] = id_
    return m


def sse_messages(text):
    """The JSON messages of an event stream's `data:` lines."""
    out = []
    for block in text.split("\n\n"):
        data = [line[5:].strip() for line in block.split("\n") if line.startswith("data:")]
        if data:
            out.append(json.loads("\n".join(data)))
    return out


def answer(r, text):
    """The final JSON-RPC response of a JSON or event-stream answer, and the messages before it."""
    if r.getheader("Content-Type", "").startswith("text/event-stream"):
        messages = sse_messages(text)
        assert messages, f"empty event stream: {text!r}"
        return messages[-1], messages[:-1]
    return json.loads(text), []


def expect_error(r, text, status, fragment):
    assert r.status == status, f"wanted {status}, got {r.status}: {text}"
    message = json.loads(text)["error"]["message"]
    assert fragment in message, f"{fragment!r} not in {message!r}"


def initialize(http, credential, extra=None):
    headers = {"Authorization": f"Bearer {credential}", **(extra or {})}
    r, text = http.request("POST", rpc("initialize", {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "mcp-http-test", "version": "1"}}, 1), headers)
    assert r.status == 200, f"initialize: {r.status} {text}"
    session = r.getheader("Mcp-Session-Id")
    assert session and len(session) >= 32, f"no session id: {r.getheaders()}"
    result = json.loads(text)["result"]
    assert result["protocolVersion"] == "2025-11-25", result
    assert result["serverInfo"]["name"] == "zerg", result
    headers["Mcp-Session-Id"] = session
    headers["MCP-Protocol-Version"] = "2025-11-25"
    r, text = http.request("POST", rpc("notifications/initialized"), headers)
    assert r.status == 202, f"initialized: {r.status} {text}"
    return headers


def check_refusals(s, ctx):
    http = Http(s.port)
    secret = ctx["owner1"]["device_secret"]
    hello = rpc("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                               "clientInfo": {"name": "t", "version": "1"}}, 1)

    r, text = http.request("POST", hello)
    expect_error(r, text, 401, "zerg devices add")
    assert r.getheader("WWW-Authenticate", "").startswith("Bearer"), r.getheaders()
    r, text = http.request("POST", hello, {"Authorization": "Bearer zd_not-a-secret"})
    expect_error(r, text, 401, "not known")
    assert "invalid_token" in r.getheader("WWW-Authenticate", ""), r.getheaders()

    auth = {"Authorization": f"Bearer {secret}"}
    r, text = http.request("POST", hello, {**auth, "Origin": "https://evil.example"})
    expect_error(r, text, 403, "ZERG_SERVER_ORIGINS")
    r, text = http.request("GET", None, auth)
    expect_error(r, text, 405, "POST")
    assert "POST" in r.getheader("Allow", ""), r.getheaders()
    r, text = http.request("POST", None, auth, raw=b"{not json")
    expect_error(r, text, 400, "not JSON")
    r, text = http.request("POST", [hello], auth)
    expect_error(r, text, 400, "Batches")
    # Refused on the announced length, before any of the body is read.
    r, text = http.request("POST", None, {**auth, "Content-Length": str(1024 * 1024 + 1)},
                           raw=b"{}")
    expect_error(r, text, 413, "larger than")

    r, text = http.request("POST", rpc("tools/list", {}, 2), auth)
    expect_error(r, text, 400, "Mcp-Session-Id")
    r, text = http.request("POST", rpc("tools/list", {}, 2),
                           {**auth, "Mcp-Session-Id": "0" * 32})
    expect_error(r, text, 404, "initialize a new one")

    headers = initialize(Http(s.port), secret)
    r, text = http.request("POST", rpc("tools/list", {}, 3),
                           {**headers, "MCP-Protocol-Version": "1999-01-01"})
    expect_error(r, text, 400, "not supported")
    # Another owner's credential does not find the session.
    other = {**headers, "Authorization": f"Bearer {ctx['owner2']['device_secret']}"}
    r, text = http.request("POST", rpc("tools/list", {}, 4), other)
    expect_error(r, text, 404, "no such MCP session")


def check_session_and_ask(s, ctx):
    http = Http(s.port)
    headers = initialize(http, ctx["owner1"]["device_secret"],
                         {"Origin": ws_client_test.ALLOWED_ORIGIN})

    r, text = http.request("POST", rpc("tools/list", {}, 2), headers)
    assert r.status == 200, text
    assert r.getheader("Access-Control-Allow-Origin") == ws_client_test.ALLOWED_ORIGIN
    names = [t["name"] for t in json.loads(text)["result"]["tools"]]
    assert names == TOOLS, names

    # tools/call answers with an event stream: the progress of ask, then its result.
    r, text = http.request("POST", rpc("tools/call", {
        "name": "ask", "arguments": {"task": "MCPA-WORKER: say hello"},
        "_meta": {"progressToken": "tok-1"}}, 5), headers)
    assert r.status == 200, text
    assert r.getheader("Content-Type") == "text/event-stream", r.getheaders()
    final, before = answer(r, text)
    assert final["id"] == 5, final
    result = final["result"]
    assert result.get("isError") is not True, result
    assert result["structuredContent"]["answer"] == "Your worker says hello MCPA.", result
    assert len(result["structuredContent"]["worker_ids"]) == 1, result
    progress = [m for m in before if m.get("method") == "notifications/progress"]
    assert progress, f"no progress before the answer: {before}"
    assert all(m["params"]["progressToken"] == "tok-1" for m in progress), progress

    # The worker the ask started is listed (a new connection: the stream closed the last one).
    http = Http(s.port)
    r, text = http.request("POST", rpc("tools/call", {
        "name": "list_workers", "arguments": {"limit": 5}}, 6), headers)
    final, _ = answer(r, text)
    workers = final["result"]["structuredContent"]["workers"]
    assert len(workers) == 1, workers

    # A session token from the WebSocket API's login (on the same port) works as well.
    async def token():
        c = await ws_client_test.Client.open(s.url)
        reply = await c.call("login", device_secret=ctx["owner1"]["device_secret"])
        await c.close()
        return ws_client_test.ok(reply)["token"]
    session_token = asyncio.run(token())
    r, text = http.request("POST", rpc("ping", {}, 7),
                           {**headers, "Authorization": f"Bearer {session_token}"})
    assert r.status == 200 and json.loads(text)["result"] == {}, text

    # DELETE ends the session.
    r, text = http.request("DELETE", None, headers)
    assert r.status == 204, f"{r.status} {text}"
    r, text = http.request("POST", rpc("ping", {}, 8), headers)
    expect_error(r, text, 404, "no such MCP session")


def check_sdk_client(s, ctx, node_modules):
    node = shutil.which("node")
    assert node, "Node.js (node) is not installed. Run scripts/setup."
    sdk = os.path.join(node_modules, "@modelcontextprotocol", "sdk", "dist", "esm", "client",
                       "streamableHttp.js")
    assert os.path.exists(sdk), \
        f"The MCP TypeScript SDK is not installed ({sdk} is missing). Run scripts/setup."
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "mcp",
                          "sdk_client.mjs")
    env = dict(os.environ, ZERG_MCP_NODE_MODULES=node_modules,
               ZERG_MCP_TOKEN=ctx["owner2"]["device_secret"])
    r = subprocess.run([node, script, f"http://127.0.0.1:{s.port}/mcp", "MCPB-WORKER: hello"],
                       env=env, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, f"sdk_client failed:\n{r.stdout}\n{r.stderr}"
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert report["tools"] == TOOLS, report
    assert report["server"]["name"] == "zerg", report
    assert report["list_workers_ok"], report
    assert report["ask"]["isError"] is False, report
    assert report["ask"]["text"] == "Your worker says hello MCPB.", report
    assert report["ask"]["progress"] >= 1, r.stderr
    # The SDK's terminateSession() sent DELETE: the session is gone.
    http = Http(s.port)
    r2, text = http.request("POST", rpc("ping", {}, 1), {
        "Authorization": f"Bearer {ctx['owner2']['device_secret']}",
        "Mcp-Session-Id": report["session_id"]})
    expect_error(r2, text, 404, "no such MCP session")


def check_revoked_device(s, ctx):
    http = Http(s.port)
    headers = initialize(http, ctx["owner3"]["device_secret"])
    r = s.cli("devices", "revoke", str(ctx["owner3"]["device_id"]))
    assert r.returncode == 0, r.stderr
    r, text = http.request("POST", rpc("ping", {}, 2), headers)
    expect_error(r, text, 401, "revoked")


def check_tls(zerg, fake_llm):
    """With --tls-cert/--tls-key, /mcp is HTTPS on the same port as wss://."""
    tmp = tempfile.mkdtemp(prefix="zerg-mcp-tls-")
    cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    s = ws_client_test.Server(zerg, fake_llm, tls=(cert, key))
    try:
        assert s.url.startswith("wss://"), s.url
        port = int(s.url.rsplit(":", 1)[1])
        secret = s.add_device("tls", 1)["device_secret"]
        headers = initialize(Http(port, ssl.create_default_context(cafile=cert)), secret)
        r, text = Http(port, ssl.create_default_context(cafile=cert)).request(
            "POST", rpc("tools/list", {}, 2), headers)
        assert r.status == 200, text
        # Plain HTTP to a TLS server gets no MCP answer.
        try:
            r, text = Http(port).request("POST", rpc("ping", {}, 3), headers)
            raise AssertionError(f"plain HTTP was answered by a TLS server: {r.status} {text}")
        except (http.client.HTTPException, OSError):
            pass
    finally:
        code = s.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    assert code == 0, f"zerg serve exited with {code}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--zerg", required=True)
    parser.add_argument("--fake-llm", required=True)
    parser.add_argument("--node-modules", required=True,
                        help="<build>/mcp-servers/node_modules (scripts/setup installs it)")
    args = parser.parse_args()

    ws_client_test.scenario = scenario  # Server writes the scenario it finds there
    s = ws_client_test.Server(args.zerg, args.fake_llm)
    s.port = int(s.url.rsplit(":", 1)[1])
    ctx = {"owner1": s.add_device("laptop", 1), "owner2": s.add_device("claude", 2),
           "owner3": s.add_device("goose", 3)}
    checks = [("check_refusals", lambda: check_refusals(s, ctx)),
              ("check_session_and_ask", lambda: check_session_and_ask(s, ctx)),
              ("check_sdk_client", lambda: check_sdk_client(s, ctx, args.node_modules)),
              ("check_revoked_device", lambda: check_revoked_device(s, ctx)),
              ("check_tls", lambda: check_tls(args.zerg, args.fake_llm))]
    failures = 0
    try:
        for name, check in checks:
            started = time.monotonic()
            try:
                check()
                print(f"PASS {name} ({time.monotonic() - started:.1f} s)", flush=True)
            except Exception as e:  # noqa: BLE001 - report every failure and go on
                failures += 1
                print(f"FAIL {name}: {type(e).__name__}: {e}", flush=True)
    finally:
        code = s.stop()
    if code != 0:
        failures += 1
        print(f"FAIL clean stop: zerg serve exited with {code} on SIGTERM", flush=True)
    print(f"{len(checks) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
