// The official MCP TypeScript SDK's client against `zerg mcp serve` (run by
// tests/integration/mcp/test_mcp_serve.cpp):
//
//   ZERG_MCP_NODE_MODULES=<build>/mcp-servers/node_modules node sdk_client.mjs ZERG_BINARY TASK
//
// or, against the /mcp endpoint of a running `zerg serve` (tests/integration/api/mcp_http_test.py)
// over StreamableHTTPClientTransport, with `Authorization: Bearer $ZERG_MCP_TOKEN`:
//
//   ZERG_MCP_NODE_MODULES=... ZERG_MCP_TOKEN=... node sdk_client.mjs http://127.0.0.1:PORT/mcp TASK
//
// Starts `ZERG_BINARY mcp serve` through StdioClientTransport with this process's environment
// (the test's ZERG_* variables), connects (initialize), lists the tools, calls list_workers, then
// ask {task: TASK} counting its progress notifications, and prints one JSON line to stdout:
//   {"server": {...}, "tools": [...], "list_workers_ok": true,
//    "ask": {"isError": false, "text": "...", "structured": {...}, "progress": N}}
// Exits 0; on any failure exits 1 with the reason on stderr. The SDK is imported by file URL from
// ZERG_MCP_NODE_MODULES (scripts/setup installs the pinned version there), so no NODE_PATH or
// package.json next to this script is needed.
import { join } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const kTools = ['ask', 'list_workers', 'read_worker_file', 'grep_workers', 'list_hosts'];

function fail(message) {
    process.stderr.write(`sdk_client: ${message}\n`);
    process.exit(1);
}

const [zerg, task] = process.argv.slice(2);
if (!zerg || !task)
    fail('usage: node sdk_client.mjs ZERG_BINARY TASK (with ZERG_MCP_NODE_MODULES set)');
const modules = process.env.ZERG_MCP_NODE_MODULES;
if (!modules) {
    fail('ZERG_MCP_NODE_MODULES is not set: the node_modules folder scripts/setup installs ' +
         '(<build>/mcp-servers/node_modules)');
}

const esm = join(modules, '@modelcontextprotocol', 'sdk', 'dist', 'esm');
async function load(path) {
    try {
        return await import(pathToFileURL(join(esm, path)).href);
    } catch (e) {
        fail(`cannot load the MCP SDK's ${path} from ${esm} (run scripts/setup): ${e}`);
    }
}
const { Client } = await load('client/index.js');
const { StdioClientTransport } = await load('client/stdio.js');
const { StreamableHTTPClientTransport } = await load('client/streamableHttp.js');

const overHttp = /^https?:\/\//.test(zerg);
const transport = overHttp
    ? new StreamableHTTPClientTransport(new URL(zerg), {
          requestInit: { headers: { Authorization: `Bearer ${process.env.ZERG_MCP_TOKEN ?? ''}` } },
      })
    : new StdioClientTransport({
          command: zerg,
          args: ['mcp', 'serve'],
          env: { ...process.env },  // the test's ZERG_* variables, HOME, PATH
          stderr: 'inherit',        // zerg's log lines end up in the test's output
      });
const client = new Client({ name: 'zerg-sdk-test', version: '1.0.0' });

try {
    await client.connect(transport);
    const server = client.getServerVersion();

    const { tools } = await client.listTools();
    const names = tools.map(t => t.name);
    process.stderr.write(`sdk_client: tools: ${names.join(', ')}\n`);
    for (const name of kTools) {
        if (!names.includes(name))
            throw new Error(`tools/list lacks ${name}: ${names.join(', ')}`);
    }

    const listed = await client.callTool({ name: 'list_workers', arguments: { limit: 5 } });
    const listWorkersOk = !listed.isError && Array.isArray(listed.structuredContent?.workers);

    let progress = 0;
    const asked = await client.callTool({ name: 'ask', arguments: { task } }, undefined, {
        onprogress: p => {
            progress += 1;
            process.stderr.write(`sdk_client: progress ${p.progress}: ${p.message ?? ''}\n`);
        },
        timeout: 120000,
        resetTimeoutOnProgress: true,
    });
    const text = (asked.content ?? [])
                     .filter(c => c.type === 'text')
                     .map(c => c.text)
                     .join('\n');
    const report = {
        server: server ?? null,
        tools: names,
        list_workers_ok: listWorkersOk,
        session_id: overHttp ? (transport.sessionId ?? null) : null,
        ask: {
            isError: asked.isError === true,
            text,
            structured: asked.structuredContent ?? null,
            progress,
        },
    };
    if (overHttp)
        await transport.terminateSession();  // DELETE: the server ends the session
    await client.close();
    process.stdout.write(JSON.stringify(report) + '\n');
    process.exit(0);
} catch (e) {
    try {
        await client.close();
    } catch {
        // the failure above is what counts
    }
    fail(e?.stack ?? String(e));
}
