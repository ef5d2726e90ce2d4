<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>ActivityTicker</name>
    <message>
        <source>Investigating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Putting the answer together…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AddressPolicy</name>
    <message>
        <source>&quot;%1&quot; is not an address range. Write it as ADDRESS/BITS, for example &quot;192.168.1.0/24&quot; or &quot;fd00::/8&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address. Write all four parts, each from 0 to 255 (&quot;10.0.0.5&quot;), or a range (&quot;10.0.0.0/8&quot;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an address, a range or a host name. Write addresses (&quot;10.0.0.5&quot;), ranges (&quot;192.168.1.0/24&quot;) or host names (&quot;nas.lan&quot;), separated by commas.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a public address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unspecified address (it reaches this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a loopback address (this computer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a link-local address (where cloud metadata services answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a private network address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a carrier-grade NAT address (a provider&apos;s private network)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a multicast address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a reserved address</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Agents cannot be tuned here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This window has no access to the agents&apos; settings. Tune them in Dashboard › Agents of the Zerg that runs them, or over its API (agent_save, docs/api.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg asks a model on behalf of these agents. A change is saved as a new version and applies to the agent&apos;s next request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, model %2, customized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, model %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>customized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an agent to tune it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version %1, customized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version %1, the built-in tuning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built-in tuning, never changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(saved: the built-in prompt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(saved: an edited prompt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show changes against built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the prompt&apos;s changes against the built-in prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use built-in prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put the built-in prompt into the editor (saved with Save)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System prompt of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes of the prompt against the built-in prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added words are highlighted, removed words struck through.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added words are highlighted, removed ones struck through. Edit the prompt with the box unchecked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings&apos; model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the model the settings give this agent (%1). A model named here wins over the setting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provider default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 to 2; lower answers more predictably. Built-in: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest answer, in tokens. Built-in: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty fields are not sent: the provider&apos;s default applies. Reasoning models refuse a temperature and max tokens: clear both for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An unchecked tool is not offered to the agent. With every tool checked, it also gets the tools MCP servers add later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its tools are not known here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs this tool: it cannot work without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool %1 (needed, always allowed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow the tool %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the tuning of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset %1 to its built-in tuning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never changed: the agent uses its built-in tuning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version %1 by %2, %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset %1 to its built-in tuning?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in prompt, model, temperature, max tokens and tools are saved as its next version; its next request uses them. Earlier versions stay in the history.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the current tuning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes, reset %1 to its built-in tuning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ApprovalCard</name>
    <message>
        <source>Approval needed: %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval needed on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 waiting · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it may change the system: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message to the worker if you deny (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message to the worker if you deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allow “%1” here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allow %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter allows · Esc denies</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ArtifactViews</name>
    <message>
        <source>The file is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not valid JSON (%1 at byte %2); showing the text as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1 is not valid JSON (%2); it is shown as written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1 is not valid JSON (not an object); it is shown as written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments are not valid JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This check file is not valid JSON; open it to see what it holds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Audio</name>
    <message>
        <source>This is not a WAVE file (it does not start with RIFF…WAVE). Record or convert the audio as WAV, for example: sox IN -r 16000 -c 1 -b 16 OUT.wav</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WAVE file has no format chunk: it is damaged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WAVE file is compressed or in an unusual format (format %1, %2 bits). Convert it to plain PCM, for example: sox IN.wav -b 16 OUT.wav</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WAVE file&apos;s format chunk is damaged (%1 channels at %2 Hz).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WAVE file has no audio data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WAVE file is cut short: it ends before its audio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Check that the folder exists and is writable.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Autostart</name>
    <message>
        <source>Zerg could not change its login entry %1: %2. Check that you may write to that folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder cannot be created</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatSearchBar</name>
    <message>
        <source>Search the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search all conversations on the Threads page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the search (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>How can I help?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask about your servers — for example “check disk usage on cube”. Jarvis answers directly or sends a worker to investigate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show earlier conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the earlier conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation with Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChecksSection</name>
    <message>
        <source>Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Zerg needs on this computer: the provider and its models, the data folder, the database, the sandbox, MCP servers and every host, as `zerg doctor` checks them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CloseQuestion</name>
    <message>
        <source>Keep Zerg running?</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n scheduled check(s) run only while Zerg runs. Keep Zerg running in the background without its window? Start Zerg again to see the window.</source>
        <translation>
            <numerusform>%n scheduled check runs only while Zerg runs. Keep Zerg running in the background without its window? Start Zerg again to see the window.</numerusform>
            <numerusform>%n scheduled checks run only while Zerg runs. Keep Zerg running in the background without its window? Start Zerg again to see the window.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your answer is remembered. Change it in Settings › Desktop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Zerg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Zerg; scheduled checks stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep Zerg running in the background</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Connect a language model first (see above).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask Jarvis…  (Enter to send, Shift+Enter for a new line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the current request (Escape)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening hands-free, %1. Press the microphone again to stop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening, %1. Let go to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Understanding what you said…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hold to talk (Ctrl+Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listening, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is speaking. Escape or the microphone stops it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop speaking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection lost, connecting again to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is speaking, %1. Escape or the microphone stops it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heard so far: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press to start listening, again to stop (Ctrl+Space)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CostsPage</name>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 calls, %3 prompt and %4 completion tokens, cost %5, %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in this range.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens and cost of every model call, by day, model and agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart the cost per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chart the tokens per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n day</numerusform>
            <numerusform>%n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show the last %n day(s)</source>
        <translation>
            <numerusform>Show the last %n day</numerusform>
            <numerusform>Show the last %n days</numerusform>
        </translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the left and right arrow keys to read each day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CronExpression</name>
    <message>
        <source>January</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>February</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>March</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>April</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>June</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>July</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>August</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>September</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>October</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>November</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>December</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Monday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Friday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;*/15 * * * *&apos; runs every 15 minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;0 6 * * *&apos; runs at 06:00 every day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>day-of-month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;0 0 1 * *&apos; runs at 00:00 on the 1st of every month.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;0 0 1 JAN,JUL *&apos; runs at 00:00 on 1 January and 1 July.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>day-of-week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;30 9 * * MON-FRI&apos; runs at 09:30 Monday to Friday.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 field &apos;%2&apos; has an empty item in its list. Separate values with single commas, e.g. &apos;1,15&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 field &apos;%2&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the %1 field &apos;%2&apos;, &apos;%3&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> has the step &apos;%1&apos;: a step is a whole number from 1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> puts a step after a single value: write a range or &apos;*&apos; before &apos;/&apos;, e.g. &apos;%1-%2/%3&apos; or &apos;*/%3&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> is not a valid range: write a range as two values with one &apos;-&apos; between them, e.g. &apos;%1-%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> runs backwards (from %1 to %2): write the smaller value first, e.g. &apos;%2-%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> is out of range (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> is not a number (%1) or a month name (JAN-DEC).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> is not a number (%1) or a day name (SUN-SAT).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> is not a number (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Example: &apos;0 6 * * *&apos; runs at 06:00 every day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cron expression is empty. Write five fields (minute hour day-of-month month day-of-week) or a macro such as @daily. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a known macro. Use one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly, or five fields. Example: &apos;@daily&apos; runs at 00:00 every day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The macro %1 stands alone, but &apos;%2&apos; has more after it. Remove the rest or write five fields instead. Example: &apos;@daily&apos; runs at 00:00 every day.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A cron expression has five fields (minute hour day-of-month month day-of-week) separated by spaces, but &apos;%1&apos; has %2. Seconds and years are not supported. %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every minute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1 minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every hour at minute %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1 hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every %1 hours at minute %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every day at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 on day %2 of every month</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1 on %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervision tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Espeak</name>
    <message>
        <source>espeak-ng is not installed (%1). Install it: sudo apt install espeak-ng (or run scripts/setup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The installed espeak-ng library (%1) lacks functions Zerg needs. Reinstall it: sudo apt install --reinstall libespeak-ng1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>espeak-ng could not start: its data folder is missing or damaged. Reinstall it: sudo apt install --reinstall espeak-ng-data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>espeak-ng has no voice &apos;%1&apos;. List its voices with: espeak-ng --voices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>espeak-ng could not speak the text (error %1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeaderBar</name>
    <message>
        <source>Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inbox (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task inbox, %1 unread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results of scheduled checks (Ctrl+I)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostChecks</name>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Add a Host block for it there, or reload the list if the file changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host key of %1 is not the one you checked: it now offers the %2 key %3, not %4. Nothing was recorded. Check the key again and compare the new fingerprint with the server&apos;s administrator before trusting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This list of hosts cannot be changed from here. Edit the hosts file itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No host was chosen, so nothing was imported. Tick the hosts to import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hosts file is configured, so nothing was imported. Set ZERG_HOSTS_FILE to the file that lists the hosts workers may reach.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source>Add a host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>web1: the name Jarvis and workers use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DNS name or IP address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: your user name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty: ssh-agent and ~/.ssh&apos;s keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the private key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ProxyJump: aliases of this list, e.g. bastion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jump hosts (ProxyJump)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the host and check its key</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostKeys</name>
    <message>
        <source>The SSH host key of %1 (%2) is not known yet, so zerg refused to connect. The server&apos;s %3 key has fingerprint %4. Verify that fingerprint with the server&apos;s administrator (on the server: `ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub`), then trust it with `zerg hosts trust %1` (it shows the fingerprint and records the key in %6), or append it yourself with `ssh-keyscan -t %5 -p %7 %8 &gt;&gt; %6`, and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECURITY WARNING: the SSH host key of %1 (%2) does not match the key recorded for it in %3. Someone could be intercepting the connection (a man-in-the-middle attack), or the server was reinstalled. zerg refused to connect and never accepts a changed key automatically. The server&apos;s %4 key now has fingerprint %5. Verify it with the server&apos;s administrator; only if the change is expected, remove the old entry with `ssh-keygen -R &quot;%6&quot; -f %3`, then run `zerg hosts trust %1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SSH host key of %1 (%2, reached through %3) is not known yet, so zerg refused to connect. The server&apos;s %4 key has fingerprint %5. Verify that fingerprint with the server&apos;s administrator (on the server: `ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub`), then trust it with `zerg hosts trust %1` (it connects through %3, shows the fingerprint and records the key in %7), and try again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostTrust</name>
    <message>
        <source>Could not connect to %1 (%2): %3. Check that the server is up and sshd listens on that port, and its HostName and Port in the hosts file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not check the SSH host key of %1 (%2) against %3: %4. Check that the known_hosts file is readable and well-formed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Internal error: the host key was not checked before recording it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write the host key of %1 to %2: %3. Check that the file and its folder are writable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach %1 through its jump hosts within %2 s. Check that they are up and reachable, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostsConfig</name>
    <message>
        <source>hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create it in OpenSSH client config format, one block per server workers may reach:

  Host web1
      HostName 192.0.2.10
      User deploy
      IdentityFile ~/.ssh/id_ed25519

or set ZERG_HOSTS_FILE to the path of an existing file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hosts file is configured, so ssh_exec allows no server. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hosts file %1 does not exist, so ssh_exec allows no server. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1: %2. Check its permissions or set ZERG_HOSTS_FILE to another file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a double quote is not closed. Close it or remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host needs at least one name, e.g. &quot;Host web1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port must be a number from 1 to 65535, not &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1, so nothing was imported. Give the OpenSSH config to import from with --from FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1. Check its permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no Host block named %2, so nothing was imported. It defines: %3. Name aliases exactly as they appear on its Host lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no concrete names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already in the hosts file %2, so nothing was imported. Remove its block there first to import it again, or leave it out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings earlier in the hosts file %1 (a block matching %2, such as `Host *`) would override the imported values, so nothing was imported. Move that block to the end of the file and import again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check its permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the disk and its permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ProxyJump takes one value: the jump hosts&apos; aliases separated by commas, without spaces, e.g. &quot;ProxyJump bastion&quot; or &quot;ProxyJump outer,inner&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; has an empty name. Separate the jump hosts&apos; aliases with single commas, e.g. &quot;ProxyJump outer,inner&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;none&quot; cannot be one of several jump hosts (&quot;ProxyJump %1&quot;). Write &quot;ProxyJump none&quot; alone to connect directly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; is not an alias. In the hosts file ProxyJump names other Host blocks of the same file, so that the jump host is allowed too and its own HostName, Port, User, IdentityFile and host key check apply. Add a block for it, e.g. &quot;Host bastion&quot; with HostName, Port and User lines, and write &quot;ProxyJump bastion&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; contains the pattern &quot;%2&quot;. Name the jump hosts by their exact aliases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ProxyJump of %1 names &quot;%2&quot;, which is not a Host alias of this file. A jump host must be allowed like any host: add a Host block for %2 (HostName, User, ...) or correct the name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 would jump through itself (ProxyJump %2). Write &quot;ProxyJump none&quot; in its own Host block, above any pattern block that sets ProxyJump (the first value wins), or leave it out of the pattern, e.g. &quot;Host * !%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the ProxyJump settings go round in a circle (%1). Give one of these hosts &quot;ProxyJump none&quot; in its own Host block, or remove its ProxyJump.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the way to %1 would pass the same host twice (%2). Fix the ProxyJump of %1 or of its first jump host, so that each jump host comes once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the way to %1 needs %2 jump hosts (%3); at most %4 are supported. Shorten the chain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reaches its server through &quot;ProxyJump %2&quot; in %3, which is not a Host alias, so nothing was imported. The hosts file only jumps through hosts it allows: give the jump host a Host block in %3 (HostName, User, Port) and write its alias in the ProxyJump of %1, then import both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reaches its server through the jump host %2 (ProxyJump in %3), which is neither in the hosts file %4 nor being imported, so nothing was imported. A jump host must be allowed too: import both, e.g. `zerg hosts import %2 %1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was imported: with the imported blocks appended, the hosts file would not be valid. %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostsFileEditor</name>
    <message>
        <source>HostName %1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port %1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User %1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no IdentityFile %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UserKnownHostsFile %1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 instead of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The alias is empty. Give the name workers will use for the host, such as web1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a pattern (*, ? and ! match other names), not an alias: only a concrete name can be allowed. To give several hosts the same settings, write a pattern block into the hosts file %2 by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be an alias: use letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos; only (no spaces), not starting with &apos;-&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name of %1 is empty. Give the server&apos;s DNS name or IP address, such as 192.0.2.10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or IP address: use letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; and &apos;:&apos; only, such as web1.example.com or 192.0.2.10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Port %1 is not possible: give a number from 1 to 65535 (SSH&apos;s usual port is 22).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user name &quot;%1&quot; cannot be written to the hosts file: it holds a double quote or a control character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; cannot be written to the hosts file: it holds a double quote or a control character.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a full path: give the file as an absolute path, or one starting with ~/.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings of %1 cannot be written to the hosts file as entered. Check them for quotes and special characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hosts file is configured, so there is no file to change. Set ZERG_HOSTS_FILE to the file that lists the hosts workers may reach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1: %2. Check its permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hosts file %1 is not UTF-8 text, so it cannot be changed here without changing other lines too. Convert it to UTF-8 (iconv) or edit it by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Nothing was changed: correct the hosts file first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Reload the list: the file may have changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is named on more than one Host line of the hosts file %2 (lines %3), and OpenSSH combines their settings, so it cannot be changed here. Edit the file by hand so that one block holds its settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 shares its Host line with %2 (the hosts file %3, line %4), so changing it here would change those too. Edit the file by hand: give %1 a block of its own, or change the shared block there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, as &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is already in the hosts file %2 (line %3%4). Choose another alias, or change that host instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This change would make the hosts file invalid, so nothing was changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the hosts file %1, %2 would not get what you entered: %3. Another block that matches %2 (such as `Host *`) comes first and wins, as in OpenSSH. Nothing was changed: move that block below the others, or edit the file by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This change would also change %1 in the hosts file %2, so nothing was changed. Edit the file by hand.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hosts file %1 was changed by another program while this change was being made, so nothing was written. Reload the list and make the change again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the permissions of the file and its folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the disk and the permissions of the file and its folder; the file was left as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the OpenSSH config %1 (%2), so there is nothing to import from it. Add the hosts one by one instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HostsPage</name>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hosts are allowed yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host key recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOST KEY CHANGED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host key not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test the connection to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetch the host key of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust the host key of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>known_hosts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s workers may only reach the hosts in %1 on the server (OpenSSH config format). Hosts added or imported here go into that file, from the server&apos;s own ~/.ssh/config.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers may only reach the hosts in %1 (OpenSSH config format). Add a host, import hosts from ~/.ssh/config, or edit the file and reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add host…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import hosts from your SSH config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1 from the allowed hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1? Workers can no longer reach it. Its host key stays in known_hosts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HttpRequestTool</name>
    <message>
        <source>HTTP method (default GET).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give up after this many seconds (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The http:// or https:// URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request headers as {&quot;Name&quot;: &quot;value&quot;}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request body (text, e.g. JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow up to %1 redirects (default true).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make one HTTP(S) request and get the status, headers and body. Any HTTP status is an answer (ok: true; read &quot;status&quot;); ok is false only when no answer came. Text bodies are returned (cut at %1 bytes, &quot;truncated&quot;); binary bodies only as size and sha256.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Credentials are added automatically to URLs under: %1; do not add them yourself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;url&quot; must be an absolute http:// or https:// URL, e.g. &quot;https://example.com/status&quot;; other schemes (file:, ftp:) are not allowed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;method&quot; must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;headers&quot; must be an object like {&quot;Accept&quot;: &quot;application/json&quot;}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;headers&quot;: &quot;%1&quot; is not a valid header; names are plain tokens, values single-line strings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;body&quot; must be a string (serialize JSON yourself).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;timeout_secs&quot; must be a whole number of seconds from 1 to %1; leave it out for the default of %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;follow_redirects&quot; must be true or false.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loopback, link-local and private addresses (localhost, 127.x, 10.x, 172.16-31.x, 192.168.x, 169.254.x, fc00::/7, …) are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loopback, link-local and private addresses are refused, except: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportHostsDialog</name>
    <message>
        <source>Import hosts from your SSH config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names no hosts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From %1. Tick the hosts workers may reach.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(allowed already)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import the ticked hosts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InboxPanel</name>
    <message>
        <source>Critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n unread</source>
        <translation>
            <numerusform>%n unread</numerusform>
            <numerusform>%n unread</numerusform>
        </translation>
    </message>
    <message>
        <source>Mark all read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark all results read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No results yet. Scheduled checks put what they find here; set one up on the dashboard&apos;s Schedules page or ask Jarvis.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results of scheduled checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unread. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, %3: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>‹ Inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask Jarvis about this result…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reply about this result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the reply to Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n approval(s) waiting</source>
        <translation>
            <numerusform>%n approval waiting</numerusform>
            <numerusform>%n approvals waiting</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed: %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow %1 on %2 once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Zerg — Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg — Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask Jarvis: show the chat and put the cursor in the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift+Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New line in the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier and later questions (on the first or last line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Escape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find in the conversation (on the dashboard: search all conversations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch between the chat and the dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or close the task inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This list of shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Zerg (also from the tray)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next and previous match (while searching)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Space (hold)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Talk: what you say goes into the question (hands-free: listening on and off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop speaking, else stop the current request</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpClient</name>
    <message>
        <source>the initialize handshake failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server speaks MCP version &quot;%1&quot;, which Zerg does not (it speaks %2). Update the server or Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools/list failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is not running (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer from MCP server &apos;%1&apos; to %2 within %3 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; answered %2 with an error: %3 (code %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; stopped during the call: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers use the tools of these Model Context Protocol servers. They are kept in %1; what you change here is written there and applies at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MCP servers of the Zerg server, from %1 on the server. Only the server&apos;s administrator changes them, by editing that file on the server (the server applies it at once). From here you can restart a server and read its log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP servers yet. Add one with “Add server”, or write it into %1 in the format Claude Desktop uses: {&quot;mcpServers&quot;: {&quot;NAME&quot;: {&quot;command&quot;: &quot;…&quot;, &quot;args&quot;: […]}}}. docs/mcp.md explains every key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Zerg server has no MCP servers. Its administrator adds them to %1 on the server; docs/mcp.md explains the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name (letters, digits, - and _; part of its tools&apos; names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How Zerg reaches it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A program Zerg starts (stdio)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A URL (Streamable HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command that starts the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments of the command, one per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment, NAME=value per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variables, NAME=value per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working folder (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working folder of the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL of the server&apos;s Streamable HTTP endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headers, “Name: value” per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request headers, Name: value per line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep secrets out of mcp.json: write ${secret:NAME} and store the value with `zerg mcp secret set NAME`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time a call may take without an answer, in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call timeout in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel editing the MCP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n tool</numerusform>
            <numerusform>%n tools</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the tools of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the tools of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the log of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the log of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disable the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1 from mcp.json? Zerg stops it, and workers lose its tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes, remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy for the tool %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log of the MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost of this answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the worker %1 in the dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>voice</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MicrophonePlugin</name>
    <message>
        <source>The microphone plug-in %1 could not be loaded: %2. Install Qt Multimedia (libqt6multimedia6; scripts/setup does it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone plug-in is not installed (looked for %1). Reinstall Zerg, or build it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone plug-in %1 is from another version of Zerg (%2 is missing). Reinstall Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelChoice</name>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the %1 from the provider&apos;s models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking the provider for its models…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider lists no models. Type the model&apos;s name instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask the provider for its models again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelLine</name>
    <message>
        <source>%1: cannot be used here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OpenAiStreamDecoder</name>
    <message>
        <source> at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server%1 answered without any stream events. Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports streaming.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server%1 closed the stream before it was complete (no [DONE] at the end), so the answer may be cut off. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server%1 sent a stream chunk that is not a JSON object (%2): %3. Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is too long for this model: start a new conversation or use a model with a larger context window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait a moment and try again, or check your plan&apos;s limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the API key in ZERG_LLM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again; if it keeps failing, check the server&apos;s status and your account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server%1 reported an error in the middle of the answer (%2). %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server%1 sent %2; Zerg stopped reading this answer. Try again; if it happens again, check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Pocketsphinx</name>
    <message>
        <source>pocketsphinx is not installed (%1). Install it: sudo apt install libpocketsphinx3 pocketsphinx-en-us (or run scripts/setup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The installed pocketsphinx lacks %1. Install Debian&apos;s libpocketsphinx3 (0.8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The US English speech model is missing (%1). Install it: sudo apt install pocketsphinx-en-us (or run scripts/setup).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pocketsphinx could not load its model from %1. Reinstall it: sudo apt install --reinstall pocketsphinx-en-us.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the operator language model to %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pocketsphinx could not read a language model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pocketsphinx could not combine its language models.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pocketsphinx could not decode the audio.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Zerg cannot connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg cannot start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request; send your reply again when it has answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Zerg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 did not answer within %2 s. Check the address and that `zerg serve` is running there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the device secret: %1 Ask for a new one (`zerg devices add NAME` on the server) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 answered the login without a token; is it a Zerg server of the same version?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach %1: %2. Is `zerg serve` running there, and is the address right?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request; ask again when it has answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this computer&apos;s user</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QtMicrophone</name>
    <message>
        <source>The microphone you chose is not connected. Plug it in, or choose another in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No microphone found. Connect one, or check that the sound system (PulseAudio or PipeWire) is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone could not be opened: another program may hold it, or Zerg may not be allowed to use it (macOS: System Settings › Privacy &amp; Security › Microphone).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone could not be started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone stopped (it was unplugged, or the sound system went away).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No speakers found, so Jarvis cannot speak. Connect some, or turn spoken answers off in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speakers could not be opened: another program may hold them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No speakers found, so Jarvis cannot speak. Connect some, or set Conversation to Turns in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Realtime</name>
    <message>
        <source>No server for the Realtime conversation: give its …/v1 in Settings › Voice › Speech server URL (or set the provider), or set Conversation to Turns.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server URL %1 is not an http(s) URL. Correct it in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Realtime server said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Realtime server refused the key. Set ZERG_SPEECH_API_KEY (or the provider&apos;s key) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost the Realtime server at %1 (%2) and could not reach it again. Check that it runs and the speech server URL in Settings › Voice, then press the microphone again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunExport</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (a model&apos;s price is not in the price table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Call %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not yet (still running)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis answered directly with an apology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still running when exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 (%2, version %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis&apos;s memory was compacted here: from now on Jarvis sees a summary of the conversation above instead of its messages. The turns above are exported in full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The summary (written %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs: %1, oldest first.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SchedulesPage</name>
    <message>
        <source>Scheduled checks run a task through Jarvis at set times; their results land in the inbox of the Jarvis window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause all schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a new schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All schedules are paused: nothing runs until you resume. Their settings are kept, and runs missed while paused are skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No schedules yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A schedule runs a task for you at set times, such as checking disk space every morning, and puts the result in your inbox with a severity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create one here, or just ask Jarvis: “check my disks every morning at 6”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, next run %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last run %1: %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn off %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a schedule to see its runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “%1” and its run history? Results already in the inbox stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Yes, delete %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · catches up missed runs at start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: turn the schedule on to run it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never: this expression matches no date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(paused)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet. Run now to try it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>morning disk check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task for Jarvis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check disk space on all servers and warn above 90%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task Jarvis runs each time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When (cron: minute hour day month weekday)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cron expression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time zone, for example Europe/Berlin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run once at start when a run was missed while Zerg was not running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel without saving</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SendEmailTool</name>
    <message>
        <source>Recipient address, or a list of up to %1 addresses (plain name@example.org, no display names).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain text (UTF-8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send a plain-text e-mail. It cannot be taken back: send only what the task asks for. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is sent from %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-mail is not configured here, so calls will fail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM (and ZERG_SMTP_PORT, ZERG_SMTP_TLS, ZERG_SMTP_USER and the smtp_password secret as your server needs), then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot; must be an address or a list of 1 to %1 addresses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;to&quot;: &quot;%1&quot; is not a plain e-mail address; write it as name@example.org, without a display name or angle brackets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;subject&quot; is required: one line of at most %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;body&quot; is required: the message text, at most %1 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SendWebhookTool</name>
    <message>
        <source>A configured webhook by name (default: the first).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message shape; defaults to the webhook&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The message, at most %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An optional short title.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An http(s) URL to post to instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send a short notification to a chat or push webhook (Slack, Discord, ntfy, or JSON). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No webhook is configured%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; give a url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configured webhooks: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;text&quot; is required: the message, 1 to %1 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;title&quot; must be one line of at most 200 characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;webhook&quot;, &quot;url&quot; and &quot;format&quot; must be strings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;format&quot; must be one of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give either &quot;webhook&quot; or &quot;url&quot;, not both.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;url&quot; must be an absolute http(s) URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No webhook is configured: set ZERG_WEBHOOK_URL (and ZERG_WEBHOOK_FORMAT: slack, discord, ntfy or json)%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, or give a url</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no webhook named &quot;%1&quot;; configured: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown format &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send_webhook posts only to webhooks the user configured, never to a &quot;url&quot;, and none is configured. Ask the user to set one in Settings › Notifications (ZERG_WEBHOOK_URL).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send_webhook posts only to the webhooks the user configured (%1), never to a &quot;url&quot;. Leave &quot;url&quot; out to use the default webhook or give &quot;webhook&quot; with one of those names; another target has to be configured by the user in Settings › Notifications.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Some changes apply after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart Zerg now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a new value to replace it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a value to store it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allowed commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None yet. Answer an approval request with “Always allow” to add one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These commands run without asking on their host, in the ask mode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the rule %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local shell sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local shell sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start when I log in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg starts in the background without its window, so that scheduled checks run. The login entry is %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start Zerg when I log in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupCard</name>
    <message>
        <source>Connect Jarvis to a language model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local Ollama</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom OpenAI-compatible URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for Ollama at %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Ollama answered at %1. Install it from https://ollama.com, start it (ollama serve), pull a model (ollama pull qwen2.5:7b), then look again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama is running at %1 but has no models yet. Pull one in a terminal (ollama pull qwen2.5:7b), then look again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama is running at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for Ollama again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional: only if the server needs one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model name the server expects</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save this choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved. Restart Zerg to connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart Zerg now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment variables work too (ZERG_LLM_BASE_URL, ZERG_MODEL, ZERG_LLM_API_KEY; see the README) and win over what you save here. Keys are kept in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running on this computer (choose one to fill in the server below):</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShellExecTool</name>
    <message>
        <source>%1 did not start a test sandbox: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot create a sandbox here (user namespaces disabled?): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shell command to run with /bin/sh -c.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the command after this many seconds (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a non-interactive shell command (/bin/sh -c) on the local machine, in the worker&apos;s scratch folder, and get its exit code, stdout and stderr. There is no terminal and no input: commands that prompt hang until the timeout. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;network&quot; must be true or false; leave it out for no network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the working folder %1. Check that its parent is writable (or set ZERG_DATA_DIR to a writable folder).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create a temporary folder in %1: %2. Check that the folder is writable and the disk is not full.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allow bubblewrap to create user namespaces (Debian: sysctl kernel.unprivileged_userns_clone=1; Ubuntu 24.04: sysctl kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap; a container must be started with user namespaces allowed), then restart Zerg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist or is not executable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not found on PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>install the bubblewrap package (apt install bubblewrap) and restart Zerg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>check what `%1 --ro-bind / / --unshare-all /bin/true` says, fix it, then restart Zerg</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg has no scratch folder for worker &quot;%1&quot; of owner %2: the id is not a plain folder name. This is a bug in Zerg; please report it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the command network access (default %1). Network access counts as a change: the user may be asked first, or it may be refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>UNAVAILABLE on this machine: every call is refused, because Zerg runs local commands only in a bubblewrap sandbox and bubblewrap cannot run here (%1). Do not call it; use your other tools, and if the task needs local commands, say in your report that the user must %2, or set ZERG_SHELL_SANDBOX=restricted to run them without a sandbox. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It runs in a sandbox: the system is read-only, only the scratch folder and /tmp are writable, home folders, /run and the machine&apos;s sockets are hidden, and there is no network unless you set &quot;network&quot;: true.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It runs without a sandbox (the user chose the restricted mode): it sees the system as Zerg&apos;s user does and has network access, with a clean environment and resource limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the local shell is set to run commands only under bubblewrap (ZERG_SHELL_SANDBOX=bubblewrap)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg runs local commands only in its sandbox unless the user chooses the restricted mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: shell_exec is unavailable. bubblewrap cannot run here (%1), and %2. To fix it, %3; or, to run commands without a sandbox, set ZERG_SHELL_SANDBOX=restricted. Every shell_exec call is refused until then: do the task with your other tools, or report this.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ShortcutsSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close the keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeakableText</name>
    <message>
        <source>a link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I put the command in the chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I put a table in the chat.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechEngines</name>
    <message>
        <source>on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No speech server is set: give its …/v1 in Settings › Voice › Speech server URL (ZERG_SPEECH_URL), or use the engine on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SpeechServer</name>
    <message>
        <source>Could not reach the speech server at %1: %2. Check that it runs and the speech server URL in Settings › Voice, or use the engine on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server at %1 refused the key (HTTP %2: %3). Set its key with ZERG_SPEECH_API_KEY or the secret speech_api_key; without a speech server URL of its own, the provider&apos;s key is used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server has no %1 (HTTP 404): check that its URL ends in /v1 and that it offers %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server at %1 answered HTTP %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server&apos;s answer has no text (expected JSON with &quot;text&quot;): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The speech server answered with %1, not a WAVE file (%2). Zerg asks for response_format wav: check that the server can give it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no type</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SseParser</name>
    <message>
        <source>a line longer than %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an event larger than %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SshExecTool</name>
    <message>
        <source>Run a non-interactive shell command on a server over SSH and get its exit code, stdout and stderr. There is no terminal and no input: commands that prompt or page (sudo with a password, less, top without -b) hang until the timeout, so pass flags that make them non-interactive. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No servers are allowed yet: the user must add them to the hosts file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed hosts (use the name exactly): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s name from the allowed hosts list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The shell command to run, e.g. &quot;df -h&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the command after this many seconds (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;host&quot; is required: give one of the allowed hosts (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no hosts file loaded)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none are configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host &quot;%1&quot; is not in the allowlist (%2). Use one of the allowed names exactly, without user@; to allow another server, add a Host block for it to the hosts file %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SshJump</name>
    <message>
        <source>Could not create a socket pair for the connection through %1: %2. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is reached through the jump host %2 (ProxyJump in %3), and that failed: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is reached through the jump host %2, and the connection through it ended: %3. Check the jump host and the network, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening a channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening a connection to %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The jump host %1 (%2) refused to forward a connection to %3 (%4): %5. Its sshd does not allow TCP forwarding for %6 (AllowTcpForwarding or DisableForwarding in its sshd_config, a PermitOpen that leaves %4 out, or a restrict or no-port-forwarding option on the key in its authorized_keys). Ask its administrator to allow forwarding to %4 for %6, or reach %3 without it (its ProxyJump in %7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The jump host %1 (%2) could not connect to %3 (%4): %5. Check that %3 is up and its sshd listens there, and that its HostName and Port in %6 are the address the jump host reaches it by.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The jump host %1 (%2) did not open a connection to %3 (%4): %5. Check the jump host&apos;s sshd, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection to the jump host %1 was lost: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the jump host %1 closed the forwarded connection</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SshLogin</name>
    <message>
        <source>%1 via %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hosts file %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create an SSH session (out of memory?). Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SSH connection to %1 was closed before the command started (zerg is shutting down). Run it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server %1 (%2) stopped answering while %3 (waited %4 s). Check the server&apos;s load and network, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 (%2) failed while %3: %4. Check the server and the network, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SSH settings for %1 are not valid: %2. Check its block in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to %1 (%2): no answer within %3 s. Check that the server is up and reachable, and its HostName and Port in %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to %1 (%2): %3. Check that the server is up and sshd listens on that port, and its HostName and Port in %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not check the SSH host key of %1 (%2) against %3: %4. Check that the known_hosts file is readable and well-formed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logging in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (could not be read: missing, unreadable or protected by a passphrase)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (rejected by the server)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ssh-agent/default keys (none accepted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing: the server does not accept public keys, and zerg logs in with keys only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not log in to %1 (%2). Tried: %3. Add the public key to ~/.ssh/authorized_keys of %4 on the server, or set IdentityFile for %2 in %5 (or load the key into ssh-agent).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SupervisionPage</name>
    <message>
        <source>Services and workers as Zerg supervises them; a crashed child is restarted by its supervisor&apos;s rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The supervision tree is not running in this process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh the supervision tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XO report of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ThreadsPage</name>
    <message>
        <source>You: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool call %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n worker</numerusform>
            <numerusform>%n workers</numerusform>
        </translation>
    </message>
    <message>
        <source>Runs of the supervisor thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet: ask Jarvis something.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each request you make appears here with its messages and workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run to see its messages and workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older turns are summarized: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the worker&apos;s details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages of the selected run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▸ calls %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↳ result of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>summarized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse this output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all of this output</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) found</source>
        <translation>
            <numerusform>%n run found</numerusform>
            <numerusform>%n runs found</numerusform>
        </translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finds runs by the words of their questions and answers. Enter searches at once, Escape clears the search, Down goes to the results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs that match the search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found in the question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>found in an answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs match “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the selected run or the whole conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run as Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This run as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole conversation as Markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole conversation as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolCallLine</name>
    <message>
        <source>(%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1, %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VoiceCapture</name>
    <message>
        <source>Speech recognition is not set up: choose an engine in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recording could not be kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkerActivity</name>
    <message>
        <source>Worker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this worker in the dashboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop this worker; Jarvis answers with what it found so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier call(s)</source>
        <translation>
            <numerusform>… %n earlier call</numerusform>
            <numerusform>… %n earlier calls</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkerDetailPage</name>
    <message>
        <source>Contents of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a worker from the Workers tab (double-click a row or press Enter).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload the worker&apos;s files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close this worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · started %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files of the worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Roundabout timeline (%n check(s))</source>
        <translation>
            <numerusform>Roundabout timeline (%n check)</numerusform>
            <numerusform>Roundabout timeline (%n checks)</numerusform>
        </translation>
    </message>
    <message>
        <source>Roundabout timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No roundabout checks: the supervisor did not monitor this worker, or it ended before the first check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roundabout timeline: every check and decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At %1: %2 (%3) %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a file on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation of the worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → calls %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool result · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stdout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stderr</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other text in the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval requests: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No approval request could be read from this file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval requests of the worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval %1: %2 on %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was to run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it may change the system: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked %1 · decided %2 by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked %1 · decided %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message to the worker: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always allowed from then on (rule %1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkersPage</name>
    <message>
        <source>Filter by task, host or worker id</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n worker(s)</source>
        <translation>
            <numerusform>%1 of %n worker</numerusform>
            <numerusform>%1 of %n workers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n worker</numerusform>
            <numerusform>%n workers</numerusform>
        </translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers; press Enter to open the current one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workers yet — ask Jarvis something that needs a server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workers match “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg</name>
    <message>
        <source>&quot;command&quot; is required: give the shell command to run as a non-empty string.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;timeout_secs&quot; must be a whole number of seconds from 1 to %1; leave it out for the default of %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ActivityModel</name>
    <message>
        <source>%1 s…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::AgentLoop</name>
    <message>
        <source>Stopped after %1 model calls without a final answer. The task may be too broad; try a narrower request or raise ZERG_MAX_ITERATIONS.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent kept acting after it was told to stop (PACE emergency).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: this agent used %1 tokens, over its budget of %2. Raise the budget (ZERG_WORKER_TOKEN_BUDGET for workers) or give a narrower task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown tool &apos;%1&apos;. Available tools: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments for %1 are not a valid JSON object (%2). Call the tool again with a JSON object matching its schema.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The agent ignored its supervisor&apos;s steering %1 times (last: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This agent sends a temperature or max tokens the model does not accept: in Dashboard › Agents, clear them (the provider&apos;s default) for the %1 agent.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::AgentsModel</name>
    <message>
        <source>provider default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the settings&apos; model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The temperature &quot;%1&quot; is not a number. Write one from 0 to 2, such as 0.2, or leave the field empty for the provider&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens &quot;%1&quot; is not a whole number. Write one such as 2000, or leave the field empty for the provider&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis itself: answers you, plans the work, starts workers for it and remembers what matters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answers small questions at once and hands anything that needs work on your systems to the supervisor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Carries out one task on your hosts with its tools and reports what it found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watches a running worker for the supervisor and decides whether to wait, stop it with its findings, or cancel it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writes the one-line summary of a finished worker&apos;s result that the lists show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the agents: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changes against version %1 not listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prompt reset to built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>temperature %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max tokens %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools: only %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to save: version %1 already has this tuning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved as version %1. The next request uses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to reset: the agent already has its built-in tuning.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to the built-in tuning as version %1. The next request uses it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::AlertRouting</name>
    <message>
        <source>&apos;%1&apos; is not an alert channel. Use a comma list of notification, email, webhook and sms, or inbox for the task inbox alone.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::AnthropicChatReply</name>
    <message>
        <source>The request to the Anthropic API was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 sent nothing for %2 seconds, so the request was stopped. Check your network and the service status, or raise the idle timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach the Anthropic API at %1: %2. Check ZERG_LLM_BASE_URL (the bare root, such as https://api.anthropic.com) and your network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the Anthropic API at %1 broke in the middle of the answer: %2. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service is overloaded; try again in a few moments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You hit a rate limit; wait a moment and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is too long for the model; start a new one or shorten it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the API key in ZERG_LLM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try again; if it keeps failing, check the service status and your account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 reported an error in the middle of the answer (%2). %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 closed the stream before message_stop, so the answer is incomplete. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 did not send a valid Anthropic Messages stream (%2; Content-Type: %3). Check that ZERG_LLM_BASE_URL is the bare root of an Anthropic API, such as https://api.anthropic.com.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 refused the request with HTTP %2 (%3). Check the API key in ZERG_LLM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is too long for the model &quot;%1&quot; (HTTP %2: %3). Start a new conversation or shorten it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait %3 seconds and try again, or check your plan&apos;s limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait a moment and try again, or check your plan&apos;s limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is overloaded (HTTP %2: %3). Try again in a few moments.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 answered HTTP 404 (%2). ZERG_LLM_BASE_URL must be the bare root, such as https://api.anthropic.com, and the model &quot;%3&quot; must exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 rejected the request with HTTP %2 (%3). Check the model name &quot;%4&quot; and the LLM settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 failed with HTTP %2 (%3). Try again later; if it keeps failing, check the service status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Anthropic API at %1 sent %2; Zerg stopped reading this answer. Try again; if it happens again, check that ZERG_LLM_BASE_URL is the bare root of an Anthropic API, such as https://api.anthropic.com.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::AppTree</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This process does not run the schedules: another Zerg process owns the data folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ApprovalPolicy</name>
    <message>
        <source>&quot;%1&quot; is not a host with its approval mode. Write HOST=MODE, for example &quot;web1=read_only&quot;; the modes are autonomous, ask and read_only.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Approvals</name>
    <message>
        <source>Approval %1 cannot become a rule: only one command without redirections can be always allowed. Allow it once instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not the start of the command &quot;%2&quot;. Give the command&apos;s first words, for example &quot;%3&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n second</numerusform>
            <numerusform>%n seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody answered within %1, so the call was denied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody answered in time, and the Zerg process that asked is gone; the call did not run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ApprovalsModel</name>
    <message>
        <source>expires at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the approval requests: %1. Check that the data folder is readable (or the server reachable), then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the &quot;always allow&quot; rules: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request was already settled (answered elsewhere, expired or its worker ended); nothing ran because of this answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer was not recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The rule was not removed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Backend</name>
    <message numerus="yes">
        <source>%n more that had not started</source>
        <translation>
            <numerusform>%n more that had not started</numerusform>
            <numerusform>%n more that had not started</numerusform>
        </translation>
    </message>
    <message>
        <source>1 worker was interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 workers were interrupted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 when Zerg last stopped: %2. Their results are incomplete; ask again to rerun them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the data directory %1. Set ZERG_DATA_DIR to a writable folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner id %1 is not valid; owner ids start at 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The background services are not running, so &apos;%1&apos; cannot join them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1=&quot;%2&quot; is not autonomous, ask or read_only; using %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_APPROVAL_HOST_MODES: %1 No host has its own mode now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interrupted: the Zerg process running this (%1) stopped, and going on with it here failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg is stopping.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::BudgetMonitor</name>
    <message>
        <source>This request used %1 tokens, over its budget of %2, and was stopped. Ask for something narrower, or raise ZERG_RUN_TOKEN_BUDGET.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request cost $%1, over its budget of $%2, and was stopped. Ask for something narrower, or raise ZERG_RUN_COST_BUDGET_USD.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ChatModel</name>
    <message>
        <source>Stopped: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still running when this conversation was loaded; its answer shows in the Threads page when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No answer was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Earlier conversation summarised: Jarvis remembers it as a summary.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ChecksModel</name>
    <message>
        <source>Problems to fix: %1, warnings: %2. Fix the problems, then run the checks again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems; warnings: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything looks fine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This window uses a Zerg server, so the set-up to check is the server&apos;s: run `zerg doctor` on the server.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::CostsModel</name>
    <message>
        <source>%1%</source>
        <comment>a share in percent</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
No model calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n call</numerusform>
            <numerusform>%n calls</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2 tokens in %3
Cost: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model calls recorded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model calls in the last %1 days. Choose a longer range to see older ones.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the model usage: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d</source>
        <comment>a chart day label; a QDate format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MMM d</source>
        <comment>a chart day label; a QDate format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no model name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1k</source>
        <comment>thousands, compact</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1M</source>
        <comment>millions, compact</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roundabout decider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no role)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) had no known price (model not in the price table); their cost is not included.</source>
        <translation>
            <numerusform>%n call had no known price (model not in the price table); its cost is not included.</numerusform>
            <numerusform>%n calls had no known price (model not in the price table); their cost is not included.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %1 days: %2 tokens in %Ln call(s), cost %3</source>
        <translation>
            <numerusform>Last %1 days: %2 tokens in %Ln call, cost %3</numerusform>
            <numerusform>Last %1 days: %2 tokens in %Ln calls, cost %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::DesktopNotifications</name>
    <message>
        <source>Allow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Doctor</name>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from ZERG_LLM_API_KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored with `zerg key set`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set ZERG_LLM_BASE_URL and ZERG_MODEL (or choose a provider in Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set ZERG_LLM_BASE_URL (or choose a provider in Settings).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set ZERG_MODEL to a model your server offers (e.g. gpt-4o-mini, or qwen2.5:7b on Ollama).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2, API key: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not checked: the provider is not configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not checked: the provider did not answer the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GET %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the LLM server, or set ZERG_LLM_BASE_URL to where it listens (now %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): the API key is missing or not accepted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store the API key with `zerg key set` (or set ZERG_LLM_API_KEY).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store a valid API key with `zerg key set` (or set ZERG_LLM_API_KEY); check that it belongs to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 in %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server does not list its models (GET %1: HTTP %2), so %3 could not be checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to do if `zerg ask &quot;hello&quot;` works; otherwise check ZERG_MODEL and ZERG_WORKER_MODEL against the server&apos;s model names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offered by the server; used by: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not offered by the server (used by: %1). It offers: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 to a model the server offers, or make the server offer %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set ZERG_DATA_DIR to a folder you can write to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a file, not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the file away, or %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give your user write access (chmod u+rwx %1), or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is writable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is a file, not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct ZERG_DATA_DIR, or %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist and cannot be created: cannot write in %2 (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create %1 yourself and give your user write access, or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist yet; Zerg creates it when it first starts (%2 is writable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the free space of the volume of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the volume is mounted (df -h).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 available on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(less than %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free space on %1 (old workers: ZERG_RETENTION_DAYS), or set ZERG_DATA_DIR to a folder on a larger volume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upgrade Zerg (this is %1), or set ZERG_DATABASE_URL to another database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_DATABASE_URL (postgresql://user@host:5432/db), that the server runs and accepts this user (password: PGPASSWORD or ~/.pgpass).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PostgreSQL %1: schema version %2 of %3. Opening it applied any pending migrations, as every start of Zerg does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist yet; Zerg creates it (schema version %2) when it first starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the file&apos;s permissions. If it is damaged, restore it from a backup or move it away: Zerg then creates a new one, and `zerg workers reindex` rebuilds the worker list from the folders on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was written by a newer Zerg: schema version %2, this Zerg knows versions up to %3 and refuses to open it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Upgrade Zerg (this is %1), or set ZERG_DATA_DIR to another folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: schema version %2 of %3; Zerg applies the missing migrations when it next opens it (the doctor read it without changes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: schema version %2, current (read without changes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hosts file could not be read: no answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the checks again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set ZERG_HOSTS_FILE to a hosts file (OpenSSH config format).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import the servers workers may reach from ~/.ssh/config: zerg hosts import ALIAS (creates %1), or set ZERG_HOSTS_FILE to an existing hosts file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Correct %1 as the message says, or set ZERG_HOSTS_FILE to another file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 allows no host, so workers cannot reach any server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a Host block to it, or import one from ~/.ssh/config: zerg hosts import ALIAS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 allows: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no result within %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that %1 is up and reachable from this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: logged in and ran `true` in %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answers, but its host key (%2) is not in %3, so Zerg will not log in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the fingerprint with the server&apos;s administrator, then run: zerg hosts trust %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SECURITY WARNING: the host key of %1 HAS CHANGED. The server now shows %2, which does not match the key recorded in %3. Someone may be intercepting the connection, or the server was reinstalled. Zerg will not connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm the new fingerprint with the server&apos;s administrator first. Only if the change is expected: ssh-keygen -R &quot;%1&quot; -f %2, then zerg hosts trust %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that %1 is up and accepts your SSH key, and the Host block of %2 (HostName, Port, User, IdentityFile) in %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local shell sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap works (%1): shell_exec runs commands in its sandbox (read-only system; home folders, /run and the machine&apos;s sockets hidden; no network unless a call asks for it and is allowed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restricted mode chosen (ZERG_SHELL_SANDBOX=restricted): shell_exec runs commands without a sandbox, as your user and with network access, with a clean environment and resource limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap works here: set ZERG_SHELL_SANDBOX=auto to run commands in its sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To run commands in a sandbox: %1, with ZERG_SHELL_SANDBOX=auto (bubblewrap cannot run now: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shell_exec is unavailable: bubblewrap cannot run here (%1), and Zerg runs local commands only in its sandbox unless you choose otherwise. Every shell_exec call is refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To fix it, %1; or, to run commands without a sandbox, set ZERG_SHELL_SANDBOX=restricted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Zerg uses auto.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set ZERG_SHELL_SANDBOX to auto, bubblewrap or restricted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP servers (mcp.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server(s).</source>
        <translation>
            <numerusform>%1: %n server.</numerusform>
            <numerusform>%1: %n servers.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix these entries in %1 (docs/mcp.md); the other servers run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Started; %n tool(s).</source>
        <translation>
            <numerusform>Started; %n tool.</numerusform>
            <numerusform>Started; %n tools.</numerusform>
        </translation>
    </message>
    <message>
        <source>Disabled in mcp.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It did not start in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check &quot;command&quot; and &quot;args&quot; of %1 in mcp.json; try it with `zerg mcp tools %1`. Its tools are unavailable until it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check &quot;url&quot; and &quot;headers&quot; of %1 in mcp.json, and that the server runs; try it with `zerg mcp tools %1`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>docs/alerts.md says what each setting is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval links (ntfy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zerg serve pushes approval requests to ntfy at %1, with one-time links under %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies by e-mail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies are read from %1 on %2:%3; they count from %4. The mailbox&apos;s password is tried when Zerg starts, not here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set what is named (Settings › Notifications, or the ZERG_SMS_* variables). %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2, but replies are not read: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2. Replies are not read: for them, run zerg serve with ZERG_PUBLIC_URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2; under zerg serve, replies come to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 agent&apos;s model in Dashboard › Agents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Duration</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::EmailInvocation</name>
    <message>
        <source>cancelled; the message may or may not have been sent</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::HealthMonitor</name>
    <message>
        <source>no progress for %1 s (health monitor)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::HeuristicDecider</name>
    <message>
        <source>%1 has been running for %2 s, longer than the %3 s limit. Decided by the heuristic fallback because no decider model is configured; configure a decider model to have long commands judged by what they do.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::HostsModel</name>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected and ran a command as %1 in %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetching the host key of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key matches the one recorded in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded yet. Compare the fingerprint with what the server&apos;s administrator sees (on the server: ssh-keygen -lf /etc/ssh/ssh_host_%1_key.pub), then trust it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trusted: the key is recorded in %1. Workers can now reach %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the hosts: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port &quot;%1&quot; is not a number: give one from 1 to 65535 (SSH&apos;s usual port is 22).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1: workers can no longer reach it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1. Check each host&apos;s key (Check key), then trust it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::HttpInvocation</name>
    <message>
        <source>No complete answer from %1 within %2 s; the request was stopped. Try again later or with a larger timeout_secs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The response from %1 is larger than %2 bytes (at least %3); the download was stopped. Ask for less (a range, a page, a filter) or fetch it with shell_exec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach %1: %2. Check the URL and that the server is up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TLS handshake with %1 failed: %2. The server&apos;s certificate is not trusted here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stopped answering: %2. Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request to %1 failed: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirected more than %2 times (last to %3); giving up. Check the URL, or set follow_redirects to false to see the first redirect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirected to %2, which is not followed (only http(s), never from https down to http). Request that URL yourself if you trust it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not find the address of %1: %2. Check the host name in the URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 resolves to %2, %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirected to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg does not send requests to loopback, link-local or private addresses unless they are allowed in Settings › Approvals › Allowed addresses (ZERG_HTTP_ALLOWED_ADDRESSES).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::HttpTransport</name>
    <message>
        <source>&apos;%1&apos; is not an http or https URL. Check &quot;url&quot; in mcp.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>initialize: the server sent an Mcp-Session-Id with characters other than visible ASCII; it was ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s answer is larger than %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (event stream, not JSON-RPC): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s event stream sent %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer from %1 was cut off (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server answered HTTP %1 without a JSON or event-stream body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the event stream broke (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server ended the event stream for this call without its response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server answered HTTP %1 with an empty body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s answer is not JSON-RPC: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server&apos;s answer did not contain the response to this call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404); it will be started again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response and the server refused to resume it (HTTP %1)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1 from %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response and resuming it failed (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 is unreachable: %2 requests in a row failed (last: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not reach the server at %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; gave up after %2 attempts to resume it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> The server said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 redirects to %2 (HTTP %3). Zerg does not follow redirects to another server, since the headers hold tokens; put the final URL in mcp.json if you trust it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 refused access (HTTP %2). Check the headers/token for this server in mcp.json.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 answered HTTP 404: there is no MCP endpoint at this address. Check &quot;url&quot; in mcp.json (servers often use a path like /mcp).%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 does not accept POST (HTTP %2). Is it a Streamable HTTP MCP endpoint? Servers that only speak the older HTTP+SSE transport are not supported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 answered the initialize request with HTTP %2.%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not connect to %1 (connection refused). Is the server running at %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not find the host of %1 (%2). Check &quot;url&quot; in mcp.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the TLS connection to %1 failed (%2). Check the server&apos;s certificate, and whether the URL should start with http:// or https://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server at %1 redirects elsewhere (%2). Zerg does not follow redirects to another server; put the final URL in mcp.json if you trust it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not reach the server at %1 (%2). Is it running, and is &quot;url&quot; in mcp.json right?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ImapWatcher</name>
    <message>
        <source>The TLS certificate of the IMAP server %1 is not trusted (%2). Give its CA with ZERG_IMAP_CA_FILE, or fix the server&apos;s certificate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the IMAP server %1:%2 failed: %3. Check ZERG_IMAP_HOST, ZERG_IMAP_PORT and ZERG_IMAP_TLS, and that the server is reachable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 did not answer within %2 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 sent a reply larger than %2 MB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 refused the connection: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 closed the connection: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 does not offer STARTTLS (%2). Use ZERG_IMAP_TLS=implicit (port 993) if it offers TLS there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 allows no login without TLS. Set ZERG_IMAP_TLS to starttls or implicit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 refused the login of %2: %3. Check ZERG_IMAP_USER and the imap_password secret.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 has no mailbox &quot;%2&quot; for %3: %4. Check ZERG_IMAP_MAILBOX.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The IMAP server %1 answered a search with: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::InboxModel</name>
    <message>
        <source>That result is no longer in the inbox. Close it and pick another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write what you want to know or have done about this result, then send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That result is no longer in the inbox, so there is nothing to reply to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM yyyy HH:mm</source>
        <comment>when a result came in; a QDateTime format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About the scheduled check &quot;%1&quot; (%2), which found:
%3

%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the task inbox: %1. Check that the data folder is readable (or the server reachable), then reopen the inbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not mark the result as read: %1. Check that the data folder is writable (or the server reachable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not mark the results as read: %1. Check that the data folder is writable (or the server reachable).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::InstanceLease</name>
    <message>
        <source>Zerg stopped before an answer; the call did not run.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::JarvisController</name>
    <message>
        <source>Jarvis has not yet confirmed your previous question; send this one again once it has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the earlier conversation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(a code block, shown in the chat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis answered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis could not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was said by voice was not saved in the conversation: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::JarvisService</name>
    <message>
        <source>[SCHEDULED CHECK] %1

This runs in the background: nobody is waiting in the chat, and your answer goes to the user&apos;s task inbox. Check what is asked, then answer briefly with what you found. End with a line of its own saying how urgent it is: &quot;Severity: info&quot; (nothing needs doing), &quot;Severity: warning&quot; (needs attention soon) or &quot;Severity: critical&quot; (needs attention now).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request. Wait for it to finish or stop it (Escape) before asking again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Condensing older conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the results…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run was cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request took longer than %1 s and was stopped (ask again to continue, or raise ZERG_RUN_TIMEOUT_SECONDS).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was finished yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What was found so far:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I&apos;ll escalate this to the supervisor for a deeper check…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many requests failed in a short time (more than %1 restarts in %2 s), so this one was stopped with them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retrying after a temporary error…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trying once more after an error…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sorry, I couldn&apos;t finish this: %1 (after %n attempts).</source>
        <translation>
            <numerusform>Sorry, I couldn&apos;t finish this: %1 (after %n attempt).</numerusform>
            <numerusform>Sorry, I couldn&apos;t finish this: %1 (after %n attempts).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the model provider&apos;s API key (ZERG_LLM_API_KEY), then ask again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model provider seems to be having trouble; please try again in a few minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking again, perhaps more narrowly, may help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking again will not help until that is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>If this keeps happening, `zerg doctor` checks the setup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The approval mode for %1 is read-only: report what you would do and why, so that the user can decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes need the user&apos;s approval, which only a worker can ask for: spawn a worker for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 may change a system (%2). %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was said and nothing answered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(spoken, not transcribed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is working on another request of this user here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run %1 of this user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 is not a request in progress.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Going on here: the Zerg process %1 that was working on this stopped…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Handing this over to another Zerg process…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::LocalAgentsSource</name>
    <message>
        <source>the supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the quick path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the decider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system prompt of %1 is empty. Write one, or use the built-in prompt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The system prompt of %1 has %2 characters; at most %3 are kept. Shorten it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model name &quot;%1&quot; has spaces or line breaks around it. Write the name alone, or leave it empty for the settings&apos; model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature %1 is out of range: use 0 to 2 (lower answers more predictably), or leave it empty for the provider&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max tokens %1 is out of range: use 1 to %2, or leave it empty for the provider&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tools can be given to %1: leave its tools unset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no tool &quot;%1&quot; for %2. Its tools are: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool %1 is needed by %2: keep it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::LocalMcpSource</name>
    <message>
        <source>Cannot read the log %1: %2. Check its owner and permissions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the log %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MCP servers are not running in this process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg has no path for mcp.json (ZERG_MCP_CONFIG is empty), so nothing can be saved. Set ZERG_MCP_CONFIG to a file and start Zerg again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP server &apos;%1&apos; is configured in %2; reload the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is reached over HTTP and has no log; what went wrong shows as its last error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No log is kept for MCP server &apos;%1&apos;: Zerg runs without a data folder. Its last lines of stderr show with its state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An MCP server named &apos;%1&apos; is in %2 already. Choose another name, or edit that server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved the server as &apos;%1&apos;, but its old entry &apos;%2&apos; could not be removed: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::MailReplies</name>
    <message>
        <source>ZERG_IMAP_TLS=%1 is not implicit, starttls or none. Replies by e-mail are not read until it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_IMAP_HOST is set but ZERG_IMAP_USER is not: give the mailbox&apos;s user (and the imap_password secret). Replies by e-mail are not read until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies by e-mail need e-mail to go out first: set ZERG_ALERT_EMAIL and the SMTP server (ZERG_SMTP_HOST, ZERG_SMTP_FROM). Replies are not read until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg asks: may I run this on %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A worker wants to run this on %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why Zerg asks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reply &quot;yes&quot; to allow it once, or &quot;no&quot; to deny it. Unanswered by %1 UTC, it is denied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only a reply from %1 counts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not an address whose replies count (ZERG_ALERT_EMAIL, ZERG_MAIL_REPLY_FROM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the receiving server says its authentication failed (dkim=%1, dmarc=%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>neither yes nor no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your reply was not taken as an answer: reply &quot;yes&quot; to allow the request once, or &quot;no&quot; to deny it. It still waits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the request was answered, expired or withdrawn before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed: the request was answered, expired or was withdrawn before your reply came.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg could not record your answer (%1). Answer in Zerg instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed once: %1 on %2. The worker goes on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied: %1 on %2. The worker is told.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About the alert &quot;%1&quot; (%2, %3 UTC):
%4

The user replied by e-mail:
%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your question was not started: %1 Send it again in a few minutes, or ask in Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your question could not be answered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::McpServers</name>
    <message>
        <source>No MCP server &apos;%1&apos; is configured (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is disabled. Enable it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The MCP servers are not running in this process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; failed (%2): its tools are unavailable. Do not call them; use other tools or tell the user.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; stopped (%2) and is being restarted: its tools are unavailable for now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::McpServersModel</name>
    <message>
        <source>Default (by annotations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask every time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reads only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>destructive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>program (stdio)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL (HTTP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 of the environment is not NAME=value. Write one variable per line, like GRAFANA_URL=https://grafana.lan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 of the headers is not &quot;Name: value&quot;. Write one header per line, like Authorization: Bearer ${secret:web_token}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environment sets %1 twice (lines %2 and %3); keep one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The headers set %1 twice (lines %2 and %3); keep one of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the MCP servers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarting %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarted: its tools are offered again once it is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disabled: Zerg stopped it, and workers no longer get its tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabled: Zerg starts it now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed from mcp.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved: %1 is now &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The log is empty: the server has written nothing to stderr yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the command that starts the server: a program on PATH (such as npx) or its full path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the server&apos;s URL: its Streamable HTTP endpoint, such as https://mcp.example.org/mcp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose how Zerg reaches the server: a program it starts, or a URL.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::McpService</name>
    <message>
        <source>the MCP session ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid arguments for %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is answering another request; try again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The task is empty: say what Jarvis should do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg has no model to ask: %1 Set one up in Zerg&apos;s Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>job %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started worker %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1 ended: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1 ended: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis is still working on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for your approval in Zerg: %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of worker %2 is a binary file (%3 bytes); it is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[Cut: this is the first %1 KiB of %2 bytes. grep_workers finds lines in the rest.]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No matches. Workers searched: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(Stopped at the limit of matches, %1: narrow the pattern or raise the limit.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled by the MCP client</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::MemoryCompactor</name>
    <message>
        <source>There were no messages to summarize; the memory is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is configured for the memory summary; kept a short digest of the older messages instead. Configure a model to get summaries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory summary call failed (%1); kept a short digest of the older messages instead. Check the memory model and its provider settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory summary was cut off by the model&apos;s output limit; kept a short digest instead. Use a summary model with a larger output limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory model returned an empty summary; kept a short digest instead. Try another summary model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory summary was about %1 tokens, over its budget of %2; kept a short digest instead. Raise the memory budget or use a model that follows length limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory model did not answer within %1 s; kept a short digest of the older messages instead. Check that the model server is reachable, or raise the timeout.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::MeteredChatReply</name>
    <message>
        <source>The model call was cancelled because its provider was shut down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model call was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ModelCatalog</name>
    <message>
        <source>No provider is configured: choose one in Settings and enter its base URL (http://127.0.0.1:11434/v1 for a local Ollama).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown provider &apos;%1&apos;: choose one in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing answers at %1 (connection refused). Start the server, or correct the base URL in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Ollama is running at %1. To use local models, install Ollama and start it (`ollama serve`).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM Studio&apos;s server is not running at %1. To use its models, start it in LM Studio (Developer tab) or with `lms server start`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No llama-server is running at %1. To use a GGUF model, start one: `llama-server -m model.gguf --jinja`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2. Check that the server is running and reachable, then refresh the list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be reached: %2. Check the base URL in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be reached: %2. Check that %3 is running there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so that the API key goes only to the address you set: use the address it redirects to as the base URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so the %4 there is not asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2). Zerg sends the key only to the configured provider: to use this %3, make it the provider in Settings and enter its key there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): it needs an API key and none is set. Enter the key in Settings or store it with `zerg key set`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): the API key was not accepted. Check that the key belongs to this provider, then enter it again in Settings or with `zerg key set`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2, not a list of models. Check that the base URL is the API&apos;s root (…/v1 for OpenAI-compatible servers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2, not a list of models: something other than %3 may be listening there.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ModelPicker</name>
    <message>
        <source>the supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the quick path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the decider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configured provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no tool calling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tool calling not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot call tools (its server says so), and tools are needed for %2. Pick a model marked &quot;calls tools&quot;, or one marked &quot;tool calling not known&quot; to try it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Money</name>
    <message>
        <source>$%1</source>
        <comment>an amount in US dollars</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::OllamaProbe</name>
    <message numerus="yes">
        <source>A local Ollama is running at %1 with %n model(s): %2. To use it, set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL=%3.</source>
        <translation>
            <numerusform>A local Ollama is running at %1 with %n model: %2. To use it, set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL=%3.</numerusform>
            <numerusform>A local Ollama is running at %1 with %n models: %2. To use it, set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL=%3.</numerusform>
        </translation>
    </message>
    <message>
        <source>A local Ollama is running at %1 but has no models yet: run `ollama pull qwen2.5:7b` (or another model), then set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No local Ollama was found at %1. Use any OpenAI-compatible server (ZERG_LLM_BASE_URL=https://api.openai.com/v1, ZERG_MODEL, and `zerg key set` for the API key) or Anthropic (ZERG_LLM_PROVIDER=anthropic, ZERG_LLM_BASE_URL=https://api.anthropic.com).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::OpenAiChatReply</name>
    <message>
        <source>The request to the LLM server was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 sent nothing for %2 seconds, so the request was stopped. Check that the server is running and not overloaded, or raise the idle timeout.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach the LLM server at %1: %2. Check ZERG_LLM_BASE_URL and that the server is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the LLM server at %1 broke in the middle of the answer: %2. Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 answered without any stream events (Content-Type: %2). Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports streaming.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 refused the request with HTTP %2 (%3). Check the API key in ZERG_LLM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation is too long for the model &quot;%1&quot; at %2 (HTTP %3: %4). Start a new conversation, or use a model with a larger context window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait %1 seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait a moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 is rate limiting requests (HTTP %2: %3). %4 and try again, or check your plan&apos;s limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 is overloaded (HTTP %2: %3). Try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 answered HTTP 404 (%2). Check that ZERG_LLM_BASE_URL ends in /v1 and that the model &quot;%3&quot; exists on that server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 rejected the request with HTTP %2 (%3). Check the model name &quot;%4&quot; and the server&apos;s documentation for the options it supports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The LLM server at %1 failed with HTTP %2 (%3). Try again later; if it keeps failing, check the server&apos;s log and the model name &quot;%4&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::PhoneLinks</name>
    <message>
        <source>ZERG_PUBLIC_URL is set, but no ntfy topic is: set ZERG_WEBHOOK_URL to your topic (for example https://ntfy.sh/&lt;a long secret name&gt;) and ZERG_WEBHOOK_FORMAT=ntfy. Approval requests are not pushed until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_PUBLIC_URL uses http://, so the one-time links of approval requests travel unencrypted. Put zerg serve behind a reverse proxy with TLS and give its https:// address (docs/alerts.md).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg asks: may I run this on %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it asks: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unanswered by %1 UTC, it is denied. Each button works once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval request %1 was not pushed to the phone: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This link only shows the request. Answer it with Allow or Deny, or in Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This request was answered already, expired or was withdrawn. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This link expired at %1 UTC, and with it the request. Nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval request %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The alert was not pushed to the phone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The alert &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not pushed: the ntfy server did not answer (%2). Check ZERG_WEBHOOK_URL and that the server is reachable; it can still be seen and answered in Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not pushed: the ntfy server answered HTTP %2 (%3). Check the topic and its access token in ZERG_WEBHOOK_URL; it can still be seen and answered in Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval requests are not pushed until then.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ProviderProbe</name>
    <message>
        <source>no answer within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ProviderRegistry</name>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter and more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sk-… (platform.openai.com › API keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter your OpenAI API key (platform.openai.com, API keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic&apos;s own API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sk-ant-… (console.anthropic.com › API keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter your Anthropic API key (console.anthropic.com, Settings › API keys).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown LLM provider &apos;%1&apos;. Set ZERG_LLM_PROVIDER to %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::PublicUrl</name>
    <message>
        <source>ZERG_PUBLIC_URL &quot;%1&quot; is not a web address: give the https:// address at which phones reach this server, for example https://zerg.example.com.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::RealtimeConversation</name>
    <message>
        <source>server %1 (Realtime)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::RetryingReply</name>
    <message>
        <source>The request to the model was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model provider is available for this request. Check the LLM settings and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (after %n attempts)</source>
        <translation>
            <numerusform>%1 (after %n attempt)</numerusform>
            <numerusform>%1 (after %n attempts)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::RoundaboutMonitor</name>
    <message>
        <source>stopped early: the supervisor had its answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker did not finish within %1 s (hard timeout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker %1 may still be running and keeps its results: look at it later with get_worker_metadata or read_worker_result, and tell the user it is still working.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ScheduleService</name>
    <message>
        <source>Interrupted: Zerg stopped while this check was running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a time zone this system knows. Use an IANA name such as Europe/Berlin or America/New_York, or leave it empty for the system&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Schedules run in the Zerg app that owns this data folder, and it is not this process. Use Run now there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scheduled run did not finish (%1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The schedules are stopped right now (Zerg is restarting them or quitting). Try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SchedulesModel</name>
    <message>
        <source>scheduled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>catch-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM HH:mm</source>
        <comment>a time this year; a QDateTime format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ddd d MMM yyyy HH:mm</source>
        <comment>a time in another year; a QDateTime format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a field of a schedule. Change name, task, cron, timeZone, enabled or catchUp.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Say when to run, e.g. &apos;0 6 * * *&apos; for 06:00 every day or &apos;*/15 * * * *&apos; for every 15 minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the schedules: %1. Check that the data folder is readable (or the server reachable), then reopen the page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes: as Settings › Approvals says for scheduled checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes: each waits for your approval (in the inbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes: refused, the check only reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes: run without asking</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SettingField</name>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…/v1 for OpenAI-compatible servers (http://127.0.0.1:11434/v1 for Ollama), https://api.anthropic.com for Anthropic.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model Jarvis thinks with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the supervisor model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decider model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watches running workers. Empty: the worker model; heuristic: the rule-based decider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: the worker model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time, small talk, questions about the conversation. Empty: the supervisor model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check interval (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the supervisor looks at a running worker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The longest a worker is waited for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop a worker at the hard timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: it keeps running and the supervisor is told how to look at it later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decider calls per worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decider timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A later answer counts as wait.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker radio check every N turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 switches the XO off for workers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor radio check every N turns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 switches the XO off for the supervisor agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Request timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request then answers with what its workers found so far.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost per request (USD)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: no cost limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For send_email. Empty: no e-mail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0: the TLS mode&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sender address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Webhook format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Info results also go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warnings also go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical results also go to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E-mail needs the SMTP server and the alert address; webhook needs the webhook URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alert e-mail address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where e-mail alerts go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System: the language of your desktop if Zerg speaks it, else English. Applies at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database and the workers&apos; folders. Set ZERG_DATA_DIR to use another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep finished workers (days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: SQLite in the data folder. postgresql://user@host:5432/zerg for PostgreSQL (server mode); keep its password in ~/.pgpass or PGPASSWORD.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: this computer runs Jarvis. ws://host:8765 or wss://host:8765 to use a `zerg serve` instead (log in below).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address and port of `zerg serve`. Loopback unless you give another address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed web origins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comma-separated origins of web pages allowed to connect; others are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS certificate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM file; with a key, the server speaks wss:// only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS private key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PEM file of the certificate&apos;s key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ask: read-only actions run, anything that may change a system waits for you. read_only: changing actions are refused. autonomous: everything runs (the deny-list still holds).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval mode per host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overrides for some hosts, e.g. &quot;web1=autonomous, db1=read_only&quot;; local stands for the local shell.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval mode of scheduled checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled checks run while you may be away; with ask, their requests wait in the inbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An unanswered request is denied after this long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http_request refuses loopback, link-local and private addresses except these: a comma list of addresses, ranges and host names, e.g. &quot;10.0.0.5, 192.168.1.0/24, nas.lan&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closing the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without a system tray, while scheduled checks are active: ask, keep running in the background (start Zerg again to see the window), or quit. With a tray the window hides in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech recognition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer: pocketsphinx, nothing leaves it. A server: any OpenAI-compatible /v1/audio/transcriptions (OpenAI, a whisper.cpp server, speaches, LocalAI).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer: espeak-ng. A server: any OpenAI-compatible /v1/audio/speech.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech server URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>…/v1 of the speech server. Empty: the provider&apos;s base URL and key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recognition model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s model, e.g. whisper-1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speech model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s model, e.g. tts-1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty: en-us on this computer (an espeak-ng voice), alloy on a server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speak answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hands-free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The microphone listens until you turn it off and takes each utterance when you stop talking. Off: hold the microphone button or Ctrl+Space while you speak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End of speech after (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silence that ends an utterance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send when I stop talking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: the transcript waits in the message box for you to edit and send.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep recordings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turns: the engines above, one utterance at a time. Realtime: voice to voice with an OpenAI Realtime model at the speech server (else the provider); your voice goes to that server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Realtime model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s Realtime model, e.g. gpt-realtime.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input the microphone button listens to. System default: the one your desktop chooses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: what the microphone heard is dropped once transcribed. On: each utterance is kept as a WAVE file in recordings/ in the data folder, moved to recordings/run-ID/ once its words are sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instance name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How this process is listed in `zerg instances list`. Empty: the computer&apos;s host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lease on running work (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time to finish on stop (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers at once, all instances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers running at once over every process on the same database. 0: no limit beyond each process&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers at once per person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers one person may have running at once over every process on the same database. 0: no limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When this process stops answering for this long, another one on the same database takes its work over or declares it interrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After SIGTERM, `zerg serve` refuses new requests and lets the runs in progress finish for this long, then hands back the runs another instance may finish and cancels the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Public address of zerg serve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>For answering approval requests from a phone: with an ntfy webhook, each request is pushed with Allow, Deny and Open buttons that call this address. Use https:// behind a reverse proxy. Empty: requests are answered in Zerg only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP server for replies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies to alert and approval e-mails are read from this mailbox: yes or no answers a request, other text is a question for Jarvis. Empty: no replies by e-mail.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password is the secret imap_password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP mailbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replies also count from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A comma list of addresses whose replies count, besides the alert address. Replies from anyone else are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scheduled checks: a comma list of notification, email, webhook, sms. Every result is in the task inbox. Empty: the inbox only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS gateway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Critical alerts by text message: twilio (Twilio&apos;s API), http (any gateway, with the URL and body below), or off. The token is the secret sms_token; replies reach zerg serve at &lt;public address&gt;/sms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your number, with the country code (+4915112345678). Only replies from it count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway&apos;s sender number.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Twilio: the Account SID (AC…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http: the gateway&apos;s URL, with {to}, {from}, {text} and {token} filled in. Twilio: empty for api.twilio.com.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS body</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http: the request body, with the same placeholders. Empty: a form with to, from and text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS body type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>http: e.g. application/json.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Settings</name>
    <message>
        <source>There is no setting called &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Enter one that starts with http:// or https:// and names a server, for example https://api.openai.com/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes a whole number from %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes a number from %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is out of range. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither on nor off. %2 takes true or false.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a choice for %2. Choose one of: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be changed in the app. Set %2 in the environment Zerg starts from instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not save the setting to %1. Check that the file and its folder are writable by you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret was saved, but Zerg could not note that in %1. Check that the file and its folder are writable by you.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No language model is configured. Set ZERG_LLM_BASE_URL (for example http://127.0.0.1:11434/v1 for Ollama) and ZERG_MODEL, or configure a provider in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No LLM endpoint is configured. Set ZERG_LLM_BASE_URL (for example https://api.openai.com/v1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is configured. Set ZERG_MODEL (for example gpt-4o-mini).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a choice for %2: enter one word, as the Settings page offers them.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SettingsModel</name>
    <message>
        <source>Provider and models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roundabout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server mode (zerg serve)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STARTTLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implicit TLS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (unencrypted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discord</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ntfy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMTP password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Webhook URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sent only to the base URL above. Leave empty for a server that needs none (a local Ollama).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>send_webhook&apos;s default target. Kept as a secret: such URLs often carry a token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set by %1 in the environment, which wins over this setting. Change or unset it there, then restart Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set in the environment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That is not a web address. A webhook URL starts with https:// (or http://) and names a server, for example https://hooks.slack.com/…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is set in the environment Zerg starts from, and it wins over this choice. Unset it (or change it there), then restart Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the name of the model to use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Enter the server&apos;s address with http:// or https://, for example http://127.0.0.1:8080/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Ollama listens on http://127.0.0.1:11434 unless you changed it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose one of Ollama&apos;s models. If it has none yet, pull one first, for example: ollama pull qwen2.5:7b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the server&apos;s address, for example http://127.0.0.1:8080/v1 (llama.cpp, vLLM, LM Studio and OpenRouter all speak OpenAI&apos;s API).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg does not know the provider &apos;%1&apos;. Choose one of the providers offered here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep running in the background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer (pocketsphinx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On this computer (espeak-ng)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When I asked by voice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Always</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In turns (the engines above)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Voice to voice (OpenAI Realtime)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not connected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IMAP password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS token</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ShellInvocation</name>
    <message>
        <source>command did not finish within %1 s; it was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command was killed by a signal before it finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command exited with status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start %1 in %2: %3. Check that the folder is accessible and the program is installed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SingleInstance</name>
    <message>
        <source>The request to the running Zerg was not understood; start Zerg with the same version as the running one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg is already running with this data folder (process %1). Quit it (tray menu › Quit Zerg, or Ctrl+Q in its window) and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The running Zerg refused the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg is already running (process %1) but did not answer within %2 s (%3). If its window does not respond, end that process and start Zerg again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request is too long (over 64 KiB).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SmsAlerts</name>
    <message>
        <source>ZERG_SMS_GATEWAY: %1 Or set it to off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS alerts are off until the gateway&apos;s settings are mended: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SmsGateway</name>
    <message>
        <source>Redirects are not followed: put the address it points to in ZERG_SMS_URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_SMS_ACCOUNT and the secret &quot;sms_token&quot;: the Account SID and Auth Token of the Twilio console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the secret &quot;sms_token&quot; and ZERG_SMS_URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_SMS_ACCOUNT and ZERG_SMS_URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_SMS_URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway limits how many messages are sent; try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gateway has a problem of its own; try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_SMS_FROM and ZERG_SMS_TO.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check ZERG_SMS_URL, ZERG_SMS_BODY, ZERG_SMS_FROM and ZERG_SMS_TO.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;+&apos;, the country code and the number, 8 to 15 digits without spaces, e.g. +4915112345678</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not an http(s) URL; leave it empty for Twilio&apos;s API (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_ACCOUNT is not set: the Account SID of the Twilio console (AC and 32 hex digits).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_ACCOUNT &quot;%1&quot; is not an Account SID: that is AC and 32 hex digits, as the Twilio console shows it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret &quot;sms_token&quot; is not set: the Auth Token of the Twilio console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not set: with ZERG_SMS_GATEWAY=http it is the gateway&apos;s URL, with {to}, {from}, {text} and {token} where they go.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not an http(s) URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither ZERG_SMS_URL nor ZERG_SMS_BODY has {text}, so the alert&apos;s text would not be sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The secret &quot;sms_token&quot; is not set, but ZERG_SMS_URL or ZERG_SMS_BODY uses {token}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM is not set: the Twilio number the SMS is sent from (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM is not set: the number the SMS is sent from (%1), or a sender name the gateway allows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM &quot;%1&quot; is not a phone number in E.164 form: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_TO is not set: the operator&apos;s mobile number (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZERG_SMS_TO &quot;%1&quot; is not a phone number in E.164 form: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS has no text; nothing was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a phone number in E.164 form (&apos;+&apos;, the country code and the number, e.g. +4915112345678); nothing was sent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS is not set up, nothing was sent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not answer within %2 s; the message may or may not have been sent. Check ZERG_SMS_URL and the network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not reach the SMS gateway %1: %2. Check ZERG_SMS_URL and that the gateway can be reached from here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The TLS handshake with the SMS gateway %1 failed: %2. Its certificate is not trusted here; check ZERG_SMS_URL (https and the gateway&apos;s own host name) and the system&apos;s CA certificates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS gateway %1 stopped answering: %2. The message may or may not have been sent; check the network.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending the SMS through %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP %1, error %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not take the message (%2, no details).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not take the message (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no host in ZERG_SMS_URL)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS webhook&apos;s body is not a JSON object%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS webhook&apos;s request has no %1, so it is not a message to read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SmsReplies</name>
    <message>
        <source>SMS replies are not read until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS replies through an HTTP gateway need the secret sms_token (Settings › Notifications): the webhook&apos;s secret address is made from it. SMS replies are not read until then.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not the number SMS alerts go to (ZERG_SMS_TO)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a keyword the gateway answers itself (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About the alert &quot;%1&quot; (%2, %3 UTC):
%4

The user replied by SMS (answer in a few plain sentences, no Markdown):
%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user asks by SMS (answer in a few plain sentences, no Markdown):
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg: your question was not started: %1 Send it again in a few minutes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg could not answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SmtpSender</name>
    <message>
        <source>Could not initialize libcurl; the system may be out of memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not connect to the SMTP server %1: %2. Check ZERG_SMTP_HOST and ZERG_SMTP_PORT and that the server is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS with the SMTP server %1 failed: %2. Check ZERG_SMTP_TLS (none, starttls or implicit) and the server&apos;s certificate; for a private certificate authority set ZERG_SMTP_CA_FILE to its PEM file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMTP server %1 rejected the login of user &quot;%2&quot;: %3. Check ZERG_SMTP_USER and the smtp_password secret.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMTP server %1 did not answer within %2 s: %3. Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMTP server %1 refused the message: %2. Check the addresses (and ZERG_SMTP_FROM), or whether the server needs a login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sending through the SMTP server %1 failed: %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SpokenAnswers</name>
    <message>
        <source>%1. This takes a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown speech output engine &apos;%1&apos;: choose one in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SshSessionLoop</name>
    <message>
        <source>starting the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command on %1 was stopped because zerg is shutting down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening a channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logged in to %1 (%2) but could not open a session: %3. The server may limit sessions (sshd&apos;s MaxSessions) or be shutting down; try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server %1 (%2) refused to run the command: %3. Its sshd may forbid commands for this user (ForceCommand, restrictions).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The channel of the command on %1 (%2) failed: %3. Run it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command ended without an exit status (killed by a signal?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command exited with status %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command did not finish within %1 s and was stopped (TERM, then KILL, to its process group)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>command did not finish within %1 s; the SSH channel was closed (the remote process may still be running)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SshSessionWorker</name>
    <message>
        <source>The SSH session closed; run again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::StatusLabels</name>
    <message>
        <source>queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for approval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restarting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::StdioTransport</name>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sent a message larger than %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server process crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server process exited with code %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not start &apos;%1&apos; (%2). Check &quot;command&quot; in mcp.json: the program must be installed and on PATH, or given with its full path.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::StoreSchedulesSource</name>
    <message>
        <source>Schedules run in the Zerg app that owns the data folder; change them there (or quit the other instance and restart this one).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::StoreThreadsSource</name>
    <message>
        <source>No run %1. List the runs to find its id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting is not possible here; use zerg runs export on the computer that ran it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::StoreWorkerFilesSource</name>
    <message>
        <source>&apos;%1&apos; is not a path inside the worker&apos;s folder, so it is not shown. Pick a file from the worker&apos;s list.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is no longer in this worker&apos;s folder. Reload to see the files it has now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 leads outside the worker&apos;s folder and is not shown. Inspect the folder by hand: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Check the file&apos;s permissions, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No worker job %1 for this user. Pick a worker in the Workers tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a worker id (one folder name, no &apos;/&apos; or &apos;..&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SupervisionTreeModel</name>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>degraded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>primary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>alternate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contingent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>emergency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>XO: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>context %1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n steering(s)</source>
        <translation>
            <numerusform>%n steering</numerusform>
            <numerusform>%n steerings</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not load the supervision tree: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::SupervisorRunAttempt</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed by its supervisor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::ThreadInspectorModel</name>
    <message>
        <source>Quick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Background</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm</source>
        <comment>a run&apos;s start; a QDateTime format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the runs: %1 Check the data folder, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load run %1: %2 Check the data folder, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 was not found. Pick a run from the list, or reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the messages of run %1: %2 Select the run again, or reload.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… (%Ln more character(s))</source>
        <translation>
            <numerusform>… (%Ln more character)</numerusform>
            <numerusform>… (%Ln more characters)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not search: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not export: choose a file on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2. Choose a folder you can write to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::TrayState</name>
    <message>
        <source>Zerg: working on your request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg: something needs your attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg: idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis answered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis could not finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Jarvis to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::VoiceInput</name>
    <message>
        <source>Nothing was understood. Speak a little closer to the microphone, or type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown speech recognition engine &apos;%1&apos;: choose one in Settings › Voice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recording %1 could not be moved to %2. Check that the data folder is writable.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::WebhookInvocation</name>
    <message>
        <source>The webhook %1 did not answer within %2 s; the notification may not have been delivered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled; the notification may or may not have been delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not post to the webhook %1: %2. Check its URL and that the service is reachable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The webhook %1 answered HTTP %2, so the notification was not accepted: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::Worker</name>
    <message>
        <source>Zerg stopped before the summary model answered; truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not create the worker&apos;s artifact folder: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 matches the rule &quot;%2&quot; and needs the user&apos;s approval. Do not retry it; report what you wanted to run and why, so the user can decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped: %1 matches the rule &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1. The worker is being stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the summary model; truncated until then</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to summarize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no summary model configured; truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary model did not answer within %1 s; truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary model failed (%1): %2; truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary model returned no text; truncated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker has not started yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no tool call %1 (yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 may change the system (%2), and the approval mode for %3 is read-only. Do only read-only checks, and report what you would run and why so that the user can decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 needs the user&apos;s approval, but the request could not be recorded (%2). Report what you wanted to run and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker ended before an answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Their message: &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: the user denied %1.%2 Do not retry it; go on without it or report what you found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 was not approved (%2). Do not retry it; report what you wanted to run and why so that the user can decide.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1 may change a system, and Zerg could not record that before running it (%2). Report what you wanted to run and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the worker agent&apos;s settings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the summary agent&apos;s settings could not be read (%1); truncated</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::WorkerAttempt</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed by its supervisor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::WorkerDetailModel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the first %1 of %2. The whole file is %3; open it in an editor to see the rest.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a worker id. Open a worker from the Workers tab instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No worker job %1 for this user: it does not exist. Pick a worker in the Workers tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This job has not started a worker yet (status: %1), so there are no files to show. The page opens the worker as soon as it starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This worker&apos;s folder is gone: it was removed by the retention policy (ZERG_RETENTION_DAYS) or deleted by hand. Its job is still listed in the Workers tab, but its files cannot be shown; pick another worker.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No worker &apos;%1&apos; for this user: it does not exist, or its folder was removed by the retention policy (ZERG_RETENTION_DAYS). Pick a worker in the Workers tab.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm:ss</source>
        <comment>a worker&apos;s start; a QDateTime format</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the first %1 of %2. The whole file is on the server, in this worker&apos;s folder: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not look up worker job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <comment>an approval request&apos;s status</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allowed</source>
        <comment>an approval request&apos;s status</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>denied</source>
        <comment>an approval request&apos;s status</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <comment>an approval request&apos;s status</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>withdrawn</source>
        <comment>an approval request&apos;s status</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody (it expired)</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you, on the desktop</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you, in zerg ask</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you, over the API (device %1)</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you</source>
        <comment>who answered an approval request</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>you, on %1</source>
        <comment>who answered an approval request; %1: a device</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n waiting</numerusform>
            <numerusform>%n waiting</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n allowed</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n allowed</numerusform>
            <numerusform>%n allowed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n denied</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n denied</numerusform>
            <numerusform>%n denied</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n expired</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n expired</numerusform>
            <numerusform>%n expired</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n withdrawn</numerusform>
            <numerusform>%n withdrawn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n approval(s): %1</source>
        <comment>the number of approval requests, then how many of each status</comment>
        <translation>
            <numerusform>%n approval: %1</numerusform>
            <numerusform>%n approvals: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the counts of an approval summary</comment>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read and are not shown.</source>
        <comment>lines of approvals.jsonl</comment>
        <translation>
            <numerusform>%n line could not be read and is not shown.</numerusform>
            <numerusform>%n lines could not be read and are not shown.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::WorkerPool</name>
    <message>
        <source>Too many workers failed in a short time (more than 10 restarts in 60 s); this one was stopped with them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker could not be started: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::WorkerTableModel</name>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load the workers: %1 Check the data folder, then reload.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api</name>
    <message>
        <source>The export is %1 MiB, more than the %2 MiB a reply may carry. Run zerg runs export on the server instead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::ActionEndpoint</name>
    <message>
        <source>Busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too many answers at once; press the button again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too slow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request did not arrive whole in time; press the button again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not understood</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This link is not known here: it may have been copied wrong, or its request was removed. Answer the request in Zerg instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this link, or press its button in the notification.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for an answer until %1 UTC; unanswered, it is denied.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed at %1 UTC (answered from: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied at %1 UTC (answered from: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody answered in time, so it was denied at %1 UTC.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Withdrawn at %1 UTC: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it asks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The worker says</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only for looking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg could not record the answer (%1). Press the button again, or answer in Zerg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed once: %1 on %2. The worker goes on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied: %1 on %2. The worker is told.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>May Zerg run this on %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scheduled check&apos;s result (%1), at %2 UTC.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteClient</name>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No server URL given; give one like %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a server URL: it must start with ws:// or wss:// and name a host, like %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a web address; the Zerg server speaks WebSocket: use %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the app closed the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the server speaks another protocol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server at %1 speaks protocol %2; this Zerg speaks %3. Use the same Zerg version on both sides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection was closed with code 4401.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed by the server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed by the server: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2); reconnecting in %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach %1: %2; retrying in %3 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server refused the session token: %1 Run `zerg connect %2` again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected to the Zerg server. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to %1 was lost before the server answered `%2` (%3); it may or may not have been done. Try again once reconnected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not send `%1` to %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteDashboardSources</name>
    <message>
        <source>the server did not send them (%1).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteMcpSource</name>
    <message>
        <source>The MCP servers of a Zerg server cannot be changed from here: their commands run on the server. The server&apos;s administrator edits mcp.json on the server, and the server applies it at once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteWorkerFilesSource</name>
    <message>
        <source>the worker job</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::api::SmsEndpoint</name>
    <message>
        <source>Too many requests at once; send the SMS again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request did not arrive whole in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS webhook takes POST only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The request&apos;s signature does not match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SMS could not be recorded; send it again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::cli</name>
    <message>
        <source>Usage: zerg workers COMMAND

The workers Jarvis started: LLM agents that ran commands on your servers. Each one has a
folder in ZERG_DATA_DIR/workers with its metadata, result, conversation and tool output.

Commands:
  list [--json] [--limit N]   Recent workers, newest first.
  show ID [--json]            One worker: metadata, result and files.
  grep [OPTIONS] PATTERN      Search every worker&apos;s files.
  reindex [--json]            Rebuild the database&apos;s worker list from the folders on disk.

&apos;zerg workers COMMAND --help&apos; shows the options of a command.

Examples:
  zerg workers list --limit 5
  zerg workers show 2024-12-03T14-32-00_disk-check
  zerg workers grep &quot;No space left&quot;
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg workers list [--json] [--limit N]

Lists recent workers, newest first: worker id, status, duration and task.

Options:
  --limit N    Show at most N workers (default 20).
  --json       Print a JSON array, one object per worker.
  -h, --help   Show this help.

Examples:
  zerg workers list
  zerg workers list --limit 5 --json
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg workers show ID [--json]

Shows one worker: task, status, model, times, error, its folder, the files it wrote and
its result. ID is a worker id from &apos;zerg workers list&apos; or a job id (a number).

Options:
  --json       Print the worker as one JSON object.
  -h, --help   Show this help.

Examples:
  zerg workers show 2024-12-03T14-32-00_disk-check
  zerg workers show 42 --json
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg workers grep [--regex] [--case-sensitive] [--limit N] [--json] [--] PATTERN

Searches the files of every worker (results, conversations, tool output) and prints
worker_id:file:line: text for each matching line. PATTERN is plain text matched in any
case, unless the options say otherwise.

Options:
  --regex            PATTERN is a regular expression (Perl-compatible).
  --case-sensitive   Upper and lower case must match exactly.
  --limit N          Stop after N matches (1 to 10000, default 100).
  --json             Print {&quot;matches&quot;: [...], &quot;truncated&quot;: true|false}.
  --                 End of the options: PATTERN may start with &apos;-&apos;.
  -h, --help         Show this help.

Examples:
  zerg workers grep &quot;No space left&quot;
  zerg workers grep --regex &quot;OOM|out of memory&quot; --limit 20
  zerg workers grep -- --force

Exit status: 0 something matched, 1 nothing matched, 2 usage error.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg workers reindex [--json]

Rebuilds the database&apos;s list of workers, of every owner, from the worker folders on
disk (their metadata.json): after restoring a backup of ZERG_DATA_DIR/workers or losing
the database. The folders are only read; one that cannot be read is skipped and named.

Options:
  --json       Print the report (scanned, inserted, updated, unchanged, skipped) as JSON.
  -h, --help   Show this help.

Examples:
  zerg workers reindex
  zerg workers reindex --json
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg key set|clear|status

The API key of the configured provider (ZERG_LLM_PROVIDER), kept in the system keychain,
or in a file only you can read in ZERG_CONFIG_DIR when there is no keychain.
ZERG_LLM_API_KEY, when set, wins over the stored key. The key is never printed.

Commands:
  set          Read the key from standard input (hidden on a terminal) and store it.
  clear        Remove the stored key.
  status       Say where the key comes from.

Examples:
  zerg key set
  printf &apos;%s\n&apos; &quot;$OPENAI_API_KEY&quot; | zerg key set
  zerg key status
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg help [COMMAND [SUBCOMMAND]]

Shows the help of Zerg, or of one command: the same as &apos;zerg COMMAND --help&apos;.

Examples:
  zerg help
  zerg help ask
  zerg help workers grep
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;zerg --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (input hidden): </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ask needs a task, e.g. zerg ask &quot;check disk usage on cube&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>→ worker %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← worker %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No workers yet. Ask Jarvis something that needs a server, e.g.
  zerg ask &quot;check disk usage on cube&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKER ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TIME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TASK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(job %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers show needs one worker id or job id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;zerg workers list&apos; to see them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--limit needs a number from 1 to 10000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers grep needs one PATTERN, e.g. zerg workers grep &quot;No space&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped after %1 matches; narrow the pattern or raise --limit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scanned %1 worker folders: %2 added, %3 updated, %4 unchanged, %5 skipped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no key given; nothing stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored the %1 API key in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed the %1 API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider %1: API key from ZERG_LLM_API_KEY.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider %1: API key stored in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider %1: API key not set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key needs &apos;set&apos;, &apos;clear&apos; or &apos;status&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no help for &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workers needs &apos;list&apos;, &apos;show ID&apos;, &apos;grep PATTERN&apos; or &apos;reindex&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg connect URL | --local | (nothing: show the current choice)

Makes the desktop app a client of a `zerg serve` instead of running Jarvis on this
computer. Reads the device secret that `zerg devices add NAME` printed on the server from
standard input, exchanges it for a 7-day session token, and keeps the token in the system
keychain (or a file only you can read) and the URL in the settings (remote/url).

Options:
  --local      Go back to this computer&apos;s Jarvis (forgets the URL and the token).
  -h, --help   Show this help.

Examples:
  zerg connect ws://10.0.0.2:8765     # then paste the device secret
  echo &quot;$SECRET&quot; | zerg connect wss://zerg.example.com:8765
  zerg connect --local                # back to this computer&apos;s Jarvis

ZERG_REMOTE_URL and ZERG_REMOTE_TOKEN, when set, win over what is stored.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: ZERG_REMOTE_URL is set (%1) and wins over the stored URL while it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: ZERG_REMOTE_TOKEN is set and wins over the stored token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop app runs Jarvis on this computer. Use a server with: zerg connect URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop app uses the server at %1 (a session token is stored). Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop app uses the server at %1 (no session token: run `zerg connect URL` again). Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not remove the session token: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not clear the server URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop app runs Jarvis on this computer again (the server URL and its session token are removed).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no device secret given on standard input; nothing changed. Get one with `zerg devices add NAME` on the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logged in, but could not store the session token: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logged in, but could not save the server URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to %1 as device %2 (owner %3). The session token is valid until %4 and is stored in %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The desktop app now uses this server. Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connect takes one URL or --local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;zerg hosts --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list takes no argument besides --json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No hosts are allowed yet. Add Host blocks to the file, or import them with `zerg hosts import ALIAS`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ALIAS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TARGET</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOST KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not known (run: zerg hosts trust %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trust needs exactly one alias, e.g. zerg hosts trust web1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Add a Host block for it there, or import it with `zerg hosts import %1`, then trust it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) is already trusted: its %3 key %4 is recorded in %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server %1 (%2) presents this %3 host key:

    %4

Compare it with what the server&apos;s administrator sees (on the server: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not asking without a terminal, so nothing was recorded. After verifying the fingerprint, run again with --yes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust this key and record it in %1? [y/N] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <comment>answer to [y/N]</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not trusted; nothing was recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded the %1 key of %2 in %3. ssh_exec can now reach %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--from needs a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>import needs the aliases to copy, e.g. zerg hosts import web1 db1 (only those are allowed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no hosts file is configured. Set ZERG_HOSTS_FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 from %2 into %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host key of %1 is not known yet: run `zerg hosts trust %1` before using it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>$%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runs yet. Ask Jarvis something, e.g.
  zerg ask &quot;check disk usage on cube&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STARTED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TOKENS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>COST</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown (a model&apos;s price is not in the price table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: Jarvis answered directly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs show needs one run id, e.g. zerg runs show 12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run id; run ids are positive numbers from `zerg runs list`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 not found. List runs with `zerg runs list`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg devices COMMAND

The devices allowed to log in to `zerg serve` on this data folder.

Commands:
  add NAME [--owner N] [--json]   Register a device for owner N (default ZERG_OWNER_ID)
                                  and print its secret. The secret is shown only once;
                                  the client exchanges it for 7-day session tokens.
  list [--json]                   Devices, active first: owner, name, last login,
                                  active tokens.
  revoke ID                       Revoke a device and every session token it holds;
                                  its open connections are closed within 30 seconds.

Examples:
  zerg devices add &quot;Alice&apos;s laptop&quot;
  zerg devices list
  zerg devices revoke 3
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an option is missing its value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--listen needs HOST:PORT with an IP address, e.g. 127.0.0.1:8765 (got &apos;%1&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TLS needs both a certificate and its key (--tls-cert and --tls-key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a loopback address: anyone on the network could read the session tokens. Give --tls-cert and --tls-key, or --insecure if the network is private.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Until then every dispatch is answered with no_provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--owner needs a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--owner needs a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices add needs one NAME (quote it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device %1 (%2) for owner %3. Its secret, shown only this once:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter it in the client (Settings &gt; Remote server, or `zerg connect URL`), which exchanges it for a session token.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No devices yet. Add one with: zerg devices add &quot;Alice&apos;s laptop&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LAST LOGIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (revoked)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices revoke needs one device ID (see &apos;zerg devices list&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device %1 is revoked; its session tokens no longer work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>devices needs &apos;add NAME&apos;, &apos;list&apos; or &apos;revoke ID&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fix: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg %1 doctor: provider, data folder, database and hosts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Problems to fix: %1, warnings: %2. Fix the problems above, then run `zerg doctor` again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No problems; warnings: %1 (see above).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything looks fine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jarvis answered directly with an apology</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1 needs a value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes no value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  approval %1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>? Approval needed: worker %1 wants to run on %2:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Why it may change the system: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  The worker says: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  Task: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  y: allow once, a: always allow &quot;%1&quot; on %2, N: deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow? [y/N/a] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allow? [y/N] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Denied by zerg ask without a terminal (--approve=deny).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  approval %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--approve takes allow or deny, e.g. --approve=deny</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;zerg mcp --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>restarting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP servers are configured. Add them to %1 (see &apos;zerg mcp --help&apos;).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n tool</numerusform>
            <numerusform>%n tools</numerusform>
        </translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No MCP server &apos;%1&apos; is configured in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configured: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tools needs the name of a server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>may change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>policy %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (optional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>call needs a server, a tool and the arguments as JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the arguments are not a JSON object (%1); write them like &apos;{&quot;path&quot;: &quot;/etc/hostname&quot;}&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy for %1 of server &apos;%2&apos; is never: Zerg does not call it. Change the policy in Settings or mcp.json first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server &apos;%1&apos; has no tool &apos;%2&apos;. &apos;zerg mcp tools %1&apos; lists them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may change something (%2). Add --yes to call it without a terminal to confirm on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may change something (%2). Call it? [y/N] </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not called.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret needs &apos;set NAME&apos; or &apos;clear NAME&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secret %1 needs one NAME (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no value given; nothing stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored the secret %1 in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed the secret %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg mcp COMMAND

The MCP servers whose tools Zerg&apos;s workers use (mcp.json in Zerg&apos;s config folder, or
ZERG_MCP_CONFIG; the format of Claude Desktop and Cursor: {&quot;mcpServers&quot;: {...}}).

Commands:
  list [--json]               Start every server and show its state, tool count and
                              last error.
  tools NAME [--json]         Show the tools of server NAME: whether each only reads,
                              its policy (allow, ask, never) and its arguments.
  call NAME TOOL JSON [--yes] Call TOOL of server NAME with the arguments JSON (an
                              object) and print the result. A tool that may change
                              something asks first; --yes runs it without asking. A
                              tool whose policy is never is refused.
  serve                       Run Zerg as an MCP server on standard input and output,
                              for Claude Desktop, Goose or an IDE (docs/mcp.md).
  secret set|clear NAME       Store (reading it from standard input, hidden on a
                              terminal) or remove the secret NAME that mcp.json names
                              as ${secret:NAME} in a header or env value.

Examples:
  zerg mcp list
  zerg mcp tools fs
  zerg mcp call fs read_text_file &apos;{&quot;path&quot;: &quot;/etc/hostname&quot;}&apos;
  printf &apos;%s\n&apos; &quot;$GRAFANA_TOKEN&quot; | zerg mcp secret set grafana_token

See docs/mcp.md for the file format and the per-tool policies.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mcp needs &apos;list&apos;, &apos;tools NAME&apos;, &apos;call NAME TOOL JSON&apos;, &apos;secret set|clear NAME&apos; or &apos;serve&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg mcp serve

Runs Zerg as an MCP server (Model Context Protocol) on standard input and output, for
Claude Desktop, Goose, an IDE or any other MCP client: one JSON-RPC message per line.
Logs go to standard error. The client gets these tools:
  ask               Ask Jarvis to do an ops task; reports progress while workers run.
  list_workers      Recent workers: status, task, summary.
  read_worker_file  One file of a worker&apos;s folder (result.txt, tool_calls/...).
  grep_workers      Search the files of every worker.
  list_hosts        The hosts workers may reach (never key contents).

Anything that may change a system needs your approval in Zerg, as for every request; the
MCP client cannot approve it. The server stops when its input ends, or on SIGTERM or
Ctrl+C; a request that is still running is cancelled.

Claude Desktop (claude_desktop_config.json):
  {&quot;mcpServers&quot;: {&quot;zerg&quot;: {&quot;command&quot;: &quot;zerg&quot;, &quot;args&quot;: [&quot;mcp&quot;, &quot;serve&quot;]}}}

See docs/mcp.md.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot take over standard input and output: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run &apos;zerg mcp serve --help&apos; for usage.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Until then ask is answered with this problem.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the client stopped reading: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the running request did not end within %1 s; stopping anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approval %1 requested by worker %2: %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the MCP client closed the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg&apos;s MCP server was stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready: MCP (protocol %1) on standard input and output, database %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg doctor [--json]

Checks what Zerg needs and says what to fix:
  provider      the LLM provider is configured and answers, and it lists the models
                Zerg is configured to use
  hosts         the hosts file is readable; every allowed host answers, its host key is
                known and Zerg can log in (it runs `true` there)
  data folder   ZERG_DATA_DIR exists or can be created, is writable and has free space
  database      the database opens and its schema is not newer than this Zerg
  mcp           every entry of mcp.json is valid and each enabled MCP server starts
                and lists its tools (only when mcp.json names servers)
The doctor changes nothing: it does not create the data folder and reads the SQLite
database without applying migrations. A PostgreSQL database (ZERG_DATABASE_URL) is opened
as at every start, which applies pending migrations.

Options:
  --json       Print {&quot;checks&quot;: [{&quot;name&quot;, &quot;status&quot;, &quot;detail&quot;, &quot;fix&quot;}], &quot;ok&quot;: ...};
               status is ok, warn or fail.
  -h, --help   Show this help.

Examples:
  zerg doctor
  zerg doctor --json | jq &apos;.checks[] | select(.status != &quot;ok&quot;)&apos;

Exit status: 0 no check failed (warnings allowed), 1 a check failed, 2 usage error.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg runs COMMAND

The requests Jarvis handled (runs), with their workers, tokens and cost.

Commands:
  list [--limit N] [--json]   Recent runs, newest first (20 unless --limit): id, status,
                              mode (quick, supervisor, background), start, duration,
                              tokens, cost and task.
  show ID [--json]            One run: task, status, times, result or error, the workers
                              it started with their summaries, token usage and cost.
  export ID [--format md|json] [--out FILE]
                              One run as a document: question, answer or error, status,
                              times, tokens, cost, and each worker&apos;s result with a link
                              to its folder.
  export --all [--format md|json] [--out FILE]
                              The whole conversation with Jarvis, every run oldest first.

Options:
  --limit N    list: show at most N runs.
  --json       Print JSON (list: an array; show: one object; an unknown cost is null).
  --format F   export: md (Markdown, the default; also &apos;markdown&apos;) or json.
  --out FILE   export: write FILE instead of printing (replaced as a whole, never left
               half written).
  --all        export: the whole conversation instead of one run.
  -h, --help   Show this help.

Examples:
  zerg runs list --limit 10
  zerg runs show 12
  zerg runs show 12 --json
  zerg runs export 12 &gt; run-12.md
  zerg runs export --all --format json --out conversation.json
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs export needs one run id or --all, e.g. zerg runs export 12</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format takes md (or markdown) or json, e.g. --format json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--out needs a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs export takes one run id or --all, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos;; --format takes md (or markdown) or json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write the export to standard output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2. Check the folder exists and is writable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runs needs &apos;list&apos;, &apos;show ID&apos; or &apos;export ID&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; use &apos;list&apos;, &apos;show ID&apos; or &apos;export ID&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg hosts COMMAND

The SSH hosts workers may reach (the allowlist: ZERG_HOSTS_FILE, OpenSSH config format).

Commands:
  list [--json]               Show the allowed aliases, where they point, and whether
                              their host key is recorded in known_hosts.
  trust ALIAS [--yes]         Connect to ALIAS (without logging in), show its host key
                              fingerprint and, once you confirm, record the key in its
                              known_hosts file. --yes records without asking (scripts:
                              verify the fingerprint first). A changed key is refused.
  add ALIAS --host HOST [--port PORT] [--user USER] [--key FILE]
                              Allow a new host: append a Host block for ALIAS to the
                              hosts file (port 22, your user name and no key file of its
                              own unless given). The rest of the file stays as it is.
  remove ALIAS                Remove ALIAS&apos;s Host block from the hosts file. Its host key
                              stays in known_hosts. A block that names several aliases is
                              left for you to edit.
  import [--from FILE] ALIAS...
                              Copy the named aliases from ~/.ssh/config (or FILE) into
                              the hosts file, with their settings resolved.

Examples:
  zerg hosts import web1 db1
  zerg hosts add web2 --host 192.0.2.20 --user deploy --key ~/.ssh/id_ed25519
  zerg hosts trust web1
  zerg hosts remove web2
  zerg hosts list

&apos;zerg doctor&apos; logs in to every host and says which ones need attention.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add needs one alias, e.g. zerg hosts add web1 --host 192.0.2.10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--host needs the server&apos;s DNS name or IP address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port needs a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--user needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--key needs a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>add needs --host, the server&apos;s DNS name or IP address, e.g. zerg hosts add %1 --host 192.0.2.10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--port must be a number from 1 to 65535, not %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added %1 (%2) to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: the key file %1 does not exist (yet); logging in to %2 needs it, or a key of ssh-agent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>remove needs exactly one alias, e.g. zerg hosts remove web1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed %1 from %2: workers can no longer reach it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its host key stays recorded in %1. If no other host uses %2, remove it with: ssh-keygen -R &quot;%2&quot; -f %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing command (list, trust, add, remove or import)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown command %1 (list, trust, add, remove or import)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the text to say</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give the file to write with --out FILE.wav</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--wpm takes a number from 80 to 450</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--rate takes a sample rate from 8000 to 48000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is nothing to say in that text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1: %2 s at %3 Hz, voice %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give one WAVE file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg ask [--json] [--approve=allow|deny] TASK
       zerg ask [--json] [--approve=allow|deny] --audio FILE.wav [--engine E]

Sends one request to Jarvis without opening a window. The supervisor answers directly or
starts workers on your servers; the answer goes to standard output, the progress (workers,
tool calls) to standard error. Ctrl+C cancels the run cleanly.

Options:
  --audio FILE.wav
               Ask by voice: the task is what is said in the WAVE file, recognized as
               &apos;zerg transcribe&apos; does and shown on standard error.
  --engine E   The recognizer for --audio: pocketsphinx or server (default: Settings).
  --json       Print every event instead, one {&quot;event&quot;, &quot;data&quot;} JSON object per line;
               the last line is supervisor_complete or error.
  --approve=allow|deny
               The answer to every approval request (a worker&apos;s call that may change a
               system, in the approval mode ask). Without it you are asked on a terminal
               (Allow? [y/N/a]); without a terminal every request is denied.
  -h, --help   Show this help.

Examples:
  zerg ask &quot;check disk usage on cube&quot;
  zerg ask --json &quot;is nginx running on web1?&quot; | tail -n 1
  zerg ask --audio question.wav

Exit status: 0 answered, 1 the run failed, 2 usage error, 3 no provider configured
(run &apos;zerg doctor&apos;).
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was understood in %1; speak closer to the microphone, or type the task.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heard: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--audio needs a WAVE file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine needs pocketsphinx or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--engine goes with --audio FILE.wav</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give a TASK or --audio FILE.wav, not both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg say TEXT... --out FILE.wav [--engine E] [--voice V] [--wpm N] [--rate HZ]

Speaks TEXT into a WAVE file as Jarvis would say it: Markdown is made speakable first
(code blocks become &quot;I put the command in the chat.&quot;).

Options:
  --out FILE.wav  Where to write the speech (16-bit mono PCM). Required.
  --engine E      espeak (espeak-ng on this computer, offline) or server (the
                  OpenAI-compatible /v1/audio/speech of Settings &gt; Voice). Default: the
                  one in Settings (ZERG_TTS_ENGINE).
  --voice V       An espeak-ng voice (default en-us; list them with espeak-ng --voices),
                  or the server&apos;s voice (default alloy).
  --wpm N         Words per minute, 80 to 450 (default 175; espeak only).
  --rate HZ       Sample rate of the file, 8000 to 48000 (default: espeak-ng&apos;s 22050;
                  16000 is what speech recognizers take).
  -h, --help      Show this help.

Examples:
  zerg say &quot;check disk usage on cube&quot; --out question.wav
  zerg say &quot;restart nginx on web1&quot; --voice en-gb --rate 16000 --out web1.wav

Exit status: 0 written, 1 the speech or the file failed, 2 usage error, 3 espeak-ng is
missing or no speech server is set.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg transcribe FILE.wav [--engine E]

Prints the words spoken in a WAVE file. On this computer they are recognized offline with
pocketsphinx and its US English model; nothing leaves it. Either engine is biased toward
what an operator says to Jarvis and toward the host aliases of your hosts file, so that
&quot;check disk usage on cube&quot; comes out with the right host. Any WAVE file of plain PCM or
float samples is taken; it is resampled to 16 kHz.

Options:
  --engine E   pocketsphinx (on this computer) or server (the OpenAI-compatible
               /v1/audio/transcriptions of Settings &gt; Voice: OpenAI, a whisper.cpp
               server, speaches, LocalAI). Default: the one in Settings (ZERG_STT_ENGINE).
  -h, --help   Show this help.

Examples:
  zerg transcribe question.wav
  zerg say &quot;restart nginx on web1&quot; --out q.wav &amp;&amp; zerg transcribe q.wav

Exit status: 0 transcribed (an empty line when nothing was understood), 1 the file or the
recognition failed, 2 usage error, 3 pocketsphinx or its model is missing, or no speech
server is set.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown engine &apos;%1&apos;; use pocketsphinx or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown engine &apos;%1&apos;; use espeak or server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--wpm is for the espeak engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg [COMMAND] [OPTIONS]

Zerg is a desktop AI operations assistant. Without a command it opens the Jarvis window.

Commands:
  ask [--json] [--approve=allow|deny] TASK
                                    Run one request headless and print the answer.
  workers list [--json] [--limit N] Recent workers, newest first.
  workers show ID [--json]          One worker: metadata, result, tool call files.
  workers grep [OPTIONS] PATTERN    Search every worker&apos;s files.
  workers reindex [--json]          Rebuild the worker list from the folders on disk.
  runs list [--limit N] [--json]    Recent requests Jarvis handled, newest first.
  runs show ID [--json]             One run: result, workers, tokens and cost.
  runs export ID|--all [--format md|json] [--out FILE]
                                    A run or the whole conversation as Markdown or JSON.
  hosts list|trust|add|remove|import
                                    The SSH hosts workers may reach, and their keys.
  mcp list|tools NAME|call|serve    The MCP servers whose tools workers use; Zerg as one.
  key set|clear|status              The provider&apos;s API key in the system keychain.
  serve [--listen HOST:PORT]        Run headless behind the WebSocket API (server mode).
  devices add NAME|list|revoke ID   The devices allowed to log in to &apos;zerg serve&apos;.
  instances list [--all]            The Zerg processes sharing this database, and the
                                    work each holds.
  connect URL | --local             Make the desktop app a client of a &apos;zerg serve&apos;, or
                                    go back to this computer&apos;s Jarvis.
  doctor [--json]                   Check the provider, hosts, data folder and database,
                                    and say what to fix.
  say TEXT --out FILE.wav           Speak a text into a WAVE file (espeak-ng, offline).
  transcribe FILE.wav               The words spoken in a WAVE file (offline).
  help [COMMAND]                    This help, or the help of one command.

Options:
  -h, --help                        Show this help; &apos;zerg COMMAND --help&apos; shows the
                                    options and examples of a command.
  --version                         Show the version.

Examples:
  zerg doctor
  zerg ask &quot;check disk usage on cube&quot;
  zerg help workers grep

Configuration (environment; see README): ZERG_DATA_DIR, ZERG_LLM_BASE_URL,
ZERG_LLM_PROVIDER, ZERG_LLM_API_KEY, ZERG_MODEL, ZERG_WORKER_MODEL, ZERG_HOSTS_FILE.

Exit status: 0 success, 1 failure, 2 usage error, 3 configuration problem.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--instance-name needs a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE] [--insecure]

Runs Zerg headless: the supervisor, workers and schedules of every owner, behind the
WebSocket API of docs/api.md. Stops cleanly on SIGTERM or Ctrl+C.

Options:
  --listen HOST:PORT   Where to listen (ZERG_SERVER_LISTEN; default 127.0.0.1:8765).
                       Port 0 picks a free port. Anything but loopback needs TLS or
                       --insecure.
  --tls-cert FILE      PEM certificate (ZERG_SERVER_TLS_CERT); with --tls-key the server
  --tls-key FILE       speaks wss:// only (ZERG_SERVER_TLS_KEY).
  --insecure           Allow plain ws:// on a non-loopback address.
  --instance-name NAME How `zerg instances list` shows this process (ZERG_INSTANCE_NAME;
                       default the host name). Several may share one PostgreSQL database
                       (docs/server.md).
  -h, --help           Show this help.

Browser origins allowed to connect: ZERG_SERVER_ORIGINS (comma-separated).
Database: ZERG_DATABASE_URL (postgresql://user@host:5432/db), else SQLite.

Examples:
  zerg devices add &quot;Alice&apos;s laptop&quot;      # prints the secret the client logs in with
  zerg serve
  zerg serve --listen 0.0.0.0:8765 --tls-cert cert.pem --tls-key key.pem
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: zerg instances list [--all] [--json]

The Zerg processes registered on this database (every `zerg serve`, the app, `zerg ask`):
name, host, version, the age of the last heartbeat, and the runs and workers each holds.
The running ones and those lost in the last day; --all: every one kept (a week),
cleanly stopped ones too.
A process whose lease ran out is `lost`: its work was declared interrupted
(docs/server.md).
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>instances needs &apos;list&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Zerg process is registered on this database (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>STATE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HEARTBEAT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RUNS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKERS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HOST (PID)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clients see only the runs of this instance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SMS replies: give the SMS gateway this address for incoming messages: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::gui</name>
    <message>
        <source>Zerg: desktop AI operations assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send TEXT as the first question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TEXT</source>
        <comment>an option&apos;s value name</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the first run ends, save the window to FILE (PNG) and quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>an option&apos;s value name</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open on PAGE: %1 (jarvis, the chat, by default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PAGE</source>
        <comment>an option&apos;s value name</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After the first run ends (or at once without --ask), save a screenshot of every page as DIR/&lt;page&gt;.png, and the chat in the dark theme as DIR/jarvis-dark.png, then quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DIR</source>
        <comment>an option&apos;s value name</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start without showing the window (the login entry from Settings › Desktop uses it): scheduled checks run, and starting zerg again shows the window.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::gui::RemoteConversation</name>
    <message>
        <source>The server took the question but named no run; is it a Zerg server of the same version?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::gui::RemoteMode</name>
    <message>
        <source>Zerg is set to use a server (ZERG_REMOTE_URL or remote/url), but: %1 Run `zerg connect URL` with the right address, or `zerg connect --local` to use this computer again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the session token for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zerg is set to use the server at %1 but has no session token for it. Run `zerg connect %1` and give the device secret from `zerg devices add` on the server, or `zerg connect --local` to use this computer again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run ended (%1) while the connection was down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected to the Zerg server at %1: every page shows the server&apos;s data (the Workers table without tool and host counts). Settings are this computer&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::recordjson</name>
    <message>
        <source>the usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server sent %1 in a form this app does not read; are the app and the server the same version?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number of results marked read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run&apos;s messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the test&apos;s result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the host key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the task inbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the inbox item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the schedules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the schedule&apos;s runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the schedule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run&apos;s workers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the runs&apos; totals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the thread&apos;s memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the supervision tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker&apos;s folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the worker&apos;s file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the pending approval requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the approval request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the &quot;always allow&quot; rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the answer to removing a rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the approval status &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the MCP servers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the MCP server&apos;s log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the search&apos;s runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hosts to import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the hosts imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an agent&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an agent&apos;s earlier settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the agents</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::supervision::KeyedChildren</name>
    <message>
        <source>Supervisor &apos;%1&apos; gave up and is being replaced; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>zerg::supervision::Supervisor</name>
    <message>
        <source>A child spec of supervisor &apos;%1&apos; has no id; give every child a unique id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; of supervisor &apos;%2&apos; has no start function; set ChildSpec::start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; has a negative shutdown timeout; use 0 or more milliseconds, brutal_kill or infinity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; has an invalid backoff; it needs 0 &lt; min &lt;= max, a random factor &gt;= 0 and reset_after &gt;= 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is significant and permanent, which OTP forbids; make it transient or temporary, or not significant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is significant but supervisor &apos;%2&apos; has auto_shutdown=never; set auto_shutdown or drop the significant flag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has intensity %2; use 0 or more restarts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has period %2 s; use a period of at least 1 second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos;: max_children must be 0 or more and only applies to simple_one_for_one supervisors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one and needs exactly one child spec (the template), not %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has two children with id &apos;%2&apos;; ids must be unique.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; was already started; create a new one to start again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; could not start child &apos;%2&apos;: %3. The children started before it were stopped; fix that child&apos;s start and start the supervisor again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is restarting its children; try again when it is done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is not running (not started, stopping or stopped); start a supervisor before managing its children.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; use startDynamicChild().</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is already running under &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; already has a spec under &apos;%2&apos;; use restartChild() or deleteChild() first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; failed to start: %2. Check its start function and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is not simple_one_for_one; use startChild() with a spec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; already runs its maximum of %2 children; wait for one to finish or raise max_children.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A child of &apos;%1&apos; failed to start: %2. Check the template&apos;s start function.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&apos;%1&apos; is the template of simple_one_for_one supervisor &apos;%2&apos;; terminate its children by their own ids.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has no child &apos;%2&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That child is not running under supervisor &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; restartChild() is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is running; terminate it before restarting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is being restarted by its supervisor; wait or terminate it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; deleteChild() is not available.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is running; terminate it before deleting it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is being restarted; terminate it before deleting it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
