<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en_US">
<context>
    <name>ActivityTicker</name>
    <message>
        <source>Investigating…</source>
        <translation>Wird untersucht…</translation>
    </message>
    <message>
        <source>Putting the answer together…</source>
        <translation>Antwort wird zusammengestellt…</translation>
    </message>
</context>
<context>
    <name>AddressPolicy</name>
    <message>
        <source>&quot;%1&quot; is not an address range. Write it as ADDRESS/BITS, for example &quot;192.168.1.0/24&quot; or &quot;fd00::/8&quot;.</source>
        <translation>„%1“ ist kein Adressbereich. Schreiben Sie ihn als ADRESSE/BITS, zum Beispiel „192.168.1.0/24“ oder „fd00::/8“.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an IPv4 address. Write all four parts, each from 0 to 255 (&quot;10.0.0.5&quot;), or a range (&quot;10.0.0.0/8&quot;).</source>
        <translation>„%1“ ist keine IPv4-Adresse. Schreiben Sie alle vier Teile, jeweils von 0 bis 255 („10.0.0.5“), oder einen Bereich („10.0.0.0/8“).</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an address, a range or a host name. Write addresses (&quot;10.0.0.5&quot;), ranges (&quot;192.168.1.0/24&quot;) or host names (&quot;nas.lan&quot;), separated by commas.</source>
        <translation>„%1“ ist weder eine Adresse noch ein Bereich noch ein Hostname. Schreiben Sie Adressen („10.0.0.5“), Bereiche („192.168.1.0/24“) oder Hostnamen („nas.lan“), durch Kommas getrennt.</translation>
    </message>
    <message>
        <source>a public address</source>
        <translation>eine öffentliche Adresse</translation>
    </message>
    <message>
        <source>an unspecified address (it reaches this computer)</source>
        <translation>eine unspezifizierte Adresse (sie erreicht diesen Rechner)</translation>
    </message>
    <message>
        <source>a loopback address (this computer)</source>
        <translation>eine Loopback-Adresse (dieser Rechner)</translation>
    </message>
    <message>
        <source>a link-local address (where cloud metadata services answer)</source>
        <translation>eine Link-Local-Adresse (dort antworten Metadatendienste von Clouds)</translation>
    </message>
    <message>
        <source>a private network address</source>
        <translation>eine Adresse eines privaten Netzes</translation>
    </message>
    <message>
        <source>a carrier-grade NAT address (a provider&apos;s private network)</source>
        <translation>eine Carrier-Grade-NAT-Adresse (das private Netz eines Providers)</translation>
    </message>
    <message>
        <source>a multicast address</source>
        <translation>eine Multicast-Adresse</translation>
    </message>
    <message>
        <source>a reserved address</source>
        <translation>eine reservierte Adresse</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Agents cannot be tuned here</source>
        <translation>Agenten können hier nicht angepasst werden</translation>
    </message>
    <message>
        <source>This window has no access to the agents&apos; settings. Tune them in Dashboard › Agents of the Zerg that runs them, or over its API (agent_save, docs/api.md).</source>
        <translation>Dieses Fenster hat keinen Zugriff auf die Einstellungen der Agenten. Passen Sie sie in Dashboard › Agenten des Zerg an, das sie ausführt, oder über dessen API (agent_save, docs/api.md).</translation>
    </message>
    <message>
        <source>Zerg asks a model on behalf of these agents. A change is saved as a new version and applies to the agent&apos;s next request.</source>
        <translation>Zerg fragt ein Modell im Namen dieser Agenten. Eine Änderung wird als neue Version gespeichert und gilt ab der nächsten Anfrage des Agenten.</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the agents</source>
        <translation>Die Agenten neu laden</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>%1, model %2, customized</source>
        <translation>%1, Modell %2, angepasst</translation>
    </message>
    <message>
        <source>%1, model %2</source>
        <translation>%1, Modell %2</translation>
    </message>
    <message>
        <source>customized</source>
        <translation>angepasst</translation>
    </message>
    <message>
        <source>v%1</source>
        <translation>v%1</translation>
    </message>
    <message>
        <source>built-in</source>
        <translation>eingebaut</translation>
    </message>
    <message>
        <source>Select an agent to tune it.</source>
        <translation>Wählen Sie einen Agenten, um ihn anzupassen.</translation>
    </message>
    <message>
        <source>version %1, customized</source>
        <translation>Version %1, angepasst</translation>
    </message>
    <message>
        <source>version %1, the built-in tuning</source>
        <translation>Version %1, die eingebaute Einstellung</translation>
    </message>
    <message>
        <source>built-in tuning, never changed</source>
        <translation>eingebaute Einstellung, nie geändert</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>System-Prompt</translation>
    </message>
    <message>
        <source>(saved: the built-in prompt)</source>
        <translation>(gespeichert: der eingebaute Prompt)</translation>
    </message>
    <message>
        <source>(saved: an edited prompt)</source>
        <translation>(gespeichert: ein bearbeiteter Prompt)</translation>
    </message>
    <message>
        <source>Show changes against built-in</source>
        <translation>Änderungen gegenüber dem eingebauten zeigen</translation>
    </message>
    <message>
        <source>Show the prompt&apos;s changes against the built-in prompt</source>
        <translation>Die Änderungen des Prompts gegenüber dem eingebauten Prompt zeigen</translation>
    </message>
    <message>
        <source>Use built-in prompt</source>
        <translation>Eingebauten Prompt verwenden</translation>
    </message>
    <message>
        <source>Put the built-in prompt into the editor (saved with Save)</source>
        <translation>Den eingebauten Prompt in den Editor übernehmen (gespeichert mit Speichern)</translation>
    </message>
    <message>
        <source>System prompt of %1</source>
        <translation>System-Prompt von %1</translation>
    </message>
    <message>
        <source>Changes of the prompt against the built-in prompt</source>
        <translation>Änderungen des Prompts gegenüber dem eingebauten Prompt</translation>
    </message>
    <message>
        <source>Added words are highlighted, removed words struck through.</source>
        <translation>Hinzugefügte Wörter sind hervorgehoben, entfernte durchgestrichen.</translation>
    </message>
    <message>
        <source>Added words are highlighted, removed ones struck through. Edit the prompt with the box unchecked.</source>
        <translation>Hinzugefügte Wörter sind hervorgehoben, entfernte durchgestrichen. Bearbeiten Sie den Prompt mit abgewähltem Kästchen.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Settings&apos; model: %1</source>
        <translation>Modell der Einstellungen: %1</translation>
    </message>
    <message>
        <source>Model of %1</source>
        <translation>Modell von %1</translation>
    </message>
    <message>
        <source>Empty: the model the settings give this agent (%1). A model named here wins over the setting.</source>
        <translation>Leer: das Modell, das die Einstellungen diesem Agenten geben (%1). Ein hier genanntes Modell hat Vorrang vor der Einstellung.</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <translation>Max. Tokens</translation>
    </message>
    <message>
        <source>provider default</source>
        <translation>Vorgabe des Anbieters</translation>
    </message>
    <message>
        <source>Temperature of %1</source>
        <translation>Temperatur von %1</translation>
    </message>
    <message>
        <source>Max tokens of %1</source>
        <translation>Max. Tokens von %1</translation>
    </message>
    <message>
        <source>0 to 2; lower answers more predictably. Built-in: %1.</source>
        <translation>0 bis 2; niedriger antwortet vorhersehbarer. Eingebaut: %1.</translation>
    </message>
    <message>
        <source>The longest answer, in tokens. Built-in: %1.</source>
        <translation>Die längste Antwort, in Tokens. Eingebaut: %1.</translation>
    </message>
    <message>
        <source>Empty fields are not sent: the provider&apos;s default applies. Reasoning models refuse a temperature and max tokens: clear both for them.</source>
        <translation>Leere Felder werden nicht gesendet: die Vorgabe des Anbieters gilt. Reasoning-Modelle lehnen Temperatur und max. Tokens ab: leeren Sie beide für sie.</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>An unchecked tool is not offered to the agent. With every tool checked, it also gets the tools MCP servers add later.</source>
        <translation>Ein abgewähltes Werkzeug wird dem Agenten nicht angeboten. Sind alle Werkzeuge gewählt, erhält er auch die Werkzeuge, die MCP-Server später hinzufügen.</translation>
    </message>
    <message>
        <source>Its tools are not known here.</source>
        <translation>Seine Werkzeuge sind hier nicht bekannt.</translation>
    </message>
    <message>
        <source>%1 needs this tool: it cannot work without it.</source>
        <translation>%1 braucht dieses Werkzeug: ohne es kann er nicht arbeiten.</translation>
    </message>
    <message>
        <source>Tool %1 (needed, always allowed)</source>
        <translation>Werkzeug %1 (nötig, immer erlaubt)</translation>
    </message>
    <message>
        <source>Allow the tool %1</source>
        <translation>Das Werkzeug %1 erlauben</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save the tuning of %1</source>
        <translation>Die Einstellung von %1 speichern</translation>
    </message>
    <message>
        <source>Ctrl+S</source>
        <translation>Strg+S</translation>
    </message>
    <message>
        <source>Reset to built-in</source>
        <translation>Auf eingebaut zurücksetzen</translation>
    </message>
    <message>
        <source>Reset %1 to its built-in tuning</source>
        <translation>%1 auf die eingebaute Einstellung zurücksetzen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Never changed: the agent uses its built-in tuning.</source>
        <translation>Nie geändert: der Agent verwendet seine eingebaute Einstellung.</translation>
    </message>
    <message>
        <source>Version %1 by %2, %3: %4</source>
        <translation>Version %1 von %2, %3: %4</translation>
    </message>
    <message>
        <source>Reset %1 to its built-in tuning?</source>
        <translation>%1 auf die eingebaute Einstellung zurücksetzen?</translation>
    </message>
    <message>
        <source>The built-in prompt, model, temperature, max tokens and tools are saved as its next version; its next request uses them. Earlier versions stay in the history.</source>
        <translation>Eingebauter Prompt, Modell, Temperatur, max. Tokens und Werkzeuge werden als nächste Version gespeichert; die nächste Anfrage verwendet sie. Frühere Versionen bleiben im Verlauf.</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Keep the current tuning</source>
        <translation>Die aktuelle Einstellung behalten</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Yes, reset %1 to its built-in tuning</source>
        <translation>Ja, %1 auf die eingebaute Einstellung zurücksetzen</translation>
    </message>
</context>
<context>
    <name>ApprovalCard</name>
    <message>
        <source>Approval needed: %1 on %2</source>
        <translation>Freigabe nötig: %1 auf %2</translation>
    </message>
    <message>
        <source>Approval needed on %1</source>
        <translation>Freigabe nötig auf %1</translation>
    </message>
    <message>
        <source>%1 waiting · %2</source>
        <translation>%1 wartend · %2</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Why it may change the system: %1</source>
        <translation>Warum es das System ändern kann: %1</translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation>Der Worker sagt: %1</translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation>Aufgabe: %1</translation>
    </message>
    <message>
        <source>Message to the worker if you deny (optional)</source>
        <translation>Nachricht an den Worker, falls Sie ablehnen (optional)</translation>
    </message>
    <message>
        <source>Message to the worker if you deny</source>
        <translation>Nachricht an den Worker, falls Sie ablehnen</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow once (Enter)</source>
        <translation>Einmal erlauben (Eingabe)</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Deny (Escape)</source>
        <translation>Ablehnen (Escape)</translation>
    </message>
    <message>
        <source>Always allow “%1” here</source>
        <translation>„%1“ hier immer erlauben</translation>
    </message>
    <message>
        <source>Always allow %1 on %2</source>
        <translation>%1 auf %2 immer erlauben</translation>
    </message>
    <message>
        <source>Enter allows · Esc denies</source>
        <translation>Eingabe erlaubt · Esc lehnt ab</translation>
    </message>
</context>
<context>
    <name>ArtifactViews</name>
    <message>
        <source>The file is empty.</source>
        <translation>Die Datei ist leer.</translation>
    </message>
    <message>
        <source>This is not valid JSON (%1 at byte %2); showing the text as it is.</source>
        <translation>Das ist kein gültiges JSON (%1 bei Byte %2); der Text wird so angezeigt, wie er ist.</translation>
    </message>
    <message>
        <source>line %1 is not valid JSON (%2); it is shown as written.</source>
        <translation>Zeile %1 ist kein gültiges JSON (%2); sie wird so angezeigt, wie sie geschrieben wurde.</translation>
    </message>
    <message>
        <source>line %1 is not valid JSON (not an object); it is shown as written.</source>
        <translation>Zeile %1 ist kein gültiges JSON (kein Objekt); sie wird so angezeigt, wie sie geschrieben wurde.</translation>
    </message>
    <message>
        <source>The arguments are not valid JSON.</source>
        <translation>Die Argumente sind kein gültiges JSON.</translation>
    </message>
    <message>
        <source>This check file is not valid JSON; open it to see what it holds.</source>
        <translation>Diese Prüfdatei ist kein gültiges JSON; öffnen Sie sie, um zu sehen, was sie enthält.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>%n Datei</numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
</context>
<context>
    <name>Audio</name>
    <message>
        <source>This is not a WAVE file (it does not start with RIFF…WAVE). Record or convert the audio as WAV, for example: sox IN -r 16000 -c 1 -b 16 OUT.wav</source>
        <translation>Das ist keine WAVE-Datei (sie beginnt nicht mit RIFF…WAVE). Nimm den Ton als WAV auf oder wandle ihn um, zum Beispiel: sox EIN -r 16000 -c 1 -b 16 AUS.wav</translation>
    </message>
    <message>
        <source>The WAVE file has no format chunk: it is damaged.</source>
        <translation>Der WAVE-Datei fehlt der Format-Abschnitt: Sie ist beschädigt.</translation>
    </message>
    <message>
        <source>The WAVE file is compressed or in an unusual format (format %1, %2 bits). Convert it to plain PCM, for example: sox IN.wav -b 16 OUT.wav</source>
        <translation>Die WAVE-Datei ist komprimiert oder in einem ungewöhnlichen Format (Format %1, %2 Bit). Wandle sie in einfaches PCM um, zum Beispiel: sox EIN.wav -b 16 AUS.wav</translation>
    </message>
    <message>
        <source>The WAVE file&apos;s format chunk is damaged (%1 channels at %2 Hz).</source>
        <translation>Der Format-Abschnitt der WAVE-Datei ist beschädigt (%1 Kanäle bei %2 Hz).</translation>
    </message>
    <message>
        <source>The WAVE file has no audio data.</source>
        <translation>Die WAVE-Datei enthält keine Tondaten.</translation>
    </message>
    <message>
        <source>The WAVE file is cut short: it ends before its audio.</source>
        <translation>Die WAVE-Datei ist abgeschnitten: Sie endet vor ihren Tondaten.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2.</source>
        <translation>%1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Check that the folder exists and is writable.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Prüfe, ob der Ordner existiert und beschreibbar ist.</translation>
    </message>
</context>
<context>
    <name>Autostart</name>
    <message>
        <source>Zerg could not change its login entry %1: %2. Check that you may write to that folder.</source>
        <translation>Zerg konnte seinen Autostart-Eintrag %1 nicht ändern: %2. Prüfen Sie, ob Sie in diesen Ordner schreiben dürfen.</translation>
    </message>
    <message>
        <source>the folder cannot be created</source>
        <translation>der Ordner kann nicht angelegt werden</translation>
    </message>
</context>
<context>
    <name>ChatSearchBar</name>
    <message>
        <source>Search the conversation</source>
        <translation>Das Gespräch durchsuchen</translation>
    </message>
    <message>
        <source>Find in the conversation</source>
        <translation>Im Gespräch suchen</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Previous match (Shift+Enter)</source>
        <translation>Vorheriger Treffer (Umschalt+Eingabe)</translation>
    </message>
    <message>
        <source>Next match (Enter)</source>
        <translation>Nächster Treffer (Eingabe)</translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>Alle Gespräche durchsuchen</translation>
    </message>
    <message>
        <source>Search all conversations on the Threads page</source>
        <translation>Alle Gespräche auf der Seite „Threads“ durchsuchen</translation>
    </message>
    <message>
        <source>Close the search (Escape)</source>
        <translation>Suche schließen (Esc)</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>How can I help?</source>
        <translation>Wie kann ich helfen?</translation>
    </message>
    <message>
        <source>Ask about your servers — for example “check disk usage on cube”. Jarvis answers directly or sends a worker to investigate.</source>
        <translation>Fragen Sie zu Ihren Servern – zum Beispiel „prüfe die Plattenbelegung auf cube“. Jarvis antwortet direkt oder schickt einen Worker los, um nachzusehen.</translation>
    </message>
    <message>
        <source>Show earlier conversation</source>
        <translation>Früheres Gespräch anzeigen</translation>
    </message>
    <message>
        <source>Loading the earlier conversation…</source>
        <translation>Früheres Gespräch wird geladen …</translation>
    </message>
    <message>
        <source>Conversation with Jarvis</source>
        <translation>Gespräch mit Jarvis</translation>
    </message>
</context>
<context>
    <name>ChecksSection</name>
    <message>
        <source>Checks</source>
        <translation>Prüfungen</translation>
    </message>
    <message>
        <source>What Zerg needs on this computer: the provider and its models, the data folder, the database, the sandbox, MCP servers and every host, as `zerg doctor` checks them.</source>
        <translation>Was Zerg auf diesem Rechner braucht: der Anbieter und seine Modelle, der Datenordner, die Datenbank, die Sandbox, MCP-Server und jeder Host, so wie `zerg doctor` sie prüft.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Run checks</source>
        <translation>Prüfungen ausführen</translation>
    </message>
    <message>
        <source>Run the checks</source>
        <translation>Die Prüfungen ausführen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
</context>
<context>
    <name>CloseQuestion</name>
    <message>
        <source>Keep Zerg running?</source>
        <translation>Zerg weiterlaufen lassen?</translation>
    </message>
    <message numerus="yes">
        <source>%n scheduled check(s) run only while Zerg runs. Keep Zerg running in the background without its window? Start Zerg again to see the window.</source>
        <translation>
            <numerusform>%n geplante Prüfung läuft nur, solange Zerg läuft. Zerg ohne Fenster im Hintergrund weiterlaufen lassen? Starten Sie Zerg erneut, um das Fenster zu sehen.</numerusform>
            <numerusform>%n geplante Prüfungen laufen nur, solange Zerg läuft. Zerg ohne Fenster im Hintergrund weiterlaufen lassen? Starten Sie Zerg erneut, um das Fenster zu sehen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Your answer is remembered. Change it in Settings › Desktop.</source>
        <translation>Ihre Antwort wird gespeichert. Ändern Sie sie unter Einstellungen › Desktop.</translation>
    </message>
    <message>
        <source>Quit Zerg</source>
        <translation>Zerg beenden</translation>
    </message>
    <message>
        <source>Quit Zerg; scheduled checks stop</source>
        <translation>Zerg beenden; geplante Prüfungen halten an</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>Weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Keep Zerg running in the background</source>
        <translation>Zerg im Hintergrund weiterlaufen lassen</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Connect a language model first (see above).</source>
        <translation>Verbinden Sie zuerst ein Sprachmodell (siehe oben).</translation>
    </message>
    <message>
        <source>Ask Jarvis…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Jarvis fragen…  (Eingabe zum Senden, Umschalt+Eingabe für eine neue Zeile)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop the current request (Escape)</source>
        <translation>Die laufende Anfrage stoppen (Escape)</translation>
    </message>
    <message>
        <source>Send (Enter)</source>
        <translation>Senden (Eingabe)</translation>
    </message>
    <message>
        <source>Listening hands-free, %1. Press the microphone again to stop.</source>
        <translation>Hört freihändig zu, %1. Zum Beenden das Mikrofon erneut drücken.</translation>
    </message>
    <message>
        <source>Listening, %1. Let go to finish.</source>
        <translation>Hört zu, %1. Zum Beenden loslassen.</translation>
    </message>
    <message>
        <source>Understanding what you said…</source>
        <translation>Verstehe, was Sie gesagt haben …</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Microphone on</source>
        <translation>Mikrofon an</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
    <message>
        <source>Hold to talk (Ctrl+Space)</source>
        <translation>Zum Sprechen gedrückt halten (Strg+Leertaste)</translation>
    </message>
    <message>
        <source>Listening, %1</source>
        <translation>Hört zu, %1</translation>
    </message>
    <message>
        <source>Jarvis is speaking. Escape or the microphone stops it.</source>
        <translation>Jarvis spricht. Escape oder das Mikrofon hält es an.</translation>
    </message>
    <message>
        <source>Stop speaking</source>
        <translation>Nicht mehr sprechen</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird aufgebaut…</translation>
    </message>
    <message>
        <source>Connection lost, connecting again to %1…</source>
        <translation>Verbindung verloren, neue Verbindung zu %1…</translation>
    </message>
    <message>
        <source>Jarvis is speaking, %1. Escape or the microphone stops it.</source>
        <translation>Jarvis spricht, %1. Escape oder das Mikrofon hält es an.</translation>
    </message>
    <message>
        <source>Heard so far: %1</source>
        <translation>Bisher verstanden: %1</translation>
    </message>
    <message>
        <source>Press to start listening, again to stop (Ctrl+Space)</source>
        <translation>Drücken zum Zuhören, erneut drücken zum Beenden (Strg+Leertaste)</translation>
    </message>
</context>
<context>
    <name>CostsPage</name>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Completion</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Share of cost</source>
        <translation>Anteil an den Kosten</translation>
    </message>
    <message>
        <source>Share of tokens</source>
        <translation>Anteil an den Tokens</translation>
    </message>
    <message>
        <source>%1: %2 calls, %3 prompt and %4 completion tokens, cost %5, %6</source>
        <translation>%1: %2 Aufrufe, %3 Prompt- und %4 Antwort-Tokens, Kosten %5, %6</translation>
    </message>
    <message>
        <source>Nothing in this range.</source>
        <translation>Nichts in diesem Zeitraum.</translation>
    </message>
    <message>
        <source>Tokens and cost of every model call, by day, model and agent.</source>
        <translation>Tokens und Kosten jedes Modellaufrufs, nach Tag, Modell und Agent.</translation>
    </message>
    <message>
        <source>Chart the cost per day</source>
        <translation>Kosten pro Tag als Diagramm zeigen</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>Chart the tokens per day</source>
        <translation>Tokens pro Tag als Diagramm zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n day(s)</source>
        <translation>
            <numerusform>%n Tag</numerusform>
            <numerusform>%n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show the last %n day(s)</source>
        <translation>
            <numerusform>Den letzten %n Tag zeigen</numerusform>
            <numerusform>Die letzten %n Tage zeigen</numerusform>
        </translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the costs</source>
        <translation>Die Kosten aktualisieren</translation>
    </message>
    <message>
        <source>Cost per day</source>
        <translation>Kosten pro Tag</translation>
    </message>
    <message>
        <source>Tokens per day</source>
        <translation>Tokens pro Tag</translation>
    </message>
    <message>
        <source>Use the left and right arrow keys to read each day.</source>
        <translation>Mit den Pfeiltasten links und rechts lesen Sie jeden Tag einzeln.</translation>
    </message>
    <message>
        <source>By model</source>
        <translation>Nach Modell</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>By agent</source>
        <translation>Nach Agent</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
</context>
<context>
    <name>CronExpression</name>
    <message>
        <source>January</source>
        <translation>Januar</translation>
    </message>
    <message>
        <source>February</source>
        <translation>Februar</translation>
    </message>
    <message>
        <source>March</source>
        <translation>März</translation>
    </message>
    <message>
        <source>April</source>
        <translation>April</translation>
    </message>
    <message>
        <source>May</source>
        <translation>Mai</translation>
    </message>
    <message>
        <source>June</source>
        <translation>Juni</translation>
    </message>
    <message>
        <source>July</source>
        <translation>Juli</translation>
    </message>
    <message>
        <source>August</source>
        <translation>August</translation>
    </message>
    <message>
        <source>September</source>
        <translation>September</translation>
    </message>
    <message>
        <source>October</source>
        <translation>Oktober</translation>
    </message>
    <message>
        <source>November</source>
        <translation>November</translation>
    </message>
    <message>
        <source>December</source>
        <translation>Dezember</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Sonntag</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>Montag</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>Dienstag</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>Mittwoch</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>Donnerstag</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>Freitag</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Samstag</translation>
    </message>
    <message>
        <source>minute</source>
        <translation>Minute</translation>
    </message>
    <message>
        <source>&apos;*/15 * * * *&apos; runs every 15 minutes.</source>
        <translation>&apos;*/15 * * * *&apos; läuft alle 15 Minuten.</translation>
    </message>
    <message>
        <source>hour</source>
        <translation>Stunde</translation>
    </message>
    <message>
        <source>&apos;0 6 * * *&apos; runs at 06:00 every day.</source>
        <translation>&apos;0 6 * * *&apos; läuft täglich um 06:00.</translation>
    </message>
    <message>
        <source>day-of-month</source>
        <translation>Tag des Monats</translation>
    </message>
    <message>
        <source>&apos;0 0 1 * *&apos; runs at 00:00 on the 1st of every month.</source>
        <translation>&apos;0 0 1 * *&apos; läuft am 1. jedes Monats um 00:00.</translation>
    </message>
    <message>
        <source>month</source>
        <translation>Monat</translation>
    </message>
    <message>
        <source>&apos;0 0 1 JAN,JUL *&apos; runs at 00:00 on 1 January and 1 July.</source>
        <translation>&apos;0 0 1 JAN,JUL *&apos; läuft am 1. Januar und am 1. Juli um 00:00.</translation>
    </message>
    <message>
        <source>day-of-week</source>
        <translation>Wochentag</translation>
    </message>
    <message>
        <source>&apos;30 9 * * MON-FRI&apos; runs at 09:30 Monday to Friday.</source>
        <translation>&apos;30 9 * * MON-FRI&apos; läuft montags bis freitags um 09:30.</translation>
    </message>
    <message>
        <source>The %1 field &apos;%2&apos; has an empty item in its list. Separate values with single commas, e.g. &apos;1,15&apos;.</source>
        <translation>Das Feld %1 &apos;%2&apos; hat einen leeren Eintrag in seiner Liste. Trennen Sie Werte mit einzelnen Kommas, z. B. &apos;1,15&apos;.</translation>
    </message>
    <message>
        <source>The %1 field &apos;%2&apos;</source>
        <translation>Das Feld %1 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>In the %1 field &apos;%2&apos;, &apos;%3&apos;</source>
        <translation>Im Feld %1 &apos;%2&apos;: &apos;%3&apos;</translation>
    </message>
    <message>
        <source>Example: %1</source>
        <translation>Beispiel: %1</translation>
    </message>
    <message>
        <source> has the step &apos;%1&apos;: a step is a whole number from 1 to %2.</source>
        <translation> hat die Schrittweite &apos;%1&apos;: eine Schrittweite ist eine ganze Zahl von 1 bis %2.</translation>
    </message>
    <message>
        <source> puts a step after a single value: write a range or &apos;*&apos; before &apos;/&apos;, e.g. &apos;%1-%2/%3&apos; or &apos;*/%3&apos;.</source>
        <translation> setzt eine Schrittweite hinter einen Einzelwert: schreiben Sie einen Bereich oder &apos;*&apos; vor &apos;/&apos;, z. B. &apos;%1-%2/%3&apos; oder &apos;*/%3&apos;.</translation>
    </message>
    <message>
        <source> is not a valid range: write a range as two values with one &apos;-&apos; between them, e.g. &apos;%1-%2&apos;.</source>
        <translation> ist kein gültiger Bereich: schreiben Sie einen Bereich als zwei Werte mit einem &apos;-&apos; dazwischen, z. B. &apos;%1-%2&apos;.</translation>
    </message>
    <message>
        <source> runs backwards (from %1 to %2): write the smaller value first, e.g. &apos;%2-%1&apos;.</source>
        <translation> läuft rückwärts (von %1 bis %2): schreiben Sie den kleineren Wert zuerst, z. B. &apos;%2-%1&apos;.</translation>
    </message>
    <message>
        <source> is out of range (%1).</source>
        <translation> liegt außerhalb des Bereichs (%1).</translation>
    </message>
    <message>
        <source> is not a number (%1) or a month name (JAN-DEC).</source>
        <translation> ist weder eine Zahl (%1) noch ein Monatsname (JAN-DEC).</translation>
    </message>
    <message>
        <source> is not a number (%1) or a day name (SUN-SAT).</source>
        <translation> ist weder eine Zahl (%1) noch ein Tagesname (SUN-SAT).</translation>
    </message>
    <message>
        <source> is not a number (%1).</source>
        <translation> ist keine Zahl (%1).</translation>
    </message>
    <message>
        <source>Example: &apos;0 6 * * *&apos; runs at 06:00 every day.</source>
        <translation>Beispiel: &apos;0 6 * * *&apos; läuft täglich um 06:00.</translation>
    </message>
    <message>
        <source>The cron expression is empty. Write five fields (minute hour day-of-month month day-of-week) or a macro such as @daily. %1</source>
        <translation>Der Cron-Ausdruck ist leer. Schreiben Sie fünf Felder (Minute Stunde Tag-des-Monats Monat Wochentag) oder ein Makro wie @daily. %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a known macro. Use one of @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly, or five fields. Example: &apos;@daily&apos; runs at 00:00 every day.</source>
        <translation>&apos;%1&apos; ist kein bekanntes Makro. Verwenden Sie @yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly oder fünf Felder. Beispiel: &apos;@daily&apos; läuft täglich um 00:00.</translation>
    </message>
    <message>
        <source>The macro %1 stands alone, but &apos;%2&apos; has more after it. Remove the rest or write five fields instead. Example: &apos;@daily&apos; runs at 00:00 every day.</source>
        <translation>Das Makro %1 steht für sich allein, aber in &apos;%2&apos; folgt noch etwas danach. Entfernen Sie den Rest oder schreiben Sie stattdessen fünf Felder. Beispiel: &apos;@daily&apos; läuft täglich um 00:00.</translation>
    </message>
    <message>
        <source>A cron expression has five fields (minute hour day-of-month month day-of-week) separated by spaces, but &apos;%1&apos; has %2. Seconds and years are not supported. %3</source>
        <translation>Ein Cron-Ausdruck hat fünf durch Leerzeichen getrennte Felder (Minute Stunde Tag-des-Monats Monat Wochentag), aber &apos;%1&apos; hat %2. Sekunden und Jahre werden nicht unterstützt. %3</translation>
    </message>
    <message>
        <source>every minute</source>
        <translation>jede Minute</translation>
    </message>
    <message>
        <source>every %1 minutes</source>
        <translation>alle %1 Minuten</translation>
    </message>
    <message>
        <source>every hour</source>
        <translation>stündlich</translation>
    </message>
    <message>
        <source>every hour at minute %1</source>
        <translation>stündlich zur Minute %1</translation>
    </message>
    <message>
        <source>every %1 hours</source>
        <translation>alle %1 Stunden</translation>
    </message>
    <message>
        <source>every %1 hours at minute %2</source>
        <translation>alle %1 Stunden zur Minute %2</translation>
    </message>
    <message>
        <source>every day at %1</source>
        <translation>täglich um %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 bis %2</translation>
    </message>
    <message>
        <source>at %1 on %2</source>
        <translation>%2 um %1</translation>
    </message>
    <message>
        <source>at %1 on day %2 of every month</source>
        <translation>am %2. jedes Monats um %1</translation>
    </message>
    <message>
        <source>at %1 on %2 %3</source>
        <translation>am %2. %3 um %1</translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Worker detail</source>
        <translation>Worker-Details</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Supervision tree</source>
        <translation>Supervision-Baum</translation>
    </message>
    <message>
        <source>Costs</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>Hosts</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Agenten</translation>
    </message>
</context>
<context>
    <name>Espeak</name>
    <message>
        <source>espeak-ng is not installed (%1). Install it: sudo apt install espeak-ng (or run scripts/setup).</source>
        <translation>espeak-ng ist nicht installiert (%1). Installiere es: sudo apt install espeak-ng (oder scripts/setup ausführen).</translation>
    </message>
    <message>
        <source>The installed espeak-ng library (%1) lacks functions Zerg needs. Reinstall it: sudo apt install --reinstall libespeak-ng1.</source>
        <translation>Der installierten espeak-ng-Bibliothek (%1) fehlen Funktionen, die Zerg braucht. Installiere sie neu: sudo apt install --reinstall libespeak-ng1.</translation>
    </message>
    <message>
        <source>espeak-ng could not start: its data folder is missing or damaged. Reinstall it: sudo apt install --reinstall espeak-ng-data.</source>
        <translation>espeak-ng konnte nicht starten: Sein Datenordner fehlt oder ist beschädigt. Installiere ihn neu: sudo apt install --reinstall espeak-ng-data.</translation>
    </message>
    <message>
        <source>espeak-ng has no voice &apos;%1&apos;. List its voices with: espeak-ng --voices</source>
        <translation>espeak-ng hat keine Stimme „%1“. Seine Stimmen listet: espeak-ng --voices</translation>
    </message>
    <message>
        <source>espeak-ng could not speak the text (error %1).</source>
        <translation>espeak-ng konnte den Text nicht sprechen (Fehler %1).</translation>
    </message>
</context>
<context>
    <name>HeaderBar</name>
    <message>
        <source>Jarvis</source>
        <translation>Jarvis</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Arbeitet…</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Inbox (%1)</source>
        <translation>Posteingang (%1)</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>Posteingang</translation>
    </message>
    <message>
        <source>Task inbox, %1 unread</source>
        <translation>Aufgaben-Posteingang, %1 ungelesen</translation>
    </message>
    <message>
        <source>Task inbox</source>
        <translation>Aufgaben-Posteingang</translation>
    </message>
    <message>
        <source>Results of scheduled checks (Ctrl+I)</source>
        <translation>Ergebnisse geplanter Prüfungen (Strg+I)</translation>
    </message>
    <message>
        <source>Ctrl+D</source>
        <translation>Strg+D</translation>
    </message>
</context>
<context>
    <name>HostChecks</name>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Add a Host block for it there, or reload the list if the file changed.</source>
        <translation>„%1“ steht nicht in der Hosts-Datei %2 (erlaubt: %3). Fügen Sie dort einen Host-Block dafür hinzu, oder laden Sie die Liste neu, falls sich die Datei geändert hat.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The host key of %1 is not the one you checked: it now offers the %2 key %3, not %4. Nothing was recorded. Check the key again and compare the new fingerprint with the server&apos;s administrator before trusting it.</source>
        <translation>Der Host-Schlüssel von %1 ist nicht der, den Sie geprüft haben: Der Host bietet jetzt den %2-Schlüssel %3 an, nicht %4. Es wurde nichts gespeichert. Prüfen Sie den Schlüssel erneut und vergleichen Sie den neuen Fingerabdruck mit der Administration des Servers, bevor Sie ihm vertrauen.</translation>
    </message>
    <message>
        <source>This list of hosts cannot be changed from here. Edit the hosts file itself.</source>
        <translation>Diese Liste der Hosts kann von hier aus nicht geändert werden. Bearbeiten Sie die Hosts-Datei selbst.</translation>
    </message>
    <message>
        <source>No host was chosen, so nothing was imported. Tick the hosts to import.</source>
        <translation>Es wurde kein Host ausgewählt, daher wurde nichts importiert. Haken Sie die zu importierenden Hosts an.</translation>
    </message>
    <message>
        <source>No hosts file is configured, so nothing was imported. Set ZERG_HOSTS_FILE to the file that lists the hosts workers may reach.</source>
        <translation>Es ist keine Hosts-Datei eingerichtet, daher wurde nichts importiert. Setzen Sie ZERG_HOSTS_FILE auf die Datei, in der die Hosts stehen, die Worker erreichen dürfen.</translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source>Add a host</source>
        <translation>Einen Host hinzufügen</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Alias</source>
        <translation>Alias</translation>
    </message>
    <message>
        <source>web1: the name Jarvis and workers use</source>
        <translation>web1: der Name, den Jarvis und die Worker verwenden</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>DNS name or IP address</source>
        <translation>DNS-Name oder IP-Adresse</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>empty: your user name</source>
        <translation>leer: Ihr Benutzername</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>Schlüsseldatei</translation>
    </message>
    <message>
        <source>empty: ssh-agent and ~/.ssh&apos;s keys</source>
        <translation>leer: ssh-agent und die Schlüssel in ~/.ssh</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen …</translation>
    </message>
    <message>
        <source>Choose the key file</source>
        <translation>Die Schlüsseldatei auswählen</translation>
    </message>
    <message>
        <source>Choose the private key</source>
        <translation>Den privaten Schlüssel auswählen</translation>
    </message>
    <message>
        <source>Jump hosts</source>
        <translation>Sprungserver</translation>
    </message>
    <message>
        <source>ProxyJump: aliases of this list, e.g. bastion</source>
        <translation>ProxyJump: Aliasse dieser Liste, z. B. bastion</translation>
    </message>
    <message>
        <source>Jump hosts (ProxyJump)</source>
        <translation>Sprungserver (ProxyJump)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save the host and check its key</source>
        <translation>Den Host speichern und seinen Schlüssel prüfen</translation>
    </message>
</context>
<context>
    <name>HostKeys</name>
    <message>
        <source>The SSH host key of %1 (%2) is not known yet, so zerg refused to connect. The server&apos;s %3 key has fingerprint %4. Verify that fingerprint with the server&apos;s administrator (on the server: `ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub`), then trust it with `zerg hosts trust %1` (it shows the fingerprint and records the key in %6), or append it yourself with `ssh-keyscan -t %5 -p %7 %8 &gt;&gt; %6`, and try again.</source>
        <translation>Der SSH-Host-Schlüssel von %1 (%2) ist noch nicht bekannt, daher hat zerg die Verbindung verweigert. Der %3-Schlüssel des Servers hat den Fingerabdruck %4. Prüfen Sie diesen Fingerabdruck mit dem Administrator des Servers (auf dem Server: `ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub`) und vertrauen Sie ihm dann mit `zerg hosts trust %1` (zeigt den Fingerabdruck und trägt den Schlüssel in %6 ein), oder hängen Sie ihn selbst mit `ssh-keyscan -t %5 -p %7 %8 &gt;&gt; %6` an, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>SECURITY WARNING: the SSH host key of %1 (%2) does not match the key recorded for it in %3. Someone could be intercepting the connection (a man-in-the-middle attack), or the server was reinstalled. zerg refused to connect and never accepts a changed key automatically. The server&apos;s %4 key now has fingerprint %5. Verify it with the server&apos;s administrator; only if the change is expected, remove the old entry with `ssh-keygen -R &quot;%6&quot; -f %3`, then run `zerg hosts trust %1`.</source>
        <translation>SICHERHEITSWARNUNG: Der SSH-Host-Schlüssel von %1 (%2) stimmt nicht mit dem Schlüssel überein, der dafür in %3 eingetragen ist. Jemand könnte die Verbindung abhören (ein Man-in-the-Middle-Angriff), oder der Server wurde neu installiert. zerg hat die Verbindung verweigert und akzeptiert einen geänderten Schlüssel nie automatisch. Der %4-Schlüssel des Servers hat jetzt den Fingerabdruck %5. Prüfen Sie ihn mit dem Administrator des Servers; nur wenn die Änderung erwartet ist, entfernen Sie den alten Eintrag mit `ssh-keygen -R &quot;%6&quot; -f %3` und führen Sie dann `zerg hosts trust %1` aus.</translation>
    </message>
    <message>
        <source>The SSH host key of %1 (%2, reached through %3) is not known yet, so zerg refused to connect. The server&apos;s %4 key has fingerprint %5. Verify that fingerprint with the server&apos;s administrator (on the server: `ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub`), then trust it with `zerg hosts trust %1` (it connects through %3, shows the fingerprint and records the key in %7), and try again.</source>
        <translation>Der SSH-Host-Schlüssel von %1 (%2, erreicht über %3) ist noch nicht bekannt, daher hat zerg die Verbindung verweigert. Der %4-Schlüssel des Servers hat den Fingerabdruck %5. Prüfen Sie diesen Fingerabdruck mit dem Administrator des Servers (auf dem Server: `ssh-keygen -lf /etc/ssh/ssh_host_%6_key.pub`), vertrauen Sie ihm dann mit `zerg hosts trust %1` (verbindet über %3, zeigt den Fingerabdruck und trägt den Schlüssel in %7 ein) und versuchen Sie es erneut.</translation>
    </message>
</context>
<context>
    <name>HostTrust</name>
    <message>
        <source>Could not connect to %1 (%2): %3. Check that the server is up and sshd listens on that port, and its HostName and Port in the hosts file.</source>
        <translation>Konnte keine Verbindung zu %1 (%2) herstellen: %3. Prüfen Sie, ob der Server läuft und sshd auf diesem Port lauscht, sowie HostName und Port in der Hosts-Datei.</translation>
    </message>
    <message>
        <source>Could not check the SSH host key of %1 (%2) against %3: %4. Check that the known_hosts file is readable and well-formed.</source>
        <translation>Konnte den SSH-Host-Schlüssel von %1 (%2) nicht mit %3 abgleichen: %4. Prüfen Sie, ob die known_hosts-Datei lesbar und korrekt aufgebaut ist.</translation>
    </message>
    <message>
        <source>Internal error: the host key was not checked before recording it.</source>
        <translation>Interner Fehler: Der Host-Schlüssel wurde vor dem Eintragen nicht geprüft.</translation>
    </message>
    <message>
        <source>Could not write the host key of %1 to %2: %3. Check that the file and its folder are writable.</source>
        <translation>Konnte den Host-Schlüssel von %1 nicht in %2 schreiben: %3. Prüfen Sie, ob die Datei und ihr Ordner beschreibbar sind.</translation>
    </message>
    <message>
        <source>Could not reach %1 through its jump hosts within %2 s. Check that they are up and reachable, then try again.</source>
        <translation>Konnte %1 nicht innerhalb von %2 s über seine Sprungserver erreichen. Prüfen Sie, ob diese laufen und erreichbar sind, und versuchen Sie es dann erneut.</translation>
    </message>
</context>
<context>
    <name>HostsConfig</name>
    <message>
        <source>hosts file</source>
        <translation>Hosts-Datei</translation>
    </message>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1, Zeile %2: %3</translation>
    </message>
    <message>
        <source>Create it in OpenSSH client config format, one block per server workers may reach:

  Host web1
      HostName 192.0.2.10
      User deploy
      IdentityFile ~/.ssh/id_ed25519

or set ZERG_HOSTS_FILE to the path of an existing file.</source>
        <translation>Legen Sie sie im Format der OpenSSH-Client-Konfiguration an, ein Block je Server, den Worker erreichen dürfen:

  Host web1
      HostName 192.0.2.10
      User deploy
      IdentityFile ~/.ssh/id_ed25519

oder setzen Sie ZERG_HOSTS_FILE auf den Pfad einer vorhandenen Datei.</translation>
    </message>
    <message>
        <source>No hosts file is configured, so ssh_exec allows no server. %1</source>
        <translation>Es ist keine Hosts-Datei eingerichtet, daher erlaubt ssh_exec keinen Server. %1</translation>
    </message>
    <message>
        <source>The hosts file %1 does not exist, so ssh_exec allows no server. %2</source>
        <translation>Die Hosts-Datei %1 existiert nicht, daher erlaubt ssh_exec keinen Server. %2</translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1: %2. Check its permissions or set ZERG_HOSTS_FILE to another file.</source>
        <translation>Die Hosts-Datei %1 kann nicht gelesen werden: %2. Prüfen Sie ihre Berechtigungen oder setzen Sie ZERG_HOSTS_FILE auf eine andere Datei.</translation>
    </message>
    <message>
        <source>a double quote is not closed. Close it or remove it.</source>
        <translation>ein doppeltes Anführungszeichen ist nicht geschlossen. Schließen oder entfernen Sie es.</translation>
    </message>
    <message>
        <source>Host needs at least one name, e.g. &quot;Host web1&quot;.</source>
        <translation>Host braucht mindestens einen Namen, z. B. &quot;Host web1&quot;.</translation>
    </message>
    <message>
        <source>%1 needs a value.</source>
        <translation>%1 braucht einen Wert.</translation>
    </message>
    <message>
        <source>Port must be a number from 1 to 65535, not &quot;%1&quot;.</source>
        <translation>Port muss eine Zahl von 1 bis 65535 sein, nicht &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>Cannot read %1, so nothing was imported. Give the OpenSSH config to import from with --from FILE.</source>
        <translation>%1 kann nicht gelesen werden, daher wurde nichts importiert. Geben Sie die OpenSSH-Konfiguration, aus der importiert werden soll, mit --from DATEI an.</translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1. Check its permissions.</source>
        <translation>Die Hosts-Datei %1 kann nicht gelesen werden. Prüfen Sie ihre Berechtigungen.</translation>
    </message>
    <message>
        <source>%1 has no Host block named %2, so nothing was imported. It defines: %3. Name aliases exactly as they appear on its Host lines.</source>
        <translation>%1 hat keinen Host-Block namens %2, daher wurde nichts importiert. Definiert sind: %3. Schreiben Sie Aliase genau so, wie sie in den Host-Zeilen stehen.</translation>
    </message>
    <message>
        <source>no concrete names</source>
        <translation>keine konkreten Namen</translation>
    </message>
    <message>
        <source>%1 is already in the hosts file %2, so nothing was imported. Remove its block there first to import it again, or leave it out.</source>
        <translation>%1 steht bereits in der Hosts-Datei %2, daher wurde nichts importiert. Entfernen Sie dort zuerst seinen Block, um ihn erneut zu importieren, oder lassen Sie ihn weg.</translation>
    </message>
    <message>
        <source>Settings earlier in the hosts file %1 (a block matching %2, such as `Host *`) would override the imported values, so nothing was imported. Move that block to the end of the file and import again.</source>
        <translation>Einstellungen weiter oben in der Hosts-Datei %1 (ein Block, der auf %2 passt, etwa `Host *`) würden die importierten Werte überschreiben, daher wurde nichts importiert. Verschieben Sie diesen Block ans Ende der Datei und importieren Sie erneut.</translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check its permissions.</source>
        <translation>Die Hosts-Datei %1 kann nicht geschrieben werden: %2. Prüfen Sie ihre Berechtigungen.</translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the disk and its permissions.</source>
        <translation>Die Hosts-Datei %1 kann nicht geschrieben werden: %2. Prüfen Sie den Datenträger und die Berechtigungen.</translation>
    </message>
    <message>
        <source>ProxyJump takes one value: the jump hosts&apos; aliases separated by commas, without spaces, e.g. &quot;ProxyJump bastion&quot; or &quot;ProxyJump outer,inner&quot;.</source>
        <translation>ProxyJump nimmt einen Wert: die Aliase der Sprungserver, durch Kommas getrennt, ohne Leerzeichen, z. B. „ProxyJump bastion“ oder „ProxyJump outer,inner“.</translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; has an empty name. Separate the jump hosts&apos; aliases with single commas, e.g. &quot;ProxyJump outer,inner&quot;.</source>
        <translation>ProxyJump „%1“ enthält einen leeren Namen. Trennen Sie die Aliase der Sprungserver durch einzelne Kommas, z. B. „ProxyJump outer,inner“.</translation>
    </message>
    <message>
        <source>&quot;none&quot; cannot be one of several jump hosts (&quot;ProxyJump %1&quot;). Write &quot;ProxyJump none&quot; alone to connect directly.</source>
        <translation>„none“ kann nicht einer von mehreren Sprungservern sein („ProxyJump %1“). Schreiben Sie „ProxyJump none“ allein, um direkt zu verbinden.</translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; is not an alias. In the hosts file ProxyJump names other Host blocks of the same file, so that the jump host is allowed too and its own HostName, Port, User, IdentityFile and host key check apply. Add a block for it, e.g. &quot;Host bastion&quot; with HostName, Port and User lines, and write &quot;ProxyJump bastion&quot;.</source>
        <translation>ProxyJump „%1“ ist kein Alias. In der Hosts-Datei nennt ProxyJump andere Host-Blöcke derselben Datei, damit auch der Sprungserver erlaubt ist und seine eigenen Werte für HostName, Port, User, IdentityFile und die Prüfung des Host-Schlüssels gelten. Fügen Sie einen Block für ihn hinzu, z. B. „Host bastion“ mit den Zeilen HostName, Port und User, und schreiben Sie „ProxyJump bastion“.</translation>
    </message>
    <message>
        <source>ProxyJump &quot;%1&quot; contains the pattern &quot;%2&quot;. Name the jump hosts by their exact aliases.</source>
        <translation>ProxyJump „%1“ enthält das Muster „%2“. Nennen Sie die Sprungserver mit ihren genauen Aliasen.</translation>
    </message>
    <message>
        <source>the ProxyJump of %1 names &quot;%2&quot;, which is not a Host alias of this file. A jump host must be allowed like any host: add a Host block for %2 (HostName, User, ...) or correct the name.</source>
        <translation>der ProxyJump-Eintrag von %1 nennt „%2“, doch das ist kein Host-Alias dieser Datei. Ein Sprungserver muss wie jeder Host erlaubt sein: Fügen Sie einen Host-Block für %2 hinzu (HostName, User, ...) oder korrigieren Sie den Namen.</translation>
    </message>
    <message>
        <source>%1 would jump through itself (ProxyJump %2). Write &quot;ProxyJump none&quot; in its own Host block, above any pattern block that sets ProxyJump (the first value wins), or leave it out of the pattern, e.g. &quot;Host * !%1&quot;.</source>
        <translation>%1 würde über sich selbst springen (ProxyJump %2). Schreiben Sie „ProxyJump none“ in seinen eigenen Host-Block, oberhalb jedes Musterblocks, der ProxyJump setzt (der erste Wert gewinnt), oder nehmen Sie ihn aus dem Muster aus, z. B. „Host * !%1“.</translation>
    </message>
    <message>
        <source>the ProxyJump settings go round in a circle (%1). Give one of these hosts &quot;ProxyJump none&quot; in its own Host block, or remove its ProxyJump.</source>
        <translation>die ProxyJump-Einstellungen bilden einen Kreis (%1). Geben Sie einem dieser Hosts „ProxyJump none“ in seinem eigenen Host-Block, oder entfernen Sie seinen ProxyJump-Eintrag.</translation>
    </message>
    <message>
        <source>the way to %1 would pass the same host twice (%2). Fix the ProxyJump of %1 or of its first jump host, so that each jump host comes once.</source>
        <translation>der Weg zu %1 würde zweimal über denselben Host führen (%2). Korrigieren Sie den ProxyJump-Eintrag von %1 oder von dessen erstem Sprungserver, sodass jeder Sprungserver nur einmal vorkommt.</translation>
    </message>
    <message>
        <source>the way to %1 needs %2 jump hosts (%3); at most %4 are supported. Shorten the chain.</source>
        <translation>der Weg zu %1 braucht %2 Sprungserver (%3); unterstützt werden höchstens %4. Kürzen Sie die Kette.</translation>
    </message>
    <message>
        <source>%1 reaches its server through &quot;ProxyJump %2&quot; in %3, which is not a Host alias, so nothing was imported. The hosts file only jumps through hosts it allows: give the jump host a Host block in %3 (HostName, User, Port) and write its alias in the ProxyJump of %1, then import both.</source>
        <translation>%1 erreicht seinen Server über „ProxyJump %2“ in %3, doch %2 ist kein Host-Alias, daher wurde nichts importiert. Die Hosts-Datei springt nur über Hosts, die sie erlaubt: Geben Sie dem Sprungserver einen Host-Block in %3 (HostName, User, Port), schreiben Sie seinen Alias in den ProxyJump-Eintrag von %1 und importieren Sie dann beide.</translation>
    </message>
    <message>
        <source>%1 reaches its server through the jump host %2 (ProxyJump in %3), which is neither in the hosts file %4 nor being imported, so nothing was imported. A jump host must be allowed too: import both, e.g. `zerg hosts import %2 %1`.</source>
        <translation>%1 erreicht seinen Server über den Sprungserver %2 (ProxyJump in %3), der weder in der Hosts-Datei %4 steht noch mitimportiert wird, daher wurde nichts importiert. Auch ein Sprungserver muss erlaubt sein: Importieren Sie beide, z. B. `zerg hosts import %2 %1`.</translation>
    </message>
    <message>
        <source>Nothing was imported: with the imported blocks appended, the hosts file would not be valid. %1</source>
        <translation>Es wurde nichts importiert: Mit den angehängten importierten Blöcken wäre die Hosts-Datei nicht gültig. %1</translation>
    </message>
</context>
<context>
    <name>HostsFileEditor</name>
    <message>
        <source>HostName %1 instead of %2</source>
        <translation>HostName %1 statt %2</translation>
    </message>
    <message>
        <source>Port %1 instead of %2</source>
        <translation>Port %1 statt %2</translation>
    </message>
    <message>
        <source>User %1 instead of %2</source>
        <translation>User %1 statt %2</translation>
    </message>
    <message>
        <source>no IdentityFile %1</source>
        <translation>IdentityFile %1 fehlt</translation>
    </message>
    <message>
        <source>UserKnownHostsFile %1 instead of %2</source>
        <translation>UserKnownHostsFile %1 statt %2</translation>
    </message>
    <message>
        <source>(the default)</source>
        <translation>(Standard)</translation>
    </message>
    <message>
        <source>%1 instead of %2</source>
        <translation>%1 statt %2</translation>
    </message>
    <message>
        <source>no %1</source>
        <translation>kein %1</translation>
    </message>
    <message>
        <source>The alias is empty. Give the name workers will use for the host, such as web1.</source>
        <translation>Der Alias ist leer. Geben Sie den Namen an, unter dem Worker den Host ansprechen, etwa web1.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a pattern (*, ? and ! match other names), not an alias: only a concrete name can be allowed. To give several hosts the same settings, write a pattern block into the hosts file %2 by hand.</source>
        <translation>„%1“ ist ein Muster (*, ? und ! passen auf andere Namen), kein Alias: Erlaubt werden kann nur ein konkreter Name. Um mehreren Hosts dieselben Einstellungen zu geben, schreiben Sie einen Musterblock von Hand in die Hosts-Datei %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be an alias: use letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos; only (no spaces), not starting with &apos;-&apos;.</source>
        <translation>„%1“ kann kein Alias sein: Verwenden Sie nur Buchstaben, Ziffern, &apos;.&apos;, &apos;-&apos; und &apos;_&apos; (keine Leerzeichen), und beginnen Sie nicht mit &apos;-&apos;.</translation>
    </message>
    <message>
        <source>The host name of %1 is empty. Give the server&apos;s DNS name or IP address, such as 192.0.2.10.</source>
        <translation>Der Hostname von %1 ist leer. Geben Sie den DNS-Namen oder die IP-Adresse des Servers an, etwa 192.0.2.10.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a host name or IP address: use letters, digits, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; and &apos;:&apos; only, such as web1.example.com or 192.0.2.10.</source>
        <translation>„%1“ ist weder ein Hostname noch eine IP-Adresse: Verwenden Sie nur Buchstaben, Ziffern, &apos;.&apos;, &apos;-&apos;, &apos;_&apos; und &apos;:&apos;, etwa web1.example.com oder 192.0.2.10.</translation>
    </message>
    <message>
        <source>Port %1 is not possible: give a number from 1 to 65535 (SSH&apos;s usual port is 22).</source>
        <translation>Port %1 ist nicht möglich: Geben Sie eine Zahl von 1 bis 65535 an (der übliche Port von SSH ist 22).</translation>
    </message>
    <message>
        <source>The user name &quot;%1&quot; cannot be written to the hosts file: it holds a double quote or a control character.</source>
        <translation>Der Benutzername „%1“ kann nicht in die Hosts-Datei geschrieben werden: Er enthält ein doppeltes Anführungszeichen oder ein Steuerzeichen.</translation>
    </message>
    <message>
        <source>The path &quot;%1&quot; cannot be written to the hosts file: it holds a double quote or a control character.</source>
        <translation>Der Pfad „%1“ kann nicht in die Hosts-Datei geschrieben werden: Er enthält ein doppeltes Anführungszeichen oder ein Steuerzeichen.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a full path: give the file as an absolute path, or one starting with ~/.</source>
        <translation>„%1“ ist kein vollständiger Pfad: Geben Sie die Datei als absoluten Pfad an oder als Pfad, der mit ~/ beginnt.</translation>
    </message>
    <message>
        <source>The settings of %1 cannot be written to the hosts file as entered. Check them for quotes and special characters.</source>
        <translation>Die Einstellungen von %1 können so, wie sie eingegeben sind, nicht in die Hosts-Datei geschrieben werden. Prüfen Sie sie auf Anführungszeichen und Sonderzeichen.</translation>
    </message>
    <message>
        <source>No hosts file is configured, so there is no file to change. Set ZERG_HOSTS_FILE to the file that lists the hosts workers may reach.</source>
        <translation>Es ist keine Hosts-Datei eingerichtet, daher gibt es keine Datei, die geändert werden könnte. Setzen Sie ZERG_HOSTS_FILE auf die Datei, in der die Hosts stehen, die Worker erreichen dürfen.</translation>
    </message>
    <message>
        <source>Cannot read the hosts file %1: %2. Check its permissions.</source>
        <translation>Die Hosts-Datei %1 kann nicht gelesen werden: %2. Prüfen Sie ihre Berechtigungen.</translation>
    </message>
    <message>
        <source>The hosts file %1 is not UTF-8 text, so it cannot be changed here without changing other lines too. Convert it to UTF-8 (iconv) or edit it by hand.</source>
        <translation>Die Hosts-Datei %1 ist kein UTF-8-Text, daher kann sie hier nicht geändert werden, ohne auch andere Zeilen zu ändern. Wandeln Sie sie in UTF-8 um (iconv) oder bearbeiten Sie sie von Hand.</translation>
    </message>
    <message>
        <source>%1 Nothing was changed: correct the hosts file first.</source>
        <translation>%1 Es wurde nichts geändert: Korrigieren Sie zuerst die Hosts-Datei.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Reload the list: the file may have changed.</source>
        <translation>„%1“ steht nicht in der Hosts-Datei %2 (erlaubt: %3). Laden Sie die Liste neu: Die Datei hat sich vielleicht geändert.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 is named on more than one Host line of the hosts file %2 (lines %3), and OpenSSH combines their settings, so it cannot be changed here. Edit the file by hand so that one block holds its settings.</source>
        <translation>%1 steht in mehr als einer Host-Zeile der Hosts-Datei %2 (Zeilen %3), und OpenSSH kombiniert deren Einstellungen, daher kann der Host hier nicht geändert werden. Bearbeiten Sie die Datei von Hand, sodass ein einziger Block seine Einstellungen enthält.</translation>
    </message>
    <message>
        <source>%1 shares its Host line with %2 (the hosts file %3, line %4), so changing it here would change those too. Edit the file by hand: give %1 a block of its own, or change the shared block there.</source>
        <translation>%1 teilt seine Host-Zeile mit %2 (Hosts-Datei %3, Zeile %4), daher würde eine Änderung hier auch diese ändern. Bearbeiten Sie die Datei von Hand: Geben Sie %1 einen eigenen Block, oder ändern Sie dort den gemeinsamen Block.</translation>
    </message>
    <message>
        <source>, as &quot;%1&quot;</source>
        <translation>, als „%1“</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is already in the hosts file %2 (line %3%4). Choose another alias, or change that host instead.</source>
        <translation>„%1“ steht bereits in der Hosts-Datei %2 (Zeile %3%4). Wählen Sie einen anderen Alias, oder ändern Sie stattdessen diesen Host.</translation>
    </message>
    <message>
        <source>This change would make the hosts file invalid, so nothing was changed: %1</source>
        <translation>Diese Änderung würde die Hosts-Datei ungültig machen, daher wurde nichts geändert: %1</translation>
    </message>
    <message>
        <source>not allowed</source>
        <translation>nicht erlaubt</translation>
    </message>
    <message>
        <source>In the hosts file %1, %2 would not get what you entered: %3. Another block that matches %2 (such as `Host *`) comes first and wins, as in OpenSSH. Nothing was changed: move that block below the others, or edit the file by hand.</source>
        <translation>In der Hosts-Datei %1 würde %2 nicht bekommen, was Sie eingegeben haben: %3. Ein anderer Block, der auf %2 passt (etwa `Host *`), steht davor und gewinnt, wie in OpenSSH. Es wurde nichts geändert: Verschieben Sie diesen Block unter die anderen, oder bearbeiten Sie die Datei von Hand.</translation>
    </message>
    <message>
        <source>This change would also change %1 in the hosts file %2, so nothing was changed. Edit the file by hand.</source>
        <translation>Diese Änderung würde auch %1 in der Hosts-Datei %2 ändern, daher wurde nichts geändert. Bearbeiten Sie die Datei von Hand.</translation>
    </message>
    <message>
        <source>The hosts file %1 was changed by another program while this change was being made, so nothing was written. Reload the list and make the change again.</source>
        <translation>Die Hosts-Datei %1 wurde von einem anderen Programm geändert, während diese Änderung vorgenommen wurde, daher wurde nichts geschrieben. Laden Sie die Liste neu und nehmen Sie die Änderung erneut vor.</translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the permissions of the file and its folder.</source>
        <translation>Die Hosts-Datei %1 kann nicht geschrieben werden: %2. Prüfen Sie die Berechtigungen der Datei und ihres Ordners.</translation>
    </message>
    <message>
        <source>Cannot write the hosts file %1: %2. Check the disk and the permissions of the file and its folder; the file was left as it was.</source>
        <translation>Die Hosts-Datei %1 kann nicht geschrieben werden: %2. Prüfen Sie den Datenträger und die Berechtigungen der Datei und ihres Ordners; die Datei ist unverändert geblieben.</translation>
    </message>
    <message>
        <source>Cannot read the OpenSSH config %1 (%2), so there is nothing to import from it. Add the hosts one by one instead.</source>
        <translation>Die OpenSSH-Konfiguration %1 kann nicht gelesen werden (%2), daher gibt es nichts daraus zu importieren. Fügen Sie die Hosts stattdessen einzeln hinzu.</translation>
    </message>
</context>
<context>
    <name>HostsPage</name>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the hosts file</source>
        <translation>Die Hosts-Datei neu laden</translation>
    </message>
    <message>
        <source>No hosts are allowed yet.</source>
        <translation>Noch sind keine Hosts erlaubt.</translation>
    </message>
    <message>
        <source>Allowed hosts</source>
        <translation>Erlaubte Hosts</translation>
    </message>
    <message>
        <source>host key recorded</source>
        <translation>Host-Schlüssel eingetragen</translation>
    </message>
    <message>
        <source>HOST KEY CHANGED</source>
        <translation>HOST-SCHLÜSSEL GEÄNDERT</translation>
    </message>
    <message>
        <source>host key not recorded</source>
        <translation>Host-Schlüssel nicht eingetragen</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Test the connection to %1</source>
        <translation>Die Verbindung zu %1 testen</translation>
    </message>
    <message>
        <source>Check key</source>
        <translation>Schlüssel prüfen</translation>
    </message>
    <message>
        <source>Fetch the host key of %1</source>
        <translation>Den Host-Schlüssel von %1 abrufen</translation>
    </message>
    <message>
        <source>Trust this key</source>
        <translation>Diesem Schlüssel vertrauen</translation>
    </message>
    <message>
        <source>Trust the host key of %1</source>
        <translation>Dem Host-Schlüssel von %1 vertrauen</translation>
    </message>
    <message>
        <source>known_hosts: %1</source>
        <translation>known_hosts: %1</translation>
    </message>
    <message>
        <source>The server&apos;s workers may only reach the hosts in %1 on the server (OpenSSH config format). Hosts added or imported here go into that file, from the server&apos;s own ~/.ssh/config.</source>
        <translation>Die Worker des Servers dürfen nur die Hosts in %1 auf dem Server erreichen (OpenSSH-Konfigurationsformat). Hier hinzugefügte oder importierte Hosts kommen in diese Datei, importiert aus der ~/.ssh/config des Servers.</translation>
    </message>
    <message>
        <source>Workers may only reach the hosts in %1 (OpenSSH config format). Add a host, import hosts from ~/.ssh/config, or edit the file and reload.</source>
        <translation>Worker dürfen nur die Hosts in %1 erreichen (OpenSSH-Konfigurationsformat). Fügen Sie einen Host hinzu, importieren Sie Hosts aus ~/.ssh/config oder bearbeiten Sie die Datei und laden Sie neu.</translation>
    </message>
    <message>
        <source>Add host…</source>
        <translation>Host hinzufügen …</translation>
    </message>
    <message>
        <source>Add a host</source>
        <translation>Einen Host hinzufügen</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>Importieren …</translation>
    </message>
    <message>
        <source>Import hosts from your SSH config</source>
        <translation>Hosts aus Ihrer SSH-Konfiguration importieren</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten …</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove %1 from the allowed hosts</source>
        <translation>%1 aus den erlaubten Hosts entfernen</translation>
    </message>
    <message>
        <source>Remove %1? Workers can no longer reach it. Its host key stays in known_hosts.</source>
        <translation>%1 entfernen? Worker können ihn dann nicht mehr erreichen. Sein Host-Schlüssel bleibt in known_hosts.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
</context>
<context>
    <name>HttpRequestTool</name>
    <message>
        <source>HTTP method (default GET).</source>
        <translation>HTTP-Methode (Standard: GET).</translation>
    </message>
    <message>
        <source>Give up after this many seconds (default %1).</source>
        <translation>Nach so vielen Sekunden aufgeben (Standard: %1).</translation>
    </message>
    <message>
        <source>The http:// or https:// URL.</source>
        <translation>Die http://- oder https://-URL.</translation>
    </message>
    <message>
        <source>Request headers as {&quot;Name&quot;: &quot;value&quot;}.</source>
        <translation>Request-Header als {&quot;Name&quot;: &quot;Wert&quot;}.</translation>
    </message>
    <message>
        <source>The request body (text, e.g. JSON).</source>
        <translation>Der Request-Body (Text, z. B. JSON).</translation>
    </message>
    <message>
        <source>Follow up to %1 redirects (default true).</source>
        <translation>Bis zu %1 Weiterleitungen folgen (Standard: true).</translation>
    </message>
    <message>
        <source>Make one HTTP(S) request and get the status, headers and body. Any HTTP status is an answer (ok: true; read &quot;status&quot;); ok is false only when no answer came. Text bodies are returned (cut at %1 bytes, &quot;truncated&quot;); binary bodies only as size and sha256.</source>
        <translation>Eine HTTP(S)-Anfrage stellen und Status, Header und Body erhalten. Jeder HTTP-Status ist eine Antwort (ok: true; &quot;status&quot; lesen); ok ist nur dann false, wenn keine Antwort kam. Text-Bodys werden zurückgegeben (abgeschnitten bei %1 Bytes, &quot;truncated&quot;); binäre Bodys nur als Größe und sha256.</translation>
    </message>
    <message>
        <source>Credentials are added automatically to URLs under: %1; do not add them yourself.</source>
        <translation>Zugangsdaten werden bei URLs unterhalb von %1 automatisch ergänzt; fügen Sie sie nicht selbst hinzu.</translation>
    </message>
    <message>
        <source>&quot;url&quot; must be an absolute http:// or https:// URL, e.g. &quot;https://example.com/status&quot;; other schemes (file:, ftp:) are not allowed.</source>
        <translation>&quot;url&quot; muss eine absolute http://- oder https://-URL sein, z. B. &quot;https://example.com/status&quot;; andere Schemata (file:, ftp:) sind nicht erlaubt.</translation>
    </message>
    <message>
        <source>&quot;method&quot; must be one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.</source>
        <translation>&quot;method&quot; muss GET, HEAD, POST, PUT, PATCH, DELETE oder OPTIONS sein.</translation>
    </message>
    <message>
        <source>&quot;headers&quot; must be an object like {&quot;Accept&quot;: &quot;application/json&quot;}.</source>
        <translation>&quot;headers&quot; muss ein Objekt wie {&quot;Accept&quot;: &quot;application/json&quot;} sein.</translation>
    </message>
    <message>
        <source>&quot;headers&quot;: &quot;%1&quot; is not a valid header; names are plain tokens, values single-line strings.</source>
        <translation>&quot;headers&quot;: &quot;%1&quot; ist kein gültiger Header; Namen sind einfache Tokens, Werte einzeilige Strings.</translation>
    </message>
    <message>
        <source>&quot;body&quot; must be a string (serialize JSON yourself).</source>
        <translation>&quot;body&quot; muss ein String sein (serialisieren Sie JSON selbst).</translation>
    </message>
    <message>
        <source>&quot;timeout_secs&quot; must be a whole number of seconds from 1 to %1; leave it out for the default of %2 s.</source>
        <translation>&quot;timeout_secs&quot; muss eine ganze Zahl von Sekunden von 1 bis %1 sein; lassen Sie es für den Standardwert von %2 s weg.</translation>
    </message>
    <message>
        <source>&quot;follow_redirects&quot; must be true or false.</source>
        <translation>&quot;follow_redirects&quot; muss true oder false sein.</translation>
    </message>
    <message>
        <source>Loopback, link-local and private addresses (localhost, 127.x, 10.x, 172.16-31.x, 192.168.x, 169.254.x, fc00::/7, …) are refused.</source>
        <translation>Loopback-, Link-Local- und private Adressen (localhost, 127.x, 10.x, 172.16-31.x, 192.168.x, 169.254.x, fc00::/7, …) werden abgelehnt.</translation>
    </message>
    <message>
        <source>Loopback, link-local and private addresses are refused, except: %1.</source>
        <translation>Loopback-, Link-Local- und private Adressen werden abgelehnt, außer: %1.</translation>
    </message>
</context>
<context>
    <name>ImportHostsDialog</name>
    <message>
        <source>Import hosts from your SSH config</source>
        <translation>Hosts aus Ihrer SSH-Konfiguration importieren</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Wird gelesen …</translation>
    </message>
    <message>
        <source>%1 names no hosts.</source>
        <translation>%1 nennt keine Hosts.</translation>
    </message>
    <message>
        <source>From %1. Tick the hosts workers may reach.</source>
        <translation>Aus %1. Haken Sie die Hosts an, die Worker erreichen dürfen.</translation>
    </message>
    <message>
        <source>(allowed already)</source>
        <translation>(schon erlaubt)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
    <message>
        <source>Import the ticked hosts</source>
        <translation>Die angehakten Hosts importieren</translation>
    </message>
</context>
<context>
    <name>InboxPanel</name>
    <message>
        <source>Critical</source>
        <translation>Kritisch</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>Info</source>
        <translation>Info</translation>
    </message>
    <message>
        <source>Task inbox</source>
        <translation>Aufgaben-Posteingang</translation>
    </message>
    <message>
        <source>Inbox</source>
        <translation>Posteingang</translation>
    </message>
    <message numerus="yes">
        <source>%n unread</source>
        <translation>
            <numerusform>%n ungelesen</numerusform>
            <numerusform>%n ungelesen</numerusform>
        </translation>
    </message>
    <message>
        <source>Mark all read</source>
        <translation>Alle gelesen</translation>
    </message>
    <message>
        <source>Mark all results read</source>
        <translation>Alle Ergebnisse als gelesen markieren</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the inbox</source>
        <translation>Den Posteingang schließen</translation>
    </message>
    <message>
        <source>No results yet. Scheduled checks put what they find here; set one up on the dashboard&apos;s Schedules page or ask Jarvis.</source>
        <translation>Noch keine Ergebnisse. Geplante Prüfungen legen hier ab, was sie finden; richten Sie eine auf der Seite „Zeitpläne“ im Dashboard ein oder fragen Sie Jarvis.</translation>
    </message>
    <message>
        <source>Results of scheduled checks</source>
        <translation>Ergebnisse geplanter Prüfungen</translation>
    </message>
    <message>
        <source>Unread. </source>
        <translation>Ungelesen. </translation>
    </message>
    <message>
        <source>%1, %2, %3: %4</source>
        <translation>%1, %2, %3: %4</translation>
    </message>
    <message>
        <source>‹ Inbox</source>
        <translation>‹ Posteingang</translation>
    </message>
    <message>
        <source>Back to the inbox</source>
        <translation>Zurück zum Posteingang</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Ask Jarvis about this result…</source>
        <translation>Jarvis zu diesem Ergebnis fragen…</translation>
    </message>
    <message>
        <source>Reply about this result</source>
        <translation>Auf dieses Ergebnis antworten</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send the reply to Jarvis</source>
        <translation>Die Antwort an Jarvis senden</translation>
    </message>
    <message numerus="yes">
        <source>%n approval(s) waiting</source>
        <translation>
            <numerusform>%n Freigabe wartet</numerusform>
            <numerusform>%n Freigaben warten</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed: %1 on %2</source>
        <translation>Freigabe nötig: %1 auf %2</translation>
    </message>
    <message>
        <source>On %1</source>
        <translation>Auf %1</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow %1 on %2 once</source>
        <translation>%1 auf %2 einmal erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Deny %1 on %2</source>
        <translation>%1 auf %2 ablehnen</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>Zerg — Jarvis</source>
        <translation>Zerg — Jarvis</translation>
    </message>
    <message>
        <source>Zerg — Dashboard</source>
        <translation>Zerg — Dashboard</translation>
    </message>
    <message>
        <source>Ask Jarvis: show the chat and put the cursor in the question</source>
        <translation>Jarvis fragen: den Chat zeigen und den Cursor in die Frage setzen</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>Send the question</source>
        <translation>Die Frage senden</translation>
    </message>
    <message>
        <source>Shift+Enter</source>
        <translation>Umschalt+Eingabe</translation>
    </message>
    <message>
        <source>New line in the question</source>
        <translation>Neue Zeile in der Frage</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>Pfeil hoch / runter</translation>
    </message>
    <message>
        <source>Earlier and later questions (on the first or last line)</source>
        <translation>Frühere und spätere Fragen (in der ersten oder letzten Zeile)</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Find in the conversation (on the dashboard: search all conversations)</source>
        <translation>Im Gespräch suchen (in der Übersicht: alle Gespräche durchsuchen)</translation>
    </message>
    <message>
        <source>Switch between the chat and the dashboard</source>
        <translation>Zwischen Chat und Übersicht wechseln</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Open or close the task inbox</source>
        <translation>Den Aufgabeneingang öffnen oder schließen</translation>
    </message>
    <message>
        <source>This list of shortcuts</source>
        <translation>Diese Liste der Tastenkürzel</translation>
    </message>
    <message>
        <source>Quit Zerg (also from the tray)</source>
        <translation>Zerg beenden (auch aus dem Infobereich)</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Eingabe / Umschalt+Eingabe</translation>
    </message>
    <message>
        <source>Next and previous match (while searching)</source>
        <translation>Nächster und vorheriger Treffer (beim Suchen)</translation>
    </message>
    <message>
        <source>Ctrl+Space (hold)</source>
        <translation>Strg+Leertaste (halten)</translation>
    </message>
    <message>
        <source>Talk: what you say goes into the question (hands-free: listening on and off)</source>
        <translation>Sprechen: was Sie sagen, kommt in die Frage (freihändig: Zuhören an und aus)</translation>
    </message>
    <message>
        <source>Stop speaking, else stop the current request</source>
        <translation>Sprechen anhalten, sonst die laufende Anfrage stoppen</translation>
    </message>
</context>
<context>
    <name>McpClient</name>
    <message>
        <source>the initialize handshake failed: %1</source>
        <translation>der Initialisierungs-Handshake ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>the server speaks MCP version &quot;%1&quot;, which Zerg does not (it speaks %2). Update the server or Zerg.</source>
        <translation>der Server spricht die MCP-Version „%1“, die Zerg nicht spricht (Zerg spricht %2). Aktualisieren Sie den Server oder Zerg.</translation>
    </message>
    <message>
        <source>tools/list failed: %1</source>
        <translation>tools/list ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>nicht gestartet</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is not running (%2).</source>
        <translation>Der MCP-Server „%1“ läuft nicht (%2).</translation>
    </message>
    <message>
        <source>No answer from MCP server &apos;%1&apos; to %2 within %3 s.</source>
        <translation>Keine Antwort des MCP-Servers „%1“ auf %2 innerhalb von %3 s.</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; answered %2 with an error: %3 (code %4)</source>
        <translation>Der MCP-Server „%1“ hat %2 mit einem Fehler beantwortet: %3 (Code %4)</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; stopped during the call: %2</source>
        <translation>Der MCP-Server „%1“ hat während des Aufrufs aufgehört: %2</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the MCP servers</source>
        <translation>Die MCP-Server neu laden</translation>
    </message>
    <message>
        <source>Add server</source>
        <translation>Server hinzufügen</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>Einen MCP-Server hinzufügen</translation>
    </message>
    <message>
        <source>Workers use the tools of these Model Context Protocol servers. They are kept in %1; what you change here is written there and applies at once.</source>
        <translation>Worker verwenden die Tools dieser Model-Context-Protocol-Server. Sie stehen in %1; was Sie hier ändern, wird dort gespeichert und gilt sofort.</translation>
    </message>
    <message>
        <source>The MCP servers of the Zerg server, from %1 on the server. Only the server&apos;s administrator changes them, by editing that file on the server (the server applies it at once). From here you can restart a server and read its log.</source>
        <translation>Die MCP-Server des Zerg-Servers, aus %1 auf dem Server. Nur der Administrator des Servers ändert sie, indem er diese Datei auf dem Server bearbeitet (der Server übernimmt sie sofort). Von hier aus können Sie einen Server neu starten und sein Log lesen.</translation>
    </message>
    <message>
        <source>No MCP servers yet. Add one with “Add server”, or write it into %1 in the format Claude Desktop uses: {&quot;mcpServers&quot;: {&quot;NAME&quot;: {&quot;command&quot;: &quot;…&quot;, &quot;args&quot;: […]}}}. docs/mcp.md explains every key.</source>
        <translation>Noch keine MCP-Server. Fügen Sie einen mit „Server hinzufügen“ hinzu, oder tragen Sie ihn im Format von Claude Desktop in %1 ein: {&quot;mcpServers&quot;: {&quot;NAME&quot;: {&quot;command&quot;: &quot;…&quot;, &quot;args&quot;: […]}}}. docs/mcp.md erklärt jeden Schlüssel.</translation>
    </message>
    <message>
        <source>The Zerg server has no MCP servers. Its administrator adds them to %1 on the server; docs/mcp.md explains the file.</source>
        <translation>Der Zerg-Server hat keine MCP-Server. Sein Administrator trägt sie in %1 auf dem Server ein; docs/mcp.md erklärt die Datei.</translation>
    </message>
    <message>
        <source>Edit the MCP server %1</source>
        <translation>MCP-Server %1 bearbeiten</translation>
    </message>
    <message>
        <source>Name (letters, digits, - and _; part of its tools&apos; names)</source>
        <translation>Name (Buchstaben, Ziffern, - und _; Teil der Namen seiner Tools)</translation>
    </message>
    <message>
        <source>Name of the MCP server</source>
        <translation>Name des MCP-Servers</translation>
    </message>
    <message>
        <source>How Zerg reaches it</source>
        <translation>Wie Zerg ihn erreicht</translation>
    </message>
    <message>
        <source>A program Zerg starts (stdio)</source>
        <translation>Ein Programm, das Zerg startet (stdio)</translation>
    </message>
    <message>
        <source>A URL (Streamable HTTP)</source>
        <translation>Eine URL (Streamable HTTP)</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Command that starts the server</source>
        <translation>Befehl, der den Server startet</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>Argumente, eines pro Zeile</translation>
    </message>
    <message>
        <source>Arguments of the command, one per line</source>
        <translation>Argumente des Befehls, eines pro Zeile</translation>
    </message>
    <message>
        <source>Environment, NAME=value per line</source>
        <translation>Umgebung, NAME=Wert pro Zeile</translation>
    </message>
    <message>
        <source>Environment variables, NAME=value per line</source>
        <translation>Umgebungsvariablen, NAME=Wert pro Zeile</translation>
    </message>
    <message>
        <source>Working folder (optional)</source>
        <translation>Arbeitsordner (optional)</translation>
    </message>
    <message>
        <source>Working folder of the server</source>
        <translation>Arbeitsordner des Servers</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>URL of the server&apos;s Streamable HTTP endpoint</source>
        <translation>URL des Streamable-HTTP-Endpunkts des Servers</translation>
    </message>
    <message>
        <source>Headers, “Name: value” per line</source>
        <translation>Header, „Name: Wert“ pro Zeile</translation>
    </message>
    <message>
        <source>Request headers, Name: value per line</source>
        <translation>Anfrage-Header, Name: Wert pro Zeile</translation>
    </message>
    <message>
        <source>Keep secrets out of mcp.json: write ${secret:NAME} and store the value with `zerg mcp secret set NAME`.</source>
        <translation>Halten Sie Geheimnisse aus mcp.json heraus: Schreiben Sie ${secret:NAME} und speichern Sie den Wert mit `zerg mcp secret set NAME`.</translation>
    </message>
    <message>
        <source>Time a call may take without an answer, in seconds</source>
        <translation>Zeit, die ein Aufruf ohne Antwort dauern darf, in Sekunden</translation>
    </message>
    <message>
        <source>Call timeout in seconds</source>
        <translation>Zeitlimit eines Aufrufs in Sekunden</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save the MCP server</source>
        <translation>Den MCP-Server speichern</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel editing the MCP server</source>
        <translation>Bearbeiten des MCP-Servers abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Tool</numerusform>
            <numerusform>%n Tools</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>Letzter Fehler: %1</translation>
    </message>
    <message>
        <source>Hide tools</source>
        <translation>Tools ausblenden</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>Hide the tools of %1</source>
        <translation>Die Tools von %1 ausblenden</translation>
    </message>
    <message>
        <source>Show the tools of %1</source>
        <translation>Die Tools von %1 zeigen</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>Log ausblenden</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Hide the log of %1</source>
        <translation>Das Log von %1 ausblenden</translation>
    </message>
    <message>
        <source>Show the log of %1</source>
        <translation>Das Log von %1 zeigen</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neu starten</translation>
    </message>
    <message>
        <source>Restart the MCP server %1</source>
        <translation>MCP-Server %1 neu starten</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Einschalten</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Ausschalten</translation>
    </message>
    <message>
        <source>Enable the MCP server %1</source>
        <translation>MCP-Server %1 einschalten</translation>
    </message>
    <message>
        <source>Disable the MCP server %1</source>
        <translation>MCP-Server %1 ausschalten</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the MCP server %1</source>
        <translation>MCP-Server %1 entfernen</translation>
    </message>
    <message>
        <source>Remove %1 from mcp.json? Zerg stops it, and workers lose its tools.</source>
        <translation>%1 aus mcp.json entfernen? Zerg beendet ihn, und Worker verlieren seine Tools.</translation>
    </message>
    <message>
        <source>Yes, remove %1</source>
        <translation>Ja, %1 entfernen</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Keep %1</source>
        <translation>%1 behalten</translation>
    </message>
    <message>
        <source>Policy for the tool %1</source>
        <translation>Regel für das Tool %1</translation>
    </message>
    <message>
        <source>Log of the MCP server %1</source>
        <translation>Log des MCP-Servers %1</translation>
    </message>
</context>
<context>
    <name>MessageDelegate</name>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Etwas ist schiefgegangen</translation>
    </message>
    <message>
        <source>Jarvis</source>
        <translation>Jarvis</translation>
    </message>
    <message>
        <source>quick</source>
        <translation>schnell</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy this code</source>
        <translation>Diesen Code kopieren</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message>
        <source>Cost of this answer: %1</source>
        <translation>Kosten dieser Antwort: %1</translation>
    </message>
    <message>
        <source>Worker: %1</source>
        <translation>Worker: %1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show the worker %1 in the dashboard</source>
        <translation>Worker %1 im Dashboard zeigen</translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation>Sie: %1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Jarvis: %1</source>
        <translation>Jarvis: %1</translation>
    </message>
    <message>
        <source>voice</source>
        <translation>Stimme</translation>
    </message>
</context>
<context>
    <name>MicrophonePlugin</name>
    <message>
        <source>The microphone plug-in %1 could not be loaded: %2. Install Qt Multimedia (libqt6multimedia6; scripts/setup does it).</source>
        <translation>Das Mikrofon-Plug-in %1 konnte nicht geladen werden: %2. Installieren Sie Qt Multimedia (libqt6multimedia6; scripts/setup erledigt das).</translation>
    </message>
    <message>
        <source>The microphone plug-in is not installed (looked for %1). Reinstall Zerg, or build it again.</source>
        <translation>Das Mikrofon-Plug-in ist nicht installiert (gesucht: %1). Installieren Sie Zerg neu oder bauen Sie es erneut.</translation>
    </message>
    <message>
        <source>The microphone plug-in %1 is from another version of Zerg (%2 is missing). Reinstall Zerg.</source>
        <translation>Das Mikrofon-Plug-in %1 stammt aus einer anderen Version von Zerg (%2 fehlt). Installieren Sie Zerg neu.</translation>
    </message>
</context>
<context>
    <name>ModelChoice</name>
    <message>
        <source>Choose…</source>
        <translation>Auswählen …</translation>
    </message>
    <message>
        <source>Choose the %1 from the provider&apos;s models</source>
        <translation>%1 aus den Modellen des Anbieters auswählen</translation>
    </message>
    <message>
        <source>Asking the provider for its models…</source>
        <translation>Frage den Anbieter nach seinen Modellen …</translation>
    </message>
    <message>
        <source>The provider lists no models. Type the model&apos;s name instead.</source>
        <translation>Der Anbieter listet keine Modelle. Gib den Namen des Modells stattdessen ein.</translation>
    </message>
    <message>
        <source>Models for %1</source>
        <translation>Modelle für %1</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Ask the provider for its models again</source>
        <translation>Den Anbieter erneut nach seinen Modellen fragen</translation>
    </message>
</context>
<context>
    <name>ModelLine</name>
    <message>
        <source>%1: cannot be used here</source>
        <translation>%1: hier nicht verwendbar</translation>
    </message>
</context>
<context>
    <name>OpenAiStreamDecoder</name>
    <message>
        <source> at %1</source>
        <translation> unter %1</translation>
    </message>
    <message>
        <source>The LLM server%1 answered without any stream events. Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports streaming.</source>
        <translation>Der LLM-Server%1 hat ohne Stream-Ereignisse geantwortet. Prüfen Sie, ob ZERG_LLM_BASE_URL auf eine OpenAI-kompatible API zeigt, die Streaming unterstützt.</translation>
    </message>
    <message>
        <source>The LLM server%1 closed the stream before it was complete (no [DONE] at the end), so the answer may be cut off. Try again.</source>
        <translation>Der LLM-Server%1 hat den Stream vor dem Ende geschlossen (kein [DONE] am Schluss), die Antwort ist also womöglich abgeschnitten. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The LLM server%1 sent a stream chunk that is not a JSON object (%2): %3. Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.</source>
        <translation>Der LLM-Server%1 hat einen Stream-Teil gesendet, der kein JSON-Objekt ist (%2): %3. Prüfen Sie, ob ZERG_LLM_BASE_URL auf eine OpenAI-kompatible API zeigt.</translation>
    </message>
    <message>
        <source>%1 at offset %2</source>
        <translation>%1 bei Offset %2</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>not an object</source>
        <translation>kein Objekt</translation>
    </message>
    <message>
        <source>The conversation is too long for this model: start a new conversation or use a model with a larger context window.</source>
        <translation>Die Unterhaltung ist zu lang für dieses Modell: Beginnen Sie eine neue Unterhaltung oder verwenden Sie ein Modell mit größerem Kontextfenster.</translation>
    </message>
    <message>
        <source>Wait a moment and try again, or check your plan&apos;s limits.</source>
        <translation>Warten Sie einen Moment und versuchen Sie es erneut, oder prüfen Sie die Limits Ihres Tarifs.</translation>
    </message>
    <message>
        <source>Check the API key in ZERG_LLM_API_KEY.</source>
        <translation>Prüfen Sie den API-Schlüssel in ZERG_LLM_API_KEY.</translation>
    </message>
    <message>
        <source>Try again; if it keeps failing, check the server&apos;s status and your account.</source>
        <translation>Versuchen Sie es erneut; schlägt es weiter fehl, prüfen Sie den Status des Servers und Ihr Konto.</translation>
    </message>
    <message>
        <source>The LLM server%1 reported an error in the middle of the answer (%2). %3</source>
        <translation>Der LLM-Server%1 hat mitten in der Antwort einen Fehler gemeldet (%2). %3</translation>
    </message>
    <message>
        <source>The LLM server%1 sent %2; Zerg stopped reading this answer. Try again; if it happens again, check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.</source>
        <translation>Der LLM-Server%1 hat %2 gesendet; Zerg hat das Lesen dieser Antwort abgebrochen. Versuchen Sie es erneut; passiert es wieder, prüfen Sie, ob ZERG_LLM_BASE_URL auf eine OpenAI-kompatible API zeigt.</translation>
    </message>
</context>
<context>
    <name>Pocketsphinx</name>
    <message>
        <source>pocketsphinx is not installed (%1). Install it: sudo apt install libpocketsphinx3 pocketsphinx-en-us (or run scripts/setup).</source>
        <translation>pocketsphinx ist nicht installiert (%1). Installiere es: sudo apt install libpocketsphinx3 pocketsphinx-en-us (oder scripts/setup ausführen).</translation>
    </message>
    <message>
        <source>The installed pocketsphinx lacks %1. Install Debian&apos;s libpocketsphinx3 (0.8).</source>
        <translation>Dem installierten pocketsphinx fehlt %1. Installiere Debians libpocketsphinx3 (0.8).</translation>
    </message>
    <message>
        <source>The US English speech model is missing (%1). Install it: sudo apt install pocketsphinx-en-us (or run scripts/setup).</source>
        <translation>Das US-englische Sprachmodell fehlt (%1). Installiere es: sudo apt install pocketsphinx-en-us (oder scripts/setup ausführen).</translation>
    </message>
    <message>
        <source>pocketsphinx could not load its model from %1. Reinstall it: sudo apt install --reinstall pocketsphinx-en-us.</source>
        <translation>pocketsphinx konnte sein Modell aus %1 nicht laden. Installiere es neu: sudo apt install --reinstall pocketsphinx-en-us.</translation>
    </message>
    <message>
        <source>Cannot write the operator language model to %1: %2.</source>
        <translation>Das Operator-Sprachmodell kann nicht nach %1 geschrieben werden: %2.</translation>
    </message>
    <message>
        <source>pocketsphinx could not read a language model.</source>
        <translation>pocketsphinx konnte ein Sprachmodell nicht lesen.</translation>
    </message>
    <message>
        <source>pocketsphinx could not combine its language models.</source>
        <translation>pocketsphinx konnte seine Sprachmodelle nicht verbinden.</translation>
    </message>
    <message>
        <source>pocketsphinx could not decode the audio.</source>
        <translation>pocketsphinx konnte den Ton nicht dekodieren.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Zerg cannot connect</source>
        <translation>Zerg kann keine Verbindung herstellen</translation>
    </message>
    <message>
        <source>Zerg cannot start</source>
        <translation>Zerg kann nicht starten</translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request; send your reply again when it has answered.</source>
        <translation>Jarvis arbeitet noch an der vorigen Anfrage; senden Sie Ihre Antwort erneut, wenn er geantwortet hat.</translation>
    </message>
    <message>
        <source>Open Jarvis</source>
        <translation>Jarvis öffnen</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
    <message>
        <source>Pause schedules</source>
        <translation>Zeitpläne pausieren</translation>
    </message>
    <message>
        <source>Quit Zerg</source>
        <translation>Zerg beenden</translation>
    </message>
    <message>
        <source>The server at %1 did not answer within %2 s. Check the address and that `zerg serve` is running there.</source>
        <translation>Der Server unter %1 hat nicht innerhalb von %2 s geantwortet. Prüfen Sie die Adresse und ob dort `zerg serve` läuft.</translation>
    </message>
    <message>
        <source>The server refused the device secret: %1 Ask for a new one (`zerg devices add NAME` on the server) and try again.</source>
        <translation>Der Server hat das Geräte-Geheimnis abgelehnt: %1 Lassen Sie sich ein neues geben (`zerg devices add NAME` auf dem Server) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The server at %1 answered the login without a token; is it a Zerg server of the same version?</source>
        <translation>Der Server unter %1 hat die Anmeldung ohne Token beantwortet; ist es ein Zerg-Server derselben Version?</translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation>die Verbindung wurde geschlossen</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2. Is `zerg serve` running there, and is the address right?</source>
        <translation>%1 ist nicht erreichbar: %2. Läuft dort `zerg serve`, und stimmt die Adresse?</translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request; ask again when it has answered.</source>
        <translation>Jarvis arbeitet noch an der vorigen Anfrage; fragen Sie erneut, wenn Jarvis geantwortet hat.</translation>
    </message>
    <message>
        <source>this computer&apos;s user</source>
        <translation>der Benutzer dieses Computers</translation>
    </message>
</context>
<context>
    <name>QtMicrophone</name>
    <message>
        <source>The microphone you chose is not connected. Plug it in, or choose another in Settings › Voice.</source>
        <translation>Das gewählte Mikrofon ist nicht angeschlossen. Schließen Sie es an oder wählen Sie unter Einstellungen › Sprachein- und -ausgabe ein anderes.</translation>
    </message>
    <message>
        <source>No microphone found. Connect one, or check that the sound system (PulseAudio or PipeWire) is running.</source>
        <translation>Kein Mikrofon gefunden. Schließen Sie eines an oder prüfen Sie, ob das Soundsystem (PulseAudio oder PipeWire) läuft.</translation>
    </message>
    <message>
        <source>The microphone could not be opened: another program may hold it, or Zerg may not be allowed to use it (macOS: System Settings › Privacy &amp; Security › Microphone).</source>
        <translation>Das Mikrofon konnte nicht geöffnet werden: ein anderes Programm belegt es vielleicht, oder Zerg darf es nicht benutzen (macOS: Systemeinstellungen › Datenschutz &amp; Sicherheit › Mikrofon).</translation>
    </message>
    <message>
        <source>The microphone could not be started.</source>
        <translation>Das Mikrofon konnte nicht gestartet werden.</translation>
    </message>
    <message>
        <source>The microphone stopped (it was unplugged, or the sound system went away).</source>
        <translation>Das Mikrofon hat aufgehört (es wurde abgesteckt, oder das Soundsystem ist weg).</translation>
    </message>
    <message>
        <source>No speakers found, so Jarvis cannot speak. Connect some, or turn spoken answers off in Settings › Voice.</source>
        <translation>Keine Lautsprecher gefunden, daher kann Jarvis nicht sprechen. Schließen Sie welche an oder schalten Sie gesprochene Antworten unter Einstellungen › Sprachein- und -ausgabe aus.</translation>
    </message>
    <message>
        <source>The speakers could not be opened: another program may hold them.</source>
        <translation>Die Lautsprecher konnten nicht geöffnet werden: ein anderes Programm belegt sie vielleicht.</translation>
    </message>
    <message>
        <source>No speakers found, so Jarvis cannot speak. Connect some, or set Conversation to Turns in Settings › Voice.</source>
        <translation>Keine Lautsprecher gefunden, daher kann Jarvis nicht sprechen. Schließen Sie welche an oder stellen Sie unter Einstellungen › Sprachein- und -ausgabe das Gespräch auf „Abwechselnd“.</translation>
    </message>
</context>
<context>
    <name>Realtime</name>
    <message>
        <source>No server for the Realtime conversation: give its …/v1 in Settings › Voice › Speech server URL (or set the provider), or set Conversation to Turns.</source>
        <translation>Kein Server für das Realtime-Gespräch: Geben Sie sein …/v1 unter Einstellungen › Sprachein- und -ausgabe › URL des Sprachservers an (oder richten Sie den Anbieter ein), oder stellen Sie das Gespräch auf „Abwechselnd“.</translation>
    </message>
    <message>
        <source>The speech server URL %1 is not an http(s) URL. Correct it in Settings › Voice.</source>
        <translation>Die URL des Sprachservers %1 ist keine http(s)-URL. Korrigieren Sie sie unter Einstellungen › Sprachein- und -ausgabe.</translation>
    </message>
    <message>
        <source>The Realtime server said: %1</source>
        <translation>Der Realtime-Server meldet: %1</translation>
    </message>
    <message>
        <source>The Realtime server refused the key. Set ZERG_SPEECH_API_KEY (or the provider&apos;s key) and try again.</source>
        <translation>Der Realtime-Server hat den Schlüssel abgelehnt. Setzen Sie ZERG_SPEECH_API_KEY (oder den Schlüssel des Anbieters) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Lost the Realtime server at %1 (%2) and could not reach it again. Check that it runs and the speech server URL in Settings › Voice, then press the microphone again.</source>
        <translation>Die Verbindung zum Realtime-Server %1 ist abgerissen (%2) und ließ sich nicht wiederherstellen. Prüfen Sie, ob er läuft, und die URL des Sprachservers unter Einstellungen › Sprachein- und -ausgabe, dann drücken Sie das Mikrofon erneut.</translation>
    </message>
</context>
<context>
    <name>RunExport</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>unknown (a model&apos;s price is not in the price table)</source>
        <translation>unbekannt (der Preis eines Modells steht nicht in der Preistabelle)</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Gestoppt</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Worker %1</source>
        <translation>Worker %1</translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation>Worker %1: %2</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Auftrag</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>Aufgabe:</translation>
    </message>
    <message>
        <source>Summary:</source>
        <translation>Zusammenfassung:</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>Call %1</source>
        <translation>Aufruf %1</translation>
    </message>
    <message>
        <source>Call %1: %2</source>
        <translation>Aufruf %1: %2</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation>Ergebnis von %1</translation>
    </message>
    <message>
        <source>Result of %1: %2</source>
        <translation>Ergebnis von %1: %2</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Tool-Aufrufe</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Run %1: %2</source>
        <translation>Lauf %1: %2</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>not yet (still running)</source>
        <translation>noch nicht (läuft noch)</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)</source>
        <translation>%1 (Prompt %2, Antwort %3, zwischengespeichert %4, Reasoning %5; Modellaufrufe: %6)</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Ersatzantwort</translation>
    </message>
    <message>
        <source>Jarvis answered directly with an apology</source>
        <translation>Jarvis hat direkt mit einer Entschuldigung geantwortet</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Still running when exported.</source>
        <translation>Lief beim Export noch.</translation>
    </message>
    <message>
        <source>No answer was recorded.</source>
        <translation>Es wurde keine Antwort aufgezeichnet.</translation>
    </message>
    <message>
        <source>Code:</source>
        <translation>Code:</translation>
    </message>
    <message>
        <source>Exported %1 (%2, version %3).</source>
        <translation>Exportiert %1 (%2, Version %3).</translation>
    </message>
    <message>
        <source>Jarvis&apos;s memory was compacted here: from now on Jarvis sees a summary of the conversation above instead of its messages. The turns above are exported in full.</source>
        <translation>Hier wurde Jarvis’ Gedächtnis verdichtet: ab hier sieht Jarvis eine Zusammenfassung des Gesprächs darüber statt seiner Nachrichten. Die Runden darüber sind vollständig exportiert.</translation>
    </message>
    <message>
        <source>The summary (written %1):</source>
        <translation>Die Zusammenfassung (geschrieben %1):</translation>
    </message>
    <message>
        <source>Zerg run %1</source>
        <translation>Zerg-Lauf %1</translation>
    </message>
    <message>
        <source>Zerg conversation</source>
        <translation>Zerg-Gespräch</translation>
    </message>
    <message>
        <source>No runs yet.</source>
        <translation>Noch keine Läufe.</translation>
    </message>
    <message>
        <source>Runs: %1, oldest first.</source>
        <translation>Läufe: %1, älteste zuerst.</translation>
    </message>
</context>
<context>
    <name>SchedulesPage</name>
    <message>
        <source>Scheduled checks run a task through Jarvis at set times; their results land in the inbox of the Jarvis window.</source>
        <translation>Geplante Prüfungen führen zu festen Zeiten eine Aufgabe über Jarvis aus; ihre Ergebnisse landen im Posteingang des Jarvis-Fensters.</translation>
    </message>
    <message>
        <source>Pause all schedules</source>
        <translation>Alle Zeitpläne pausieren</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>Neuer Zeitplan</translation>
    </message>
    <message>
        <source>Create a new schedule</source>
        <translation>Einen neuen Zeitplan anlegen</translation>
    </message>
    <message>
        <source>All schedules are paused: nothing runs until you resume. Their settings are kept, and runs missed while paused are skipped.</source>
        <translation>Alle Zeitpläne sind pausiert: Nichts läuft, bis Sie fortsetzen. Ihre Einstellungen bleiben erhalten, und während der Pause verpasste Läufe werden übersprungen.</translation>
    </message>
    <message>
        <source>No schedules yet</source>
        <translation>Noch keine Zeitpläne</translation>
    </message>
    <message>
        <source>A schedule runs a task for you at set times, such as checking disk space every morning, and puts the result in your inbox with a severity.</source>
        <translation>Ein Zeitplan führt zu festen Zeiten eine Aufgabe für Sie aus, etwa jeden Morgen den Plattenplatz zu prüfen, und legt das Ergebnis mit einem Schweregrad in Ihren Posteingang.</translation>
    </message>
    <message>
        <source>Create one here, or just ask Jarvis: “check my disks every morning at 6”.</source>
        <translation>Legen Sie hier einen an, oder fragen Sie einfach Jarvis: „prüfe jeden Morgen um 6 meine Platten“.</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>%1, %2, next run %3</source>
        <translation>%1, %2, nächster Lauf %3</translation>
    </message>
    <message>
        <source>Last run %1: %2 %3</source>
        <translation>Letzter Lauf %1: %2 %3</translation>
    </message>
    <message>
        <source>Not run yet</source>
        <translation>Noch nicht gelaufen</translation>
    </message>
    <message>
        <source>next</source>
        <translation>nächster</translation>
    </message>
    <message>
        <source>Turn off %1</source>
        <translation>%1 ausschalten</translation>
    </message>
    <message>
        <source>Turn on %1</source>
        <translation>%1 einschalten</translation>
    </message>
    <message>
        <source>Select a schedule to see its runs.</source>
        <translation>Wählen Sie einen Zeitplan, um seine Läufe zu sehen.</translation>
    </message>
    <message>
        <source>Run now</source>
        <translation>Jetzt ausführen</translation>
    </message>
    <message>
        <source>Run %1 now</source>
        <translation>%1 jetzt ausführen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Delete %1</source>
        <translation>%1 löschen</translation>
    </message>
    <message>
        <source>Delete “%1” and its run history? Results already in the inbox stay.</source>
        <translation>„%1“ und seinen Laufverlauf löschen? Ergebnisse, die schon im Posteingang liegen, bleiben.</translation>
    </message>
    <message>
        <source>Delete schedule</source>
        <translation>Zeitplan löschen</translation>
    </message>
    <message>
        <source>Yes, delete %1</source>
        <translation>Ja, %1 löschen</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>Behalten</translation>
    </message>
    <message>
        <source>Keep the schedule</source>
        <translation>Den Zeitplan behalten</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1  (%2)</translation>
    </message>
    <message>
        <source>Time zone: %1</source>
        <translation>Zeitzone: %1</translation>
    </message>
    <message>
        <source> · catches up missed runs at start</source>
        <translation> · holt verpasste Läufe beim Start nach</translation>
    </message>
    <message>
        <source>Next runs</source>
        <translation>Nächste Läufe</translation>
    </message>
    <message>
        <source>Off: turn the schedule on to run it.</source>
        <translation>Aus: Schalten Sie den Zeitplan ein, damit er läuft.</translation>
    </message>
    <message>
        <source>Never: this expression matches no date.</source>
        <translation>Nie: Dieser Ausdruck passt auf kein Datum.</translation>
    </message>
    <message>
        <source>(paused)</source>
        <translation>(pausiert)</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>No runs yet. Run now to try it.</source>
        <translation>Noch keine Läufe. Mit „Jetzt ausführen“ probieren Sie ihn aus.</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Auslöser</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Scheduled for %1</source>
        <translation>Geplant für %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Edit schedule</source>
        <translation>Zeitplan bearbeiten</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>morning disk check</source>
        <translation>morgendliche Plattenprüfung</translation>
    </message>
    <message>
        <source>Name of the schedule</source>
        <translation>Name des Zeitplans</translation>
    </message>
    <message>
        <source>Task for Jarvis</source>
        <translation>Aufgabe für Jarvis</translation>
    </message>
    <message>
        <source>Check disk space on all servers and warn above 90%.</source>
        <translation>Plattenplatz auf allen Servern prüfen und ab 90 % warnen.</translation>
    </message>
    <message>
        <source>Task Jarvis runs each time</source>
        <translation>Aufgabe, die Jarvis jedes Mal ausführt</translation>
    </message>
    <message>
        <source>When (cron: minute hour day month weekday)</source>
        <translation>Wann (Cron: Minute Stunde Tag Monat Wochentag)</translation>
    </message>
    <message>
        <source>Cron expression</source>
        <translation>Cron-Ausdruck</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Zeitzone</translation>
    </message>
    <message>
        <source>Time zone, for example Europe/Berlin</source>
        <translation>Zeitzone, zum Beispiel Europe/Berlin</translation>
    </message>
    <message>
        <source>Run once at start when a run was missed while Zerg was not running</source>
        <translation>Einmal beim Start ausführen, wenn ein Lauf verpasst wurde, während Zerg nicht lief</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Create the schedule</source>
        <translation>Den Zeitplan anlegen</translation>
    </message>
    <message>
        <source>Save the schedule</source>
        <translation>Den Zeitplan speichern</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel without saving</source>
        <translation>Abbrechen ohne zu speichern</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
</context>
<context>
    <name>SendEmailTool</name>
    <message>
        <source>Recipient address, or a list of up to %1 addresses (plain name@example.org, no display names).</source>
        <translation>Empfängeradresse oder eine Liste von bis zu %1 Adressen (einfach name@example.org, ohne Anzeigenamen).</translation>
    </message>
    <message>
        <source>One line.</source>
        <translation>Eine Zeile.</translation>
    </message>
    <message>
        <source>Plain text (UTF-8).</source>
        <translation>Einfacher Text (UTF-8).</translation>
    </message>
    <message>
        <source>Send a plain-text e-mail. It cannot be taken back: send only what the task asks for. </source>
        <translation>Eine E-Mail als einfachen Text senden. Sie lässt sich nicht zurückholen: Senden Sie nur, was die Aufgabe verlangt. </translation>
    </message>
    <message>
        <source>It is sent from %1.</source>
        <translation>Sie wird von %1 gesendet.</translation>
    </message>
    <message>
        <source>E-mail is not configured here, so calls will fail.</source>
        <translation>E-Mail ist hier nicht eingerichtet, Aufrufe schlagen daher fehl.</translation>
    </message>
    <message>
        <source>E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM (and ZERG_SMTP_PORT, ZERG_SMTP_TLS, ZERG_SMTP_USER and the smtp_password secret as your server needs), then try again.</source>
        <translation>E-Mail ist nicht eingerichtet: Setzen Sie ZERG_SMTP_HOST und ZERG_SMTP_FROM (und ZERG_SMTP_PORT, ZERG_SMTP_TLS, ZERG_SMTP_USER sowie das Geheimnis smtp_password, wie Ihr Server es braucht) und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>&quot;to&quot; must be an address or a list of 1 to %1 addresses.</source>
        <translation>&quot;to&quot; muss eine Adresse oder eine Liste von 1 bis %1 Adressen sein.</translation>
    </message>
    <message>
        <source>&quot;to&quot;: &quot;%1&quot; is not a plain e-mail address; write it as name@example.org, without a display name or angle brackets.</source>
        <translation>&quot;to&quot;: &quot;%1&quot; ist keine einfache E-Mail-Adresse; schreiben Sie sie als name@example.org, ohne Anzeigenamen oder spitze Klammern.</translation>
    </message>
    <message>
        <source>&quot;subject&quot; is required: one line of at most %1 characters.</source>
        <translation>&quot;subject&quot; ist erforderlich: eine Zeile mit höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>&quot;body&quot; is required: the message text, at most %1 bytes.</source>
        <translation>&quot;body&quot; ist erforderlich: der Nachrichtentext, höchstens %1 Bytes.</translation>
    </message>
    <message>
        <source>E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM.</source>
        <translation>E-Mail ist nicht eingerichtet: Setzen Sie ZERG_SMTP_HOST und ZERG_SMTP_FROM.</translation>
    </message>
</context>
<context>
    <name>SendWebhookTool</name>
    <message>
        <source>A configured webhook by name (default: the first).</source>
        <translation>Ein eingerichteter Webhook, nach Name (Standard: der erste).</translation>
    </message>
    <message>
        <source>Message shape; defaults to the webhook&apos;s own.</source>
        <translation>Form der Nachricht; standardmäßig die des Webhooks.</translation>
    </message>
    <message>
        <source>The message, at most %1 characters.</source>
        <translation>Die Nachricht, höchstens %1 Zeichen.</translation>
    </message>
    <message>
        <source>An optional short title.</source>
        <translation>Ein optionaler kurzer Titel.</translation>
    </message>
    <message>
        <source>An http(s) URL to post to instead.</source>
        <translation>Eine http(s)-URL, an die stattdessen gesendet wird.</translation>
    </message>
    <message>
        <source>Send a short notification to a chat or push webhook (Slack, Discord, ntfy, or JSON). </source>
        <translation>Eine kurze Benachrichtigung an einen Chat- oder Push-Webhook senden (Slack, Discord, ntfy oder JSON). </translation>
    </message>
    <message>
        <source>No webhook is configured%1.</source>
        <translation>Es ist kein Webhook eingerichtet%1.</translation>
    </message>
    <message>
        <source>; give a url</source>
        <translation>; geben Sie eine URL an</translation>
    </message>
    <message>
        <source>Configured webhooks: %1.</source>
        <translation>Eingerichtete Webhooks: %1.</translation>
    </message>
    <message>
        <source>&quot;text&quot; is required: the message, 1 to %1 characters.</source>
        <translation>&quot;text&quot; ist erforderlich: die Nachricht, 1 bis %1 Zeichen.</translation>
    </message>
    <message>
        <source>&quot;title&quot; must be one line of at most 200 characters.</source>
        <translation>&quot;title&quot; muss eine Zeile mit höchstens 200 Zeichen sein.</translation>
    </message>
    <message>
        <source>&quot;webhook&quot;, &quot;url&quot; and &quot;format&quot; must be strings.</source>
        <translation>&quot;webhook&quot;, &quot;url&quot; und &quot;format&quot; müssen Strings sein.</translation>
    </message>
    <message>
        <source>&quot;format&quot; must be one of %1.</source>
        <translation>&quot;format&quot; muss einer der folgenden Werte sein: %1.</translation>
    </message>
    <message>
        <source>Give either &quot;webhook&quot; or &quot;url&quot;, not both.</source>
        <translation>Geben Sie entweder &quot;webhook&quot; oder &quot;url&quot; an, nicht beides.</translation>
    </message>
    <message>
        <source>&quot;url&quot; must be an absolute http(s) URL.</source>
        <translation>&quot;url&quot; muss eine absolute http(s)-URL sein.</translation>
    </message>
    <message>
        <source>No webhook is configured: set ZERG_WEBHOOK_URL (and ZERG_WEBHOOK_FORMAT: slack, discord, ntfy or json)%1.</source>
        <translation>Es ist kein Webhook eingerichtet: Setzen Sie ZERG_WEBHOOK_URL (und ZERG_WEBHOOK_FORMAT: slack, discord, ntfy oder json)%1.</translation>
    </message>
    <message>
        <source>, or give a url</source>
        <translation>, oder geben Sie eine URL an</translation>
    </message>
    <message>
        <source>There is no webhook named &quot;%1&quot;; configured: %2.</source>
        <translation>Es gibt keinen Webhook namens &quot;%1&quot;; eingerichtet: %2.</translation>
    </message>
    <message>
        <source>Unknown format &quot;%1&quot;.</source>
        <translation>Unbekanntes Format &quot;%1&quot;.</translation>
    </message>
    <message>
        <source>send_webhook posts only to webhooks the user configured, never to a &quot;url&quot;, and none is configured. Ask the user to set one in Settings › Notifications (ZERG_WEBHOOK_URL).</source>
        <translation>send_webhook sendet nur an Webhooks, die der Benutzer eingerichtet hat, nie an eine „url“, und keiner ist eingerichtet. Bitte den Benutzer, einen unter Einstellungen › Benachrichtigungen (ZERG_WEBHOOK_URL) einzurichten.</translation>
    </message>
    <message>
        <source>send_webhook posts only to the webhooks the user configured (%1), never to a &quot;url&quot;. Leave &quot;url&quot; out to use the default webhook or give &quot;webhook&quot; with one of those names; another target has to be configured by the user in Settings › Notifications.</source>
        <translation>send_webhook sendet nur an die Webhooks, die der Benutzer eingerichtet hat (%1), nie an eine „url“. Lass „url“ weg, um den Standard-Webhook zu nutzen, oder gib „webhook“ mit einem dieser Namen an; ein anderes Ziel muss der Benutzer unter Einstellungen › Benachrichtigungen einrichten.</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Some changes apply after a restart.</source>
        <translation>Manche Änderungen wirken erst nach einem Neustart.</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Jetzt neu starten</translation>
    </message>
    <message>
        <source>Restart Zerg now</source>
        <translation>Zerg jetzt neu starten</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>Standard: %1</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Enter a new value to replace it</source>
        <translation>Neuen Wert eingeben, um ihn zu ersetzen</translation>
    </message>
    <message>
        <source>Enter a value to store it</source>
        <translation>Wert eingeben, um ihn zu speichern</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Schlüssel speichern</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save %1</source>
        <translation>%1 speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Always allowed commands</source>
        <translation>Immer erlaubte Befehle</translation>
    </message>
    <message>
        <source>None yet. Answer an approval request with “Always allow” to add one.</source>
        <translation>Noch keine. Beantworten Sie eine Freigabeanfrage mit „Immer erlauben“, um eine hinzuzufügen.</translation>
    </message>
    <message>
        <source>These commands run without asking on their host, in the ask mode.</source>
        <translation>Diese Befehle laufen im Modus ask ohne Nachfrage auf ihrem Host.</translation>
    </message>
    <message>
        <source>Remove the rule %1 on %2</source>
        <translation>Die Regel %1 auf %2 entfernen</translation>
    </message>
    <message>
        <source>Local shell sandbox</source>
        <translation>Sandbox der lokalen Shell</translation>
    </message>
    <message>
        <source>Local shell sandbox: %1</source>
        <translation>Sandbox der lokalen Shell: %1</translation>
    </message>
    <message>
        <source>Start when I log in</source>
        <translation>Beim Anmelden starten</translation>
    </message>
    <message>
        <source>Zerg starts in the background without its window, so that scheduled checks run. The login entry is %1.</source>
        <translation>Zerg startet ohne Fenster im Hintergrund, damit geplante Prüfungen laufen. Der Autostart-Eintrag ist %1.</translation>
    </message>
    <message>
        <source>Start Zerg when I log in</source>
        <translation>Zerg beim Anmelden starten</translation>
    </message>
</context>
<context>
    <name>SetupCard</name>
    <message>
        <source>Connect Jarvis to a language model</source>
        <translation>Jarvis mit einem Sprachmodell verbinden</translation>
    </message>
    <message>
        <source>Local Ollama</source>
        <translation>Lokales Ollama</translation>
    </message>
    <message>
        <source>Custom OpenAI-compatible URL</source>
        <translation>Eigene OpenAI-kompatible URL</translation>
    </message>
    <message>
        <source>Looking for Ollama at %1…</source>
        <translation>Suche Ollama unter %1…</translation>
    </message>
    <message>
        <source>No Ollama answered at %1. Install it from https://ollama.com, start it (ollama serve), pull a model (ollama pull qwen2.5:7b), then look again.</source>
        <translation>Unter %1 hat kein Ollama geantwortet. Installieren Sie es von https://ollama.com, starten Sie es (ollama serve), laden Sie ein Modell (ollama pull qwen2.5:7b) und suchen Sie dann erneut.</translation>
    </message>
    <message>
        <source>Ollama is running at %1 but has no models yet. Pull one in a terminal (ollama pull qwen2.5:7b), then look again.</source>
        <translation>Ollama läuft unter %1, hat aber noch keine Modelle. Laden Sie eines in einem Terminal (ollama pull qwen2.5:7b) und suchen Sie dann erneut.</translation>
    </message>
    <message>
        <source>Ollama is running at %1.</source>
        <translation>Ollama läuft unter %1.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Ollama model</source>
        <translation>Ollama-Modell</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Look for Ollama again</source>
        <translation>Erneut nach Ollama suchen</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>Optional: only if the server needs one</source>
        <translation>Optional: nur, wenn der Server einen verlangt</translation>
    </message>
    <message>
        <source>Server API key</source>
        <translation>API-Schlüssel des Servers</translation>
    </message>
    <message>
        <source>The model name the server expects</source>
        <translation>Der Modellname, den der Server erwartet</translation>
    </message>
    <message>
        <source>Server model</source>
        <translation>Server-Modell</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Save this choice</source>
        <translation>Diese Auswahl speichern</translation>
    </message>
    <message>
        <source>Saved. Restart Zerg to connect.</source>
        <translation>Gespeichert. Starten Sie Zerg neu, um die Verbindung herzustellen.</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Jetzt neu starten</translation>
    </message>
    <message>
        <source>Restart Zerg now</source>
        <translation>Zerg jetzt neu starten</translation>
    </message>
    <message>
        <source>Environment variables work too (ZERG_LLM_BASE_URL, ZERG_MODEL, ZERG_LLM_API_KEY; see the README) and win over what you save here. Keys are kept in %1.</source>
        <translation>Umgebungsvariablen funktionieren auch (ZERG_LLM_BASE_URL, ZERG_MODEL, ZERG_LLM_API_KEY; siehe README) und haben Vorrang vor dem, was Sie hier speichern. Schlüssel werden in %1 aufbewahrt.</translation>
    </message>
    <message>
        <source>%1 API key</source>
        <translation>%1-API-Schlüssel</translation>
    </message>
    <message>
        <source>%1 model</source>
        <translation>%1-Modell</translation>
    </message>
    <message>
        <source>Running on this computer (choose one to fill in the server below):</source>
        <translation>Läuft auf diesem Computer (wähle eines, um den Server unten auszufüllen):</translation>
    </message>
</context>
<context>
    <name>ShellExecTool</name>
    <message>
        <source>%1 did not start a test sandbox: %2</source>
        <translation>%1 hat keine Test-Sandbox gestartet: %2</translation>
    </message>
    <message>
        <source>%1 cannot create a sandbox here (user namespaces disabled?): %2</source>
        <translation>%1 kann hier keine Sandbox anlegen (User-Namespaces deaktiviert?): %2</translation>
    </message>
    <message>
        <source>The shell command to run with /bin/sh -c.</source>
        <translation>Der Shell-Befehl, der mit /bin/sh -c ausgeführt wird.</translation>
    </message>
    <message>
        <source>Stop the command after this many seconds (default %1).</source>
        <translation>Den Befehl nach so vielen Sekunden stoppen (Standard: %1).</translation>
    </message>
    <message>
        <source>Run a non-interactive shell command (/bin/sh -c) on the local machine, in the worker&apos;s scratch folder, and get its exit code, stdout and stderr. There is no terminal and no input: commands that prompt hang until the timeout. </source>
        <translation>Einen nicht interaktiven Shell-Befehl (/bin/sh -c) auf dem lokalen Rechner im Arbeitsordner des Workers ausführen und Exit-Code, stdout und stderr erhalten. Es gibt kein Terminal und keine Eingabe: Befehle, die nachfragen, hängen bis zum Timeout. </translation>
    </message>
    <message>
        <source>&quot;network&quot; must be true or false; leave it out for no network.</source>
        <translation>&quot;network&quot; muss true oder false sein; lassen Sie es für kein Netzwerk weg.</translation>
    </message>
    <message>
        <source>Cannot create the working folder %1. Check that its parent is writable (or set ZERG_DATA_DIR to a writable folder).</source>
        <translation>Der Arbeitsordner %1 kann nicht angelegt werden. Prüfen Sie, ob sein übergeordneter Ordner beschreibbar ist (oder setzen Sie ZERG_DATA_DIR auf einen beschreibbaren Ordner).</translation>
    </message>
    <message>
        <source>Cannot create a temporary folder in %1: %2. Check that the folder is writable and the disk is not full.</source>
        <translation>In %1 kann kein temporärer Ordner angelegt werden: %2. Prüfen Sie, ob der Ordner beschreibbar und der Datenträger nicht voll ist.</translation>
    </message>
    <message>
        <source>allow bubblewrap to create user namespaces (Debian: sysctl kernel.unprivileged_userns_clone=1; Ubuntu 24.04: sysctl kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap; a container must be started with user namespaces allowed), then restart Zerg</source>
        <translation>erlauben Sie bubblewrap, User-Namespaces anzulegen (Debian: sysctl kernel.unprivileged_userns_clone=1; Ubuntu 24.04: sysctl kernel.apparmor_restrict_unprivileged_userns=0 oder ein AppArmor-Profil für bwrap; ein Container muss mit erlaubten User-Namespaces gestartet werden) und starten Sie Zerg dann neu</translation>
    </message>
    <message>
        <source>%1 does not exist or is not executable</source>
        <translation>%1 existiert nicht oder ist nicht ausführbar</translation>
    </message>
    <message>
        <source>%1 was not found on PATH</source>
        <translation>%1 wurde im PATH nicht gefunden</translation>
    </message>
    <message>
        <source>install the bubblewrap package (apt install bubblewrap) and restart Zerg</source>
        <translation>installieren Sie das Paket bubblewrap (apt install bubblewrap) und starten Sie Zerg neu</translation>
    </message>
    <message>
        <source>check what `%1 --ro-bind / / --unshare-all /bin/true` says, fix it, then restart Zerg</source>
        <translation>prüfen Sie, was `%1 --ro-bind / / --unshare-all /bin/true` meldet, beheben Sie es und starten Sie Zerg dann neu</translation>
    </message>
    <message>
        <source>Zerg has no scratch folder for worker &quot;%1&quot; of owner %2: the id is not a plain folder name. This is a bug in Zerg; please report it.</source>
        <translation>Zerg hat keinen Arbeitsordner für Worker „%1“ von Besitzer %2: Die ID ist kein einfacher Ordnername. Das ist ein Fehler in Zerg; bitte melden Sie ihn.</translation>
    </message>
    <message>
        <source>Give the command network access (default %1). Network access counts as a change: the user may be asked first, or it may be refused.</source>
        <translation>Dem Befehl Netzwerkzugriff geben (Standard %1). Netzwerkzugriff zählt als Änderung: Der Benutzer wird vielleicht zuerst gefragt, oder er wird verweigert.</translation>
    </message>
    <message>
        <source>UNAVAILABLE on this machine: every call is refused, because Zerg runs local commands only in a bubblewrap sandbox and bubblewrap cannot run here (%1). Do not call it; use your other tools, and if the task needs local commands, say in your report that the user must %2, or set ZERG_SHELL_SANDBOX=restricted to run them without a sandbox. </source>
        <translation>AUF DIESEM RECHNER NICHT VERFÜGBAR: Jeder Aufruf wird abgelehnt, weil Zerg lokale Befehle nur in einer bubblewrap-Sandbox ausführt und bubblewrap hier nicht laufen kann (%1). Rufe es nicht auf; nutze deine anderen Werkzeuge, und wenn die Aufgabe lokale Befehle braucht, schreibe in deinen Bericht, dass der Benutzer %2 muss, oder ZERG_SHELL_SANDBOX=restricted setzen kann, um sie ohne Sandbox auszuführen. </translation>
    </message>
    <message>
        <source>It runs in a sandbox: the system is read-only, only the scratch folder and /tmp are writable, home folders, /run and the machine&apos;s sockets are hidden, and there is no network unless you set &quot;network&quot;: true.</source>
        <translation>Es läuft in einer Sandbox: Das System ist schreibgeschützt, nur der Arbeitsordner und /tmp sind beschreibbar, Home-Ordner, /run und die Sockets des Rechners sind verborgen, und es gibt kein Netzwerk, außer du setzt &quot;network&quot;: true.</translation>
    </message>
    <message>
        <source>It runs without a sandbox (the user chose the restricted mode): it sees the system as Zerg&apos;s user does and has network access, with a clean environment and resource limits.</source>
        <translation>Es läuft ohne Sandbox (der Benutzer hat den eingeschränkten Modus gewählt): Es sieht das System wie der Benutzer von Zerg und hat Netzwerkzugriff, mit einer sauberen Umgebung und Ressourcengrenzen.</translation>
    </message>
    <message>
        <source>the local shell is set to run commands only under bubblewrap (ZERG_SHELL_SANDBOX=bubblewrap)</source>
        <translation>die lokale Shell ist so eingestellt, dass sie Befehle nur unter bubblewrap ausführt (ZERG_SHELL_SANDBOX=bubblewrap)</translation>
    </message>
    <message>
        <source>Zerg runs local commands only in its sandbox unless the user chooses the restricted mode</source>
        <translation>Zerg führt lokale Befehle nur in seiner Sandbox aus, außer der Benutzer wählt den eingeschränkten Modus</translation>
    </message>
    <message>
        <source>Not run: shell_exec is unavailable. bubblewrap cannot run here (%1), and %2. To fix it, %3; or, to run commands without a sandbox, set ZERG_SHELL_SANDBOX=restricted. Every shell_exec call is refused until then: do the task with your other tools, or report this.</source>
        <translation>Nicht ausgeführt: shell_exec ist nicht verfügbar. bubblewrap kann hier nicht laufen (%1), und %2. Zur Behebung: %3; oder, um Befehle ohne Sandbox auszuführen, ZERG_SHELL_SANDBOX=restricted setzen. Bis dahin wird jeder shell_exec-Aufruf abgelehnt: Erledige die Aufgabe mit deinen anderen Werkzeugen oder berichte dies.</translation>
    </message>
</context>
<context>
    <name>ShortcutsSheet</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the keyboard shortcuts</source>
        <translation>Die Tastenkürzel schließen</translation>
    </message>
</context>
<context>
    <name>SpeakableText</name>
    <message>
        <source>a link</source>
        <translation>ein Link</translation>
    </message>
    <message>
        <source>I put the command in the chat.</source>
        <translation>Den Befehl habe ich in den Chat geschrieben.</translation>
    </message>
    <message>
        <source>I put a table in the chat.</source>
        <translation>Eine Tabelle habe ich in den Chat geschrieben.</translation>
    </message>
</context>
<context>
    <name>SpeechEngines</name>
    <message>
        <source>on this computer</source>
        <translation>auf diesem Computer</translation>
    </message>
    <message>
        <source>No speech server is set: give its …/v1 in Settings › Voice › Speech server URL (ZERG_SPEECH_URL), or use the engine on this computer.</source>
        <translation>Kein Sprachserver eingestellt: geben Sie seine …/v1 unter Einstellungen › Sprachein- und -ausgabe › URL des Sprachservers an (ZERG_SPEECH_URL), oder nutzen Sie die Engine auf diesem Computer.</translation>
    </message>
</context>
<context>
    <name>SpeechServer</name>
    <message>
        <source>Could not reach the speech server at %1: %2. Check that it runs and the speech server URL in Settings › Voice, or use the engine on this computer.</source>
        <translation>Der Sprachserver unter %1 war nicht erreichbar: %2. Prüfen Sie, ob er läuft, und die URL des Sprachservers unter Einstellungen › Sprachein- und -ausgabe, oder nutzen Sie die Engine auf diesem Computer.</translation>
    </message>
    <message>
        <source>The speech server at %1 refused the key (HTTP %2: %3). Set its key with ZERG_SPEECH_API_KEY or the secret speech_api_key; without a speech server URL of its own, the provider&apos;s key is used.</source>
        <translation>Der Sprachserver unter %1 hat den Schlüssel abgelehnt (HTTP %2: %3). Setzen Sie seinen Schlüssel mit ZERG_SPEECH_API_KEY oder dem Geheimnis speech_api_key; ohne eigene URL des Sprachservers wird der Schlüssel des Anbieters verwendet.</translation>
    </message>
    <message>
        <source>The speech server has no %1 (HTTP 404): check that its URL ends in /v1 and that it offers %2.</source>
        <translation>Der Sprachserver hat kein %1 (HTTP 404): prüfen Sie, ob seine URL auf /v1 endet und ob er %2 anbietet.</translation>
    </message>
    <message>
        <source>The speech server at %1 answered HTTP %2: %3</source>
        <translation>Der Sprachserver unter %1 antwortete mit HTTP %2: %3</translation>
    </message>
    <message>
        <source>server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>The speech server&apos;s answer has no text (expected JSON with &quot;text&quot;): %1</source>
        <translation>Die Antwort des Sprachservers enthält keinen Text (erwartet: JSON mit „text“): %1</translation>
    </message>
    <message>
        <source>The speech server answered with %1, not a WAVE file (%2). Zerg asks for response_format wav: check that the server can give it.</source>
        <translation>Der Sprachserver antwortete mit %1, nicht mit einer WAVE-Datei (%2). Zerg fragt nach response_format wav: prüfen Sie, ob der Server das liefern kann.</translation>
    </message>
    <message>
        <source>no type</source>
        <translation>keinem Typ</translation>
    </message>
</context>
<context>
    <name>SseParser</name>
    <message>
        <source>a line longer than %1</source>
        <translation>eine Zeile von mehr als %1</translation>
    </message>
    <message>
        <source>an event larger than %1</source>
        <translation>ein Ereignis von mehr als %1</translation>
    </message>
</context>
<context>
    <name>SshExecTool</name>
    <message>
        <source>Run a non-interactive shell command on a server over SSH and get its exit code, stdout and stderr. There is no terminal and no input: commands that prompt or page (sudo with a password, less, top without -b) hang until the timeout, so pass flags that make them non-interactive. </source>
        <translation>Einen nicht interaktiven Shell-Befehl per SSH auf einem Server ausführen und Exit-Code, stdout und stderr erhalten. Es gibt kein Terminal und keine Eingabe: Befehle, die nachfragen oder seitenweise ausgeben (sudo mit Passwort, less, top ohne -b), hängen bis zum Timeout; übergeben Sie daher Optionen, die sie nicht interaktiv machen. </translation>
    </message>
    <message>
        <source>No servers are allowed yet: the user must add them to the hosts file.</source>
        <translation>Noch sind keine Server erlaubt: Der Benutzer muss sie in die Hosts-Datei eintragen.</translation>
    </message>
    <message>
        <source>Allowed hosts (use the name exactly): %1.</source>
        <translation>Erlaubte Hosts (Namen genau so verwenden): %1.</translation>
    </message>
    <message>
        <source>The server&apos;s name from the allowed hosts list.</source>
        <translation>Der Name des Servers aus der Liste der erlaubten Hosts.</translation>
    </message>
    <message>
        <source>The shell command to run, e.g. &quot;df -h&quot;.</source>
        <translation>Der auszuführende Shell-Befehl, z. B. &quot;df -h&quot;.</translation>
    </message>
    <message>
        <source>Stop the command after this many seconds (default %1).</source>
        <translation>Den Befehl nach so vielen Sekunden stoppen (Standard: %1).</translation>
    </message>
    <message>
        <source>&quot;host&quot; is required: give one of the allowed hosts (%1).</source>
        <translation>&quot;host&quot; ist erforderlich: Geben Sie einen der erlaubten Hosts an (%1).</translation>
    </message>
    <message>
        <source>(no hosts file loaded)</source>
        <translation>(keine Hosts-Datei geladen)</translation>
    </message>
    <message>
        <source>none are configured</source>
        <translation>keine eingerichtet</translation>
    </message>
    <message>
        <source>allowed: %1</source>
        <translation>erlaubt: %1</translation>
    </message>
    <message>
        <source>Host &quot;%1&quot; is not in the allowlist (%2). Use one of the allowed names exactly, without user@; to allow another server, add a Host block for it to the hosts file %3.</source>
        <translation>Host &quot;%1&quot; steht nicht auf der Freigabeliste (%2). Verwenden Sie genau einen der erlaubten Namen, ohne user@; um einen weiteren Server zu erlauben, fügen Sie für ihn einen Host-Block zur Hosts-Datei %3 hinzu.</translation>
    </message>
</context>
<context>
    <name>SshJump</name>
    <message>
        <source>Could not create a socket pair for the connection through %1: %2. Try again.</source>
        <translation>Konnte kein Socket-Paar für die Verbindung über %1 anlegen: %2. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>%1 is reached through the jump host %2 (ProxyJump in %3), and that failed: %4</source>
        <translation>%1 wird über den Sprungserver %2 erreicht (ProxyJump in %3), und das ist fehlgeschlagen: %4</translation>
    </message>
    <message>
        <source>%1 is reached through the jump host %2, and the connection through it ended: %3. Check the jump host and the network, then try again.</source>
        <translation>%1 wird über den Sprungserver %2 erreicht, und die Verbindung darüber wurde beendet: %3. Prüfen Sie den Sprungserver und das Netzwerk und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>opening a channel</source>
        <translation>Öffnen eines Kanals</translation>
    </message>
    <message>
        <source>opening a connection to %1 (%2)</source>
        <translation>Öffnen einer Verbindung zu %1 (%2)</translation>
    </message>
    <message>
        <source>The jump host %1 (%2) refused to forward a connection to %3 (%4): %5. Its sshd does not allow TCP forwarding for %6 (AllowTcpForwarding or DisableForwarding in its sshd_config, a PermitOpen that leaves %4 out, or a restrict or no-port-forwarding option on the key in its authorized_keys). Ask its administrator to allow forwarding to %4 for %6, or reach %3 without it (its ProxyJump in %7).</source>
        <translation>Der Sprungserver %1 (%2) hat es abgelehnt, eine Verbindung zu %3 (%4) weiterzuleiten: %5. Sein sshd erlaubt kein TCP-Forwarding für %6 (AllowTcpForwarding oder DisableForwarding in seiner sshd_config, ein PermitOpen, das %4 auslässt, oder eine Option restrict oder no-port-forwarding am Schlüssel in seiner authorized_keys). Bitten Sie seinen Administrator, die Weiterleitung zu %4 für %6 zu erlauben, oder erreichen Sie %3 ohne ihn (der ProxyJump-Eintrag von %3 in %7).</translation>
    </message>
    <message>
        <source>The jump host %1 (%2) could not connect to %3 (%4): %5. Check that %3 is up and its sshd listens there, and that its HostName and Port in %6 are the address the jump host reaches it by.</source>
        <translation>Der Sprungserver %1 (%2) konnte keine Verbindung zu %3 (%4) herstellen: %5. Prüfen Sie, ob %3 läuft und sein sshd dort lauscht und ob HostName und Port von %3 in %6 die Adresse sind, unter der der Sprungserver ihn erreicht.</translation>
    </message>
    <message>
        <source>The jump host %1 (%2) did not open a connection to %3 (%4): %5. Check the jump host&apos;s sshd, then try again.</source>
        <translation>Der Sprungserver %1 (%2) hat keine Verbindung zu %3 (%4) geöffnet: %5. Prüfen Sie den sshd des Sprungservers und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>the connection to the jump host %1 was lost: %2</source>
        <translation>die Verbindung zum Sprungserver %1 ist abgebrochen: %2</translation>
    </message>
    <message>
        <source>the jump host %1 closed the forwarded connection</source>
        <translation>der Sprungserver %1 hat die weitergeleitete Verbindung geschlossen</translation>
    </message>
</context>
<context>
    <name>SshLogin</name>
    <message>
        <source>%1 via %2</source>
        <translation>%1 über %2</translation>
    </message>
    <message>
        <source>the hosts file</source>
        <translation>der Hosts-Datei</translation>
    </message>
    <message>
        <source>the hosts file %1</source>
        <translation>der Hosts-Datei %1</translation>
    </message>
    <message>
        <source>Could not create an SSH session (out of memory?). Try again.</source>
        <translation>Konnte keine SSH-Sitzung anlegen (Speicher voll?). Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The SSH connection to %1 was closed before the command started (zerg is shutting down). Run it again.</source>
        <translation>Die SSH-Verbindung zu %1 wurde geschlossen, bevor der Befehl startete (zerg wird beendet). Führen Sie ihn erneut aus.</translation>
    </message>
    <message>
        <source>The server %1 (%2) stopped answering while %3 (waited %4 s). Check the server&apos;s load and network, then try again.</source>
        <translation>Der Server %1 (%2) antwortet nicht mehr beim %3 (%4 s gewartet). Prüfen Sie Last und Netzwerk des Servers und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The connection to %1 (%2) failed while %3: %4. Check the server and the network, then try again.</source>
        <translation>Die Verbindung zu %1 (%2) ist beim %3 fehlgeschlagen: %4. Prüfen Sie Server und Netzwerk und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>The SSH settings for %1 are not valid: %2. Check its block in %3.</source>
        <translation>Die SSH-Einstellungen für %1 sind ungültig: %2. Prüfen Sie seinen Block in %3.</translation>
    </message>
    <message>
        <source>Could not connect to %1 (%2): no answer within %3 s. Check that the server is up and reachable, and its HostName and Port in %4.</source>
        <translation>Konnte keine Verbindung zu %1 (%2) herstellen: keine Antwort innerhalb von %3 s. Prüfen Sie, ob der Server läuft und erreichbar ist, sowie HostName und Port in %4.</translation>
    </message>
    <message>
        <source>Could not connect to %1 (%2): %3. Check that the server is up and sshd listens on that port, and its HostName and Port in %4.</source>
        <translation>Konnte keine Verbindung zu %1 (%2) herstellen: %3. Prüfen Sie, ob der Server läuft und sshd auf diesem Port lauscht, sowie HostName und Port in %4.</translation>
    </message>
    <message>
        <source>Could not check the SSH host key of %1 (%2) against %3: %4. Check that the known_hosts file is readable and well-formed.</source>
        <translation>Konnte den SSH-Host-Schlüssel von %1 (%2) nicht mit %3 abgleichen: %4. Prüfen Sie, ob die known_hosts-Datei lesbar und korrekt aufgebaut ist.</translation>
    </message>
    <message>
        <source>logging in</source>
        <translation>Anmelden</translation>
    </message>
    <message>
        <source>%1 (could not be read: missing, unreadable or protected by a passphrase)</source>
        <translation>%1 (konnte nicht gelesen werden: fehlt, unlesbar oder durch eine Passphrase geschützt)</translation>
    </message>
    <message>
        <source>%1 (rejected by the server)</source>
        <translation>%1 (vom Server abgelehnt)</translation>
    </message>
    <message>
        <source>ssh-agent/default keys (none accepted)</source>
        <translation>ssh-agent/Standardschlüssel (keiner akzeptiert)</translation>
    </message>
    <message>
        <source>nothing: the server does not accept public keys, and zerg logs in with keys only</source>
        <translation>nichts: Der Server akzeptiert keine öffentlichen Schlüssel, und zerg meldet sich nur mit Schlüsseln an</translation>
    </message>
    <message>
        <source>Could not log in to %1 (%2). Tried: %3. Add the public key to ~/.ssh/authorized_keys of %4 on the server, or set IdentityFile for %2 in %5 (or load the key into ssh-agent).</source>
        <translation>Die Anmeldung bei %1 (%2) ist fehlgeschlagen. Versucht: %3. Fügen Sie den öffentlichen Schlüssel zu ~/.ssh/authorized_keys von %4 auf dem Server hinzu, oder setzen Sie IdentityFile für %2 in %5 (oder laden Sie den Schlüssel in ssh-agent).</translation>
    </message>
</context>
<context>
    <name>SupervisionPage</name>
    <message>
        <source>Services and workers as Zerg supervises them; a crashed child is restarted by its supervisor&apos;s rules.</source>
        <translation>Dienste und Worker, wie Zerg sie überwacht; ein abgestürztes Kind wird nach den Regeln seines Supervisors neu gestartet.</translation>
    </message>
    <message>
        <source>The supervision tree is not running in this process.</source>
        <translation>Der Supervision-Baum läuft nicht in diesem Prozess.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Refresh the supervision tree</source>
        <translation>Den Supervision-Baum aktualisieren</translation>
    </message>
    <message>
        <source>XO report of %1: %2</source>
        <translation>XO-Bericht von %1: %2</translation>
    </message>
</context>
<context>
    <name>ThreadsPage</name>
    <message>
        <source>You: %1</source>
        <translation>Sie: %1</translation>
    </message>
    <message>
        <source>Tool call %1: %2</source>
        <translation>Tool-Aufruf %1: %2</translation>
    </message>
    <message>
        <source>Result of %1: %2</source>
        <translation>Ergebnis von %1: %2</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the runs</source>
        <translation>Die Läufe neu laden</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <translation>%1, %2, %3</translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n Worker</numerusform>
            <numerusform>%n Worker</numerusform>
        </translation>
    </message>
    <message>
        <source>Runs of the supervisor thread</source>
        <translation>Läufe des Supervisor-Threads</translation>
    </message>
    <message>
        <source>No runs yet: ask Jarvis something.</source>
        <translation>Noch keine Läufe: Fragen Sie Jarvis etwas.</translation>
    </message>
    <message>
        <source>Each request you make appears here with its messages and workers.</source>
        <translation>Jede Anfrage, die Sie stellen, erscheint hier mit ihren Nachrichten und Workern.</translation>
    </message>
    <message>
        <source>Select a run to see its messages and workers.</source>
        <translation>Wählen Sie einen Lauf, um seine Nachrichten und Worker zu sehen.</translation>
    </message>
    <message>
        <source>Older turns are summarized: %1</source>
        <translation>Ältere Runden sind zusammengefasst: %1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>cost %1</source>
        <translation>Kosten %1</translation>
    </message>
    <message>
        <source>Workers (%1)</source>
        <translation>Worker (%1)</translation>
    </message>
    <message>
        <source>Worker %1, %2</source>
        <translation>Worker %1, %2</translation>
    </message>
    <message>
        <source>Open the worker&apos;s details</source>
        <translation>Die Details des Workers öffnen</translation>
    </message>
    <message>
        <source>Messages of the selected run</source>
        <translation>Nachrichten des gewählten Laufs</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>▸ calls %1</source>
        <translation>▸ ruft %1 auf</translation>
    </message>
    <message>
        <source>↳ result of %1</source>
        <translation>↳ Ergebnis von %1</translation>
    </message>
    <message>
        <source>a tool</source>
        <translation>ein Tool</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>summarized</source>
        <translation>zusammengefasst</translation>
    </message>
    <message>
        <source>Collapse</source>
        <translation>Einklappen</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>Alles zeigen</translation>
    </message>
    <message>
        <source>Collapse this output</source>
        <translation>Diese Ausgabe einklappen</translation>
    </message>
    <message>
        <source>Show all of this output</source>
        <translation>Diese Ausgabe vollständig zeigen</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft …</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) found</source>
        <translation>
            <numerusform>%n Lauf gefunden</numerusform>
            <numerusform>%n Läufe gefunden</numerusform>
        </translation>
    </message>
    <message>
        <source>Search all conversations</source>
        <translation>Alle Gespräche durchsuchen</translation>
    </message>
    <message>
        <source>Finds runs by the words of their questions and answers. Enter searches at once, Escape clears the search, Down goes to the results.</source>
        <translation>Findet Läufe über die Wörter ihrer Fragen und Antworten. Eingabe sucht sofort, Esc leert die Suche, Pfeil runter geht zu den Ergebnissen.</translation>
    </message>
    <message>
        <source>Runs that match the search</source>
        <translation>Läufe, die zur Suche passen</translation>
    </message>
    <message>
        <source>found in the question</source>
        <translation>in der Frage gefunden</translation>
    </message>
    <message>
        <source>found in an answer</source>
        <translation>in einer Antwort gefunden</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>No runs match “%1”</source>
        <translation>Kein Lauf passt zu „%1“</translation>
    </message>
    <message>
        <source>Export run %1</source>
        <translation>Lauf %1 exportieren</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>Das Gespräch exportieren</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <source>Export the selected run or the whole conversation</source>
        <translation>Den ausgewählten Lauf oder das ganze Gespräch exportieren</translation>
    </message>
    <message>
        <source>This run as Markdown…</source>
        <translation>Diesen Lauf als Markdown …</translation>
    </message>
    <message>
        <source>This run as JSON…</source>
        <translation>Diesen Lauf als JSON …</translation>
    </message>
    <message>
        <source>The whole conversation as Markdown…</source>
        <translation>Das ganze Gespräch als Markdown …</translation>
    </message>
    <message>
        <source>The whole conversation as JSON…</source>
        <translation>Das ganze Gespräch als JSON …</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Export läuft …</translation>
    </message>
</context>
<context>
    <name>ToolCallLine</name>
    <message>
        <source>(%1)</source>
        <translation>(%1)</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>(%1, %2)</source>
        <translation>(%1, %2)</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>VoiceCapture</name>
    <message>
        <source>Speech recognition is not set up: choose an engine in Settings › Voice.</source>
        <translation>Die Spracherkennung ist nicht eingerichtet: wählen Sie eine Engine unter Einstellungen › Sprachein- und -ausgabe.</translation>
    </message>
    <message>
        <source>The recording could not be kept: %1</source>
        <translation>Die Aufnahme konnte nicht behalten werden: %1</translation>
    </message>
</context>
<context>
    <name>WorkerActivity</name>
    <message>
        <source>Worker: %1</source>
        <translation>Worker: %1</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show this worker in the dashboard</source>
        <translation>Diesen Worker im Dashboard zeigen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop this worker; Jarvis answers with what it found so far.</source>
        <translation>Diesen Worker stoppen; Jarvis antwortet mit dem, was bisher gefunden wurde.</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier call(s)</source>
        <translation>
            <numerusform>… %n früherer Aufruf</numerusform>
            <numerusform>… %n frühere Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>WorkerDetailPage</name>
    <message>
        <source>Contents of %1</source>
        <translation>Inhalt von %1</translation>
    </message>
    <message>
        <source>Open a worker from the Workers tab (double-click a row or press Enter).</source>
        <translation>Öffnen Sie einen Worker auf dem Reiter „Worker“ (Doppelklick auf eine Zeile oder Eingabetaste).</translation>
    </message>
    <message>
        <source>Worker task: %1</source>
        <translation>Aufgabe des Workers: %1</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Reload the worker&apos;s files</source>
        <translation>Die Dateien des Workers neu laden</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close this worker</source>
        <translation>Diesen Worker schließen</translation>
    </message>
    <message>
        <source>%1 · started %2</source>
        <translation>%1 · gestartet %2</translation>
    </message>
    <message>
        <source>Worker error: %1</source>
        <translation>Fehler des Workers: %1</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Files of the worker</source>
        <translation>Dateien des Workers</translation>
    </message>
    <message>
        <source>Folder %1, %2</source>
        <translation>Ordner %1, %2</translation>
    </message>
    <message>
        <source>File %1, %2</source>
        <translation>Datei %1, %2</translation>
    </message>
    <message numerus="yes">
        <source>Roundabout timeline (%n check(s))</source>
        <translation>
            <numerusform>Roundabout-Zeitleiste (%n Prüfung)</numerusform>
            <numerusform>Roundabout-Zeitleiste (%n Prüfungen)</numerusform>
        </translation>
    </message>
    <message>
        <source>Roundabout timeline</source>
        <translation>Roundabout-Zeitleiste</translation>
    </message>
    <message>
        <source>No roundabout checks: the supervisor did not monitor this worker, or it ended before the first check.</source>
        <translation>Keine Roundabout-Prüfungen: Der Supervisor hat diesen Worker nicht überwacht, oder er endete vor der ersten Prüfung.</translation>
    </message>
    <message>
        <source>Roundabout timeline: every check and decision</source>
        <translation>Roundabout-Zeitleiste: jede Prüfung und Entscheidung</translation>
    </message>
    <message>
        <source>At %1: %2 (%3) %4</source>
        <translation>Bei %1: %2 (%3) %4</translation>
    </message>
    <message>
        <source>Select a file on the left.</source>
        <translation>Wählen Sie links eine Datei.</translation>
    </message>
    <message>
        <source>by %1</source>
        <translation>durch %1</translation>
    </message>
    <message>
        <source>Conversation of the worker</source>
        <translation>Unterhaltung des Workers</translation>
    </message>
    <message>
        <source>%1 → calls %2</source>
        <translation>%1 → ruft %2 auf</translation>
    </message>
    <message>
        <source>tool result · %1</source>
        <translation>Tool-Ergebnis · %1</translation>
    </message>
    <message>
        <source>unreadable line</source>
        <translation>unlesbare Zeile</translation>
    </message>
    <message>
        <source>%1 message</source>
        <translation>Nachricht von %1</translation>
    </message>
    <message>
        <source>Arguments of %1</source>
        <translation>Argumente von %1</translation>
    </message>
    <message>
        <source>Result of %1</source>
        <translation>Ergebnis von %1</translation>
    </message>
    <message>
        <source>exit code %1</source>
        <translation>Exit-Code %1</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>stdout</source>
        <translation>stdout</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>(leer)</translation>
    </message>
    <message>
        <source>Standard output</source>
        <translation>Standardausgabe</translation>
    </message>
    <message>
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <source>Standard error</source>
        <translation>Standardfehlerausgabe</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Result fields</source>
        <translation>Ergebnisfelder</translation>
    </message>
    <message>
        <source>Other text</source>
        <translation>Weiterer Text</translation>
    </message>
    <message>
        <source>Other text in the file</source>
        <translation>Weiterer Text in der Datei</translation>
    </message>
    <message>
        <source>Approval requests: %1</source>
        <translation>Freigabeanfragen: %1</translation>
    </message>
    <message>
        <source>No approval request could be read from this file.</source>
        <translation>Aus dieser Datei konnte keine Freigabeanfrage gelesen werden.</translation>
    </message>
    <message>
        <source>Approval requests of the worker</source>
        <translation>Freigabeanfragen des Workers</translation>
    </message>
    <message>
        <source>Approval %1: %2 on %3, %4</source>
        <translation>Freigabe %1: %2 auf %3, %4</translation>
    </message>
    <message>
        <source>Status: %1</source>
        <translation>Status: %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>Where: %1</source>
        <translation>Wo: %1</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>What was to run: %1</source>
        <translation>Was laufen sollte: %1</translation>
    </message>
    <message>
        <source>Why it may change the system: %1</source>
        <translation>Warum es das System ändern kann: %1</translation>
    </message>
    <message>
        <source>The worker said: %1</source>
        <translation>Der Worker sagte: %1</translation>
    </message>
    <message>
        <source>Asked %1</source>
        <translation>Gefragt %1</translation>
    </message>
    <message>
        <source>Asked %1 · decided %2 by %3</source>
        <translation>Gefragt %1 · entschieden %2 von %3</translation>
    </message>
    <message>
        <source>Asked %1 · decided %2</source>
        <translation>Gefragt %1 · entschieden %2</translation>
    </message>
    <message>
        <source>Message to the worker: %1</source>
        <translation>Nachricht an den Worker: %1</translation>
    </message>
    <message>
        <source>Always allowed from then on (rule %1).</source>
        <translation>Von da an immer erlaubt (Regel %1).</translation>
    </message>
</context>
<context>
    <name>WorkersPage</name>
    <message>
        <source>Filter by task, host or worker id</source>
        <translation>Nach Aufgabe, Host oder Worker-ID filtern</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n worker(s)</source>
        <translation>
            <numerusform>%1 von %n Worker</numerusform>
            <numerusform>%1 von %n Workern</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n worker(s)</source>
        <translation>
            <numerusform>%n Worker</numerusform>
            <numerusform>%n Worker</numerusform>
        </translation>
    </message>
    <message>
        <source>Newest first</source>
        <translation>Neueste zuerst</translation>
    </message>
    <message>
        <source>Reload</source>
        <translation>Neu laden</translation>
    </message>
    <message>
        <source>Workers; press Enter to open the current one</source>
        <translation>Worker; Eingabetaste öffnet den aktuellen</translation>
    </message>
    <message>
        <source>No workers yet — ask Jarvis something that needs a server.</source>
        <translation>Noch keine Worker – fragen Sie Jarvis etwas, das einen Server braucht.</translation>
    </message>
    <message>
        <source>No workers match “%1”.</source>
        <translation>Kein Worker passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>zerg</name>
    <message>
        <source>&quot;command&quot; is required: give the shell command to run as a non-empty string.</source>
        <translation>&quot;command&quot; ist erforderlich: Geben Sie den auszuführenden Shell-Befehl als nicht leeren String an.</translation>
    </message>
    <message>
        <source>&quot;timeout_secs&quot; must be a whole number of seconds from 1 to %1; leave it out for the default of %2 s.</source>
        <translation>&quot;timeout_secs&quot; muss eine ganze Zahl von Sekunden von 1 bis %1 sein; lassen Sie es für den Standardwert von %2 s weg.</translation>
    </message>
</context>
<context>
    <name>zerg::ActivityModel</name>
    <message>
        <source>%1 s…</source>
        <translation>%1 s…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
</context>
<context>
    <name>zerg::AgentLoop</name>
    <message>
        <source>Stopped after %1 model calls without a final answer. The task may be too broad; try a narrower request or raise ZERG_MAX_ITERATIONS.</source>
        <translation>Nach %1 Modellaufrufen ohne abschließende Antwort gestoppt. Die Aufgabe ist vielleicht zu weit gefasst; versuchen Sie eine engere Anfrage oder erhöhen Sie ZERG_MAX_ITERATIONS.</translation>
    </message>
    <message>
        <source>The agent kept acting after it was told to stop (PACE emergency).</source>
        <translation>Der Agent hat weitergemacht, obwohl er stoppen sollte (PACE-Notfall).</translation>
    </message>
    <message>
        <source>Stopped: this agent used %1 tokens, over its budget of %2. Raise the budget (ZERG_WORKER_TOKEN_BUDGET for workers) or give a narrower task.</source>
        <translation>Gestoppt: Dieser Agent hat %1 Tokens verbraucht, mehr als sein Budget von %2. Erhöhen Sie das Budget (ZERG_WORKER_TOKEN_BUDGET für Worker) oder stellen Sie eine engere Aufgabe.</translation>
    </message>
    <message>
        <source>Unknown tool &apos;%1&apos;. Available tools: %2.</source>
        <translation>Unbekanntes Tool &apos;%1&apos;. Verfügbare Tools: %2.</translation>
    </message>
    <message>
        <source>The arguments for %1 are not a valid JSON object (%2). Call the tool again with a JSON object matching its schema.</source>
        <translation>Die Argumente für %1 sind kein gültiges JSON-Objekt (%2). Rufen Sie das Tool erneut mit einem JSON-Objekt auf, das zu seinem Schema passt.</translation>
    </message>
    <message>
        <source>The agent ignored its supervisor&apos;s steering %1 times (last: %2).</source>
        <translation>Der Agent hat die Steuerung durch seinen Supervisor %1-mal ignoriert (zuletzt: %2).</translation>
    </message>
    <message>
        <source>This agent sends a temperature or max tokens the model does not accept: in Dashboard › Agents, clear them (the provider&apos;s default) for the %1 agent.</source>
        <translation>Dieser Agent sendet eine Temperatur oder max. Tokens, die das Modell nicht annimmt: leeren Sie sie in Dashboard › Agenten (Vorgabe des Anbieters) für den Agenten %1.</translation>
    </message>
</context>
<context>
    <name>zerg::AgentsModel</name>
    <message>
        <source>provider default</source>
        <translation>Vorgabe des Anbieters</translation>
    </message>
    <message>
        <source>the settings&apos; model</source>
        <translation>das Modell der Einstellungen</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1 (aus %2)</translation>
    </message>
    <message>
        <source>The temperature &quot;%1&quot; is not a number. Write one from 0 to 2, such as 0.2, or leave the field empty for the provider&apos;s default.</source>
        <translation>Die Temperatur „%1“ ist keine Zahl. Schreiben Sie eine von 0 bis 2, etwa 0,2, oder lassen Sie das Feld leer für die Vorgabe des Anbieters.</translation>
    </message>
    <message>
        <source>Max tokens &quot;%1&quot; is not a whole number. Write one such as 2000, or leave the field empty for the provider&apos;s default.</source>
        <translation>Max. Tokens „%1“ ist keine ganze Zahl. Schreiben Sie eine wie 2000, oder lassen Sie das Feld leer für die Vorgabe des Anbieters.</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>Quick path</source>
        <translation>Schnellantwort</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Decider</source>
        <translation>Entscheider</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Jarvis itself: answers you, plans the work, starts workers for it and remembers what matters.</source>
        <translation>Jarvis selbst: antwortet Ihnen, plant die Arbeit, startet Worker dafür und merkt sich, was zählt.</translation>
    </message>
    <message>
        <source>Answers small questions at once and hands anything that needs work on your systems to the supervisor.</source>
        <translation>Beantwortet kleine Fragen sofort und gibt alles, was Arbeit an Ihren Systemen braucht, an den Supervisor weiter.</translation>
    </message>
    <message>
        <source>Carries out one task on your hosts with its tools and reports what it found.</source>
        <translation>Erledigt eine Aufgabe auf Ihren Hosts mit seinen Werkzeugen und berichtet, was er gefunden hat.</translation>
    </message>
    <message>
        <source>Watches a running worker for the supervisor and decides whether to wait, stop it with its findings, or cancel it.</source>
        <translation>Beobachtet einen laufenden Worker für den Supervisor und entscheidet, ob gewartet, er mit seinen Ergebnissen beendet oder abgebrochen wird.</translation>
    </message>
    <message>
        <source>Writes the one-line summary of a finished worker&apos;s result that the lists show.</source>
        <translation>Schreibt die einzeilige Zusammenfassung des Ergebnisses eines fertigen Workers, die die Listen zeigen.</translation>
    </message>
    <message>
        <source>Could not read the agents: %1</source>
        <translation>Die Agenten konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>changes against version %1 not listed</source>
        <translation>Änderungen gegenüber Version %1 nicht aufgeführt</translation>
    </message>
    <message>
        <source>prompt edited</source>
        <translation>Prompt bearbeitet</translation>
    </message>
    <message>
        <source>prompt reset to built-in</source>
        <translation>Prompt auf eingebaut zurückgesetzt</translation>
    </message>
    <message>
        <source>model %1 → %2</source>
        <translation>Modell %1 → %2</translation>
    </message>
    <message>
        <source>temperature %1 → %2</source>
        <translation>Temperatur %1 → %2</translation>
    </message>
    <message>
        <source>max tokens %1 → %2</source>
        <translation>max. Tokens %1 → %2</translation>
    </message>
    <message>
        <source>tools: only %1</source>
        <translation>Werkzeuge: nur %1</translation>
    </message>
    <message>
        <source>tools: all</source>
        <translation>Werkzeuge: alle</translation>
    </message>
    <message>
        <source>tools: %1</source>
        <translation>Werkzeuge: %1</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>keine Änderung</translation>
    </message>
    <message>
        <source>Nothing to save: version %1 already has this tuning.</source>
        <translation>Nichts zu speichern: Version %1 hat diese Einstellung schon.</translation>
    </message>
    <message>
        <source>Saved as version %1. The next request uses it.</source>
        <translation>Als Version %1 gespeichert. Die nächste Anfrage verwendet sie.</translation>
    </message>
    <message>
        <source>Nothing to reset: the agent already has its built-in tuning.</source>
        <translation>Nichts zurückzusetzen: der Agent hat schon seine eingebaute Einstellung.</translation>
    </message>
    <message>
        <source>Reset to the built-in tuning as version %1. The next request uses it.</source>
        <translation>Als Version %1 auf die eingebaute Einstellung zurückgesetzt. Die nächste Anfrage verwendet sie.</translation>
    </message>
</context>
<context>
    <name>zerg::AlertRouting</name>
    <message>
        <source>&apos;%1&apos; is not an alert channel. Use a comma list of notification, email, webhook and sms, or inbox for the task inbox alone.</source>
        <translation>„%1“ ist kein Alarmkanal. Verwenden Sie eine Komma-Liste aus notification, email, webhook und sms, oder inbox nur für den Aufgabeneingang.</translation>
    </message>
</context>
<context>
    <name>zerg::AnthropicChatReply</name>
    <message>
        <source>The request to the Anthropic API was cancelled.</source>
        <translation>Die Anfrage an die Anthropic-API wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 sent nothing for %2 seconds, so the request was stopped. Check your network and the service status, or raise the idle timeout.</source>
        <translation>Die Anthropic-API unter %1 hat %2 Sekunden lang nichts gesendet, daher wurde die Anfrage gestoppt. Prüfen Sie Ihr Netzwerk und den Dienststatus, oder erhöhen Sie das Leerlauf-Timeout.</translation>
    </message>
    <message>
        <source>Could not reach the Anthropic API at %1: %2. Check ZERG_LLM_BASE_URL (the bare root, such as https://api.anthropic.com) and your network.</source>
        <translation>Die Anthropic-API unter %1 ist nicht erreichbar: %2. Prüfen Sie ZERG_LLM_BASE_URL (nur die Basisadresse, etwa https://api.anthropic.com) und Ihr Netzwerk.</translation>
    </message>
    <message>
        <source>The connection to the Anthropic API at %1 broke in the middle of the answer: %2. Try again.</source>
        <translation>Die Verbindung zur Anthropic-API unter %1 ist mitten in der Antwort abgebrochen: %2. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The service is overloaded; try again in a few moments.</source>
        <translation>Der Dienst ist überlastet; versuchen Sie es in ein paar Augenblicken erneut.</translation>
    </message>
    <message>
        <source>You hit a rate limit; wait a moment and try again.</source>
        <translation>Sie haben ein Ratenlimit erreicht; warten Sie einen Moment und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The conversation is too long for the model; start a new one or shorten it.</source>
        <translation>Die Unterhaltung ist zu lang für das Modell; beginnen Sie eine neue oder kürzen Sie sie.</translation>
    </message>
    <message>
        <source>Check the API key in ZERG_LLM_API_KEY.</source>
        <translation>Prüfen Sie den API-Schlüssel in ZERG_LLM_API_KEY.</translation>
    </message>
    <message>
        <source>Try again; if it keeps failing, check the service status and your account.</source>
        <translation>Versuchen Sie es erneut; schlägt es weiter fehl, prüfen Sie den Dienststatus und Ihr Konto.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 reported an error in the middle of the answer (%2). %3</source>
        <translation>Die Anthropic-API unter %1 hat mitten in der Antwort einen Fehler gemeldet (%2). %3</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 closed the stream before message_stop, so the answer is incomplete. Try again.</source>
        <translation>Die Anthropic-API unter %1 hat den Stream vor message_stop geschlossen, die Antwort ist daher unvollständig. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The server at %1 did not send a valid Anthropic Messages stream (%2; Content-Type: %3). Check that ZERG_LLM_BASE_URL is the bare root of an Anthropic API, such as https://api.anthropic.com.</source>
        <translation>Der Server unter %1 hat keinen gültigen Anthropic-Messages-Stream gesendet (%2; Content-Type: %3). Prüfen Sie, ob ZERG_LLM_BASE_URL die Basisadresse einer Anthropic-API ist, etwa https://api.anthropic.com.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 refused the request with HTTP %2 (%3). Check the API key in ZERG_LLM_API_KEY.</source>
        <translation>Die Anthropic-API unter %1 hat die Anfrage mit HTTP %2 abgelehnt (%3). Prüfen Sie den API-Schlüssel in ZERG_LLM_API_KEY.</translation>
    </message>
    <message>
        <source>The conversation is too long for the model &quot;%1&quot; (HTTP %2: %3). Start a new conversation or shorten it.</source>
        <translation>Die Unterhaltung ist zu lang für das Modell &quot;%1&quot; (HTTP %2: %3). Beginnen Sie eine neue Unterhaltung oder kürzen Sie sie.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait %3 seconds and try again, or check your plan&apos;s limits.</source>
        <translation>Die Anthropic-API unter %1 begrenzt die Anfragerate (HTTP 429: %2). Warten Sie %3 Sekunden und versuchen Sie es erneut, oder prüfen Sie die Limits Ihres Tarifs.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is rate limiting requests (HTTP 429: %2). Wait a moment and try again, or check your plan&apos;s limits.</source>
        <translation>Die Anthropic-API unter %1 begrenzt die Anfragerate (HTTP 429: %2). Warten Sie einen Moment und versuchen Sie es erneut, oder prüfen Sie die Limits Ihres Tarifs.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 is overloaded (HTTP %2: %3). Try again in a few moments.</source>
        <translation>Die Anthropic-API unter %1 ist überlastet (HTTP %2: %3). Versuchen Sie es in ein paar Augenblicken erneut.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 answered HTTP 404 (%2). ZERG_LLM_BASE_URL must be the bare root, such as https://api.anthropic.com, and the model &quot;%3&quot; must exist.</source>
        <translation>Die Anthropic-API unter %1 hat mit HTTP 404 geantwortet (%2). ZERG_LLM_BASE_URL muss die Basisadresse sein, etwa https://api.anthropic.com, und das Modell &quot;%3&quot; muss existieren.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 rejected the request with HTTP %2 (%3). Check the model name &quot;%4&quot; and the LLM settings.</source>
        <translation>Die Anthropic-API unter %1 hat die Anfrage mit HTTP %2 zurückgewiesen (%3). Prüfen Sie den Modellnamen &quot;%4&quot; und die LLM-Einstellungen.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 failed with HTTP %2 (%3). Try again later; if it keeps failing, check the service status.</source>
        <translation>Die Anthropic-API unter %1 ist mit HTTP %2 gescheitert (%3). Versuchen Sie es später erneut; schlägt es weiter fehl, prüfen Sie den Dienststatus.</translation>
    </message>
    <message>
        <source>The Anthropic API at %1 sent %2; Zerg stopped reading this answer. Try again; if it happens again, check that ZERG_LLM_BASE_URL is the bare root of an Anthropic API, such as https://api.anthropic.com.</source>
        <translation>Die Anthropic-API unter %1 hat %2 gesendet; Zerg hat das Lesen dieser Antwort abgebrochen. Versuchen Sie es erneut; passiert es wieder, prüfen Sie, ob ZERG_LLM_BASE_URL die Basisadresse einer Anthropic-API ist, etwa https://api.anthropic.com.</translation>
    </message>
</context>
<context>
    <name>zerg::AppTree</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation>Zerg wird beendet</translation>
    </message>
    <message>
        <source>This process does not run the schedules: another Zerg process owns the data folder.</source>
        <translation>Dieser Prozess führt die Zeitpläne nicht aus: Ein anderer Zerg-Prozess besitzt den Datenordner.</translation>
    </message>
</context>
<context>
    <name>zerg::ApprovalPolicy</name>
    <message>
        <source>&quot;%1&quot; is not a host with its approval mode. Write HOST=MODE, for example &quot;web1=read_only&quot;; the modes are autonomous, ask and read_only.</source>
        <translation>„%1“ ist kein Host mit seinem Freigabemodus. Schreiben Sie HOST=MODUS, zum Beispiel „web1=read_only“; die Modi sind autonomous, ask und read_only.</translation>
    </message>
</context>
<context>
    <name>zerg::Approvals</name>
    <message>
        <source>Approval %1 cannot become a rule: only one command without redirections can be always allowed. Allow it once instead.</source>
        <translation>Freigabe %1 kann keine Regel werden: Nur ein einzelner Befehl ohne Umleitungen kann immer erlaubt werden. Erlauben Sie ihn stattdessen einmal.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not the start of the command &quot;%2&quot;. Give the command&apos;s first words, for example &quot;%3&quot;.</source>
        <translation>„%1“ ist nicht der Anfang des Befehls „%2“. Geben Sie die ersten Wörter des Befehls an, zum Beispiel „%3“.</translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n Sekunde</numerusform>
            <numerusform>%n Sekunden</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody answered within %1, so the call was denied.</source>
        <translation>Niemand hat innerhalb von %1 geantwortet, daher wurde der Aufruf abgelehnt.</translation>
    </message>
    <message>
        <source>Nobody answered in time, and the Zerg process that asked is gone; the call did not run.</source>
        <translation>Niemand hat rechtzeitig geantwortet, und der Zerg-Prozess, der gefragt hat, ist nicht mehr da; der Aufruf wurde nicht ausgeführt.</translation>
    </message>
</context>
<context>
    <name>zerg::ApprovalsModel</name>
    <message>
        <source>expires at %1</source>
        <translation>läuft um %1 ab</translation>
    </message>
    <message>
        <source>Could not read the approval requests: %1. Check that the data folder is readable (or the server reachable), then try again.</source>
        <translation>Die Freigabeanfragen konnten nicht gelesen werden: %1. Prüfen Sie, ob der Datenordner lesbar (oder der Server erreichbar) ist, und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Could not read the &quot;always allow&quot; rules: %1.</source>
        <translation>Die Regeln „immer erlauben“ konnten nicht gelesen werden: %1.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>This request was already settled (answered elsewhere, expired or its worker ended); nothing ran because of this answer.</source>
        <translation>Diese Anfrage war schon erledigt (anderswo beantwortet, abgelaufen oder ihr Worker beendet); wegen dieser Antwort lief nichts.</translation>
    </message>
    <message>
        <source>The answer was not recorded: %1</source>
        <translation>Die Antwort wurde nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>The rule was not removed: %1</source>
        <translation>Die Regel wurde nicht entfernt: %1</translation>
    </message>
</context>
<context>
    <name>zerg::Backend</name>
    <message numerus="yes">
        <source>%n more that had not started</source>
        <translation>
            <numerusform>%n weiterer, der nicht gestartet war</numerusform>
            <numerusform>%n weitere, die nicht gestartet waren</numerusform>
        </translation>
    </message>
    <message>
        <source>1 worker was interrupted</source>
        <translation>1 Worker wurde unterbrochen</translation>
    </message>
    <message>
        <source>%1 workers were interrupted</source>
        <translation>%1 Worker wurden unterbrochen</translation>
    </message>
    <message>
        <source>%1 when Zerg last stopped: %2. Their results are incomplete; ask again to rerun them.</source>
        <translation>%1, als Zerg zuletzt beendet wurde: %2. Ihre Ergebnisse sind unvollständig; fragen Sie erneut, um sie noch einmal auszuführen.</translation>
    </message>
    <message>
        <source>Cannot create the data directory %1. Set ZERG_DATA_DIR to a writable folder.</source>
        <translation>Das Datenverzeichnis %1 kann nicht angelegt werden. Setzen Sie ZERG_DATA_DIR auf einen beschreibbaren Ordner.</translation>
    </message>
    <message>
        <source>Owner id %1 is not valid; owner ids start at 1.</source>
        <translation>Die Besitzer-ID %1 ist ungültig; Besitzer-IDs beginnen bei 1.</translation>
    </message>
    <message>
        <source>The background services are not running, so &apos;%1&apos; cannot join them.</source>
        <translation>Die Hintergrunddienste laufen nicht, daher kann „%1“ nicht hinzukommen.</translation>
    </message>
    <message>
        <source>%1=&quot;%2&quot; is not autonomous, ask or read_only; using %3.</source>
        <translation>%1=&quot;%2&quot; ist weder autonomous noch ask noch read_only; es gilt %3.</translation>
    </message>
    <message>
        <source>ZERG_APPROVAL_HOST_MODES: %1 No host has its own mode now.</source>
        <translation>ZERG_APPROVAL_HOST_MODES: %1 Kein Host hat jetzt einen eigenen Modus.</translation>
    </message>
    <message>
        <source>interrupted: the Zerg process running this (%1) stopped, and going on with it here failed: %2</source>
        <translation>unterbrochen: Der Zerg-Prozess, der dies ausführte (%1), wurde beendet, und die Fortsetzung hier ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Zerg is stopping.</source>
        <translation>Zerg wird beendet.</translation>
    </message>
</context>
<context>
    <name>zerg::BudgetMonitor</name>
    <message>
        <source>This request used %1 tokens, over its budget of %2, and was stopped. Ask for something narrower, or raise ZERG_RUN_TOKEN_BUDGET.</source>
        <translation>Diese Anfrage hat %1 Tokens verbraucht, mehr als ihr Budget von %2, und wurde gestoppt. Fragen Sie nach etwas Engerem oder erhöhen Sie ZERG_RUN_TOKEN_BUDGET.</translation>
    </message>
    <message>
        <source>This request cost $%1, over its budget of $%2, and was stopped. Ask for something narrower, or raise ZERG_RUN_COST_BUDGET_USD.</source>
        <translation>Diese Anfrage hat %1 $ gekostet, mehr als ihr Budget von %2 $, und wurde gestoppt. Fragen Sie nach etwas Engerem oder erhöhen Sie ZERG_RUN_COST_BUDGET_USD.</translation>
    </message>
</context>
<context>
    <name>zerg::ChatModel</name>
    <message>
        <source>Stopped: %1.</source>
        <translation>Gestoppt: %1.</translation>
    </message>
    <message>
        <source>Still running when this conversation was loaded; its answer shows in the Threads page when it is done.</source>
        <translation>Lief noch, als dieses Gespräch geladen wurde; die Antwort steht nach dem Ende auf der Seite Threads.</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
    <message>
        <source>No answer was recorded.</source>
        <translation>Es wurde keine Antwort gespeichert.</translation>
    </message>
    <message>
        <source>Earlier conversation summarised: Jarvis remembers it as a summary.</source>
        <translation>Früheres Gespräch zusammengefasst: Jarvis erinnert sich daran als Zusammenfassung.</translation>
    </message>
</context>
<context>
    <name>zerg::ChecksModel</name>
    <message>
        <source>Problems to fix: %1, warnings: %2. Fix the problems, then run the checks again.</source>
        <translation>Zu behebende Probleme: %1, Warnungen: %2. Beheben Sie die Probleme und führen Sie die Prüfungen dann erneut aus.</translation>
    </message>
    <message>
        <source>No problems; warnings: %1.</source>
        <translation>Keine Probleme; Warnungen: %1.</translation>
    </message>
    <message>
        <source>Everything looks fine.</source>
        <translation>Alles sieht gut aus.</translation>
    </message>
    <message>
        <source>This window uses a Zerg server, so the set-up to check is the server&apos;s: run `zerg doctor` on the server.</source>
        <translation>Dieses Fenster verwendet einen Zerg-Server, daher ist die Einrichtung des Servers zu prüfen: Führen Sie `zerg doctor` auf dem Server aus.</translation>
    </message>
</context>
<context>
    <name>zerg::CostsModel</name>
    <message>
        <source>%1%</source>
        <comment>a share in percent</comment>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1
No model calls</source>
        <translation>%1
Keine Modellaufrufe</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s)</source>
        <translation>
            <numerusform>%n Aufruf</numerusform>
            <numerusform>%n Aufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2 tokens in %3
Cost: %4</source>
        <translation>%1
%2 Tokens in %3
Kosten: %4</translation>
    </message>
    <message>
        <source>No model calls recorded yet.</source>
        <translation>Noch keine Modellaufrufe erfasst.</translation>
    </message>
    <message>
        <source>No model calls in the last %1 days. Choose a longer range to see older ones.</source>
        <translation>Keine Modellaufrufe in den letzten %1 Tagen. Wählen Sie einen längeren Zeitraum, um ältere zu sehen.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 Tokens</translation>
    </message>
    <message>
        <source>Could not load the model usage: %1</source>
        <translation>Die Modellnutzung konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>ddd d</source>
        <comment>a chart day label; a QDate format</comment>
        <translation>ddd d.</translation>
    </message>
    <message>
        <source>MMM d</source>
        <comment>a chart day label; a QDate format</comment>
        <translation>d. MMM</translation>
    </message>
    <message>
        <source>(no model name)</source>
        <translation>(kein Modellname)</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>%1 + unknown</source>
        <translation>%1 + unbekannt</translation>
    </message>
    <message>
        <source>%1k</source>
        <comment>thousands, compact</comment>
        <translation>%1 Tsd.</translation>
    </message>
    <message>
        <source>%1M</source>
        <comment>millions, compact</comment>
        <translation>%1 Mio.</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Roundabout decider</source>
        <translation>Roundabout-Entscheider</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <source>(no role)</source>
        <translation>(keine Rolle)</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s) had no known price (model not in the price table); their cost is not included.</source>
        <translation>
            <numerusform>%n Aufruf hatte keinen bekannten Preis (Modell nicht in der Preistabelle); seine Kosten sind nicht enthalten.</numerusform>
            <numerusform>%n Aufrufe hatten keinen bekannten Preis (Modell nicht in der Preistabelle); ihre Kosten sind nicht enthalten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Last %1 days: %2 tokens in %Ln call(s), cost %3</source>
        <translation>
            <numerusform>Letzte %1 Tage: %2 Tokens in %Ln Aufruf, Kosten %3</numerusform>
            <numerusform>Letzte %1 Tage: %2 Tokens in %Ln Aufrufen, Kosten %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::DesktopNotifications</name>
    <message>
        <source>Allow</source>
        <translation>Erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
<context>
    <name>zerg::Doctor</name>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 und %2 weitere</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>from ZERG_LLM_API_KEY</source>
        <translation>aus ZERG_LLM_API_KEY</translation>
    </message>
    <message>
        <source>stored with `zerg key set`</source>
        <translation>gespeichert mit `zerg key set`</translation>
    </message>
    <message>
        <source>Set %1.</source>
        <translation>Setzen Sie %1.</translation>
    </message>
    <message>
        <source> or </source>
        <translation> oder </translation>
    </message>
    <message>
        <source>Set ZERG_LLM_BASE_URL and ZERG_MODEL (or choose a provider in Settings).</source>
        <translation>Setzen Sie ZERG_LLM_BASE_URL und ZERG_MODEL (oder wählen Sie in den Einstellungen einen Anbieter).</translation>
    </message>
    <message>
        <source>Set ZERG_LLM_BASE_URL (or choose a provider in Settings).</source>
        <translation>Setzen Sie ZERG_LLM_BASE_URL (oder wählen Sie in den Einstellungen einen Anbieter).</translation>
    </message>
    <message>
        <source>Set ZERG_MODEL to a model your server offers (e.g. gpt-4o-mini, or qwen2.5:7b on Ollama).</source>
        <translation>Setzen Sie ZERG_MODEL auf ein Modell, das Ihr Server anbietet (z. B. gpt-4o-mini oder qwen2.5:7b auf Ollama).</translation>
    </message>
    <message>
        <source>LLM provider</source>
        <translation>LLM-Anbieter</translation>
    </message>
    <message>
        <source>%1 at %2, API key: %3</source>
        <translation>%1 unter %2, API-Schlüssel: %3</translation>
    </message>
    <message>
        <source>Provider reachable</source>
        <translation>Anbieter erreichbar</translation>
    </message>
    <message>
        <source>Not checked: the provider is not configured.</source>
        <translation>Nicht geprüft: Der Anbieter ist nicht eingerichtet.</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Not checked: the provider did not answer the request.</source>
        <translation>Nicht geprüft: Der Anbieter hat auf die Anfrage nicht geantwortet.</translation>
    </message>
    <message>
        <source>GET %1 failed: %2</source>
        <translation>GET %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Start the LLM server, or set ZERG_LLM_BASE_URL to where it listens (now %1).</source>
        <translation>Starten Sie den LLM-Server, oder setzen Sie ZERG_LLM_BASE_URL auf die Adresse, unter der er lauscht (derzeit %1).</translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): the API key is missing or not accepted.</source>
        <translation>%1 hat die Anfrage abgelehnt (HTTP %2): Der API-Schlüssel fehlt oder wird nicht akzeptiert.</translation>
    </message>
    <message>
        <source>Store the API key with `zerg key set` (or set ZERG_LLM_API_KEY).</source>
        <translation>Speichern Sie den API-Schlüssel mit `zerg key set` (oder setzen Sie ZERG_LLM_API_KEY).</translation>
    </message>
    <message>
        <source>Store a valid API key with `zerg key set` (or set ZERG_LLM_API_KEY); check that it belongs to %1.</source>
        <translation>Speichern Sie einen gültigen API-Schlüssel mit `zerg key set` (oder setzen Sie ZERG_LLM_API_KEY); prüfen Sie, ob er zu %1 gehört.</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2 in %3 ms</source>
        <translation>%1 hat in %3 ms mit HTTP %2 geantwortet</translation>
    </message>
    <message>
        <source>The server does not list its models (GET %1: HTTP %2), so %3 could not be checked.</source>
        <translation>Der Server listet seine Modelle nicht auf (GET %1: HTTP %2), daher konnte %3 nicht geprüft werden.</translation>
    </message>
    <message>
        <source>Nothing to do if `zerg ask &quot;hello&quot;` works; otherwise check ZERG_MODEL and ZERG_WORKER_MODEL against the server&apos;s model names.</source>
        <translation>Nichts zu tun, wenn `zerg ask &quot;hello&quot;` funktioniert; andernfalls gleichen Sie ZERG_MODEL und ZERG_WORKER_MODEL mit den Modellnamen des Servers ab.</translation>
    </message>
    <message>
        <source>Model %1</source>
        <translation>Modell %1</translation>
    </message>
    <message>
        <source>offered by the server; used by: %1</source>
        <translation>vom Server angeboten; verwendet von: %1</translation>
    </message>
    <message>
        <source>not offered by the server (used by: %1). It offers: %2</source>
        <translation>vom Server nicht angeboten (verwendet von: %1). Er bietet an: %2</translation>
    </message>
    <message>
        <source>Set %1 to a model the server offers, or make the server offer %2.</source>
        <translation>Setzen Sie %1 auf ein Modell, das der Server anbietet, oder sorgen Sie dafür, dass der Server %2 anbietet.</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>set ZERG_DATA_DIR to a folder you can write to.</source>
        <translation>setzen Sie ZERG_DATA_DIR auf einen Ordner, in den Sie schreiben können.</translation>
    </message>
    <message>
        <source>%1 is a file, not a folder.</source>
        <translation>%1 ist eine Datei, kein Ordner.</translation>
    </message>
    <message>
        <source>Move the file away, or %1</source>
        <translation>Verschieben Sie die Datei an einen anderen Ort, oder %1</translation>
    </message>
    <message>
        <source>Cannot write in %1: %2</source>
        <translation>In %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Give your user write access (chmod u+rwx %1), or %2</source>
        <translation>Geben Sie Ihrem Benutzer Schreibrechte (chmod u+rwx %1), oder %2</translation>
    </message>
    <message>
        <source>%1 is writable</source>
        <translation>%1 ist beschreibbar</translation>
    </message>
    <message>
        <source>%1 cannot be created: %2 is a file, not a folder.</source>
        <translation>%1 kann nicht angelegt werden: %2 ist eine Datei, kein Ordner.</translation>
    </message>
    <message>
        <source>Correct ZERG_DATA_DIR, or %1</source>
        <translation>Korrigieren Sie ZERG_DATA_DIR, oder %1</translation>
    </message>
    <message>
        <source>%1 does not exist and cannot be created: cannot write in %2 (%3).</source>
        <translation>%1 existiert nicht und kann nicht angelegt werden: In %2 kann nicht geschrieben werden (%3).</translation>
    </message>
    <message>
        <source>Create %1 yourself and give your user write access, or %2</source>
        <translation>Legen Sie %1 selbst an und geben Sie Ihrem Benutzer Schreibrechte, oder %2</translation>
    </message>
    <message>
        <source>%1 does not exist yet; Zerg creates it when it first starts (%2 is writable).</source>
        <translation>%1 existiert noch nicht; Zerg legt es beim ersten Start an (%2 ist beschreibbar).</translation>
    </message>
    <message>
        <source>Free space</source>
        <translation>Freier Speicherplatz</translation>
    </message>
    <message>
        <source>Could not read the free space of the volume of %1.</source>
        <translation>Der freie Speicherplatz des Datenträgers von %1 konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>Check that the volume is mounted (df -h).</source>
        <translation>Prüfen Sie, ob der Datenträger eingehängt ist (df -h).</translation>
    </message>
    <message>
        <source>%1 available on %2</source>
        <translation>%1 verfügbar auf %2</translation>
    </message>
    <message>
        <source>(less than %1)</source>
        <translation>(weniger als %1)</translation>
    </message>
    <message>
        <source>Free space on %1 (old workers: ZERG_RETENTION_DAYS), or set ZERG_DATA_DIR to a folder on a larger volume.</source>
        <translation>Schaffen Sie Platz auf %1 (alte Worker: ZERG_RETENTION_DAYS), oder setzen Sie ZERG_DATA_DIR auf einen Ordner auf einem größeren Datenträger.</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Upgrade Zerg (this is %1), or set ZERG_DATABASE_URL to another database.</source>
        <translation>Aktualisieren Sie Zerg (dies ist %1), oder setzen Sie ZERG_DATABASE_URL auf eine andere Datenbank.</translation>
    </message>
    <message>
        <source>Check ZERG_DATABASE_URL (postgresql://user@host:5432/db), that the server runs and accepts this user (password: PGPASSWORD or ~/.pgpass).</source>
        <translation>Prüfen Sie ZERG_DATABASE_URL (postgresql://user@host:5432/db) und ob der Server läuft und diesen Benutzer akzeptiert (Passwort: PGPASSWORD oder ~/.pgpass).</translation>
    </message>
    <message>
        <source>PostgreSQL %1: schema version %2 of %3. Opening it applied any pending migrations, as every start of Zerg does.</source>
        <translation>PostgreSQL %1: Schema-Version %2 von %3. Beim Öffnen wurden alle ausstehenden Migrationen angewendet, wie bei jedem Start von Zerg.</translation>
    </message>
    <message>
        <source>%1 does not exist yet; Zerg creates it (schema version %2) when it first starts.</source>
        <translation>%1 existiert noch nicht; Zerg legt es (Schema-Version %2) beim ersten Start an.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Check the file&apos;s permissions. If it is damaged, restore it from a backup or move it away: Zerg then creates a new one, and `zerg workers reindex` rebuilds the worker list from the folders on disk.</source>
        <translation>Prüfen Sie die Berechtigungen der Datei. Ist sie beschädigt, stellen Sie sie aus einer Sicherung wieder her oder verschieben Sie sie an einen anderen Ort: Zerg legt dann eine neue an, und `zerg workers reindex` baut die Worker-Liste aus den Ordnern auf dem Datenträger neu auf.</translation>
    </message>
    <message>
        <source>%1 was written by a newer Zerg: schema version %2, this Zerg knows versions up to %3 and refuses to open it.</source>
        <translation>%1 wurde von einem neueren Zerg geschrieben: Schema-Version %2; dieses Zerg kennt Versionen bis %3 und verweigert das Öffnen.</translation>
    </message>
    <message>
        <source>Upgrade Zerg (this is %1), or set ZERG_DATA_DIR to another folder.</source>
        <translation>Aktualisieren Sie Zerg (dies ist %1), oder setzen Sie ZERG_DATA_DIR auf einen anderen Ordner.</translation>
    </message>
    <message>
        <source>%1: schema version %2 of %3; Zerg applies the missing migrations when it next opens it (the doctor read it without changes).</source>
        <translation>%1: Schema-Version %2 von %3; Zerg wendet die fehlenden Migrationen beim nächsten Öffnen an (zerg doctor hat sie ohne Änderungen gelesen).</translation>
    </message>
    <message>
        <source>%1: schema version %2, current (read without changes)</source>
        <translation>%1: Schema-Version %2, aktuell (ohne Änderungen gelesen)</translation>
    </message>
    <message>
        <source>Hosts file</source>
        <translation>Hosts-Datei</translation>
    </message>
    <message>
        <source>The hosts file could not be read: no answer.</source>
        <translation>Die Hosts-Datei konnte nicht gelesen werden: keine Antwort.</translation>
    </message>
    <message>
        <source>Run the checks again.</source>
        <translation>Führen Sie die Prüfungen erneut aus.</translation>
    </message>
    <message>
        <source>Set ZERG_HOSTS_FILE to a hosts file (OpenSSH config format).</source>
        <translation>Setzen Sie ZERG_HOSTS_FILE auf eine Hosts-Datei (OpenSSH-Konfigurationsformat).</translation>
    </message>
    <message>
        <source>Import the servers workers may reach from ~/.ssh/config: zerg hosts import ALIAS (creates %1), or set ZERG_HOSTS_FILE to an existing hosts file.</source>
        <translation>Importieren Sie die Server, die Worker erreichen dürfen, aus ~/.ssh/config: zerg hosts import ALIAS (legt %1 an), oder setzen Sie ZERG_HOSTS_FILE auf eine vorhandene Hosts-Datei.</translation>
    </message>
    <message>
        <source>Correct %1 as the message says, or set ZERG_HOSTS_FILE to another file.</source>
        <translation>Korrigieren Sie %1 wie in der Meldung beschrieben, oder setzen Sie ZERG_HOSTS_FILE auf eine andere Datei.</translation>
    </message>
    <message>
        <source>%1 allows no host, so workers cannot reach any server.</source>
        <translation>%1 erlaubt keinen Host, daher können Worker keinen Server erreichen.</translation>
    </message>
    <message>
        <source>Add a Host block to it, or import one from ~/.ssh/config: zerg hosts import ALIAS</source>
        <translation>Fügen Sie ihr einen Host-Block hinzu oder importieren Sie einen aus ~/.ssh/config: zerg hosts import ALIAS</translation>
    </message>
    <message>
        <source>%1 allows: %2</source>
        <translation>%1 erlaubt: %2</translation>
    </message>
    <message>
        <source>Host %1</source>
        <translation>Host %1</translation>
    </message>
    <message>
        <source>%1: no result within %2 s.</source>
        <translation>%1: kein Ergebnis innerhalb von %2 s.</translation>
    </message>
    <message>
        <source>Check that %1 is up and reachable from this computer.</source>
        <translation>Prüfen Sie, ob %1 läuft und von diesem Rechner aus erreichbar ist.</translation>
    </message>
    <message>
        <source>%1: logged in and ran `true` in %2 ms</source>
        <translation>%1: angemeldet und `true` in %2 ms ausgeführt</translation>
    </message>
    <message>
        <source>%1 answers, but its host key (%2) is not in %3, so Zerg will not log in.</source>
        <translation>%1 antwortet, aber sein Host-Schlüssel (%2) steht nicht in %3, daher meldet sich Zerg nicht an.</translation>
    </message>
    <message>
        <source>Check the fingerprint with the server&apos;s administrator, then run: zerg hosts trust %1</source>
        <translation>Prüfen Sie den Fingerabdruck mit dem Administrator des Servers und führen Sie dann aus: zerg hosts trust %1</translation>
    </message>
    <message>
        <source>SECURITY WARNING: the host key of %1 HAS CHANGED. The server now shows %2, which does not match the key recorded in %3. Someone may be intercepting the connection, or the server was reinstalled. Zerg will not connect.</source>
        <translation>SICHERHEITSWARNUNG: Der Host-Schlüssel von %1 HAT SICH GEÄNDERT. Der Server zeigt jetzt %2, was nicht zu dem in %3 eingetragenen Schlüssel passt. Jemand könnte die Verbindung abhören, oder der Server wurde neu installiert. Zerg stellt keine Verbindung her.</translation>
    </message>
    <message>
        <source>Confirm the new fingerprint with the server&apos;s administrator first. Only if the change is expected: ssh-keygen -R &quot;%1&quot; -f %2, then zerg hosts trust %3</source>
        <translation>Bestätigen Sie zuerst den neuen Fingerabdruck mit dem Administrator des Servers. Nur wenn die Änderung erwartet ist: ssh-keygen -R &quot;%1&quot; -f %2, dann zerg hosts trust %3</translation>
    </message>
    <message>
        <source>Check that %1 is up and accepts your SSH key, and the Host block of %2 (HostName, Port, User, IdentityFile) in %3.</source>
        <translation>Prüfen Sie, ob %1 läuft und Ihren SSH-Schlüssel akzeptiert, sowie den Host-Block von %2 (HostName, Port, User, IdentityFile) in %3.</translation>
    </message>
    <message>
        <source>Local shell sandbox</source>
        <translation>Sandbox der lokalen Shell</translation>
    </message>
    <message>
        <source>bubblewrap works (%1): shell_exec runs commands in its sandbox (read-only system; home folders, /run and the machine&apos;s sockets hidden; no network unless a call asks for it and is allowed).</source>
        <translation>bubblewrap funktioniert (%1): shell_exec führt Befehle in seiner Sandbox aus (schreibgeschütztes System; Home-Ordner, /run und die Sockets des Rechners verborgen; kein Netzwerk, außer ein Aufruf verlangt es und wird erlaubt).</translation>
    </message>
    <message>
        <source>restricted mode chosen (ZERG_SHELL_SANDBOX=restricted): shell_exec runs commands without a sandbox, as your user and with network access, with a clean environment and resource limits.</source>
        <translation>eingeschränkter Modus gewählt (ZERG_SHELL_SANDBOX=restricted): shell_exec führt Befehle ohne Sandbox aus, als Ihr Benutzer und mit Netzwerkzugriff, mit einer sauberen Umgebung und Ressourcengrenzen.</translation>
    </message>
    <message>
        <source>bubblewrap works here: set ZERG_SHELL_SANDBOX=auto to run commands in its sandbox.</source>
        <translation>bubblewrap funktioniert hier: Setzen Sie ZERG_SHELL_SANDBOX=auto, um Befehle in seiner Sandbox auszuführen.</translation>
    </message>
    <message>
        <source>To run commands in a sandbox: %1, with ZERG_SHELL_SANDBOX=auto (bubblewrap cannot run now: %2).</source>
        <translation>Um Befehle in einer Sandbox auszuführen: %1, mit ZERG_SHELL_SANDBOX=auto (bubblewrap kann jetzt nicht laufen: %2).</translation>
    </message>
    <message>
        <source>shell_exec is unavailable: bubblewrap cannot run here (%1), and Zerg runs local commands only in its sandbox unless you choose otherwise. Every shell_exec call is refused.</source>
        <translation>shell_exec ist nicht verfügbar: bubblewrap kann hier nicht laufen (%1), und Zerg führt lokale Befehle nur in seiner Sandbox aus, außer Sie wählen etwas anderes. Jeder shell_exec-Aufruf wird abgelehnt.</translation>
    </message>
    <message>
        <source>To fix it, %1; or, to run commands without a sandbox, set ZERG_SHELL_SANDBOX=restricted.</source>
        <translation>Zur Behebung: %1; oder, um Befehle ohne Sandbox auszuführen, setzen Sie ZERG_SHELL_SANDBOX=restricted.</translation>
    </message>
    <message>
        <source>%1 Zerg uses auto.</source>
        <translation>%1 Zerg verwendet auto.</translation>
    </message>
    <message>
        <source>Set ZERG_SHELL_SANDBOX to auto, bubblewrap or restricted.</source>
        <translation>Setzen Sie ZERG_SHELL_SANDBOX auf auto, bubblewrap oder restricted.</translation>
    </message>
    <message>
        <source>MCP servers (mcp.json)</source>
        <translation>MCP-Server (mcp.json)</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n server(s).</source>
        <translation>
            <numerusform>%1: %n Server.</numerusform>
            <numerusform>%1: %n Server.</numerusform>
        </translation>
    </message>
    <message>
        <source>Fix these entries in %1 (docs/mcp.md); the other servers run.</source>
        <translation>Beheben Sie diese Einträge in %1 (docs/mcp.md); die anderen Server laufen.</translation>
    </message>
    <message>
        <source>MCP server %1</source>
        <translation>MCP-Server %1</translation>
    </message>
    <message numerus="yes">
        <source>Started; %n tool(s).</source>
        <translation>
            <numerusform>Gestartet; %n Tool.</numerusform>
            <numerusform>Gestartet; %n Tools.</numerusform>
        </translation>
    </message>
    <message>
        <source>Disabled in mcp.json.</source>
        <translation>In mcp.json ausgeschaltet.</translation>
    </message>
    <message>
        <source>It did not start in time.</source>
        <translation>Er ist nicht rechtzeitig gestartet.</translation>
    </message>
    <message>
        <source>Check &quot;command&quot; and &quot;args&quot; of %1 in mcp.json; try it with `zerg mcp tools %1`. Its tools are unavailable until it starts.</source>
        <translation>Prüfen Sie &quot;command&quot; und &quot;args&quot; von %1 in mcp.json; probieren Sie es mit `zerg mcp tools %1`. Seine Tools sind nicht verfügbar, bis er startet.</translation>
    </message>
    <message>
        <source>Check &quot;url&quot; and &quot;headers&quot; of %1 in mcp.json, and that the server runs; try it with `zerg mcp tools %1`.</source>
        <translation>Prüfen Sie &quot;url&quot; und &quot;headers&quot; von %1 in mcp.json und ob der Server läuft; probieren Sie es mit `zerg mcp tools %1`.</translation>
    </message>
    <message>
        <source>docs/alerts.md says what each setting is.</source>
        <translation>docs/alerts.md erklärt jede Einstellung.</translation>
    </message>
    <message>
        <source>Approval links (ntfy)</source>
        <translation>Freigabe-Links (ntfy)</translation>
    </message>
    <message>
        <source>zerg serve pushes approval requests to ntfy at %1, with one-time links under %2.</source>
        <translation>zerg serve schickt Freigabeanfragen an ntfy auf %1, mit Einmal-Links unter %2.</translation>
    </message>
    <message>
        <source>Replies by e-mail</source>
        <translation>Antworten per E-Mail</translation>
    </message>
    <message>
        <source>Replies are read from %1 on %2:%3; they count from %4. The mailbox&apos;s password is tried when Zerg starts, not here.</source>
        <translation>Antworten werden aus %1 auf %2:%3 gelesen; sie zählen von %4. Das Passwort des Postfachs wird beim Start von Zerg geprüft, nicht hier.</translation>
    </message>
    <message>
        <source>SMS</source>
        <translation>SMS</translation>
    </message>
    <message>
        <source>Set what is named (Settings › Notifications, or the ZERG_SMS_* variables). %1</source>
        <translation>Setzen Sie, was genannt ist (Einstellungen › Benachrichtigungen oder die Variablen ZERG_SMS_*). %1</translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2, but replies are not read: %3</source>
        <translation>SMS-Warnungen gehen über %2 an %1, aber Antworten werden nicht gelesen: %3</translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2. Replies are not read: for them, run zerg serve with ZERG_PUBLIC_URL.</source>
        <translation>SMS-Warnungen gehen über %2 an %1. Antworten werden nicht gelesen: Dafür zerg serve mit ZERG_PUBLIC_URL ausführen.</translation>
    </message>
    <message>
        <source>SMS alerts go to %1 through %2; under zerg serve, replies come to %3.</source>
        <translation>SMS-Warnungen gehen über %2 an %1; unter zerg serve kommen Antworten an %3.</translation>
    </message>
    <message>
        <source>the %1 agent&apos;s model in Dashboard › Agents</source>
        <translation>das Modell des Agenten %1 in Dashboard › Agenten</translation>
    </message>
</context>
<context>
    <name>zerg::Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
</context>
<context>
    <name>zerg::EmailInvocation</name>
    <message>
        <source>cancelled; the message may or may not have been sent</source>
        <translation>abgebrochen; die Nachricht wurde möglicherweise gesendet, möglicherweise nicht</translation>
    </message>
</context>
<context>
    <name>zerg::HealthMonitor</name>
    <message>
        <source>no progress for %1 s (health monitor)</source>
        <translation>kein Fortschritt seit %1 s (Health-Monitor)</translation>
    </message>
</context>
<context>
    <name>zerg::HeuristicDecider</name>
    <message>
        <source>%1 has been running for %2 s, longer than the %3 s limit. Decided by the heuristic fallback because no decider model is configured; configure a decider model to have long commands judged by what they do.</source>
        <translation>%1 läuft seit %2 s, länger als das Limit von %3 s. Vom heuristischen Ersatz entschieden, weil kein Entscheider-Modell eingerichtet ist; richten Sie ein Entscheider-Modell ein, damit lange Befehle danach beurteilt werden, was sie tun.</translation>
    </message>
</context>
<context>
    <name>zerg::HostsModel</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Connected and ran a command as %1 in %2 ms.</source>
        <translation>Verbunden und einen Befehl als %1 in %2 ms ausgeführt.</translation>
    </message>
    <message>
        <source>Fetching the host key of %1…</source>
        <translation>Host-Schlüssel von %1 wird abgerufen…</translation>
    </message>
    <message>
        <source>The key matches the one recorded in %1.</source>
        <translation>Der Schlüssel stimmt mit dem in %1 eingetragenen überein.</translation>
    </message>
    <message>
        <source>Not recorded yet. Compare the fingerprint with what the server&apos;s administrator sees (on the server: ssh-keygen -lf /etc/ssh/ssh_host_%1_key.pub), then trust it.</source>
        <translation>Noch nicht eingetragen. Vergleichen Sie den Fingerabdruck mit dem, was der Administrator des Servers sieht (auf dem Server: ssh-keygen -lf /etc/ssh/ssh_host_%1_key.pub), und vertrauen Sie ihm dann.</translation>
    </message>
    <message>
        <source>Trusted: the key is recorded in %1. Workers can now reach %2.</source>
        <translation>Vertraut: Der Schlüssel ist in %1 eingetragen. Worker können %2 jetzt erreichen.</translation>
    </message>
    <message>
        <source>Could not load the hosts: %1</source>
        <translation>Die Hosts konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>The port &quot;%1&quot; is not a number: give one from 1 to 65535 (SSH&apos;s usual port is 22).</source>
        <translation>Der Port „%1“ ist keine Zahl: Geben Sie eine von 1 bis 65535 an (der übliche SSH-Port ist 22).</translation>
    </message>
    <message>
        <source>Added %1.</source>
        <translation>%1 hinzugefügt.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Removed %1: workers can no longer reach it.</source>
        <translation>%1 entfernt: Worker können ihn nicht mehr erreichen.</translation>
    </message>
    <message>
        <source>Imported %1. Check each host&apos;s key (Check key), then trust it.</source>
        <translation>%1 importiert. Prüfen Sie den Schlüssel jedes Hosts („Schlüssel prüfen“) und vertrauen Sie ihm dann.</translation>
    </message>
</context>
<context>
    <name>zerg::HttpInvocation</name>
    <message>
        <source>No complete answer from %1 within %2 s; the request was stopped. Try again later or with a larger timeout_secs.</source>
        <translation>Keine vollständige Antwort von %1 innerhalb von %2 s; die Anfrage wurde gestoppt. Versuchen Sie es später erneut oder mit einem größeren timeout_secs.</translation>
    </message>
    <message>
        <source>The response from %1 is larger than %2 bytes (at least %3); the download was stopped. Ask for less (a range, a page, a filter) or fetch it with shell_exec.</source>
        <translation>Die Antwort von %1 ist größer als %2 Bytes (mindestens %3); der Download wurde gestoppt. Fragen Sie nach weniger (ein Bereich, eine Seite, ein Filter) oder holen Sie sie mit shell_exec.</translation>
    </message>
    <message>
        <source>Could not reach %1: %2. Check the URL and that the server is up.</source>
        <translation>%1 ist nicht erreichbar: %2. Prüfen Sie die URL und ob der Server läuft.</translation>
    </message>
    <message>
        <source>The TLS handshake with %1 failed: %2. The server&apos;s certificate is not trusted here.</source>
        <translation>Der TLS-Handshake mit %1 ist fehlgeschlagen: %2. Dem Zertifikat des Servers wird hier nicht vertraut.</translation>
    </message>
    <message>
        <source>%1 stopped answering: %2. Try again later.</source>
        <translation>%1 antwortet nicht mehr: %2. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The request to %1 failed: %2.</source>
        <translation>Die Anfrage an %1 ist fehlgeschlagen: %2.</translation>
    </message>
    <message>
        <source>%1 redirected more than %2 times (last to %3); giving up. Check the URL, or set follow_redirects to false to see the first redirect.</source>
        <translation>%1 hat mehr als %2-mal weitergeleitet (zuletzt nach %3); Abbruch. Prüfen Sie die URL oder setzen Sie follow_redirects auf false, um die erste Weiterleitung zu sehen.</translation>
    </message>
    <message>
        <source>%1 redirected to %2, which is not followed (only http(s), never from https down to http). Request that URL yourself if you trust it.</source>
        <translation>%1 hat nach %2 weitergeleitet, dem nicht gefolgt wird (nur http(s), nie von https herunter auf http). Rufen Sie diese URL selbst ab, wenn Sie ihr vertrauen.</translation>
    </message>
    <message>
        <source>Could not find the address of %1: %2. Check the host name in the URL.</source>
        <translation>Die Adresse von %1 wurde nicht gefunden: %2. Prüfen Sie den Hostnamen in der URL.</translation>
    </message>
    <message>
        <source>%1 is %2.</source>
        <translation>%1 ist %2.</translation>
    </message>
    <message>
        <source>%1 resolves to %2, %3.</source>
        <translation>%1 wird zu %2 aufgelöst, %3.</translation>
    </message>
    <message>
        <source>%1 redirected to %2.</source>
        <translation>%1 hat zu %2 weitergeleitet.</translation>
    </message>
    <message>
        <source>Zerg does not send requests to loopback, link-local or private addresses unless they are allowed in Settings › Approvals › Allowed addresses (ZERG_HTTP_ALLOWED_ADDRESSES).</source>
        <translation>Zerg sendet keine Anfragen an Loopback-, Link-Local- oder private Adressen, außer sie sind unter Einstellungen › Freigaben › Erlaubte Adressen (ZERG_HTTP_ALLOWED_ADDRESSES) erlaubt.</translation>
    </message>
</context>
<context>
    <name>zerg::HttpTransport</name>
    <message>
        <source>&apos;%1&apos; is not an http or https URL. Check &quot;url&quot; in mcp.json.</source>
        <translation>„%1“ ist keine http- oder https-URL. Prüfen Sie &quot;url&quot; in mcp.json.</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>initialize: the server sent an Mcp-Session-Id with characters other than visible ASCII; it was ignored</source>
        <translation>initialize: Der Server hat eine Mcp-Session-Id mit anderen Zeichen als sichtbarem ASCII geschickt; sie wurde ignoriert</translation>
    </message>
    <message>
        <source>the server&apos;s answer is larger than %1 MiB</source>
        <translation>die Antwort des Servers ist größer als %1 MiB</translation>
    </message>
    <message>
        <source>%1 (event stream, not JSON-RPC): %2</source>
        <translation>%1 (Ereignisstrom, kein JSON-RPC): %2</translation>
    </message>
    <message>
        <source>the server&apos;s event stream sent %1</source>
        <translation>der Ereignisstrom des Servers hat %1 geschickt</translation>
    </message>
    <message>
        <source>the answer from %1 was cut off (%2)</source>
        <translation>die Antwort von %1 wurde abgeschnitten (%2)</translation>
    </message>
    <message>
        <source>the server answered HTTP %1 without a JSON or event-stream body</source>
        <translation>der Server hat HTTP %1 ohne JSON- oder Ereignisstrom-Inhalt geantwortet</translation>
    </message>
    <message>
        <source>%1: the event stream broke (%2)</source>
        <translation>%1: der Ereignisstrom ist abgebrochen (%2)</translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response (%1)</source>
        <translation>der Ereignisstrom dieses Aufrufs ist vor seiner Antwort abgebrochen (%1)</translation>
    </message>
    <message>
        <source>the server ended the event stream for this call without its response</source>
        <translation>der Server hat den Ereignisstrom dieses Aufrufs ohne dessen Antwort beendet</translation>
    </message>
    <message>
        <source>the server answered HTTP %1 with an empty body</source>
        <translation>der Server hat HTTP %1 ohne Inhalt geantwortet</translation>
    </message>
    <message>
        <source>the server&apos;s answer is not JSON-RPC: %1</source>
        <translation>die Antwort des Servers ist kein JSON-RPC: %1</translation>
    </message>
    <message>
        <source>the server&apos;s answer did not contain the response to this call</source>
        <translation>die Antwort des Servers enthielt die Antwort auf diesen Aufruf nicht</translation>
    </message>
    <message>
        <source>the server ended the session (HTTP 404); it will be started again</source>
        <translation>der Server hat die Sitzung beendet (HTTP 404); sie wird neu gestartet</translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response and the server refused to resume it (HTTP %1)%2</source>
        <translation>der Ereignisstrom dieses Aufrufs ist vor seiner Antwort abgebrochen, und der Server hat die Fortsetzung abgelehnt (HTTP %1)%2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2</source>
        <translation>HTTP %1 von %2</translation>
    </message>
    <message>
        <source>HTTP %1 from %2: %3</source>
        <translation>HTTP %1 von %2: %3</translation>
    </message>
    <message>
        <source>the event stream for this call broke before its response and resuming it failed (%1)</source>
        <translation>der Ereignisstrom dieses Aufrufs ist vor seiner Antwort abgebrochen, und die Fortsetzung ist fehlgeschlagen (%1)</translation>
    </message>
    <message>
        <source>the server at %1 is unreachable: %2 requests in a row failed (last: %3)</source>
        <translation>der Server unter %1 ist nicht erreichbar: %2 Anfragen nacheinander sind fehlgeschlagen (zuletzt: %3)</translation>
    </message>
    <message>
        <source>could not reach the server at %1 (%2)</source>
        <translation>der Server unter %1 war nicht erreichbar (%2)</translation>
    </message>
    <message>
        <source>%1; gave up after %2 attempts to resume it</source>
        <translation>%1; nach %2 Versuchen, ihn fortzusetzen, aufgegeben</translation>
    </message>
    <message>
        <source> The server said: %1</source>
        <translation> Der Server sagte: %1</translation>
    </message>
    <message>
        <source>the server at %1 redirects to %2 (HTTP %3). Zerg does not follow redirects to another server, since the headers hold tokens; put the final URL in mcp.json if you trust it.</source>
        <translation>der Server unter %1 leitet nach %2 um (HTTP %3). Zerg folgt keinen Umleitungen zu einem anderen Server, weil die Header Tokens enthalten; tragen Sie die endgültige URL in mcp.json ein, wenn Sie ihr vertrauen.</translation>
    </message>
    <message>
        <source>an unknown address</source>
        <translation>eine unbekannte Adresse</translation>
    </message>
    <message>
        <source>the server at %1 refused access (HTTP %2). Check the headers/token for this server in mcp.json.%3</source>
        <translation>der Server unter %1 hat den Zugriff verweigert (HTTP %2). Prüfen Sie die Header bzw. das Token für diesen Server in mcp.json.%3</translation>
    </message>
    <message>
        <source>the server at %1 answered HTTP 404: there is no MCP endpoint at this address. Check &quot;url&quot; in mcp.json (servers often use a path like /mcp).%2</source>
        <translation>der Server unter %1 hat HTTP 404 geantwortet: Unter dieser Adresse gibt es keinen MCP-Endpunkt. Prüfen Sie &quot;url&quot; in mcp.json (Server verwenden oft einen Pfad wie /mcp).%2</translation>
    </message>
    <message>
        <source>the server at %1 does not accept POST (HTTP %2). Is it a Streamable HTTP MCP endpoint? Servers that only speak the older HTTP+SSE transport are not supported.</source>
        <translation>der Server unter %1 nimmt kein POST an (HTTP %2). Ist es ein Streamable-HTTP-MCP-Endpunkt? Server, die nur den älteren HTTP+SSE-Transport sprechen, werden nicht unterstützt.</translation>
    </message>
    <message>
        <source>the server at %1 answered the initialize request with HTTP %2.%3</source>
        <translation>der Server unter %1 hat die initialize-Anfrage mit HTTP %2 beantwortet.%3</translation>
    </message>
    <message>
        <source>could not connect to %1 (connection refused). Is the server running at %1?</source>
        <translation>keine Verbindung zu %1 (Verbindung abgelehnt). Läuft der Server unter %1?</translation>
    </message>
    <message>
        <source>could not find the host of %1 (%2). Check &quot;url&quot; in mcp.json.</source>
        <translation>der Host von %1 wurde nicht gefunden (%2). Prüfen Sie &quot;url&quot; in mcp.json.</translation>
    </message>
    <message>
        <source>the TLS connection to %1 failed (%2). Check the server&apos;s certificate, and whether the URL should start with http:// or https://.</source>
        <translation>die TLS-Verbindung zu %1 ist fehlgeschlagen (%2). Prüfen Sie das Zertifikat des Servers und ob die URL mit http:// oder https:// beginnen sollte.</translation>
    </message>
    <message>
        <source>the server at %1 redirects elsewhere (%2). Zerg does not follow redirects to another server; put the final URL in mcp.json if you trust it.</source>
        <translation>der Server unter %1 leitet anderswohin um (%2). Zerg folgt keinen Umleitungen zu einem anderen Server; tragen Sie die endgültige URL in mcp.json ein, wenn Sie ihr vertrauen.</translation>
    </message>
    <message>
        <source>could not reach the server at %1 (%2). Is it running, and is &quot;url&quot; in mcp.json right?</source>
        <translation>der Server unter %1 war nicht erreichbar (%2). Läuft er, und stimmt &quot;url&quot; in mcp.json?</translation>
    </message>
</context>
<context>
    <name>zerg::ImapWatcher</name>
    <message>
        <source>The TLS certificate of the IMAP server %1 is not trusted (%2). Give its CA with ZERG_IMAP_CA_FILE, or fix the server&apos;s certificate.</source>
        <translation>Dem TLS-Zertifikat des IMAP-Servers %1 wird nicht vertraut (%2). Geben Sie seine Zertifizierungsstelle mit ZERG_IMAP_CA_FILE an oder korrigieren Sie das Zertifikat des Servers.</translation>
    </message>
    <message>
        <source>The connection to the IMAP server %1:%2 failed: %3. Check ZERG_IMAP_HOST, ZERG_IMAP_PORT and ZERG_IMAP_TLS, and that the server is reachable.</source>
        <translation>Die Verbindung zum IMAP-Server %1:%2 ist fehlgeschlagen: %3. Prüfen Sie ZERG_IMAP_HOST, ZERG_IMAP_PORT und ZERG_IMAP_TLS und ob der Server erreichbar ist.</translation>
    </message>
    <message>
        <source>The IMAP server %1 did not answer within %2 s.</source>
        <translation>Der IMAP-Server %1 hat nicht innerhalb von %2 s geantwortet.</translation>
    </message>
    <message>
        <source>The IMAP server %1 sent a reply larger than %2 MB.</source>
        <translation>Der IMAP-Server %1 hat eine Antwort größer als %2 MB gesendet.</translation>
    </message>
    <message>
        <source>The IMAP server %1 refused the connection: %2</source>
        <translation>Der IMAP-Server %1 hat die Verbindung abgelehnt: %2</translation>
    </message>
    <message>
        <source>The IMAP server %1 closed the connection: %2</source>
        <translation>Der IMAP-Server %1 hat die Verbindung beendet: %2</translation>
    </message>
    <message>
        <source>The IMAP server %1 does not offer STARTTLS (%2). Use ZERG_IMAP_TLS=implicit (port 993) if it offers TLS there.</source>
        <translation>Der IMAP-Server %1 bietet kein STARTTLS an (%2). Verwenden Sie ZERG_IMAP_TLS=implicit (Port 993), wenn er dort TLS anbietet.</translation>
    </message>
    <message>
        <source>The IMAP server %1 allows no login without TLS. Set ZERG_IMAP_TLS to starttls or implicit.</source>
        <translation>Der IMAP-Server %1 erlaubt keine Anmeldung ohne TLS. Setzen Sie ZERG_IMAP_TLS auf starttls oder implicit.</translation>
    </message>
    <message>
        <source>The IMAP server %1 refused the login of %2: %3. Check ZERG_IMAP_USER and the imap_password secret.</source>
        <translation>Der IMAP-Server %1 hat die Anmeldung von %2 abgelehnt: %3. Prüfen Sie ZERG_IMAP_USER und das Geheimnis imap_password.</translation>
    </message>
    <message>
        <source>The IMAP server %1 has no mailbox &quot;%2&quot; for %3: %4. Check ZERG_IMAP_MAILBOX.</source>
        <translation>Der IMAP-Server %1 hat kein Postfach „%2“ für %3: %4. Prüfen Sie ZERG_IMAP_MAILBOX.</translation>
    </message>
    <message>
        <source>The IMAP server %1 answered a search with: %2</source>
        <translation>Der IMAP-Server %1 hat eine Suche so beantwortet: %2</translation>
    </message>
</context>
<context>
    <name>zerg::InboxModel</name>
    <message>
        <source>That result is no longer in the inbox. Close it and pick another one.</source>
        <translation>Dieses Ergebnis ist nicht mehr im Posteingang. Schließen Sie es und wählen Sie ein anderes.</translation>
    </message>
    <message>
        <source>Write what you want to know or have done about this result, then send.</source>
        <translation>Schreiben Sie, was Sie zu diesem Ergebnis wissen möchten oder erledigt haben wollen, und senden Sie dann.</translation>
    </message>
    <message>
        <source>That result is no longer in the inbox, so there is nothing to reply to.</source>
        <translation>Dieses Ergebnis ist nicht mehr im Posteingang, es gibt also nichts, worauf Sie antworten könnten.</translation>
    </message>
    <message>
        <source>Scheduled check</source>
        <translation>Geplante Prüfung</translation>
    </message>
    <message>
        <source>ddd d MMM yyyy HH:mm</source>
        <comment>when a result came in; a QDateTime format</comment>
        <translation>ddd, d. MMM yyyy, HH:mm</translation>
    </message>
    <message>
        <source>About the scheduled check &quot;%1&quot; (%2), which found:
%3

%4</source>
        <translation>Zur geplanten Prüfung &quot;%1&quot; (%2), die Folgendes gefunden hat:
%3

%4</translation>
    </message>
    <message>
        <source>Could not read the task inbox: %1. Check that the data folder is readable (or the server reachable), then reopen the inbox.</source>
        <translation>Der Aufgaben-Eingang konnte nicht gelesen werden: %1. Prüfen Sie, ob der Datenordner lesbar (oder der Server erreichbar) ist, und öffnen Sie den Eingang dann erneut.</translation>
    </message>
    <message>
        <source>Could not mark the result as read: %1. Check that the data folder is writable (or the server reachable).</source>
        <translation>Das Ergebnis konnte nicht als gelesen markiert werden: %1. Prüfen Sie, ob der Datenordner beschreibbar (oder der Server erreichbar) ist.</translation>
    </message>
    <message>
        <source>Could not mark the results as read: %1. Check that the data folder is writable (or the server reachable).</source>
        <translation>Die Ergebnisse konnten nicht als gelesen markiert werden: %1. Prüfen Sie, ob der Datenordner beschreibbar (oder der Server erreichbar) ist.</translation>
    </message>
</context>
<context>
    <name>zerg::InstanceLease</name>
    <message>
        <source>Zerg stopped before an answer; the call did not run.</source>
        <translation>Zerg wurde vor einer Antwort beendet; der Aufruf wurde nicht ausgeführt.</translation>
    </message>
</context>
<context>
    <name>zerg::JarvisController</name>
    <message>
        <source>Jarvis has not yet confirmed your previous question; send this one again once it has.</source>
        <translation>Jarvis hat Ihre vorige Frage noch nicht bestätigt; senden Sie diese erneut, sobald er es getan hat.</translation>
    </message>
    <message>
        <source>Could not load the earlier conversation: %1</source>
        <translation>Das frühere Gespräch konnte nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>(a code block, shown in the chat)</source>
        <translation>(ein Codeblock, im Chat zu sehen)</translation>
    </message>
    <message>
        <source>Jarvis answered: %1</source>
        <translation>Jarvis hat geantwortet: %1</translation>
    </message>
    <message>
        <source>Jarvis could not answer: %1</source>
        <translation>Jarvis konnte nicht antworten: %1</translation>
    </message>
    <message>
        <source>What was said by voice was not saved in the conversation: %1</source>
        <translation>Das gesprochene Gespräch wurde nicht im Verlauf gespeichert: %1</translation>
    </message>
</context>
<context>
    <name>zerg::JarvisService</name>
    <message>
        <source>[SCHEDULED CHECK] %1

This runs in the background: nobody is waiting in the chat, and your answer goes to the user&apos;s task inbox. Check what is asked, then answer briefly with what you found. End with a line of its own saying how urgent it is: &quot;Severity: info&quot; (nothing needs doing), &quot;Severity: warning&quot; (needs attention soon) or &quot;Severity: critical&quot; (needs attention now).</source>
        <translation>[GEPLANTE PRÜFUNG] %1

Dies läuft im Hintergrund: Niemand wartet im Chat, und Ihre Antwort geht in den Aufgaben-Posteingang des Benutzers. Prüfen Sie, was verlangt ist, und antworten Sie dann kurz mit dem, was Sie gefunden haben. Schließen Sie mit einer eigenen Zeile, die sagt, wie dringend es ist: &quot;Severity: info&quot; (nichts zu tun), &quot;Severity: warning&quot; (braucht bald Aufmerksamkeit) oder &quot;Severity: critical&quot; (braucht sofort Aufmerksamkeit).</translation>
    </message>
    <message>
        <source>Type a question first.</source>
        <translation>Geben Sie zuerst eine Frage ein.</translation>
    </message>
    <message>
        <source>Jarvis is still working on the previous request. Wait for it to finish or stop it (Escape) before asking again.</source>
        <translation>Jarvis arbeitet noch an der vorigen Anfrage. Warten Sie, bis sie fertig ist, oder stoppen Sie sie (Escape), bevor Sie erneut fragen.</translation>
    </message>
    <message>
        <source>Condensing older conversation…</source>
        <translation>Ältere Unterhaltung wird verdichtet…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message>
        <source>Reading the results…</source>
        <translation>Liest die Ergebnisse…</translation>
    </message>
    <message>
        <source>the run was cancelled by the user</source>
        <translation>der Lauf wurde vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <source>cancelled by the user</source>
        <translation>vom Benutzer abgebrochen</translation>
    </message>
    <message>
        <source>This request took longer than %1 s and was stopped (ask again to continue, or raise ZERG_RUN_TIMEOUT_SECONDS).</source>
        <translation>Diese Anfrage hat länger als %1 s gedauert und wurde gestoppt (fragen Sie erneut, um fortzufahren, oder erhöhen Sie ZERG_RUN_TIMEOUT_SECONDS).</translation>
    </message>
    <message>
        <source>Nothing was finished yet.</source>
        <translation>Es wurde noch nichts abgeschlossen.</translation>
    </message>
    <message>
        <source>What was found so far:</source>
        <translation>Was bisher gefunden wurde:</translation>
    </message>
    <message>
        <source>I&apos;ll escalate this to the supervisor for a deeper check…</source>
        <translation>Ich gebe das zur gründlicheren Prüfung an den Supervisor weiter…</translation>
    </message>
    <message>
        <source>too many requests failed in a short time (more than %1 restarts in %2 s), so this one was stopped with them</source>
        <translation>zu viele Anfragen sind in kurzer Zeit gescheitert (mehr als %1 Neustarts in %2 s), daher wurde diese mit ihnen gestoppt</translation>
    </message>
    <message>
        <source>Retrying after a temporary error…</source>
        <translation>Neuer Versuch nach einem vorübergehenden Fehler …</translation>
    </message>
    <message>
        <source>Trying once more after an error…</source>
        <translation>Noch ein Versuch nach einem Fehler …</translation>
    </message>
    <message numerus="yes">
        <source>Sorry, I couldn&apos;t finish this: %1 (after %n attempts).</source>
        <translation>
            <numerusform>Das konnte ich leider nicht zu Ende bringen: %1 (nach %n Versuch).</numerusform>
            <numerusform>Das konnte ich leider nicht zu Ende bringen: %1 (nach %n Versuchen).</numerusform>
        </translation>
    </message>
    <message>
        <source>Check the model provider&apos;s API key (ZERG_LLM_API_KEY), then ask again.</source>
        <translation>Prüfe den API-Schlüssel des Modellanbieters (ZERG_LLM_API_KEY) und frag dann noch einmal.</translation>
    </message>
    <message>
        <source>The model provider seems to be having trouble; please try again in a few minutes.</source>
        <translation>Der Modellanbieter scheint Probleme zu haben; bitte versuch es in ein paar Minuten noch einmal.</translation>
    </message>
    <message>
        <source>Asking again, perhaps more narrowly, may help.</source>
        <translation>Noch einmal zu fragen, vielleicht enger gefasst, kann helfen.</translation>
    </message>
    <message>
        <source>Asking again will not help until that is fixed.</source>
        <translation>Noch einmal zu fragen hilft erst, wenn das behoben ist.</translation>
    </message>
    <message>
        <source>If this keeps happening, `zerg doctor` checks the setup.</source>
        <translation>Wenn das wieder passiert, prüft `zerg doctor` die Einrichtung.</translation>
    </message>
    <message>
        <source>The approval mode for %1 is read-only: report what you would do and why, so that the user can decide.</source>
        <translation>Der Freigabemodus für %1 ist read-only: Berichte, was du tun würdest und warum, damit der Benutzer entscheiden kann.</translation>
    </message>
    <message>
        <source>Changes need the user&apos;s approval, which only a worker can ask for: spawn a worker for it.</source>
        <translation>Änderungen brauchen die Freigabe des Benutzers, die nur ein Worker erfragen kann: Starte dafür einen Worker.</translation>
    </message>
    <message>
        <source>Not run: %1 may change a system (%2). %3</source>
        <translation>Nicht ausgeführt: %1 kann ein System ändern (%2). %3</translation>
    </message>
    <message>
        <source>Nothing was said and nothing answered.</source>
        <translation>Es wurde nichts gesagt und nichts geantwortet.</translation>
    </message>
    <message>
        <source>(spoken, not transcribed)</source>
        <translation>(gesprochen, nicht transkribiert)</translation>
    </message>
    <message>
        <source>Jarvis is working on another request of this user here.</source>
        <translation>Jarvis arbeitet hier an einer anderen Anfrage dieses Benutzers.</translation>
    </message>
    <message>
        <source>No run %1 of this user.</source>
        <translation>Kein Lauf %1 dieses Benutzers.</translation>
    </message>
    <message>
        <source>Run %1 is not a request in progress.</source>
        <translation>Lauf %1 ist keine laufende Anfrage.</translation>
    </message>
    <message>
        <source>Going on here: the Zerg process %1 that was working on this stopped…</source>
        <translation>Es geht hier weiter: Der Zerg-Prozess %1, der daran arbeitete, wurde beendet …</translation>
    </message>
    <message>
        <source>Handing this over to another Zerg process…</source>
        <translation>Wird an einen anderen Zerg-Prozess übergeben …</translation>
    </message>
</context>
<context>
    <name>zerg::LocalAgentsSource</name>
    <message>
        <source>the supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>the quick path</source>
        <translation>Schnellantwort</translation>
    </message>
    <message>
        <source>the worker agent</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>the decider</source>
        <translation>Entscheider</translation>
    </message>
    <message>
        <source>the summary agent</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>The system prompt of %1 is empty. Write one, or use the built-in prompt.</source>
        <translation>Der System-Prompt (Agent: %1) ist leer. Schreiben Sie einen, oder verwenden Sie den eingebauten Prompt.</translation>
    </message>
    <message>
        <source>The system prompt of %1 has %2 characters; at most %3 are kept. Shorten it.</source>
        <translation>Der System-Prompt (Agent: %1) hat %2 Zeichen; höchstens %3 werden behalten. Kürzen Sie ihn.</translation>
    </message>
    <message>
        <source>The model name &quot;%1&quot; has spaces or line breaks around it. Write the name alone, or leave it empty for the settings&apos; model.</source>
        <translation>Der Modellname „%1“ hat Leerzeichen oder Zeilenumbrüche am Rand. Schreiben Sie nur den Namen, oder lassen Sie das Feld leer für das Modell aus den Einstellungen.</translation>
    </message>
    <message>
        <source>Temperature %1 is out of range: use 0 to 2 (lower answers more predictably), or leave it empty for the provider&apos;s default.</source>
        <translation>Temperatur %1 liegt außerhalb des Bereichs: verwenden Sie 0 bis 2 (niedriger antwortet vorhersehbarer), oder lassen Sie das Feld leer für die Vorgabe des Anbieters.</translation>
    </message>
    <message>
        <source>Max tokens %1 is out of range: use 1 to %2, or leave it empty for the provider&apos;s default.</source>
        <translation>Max. Tokens %1 liegt außerhalb des Bereichs: verwenden Sie 1 bis %2, oder lassen Sie das Feld leer für die Vorgabe des Anbieters.</translation>
    </message>
    <message>
        <source>No tools can be given to %1: leave its tools unset.</source>
        <translation>Diesem Agenten (%1) können keine Werkzeuge gegeben werden: lassen Sie seine Werkzeuge leer.</translation>
    </message>
    <message>
        <source>There is no tool &quot;%1&quot; for %2. Its tools are: %3.</source>
        <translation>Es gibt kein Werkzeug „%1“ für %2. Seine Werkzeuge sind: %3.</translation>
    </message>
    <message>
        <source>The tool %1 is needed by %2: keep it.</source>
        <translation>Das Werkzeug %1 wird von %2 gebraucht: behalten Sie es.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>zerg::LocalMcpSource</name>
    <message>
        <source>Cannot read the log %1: %2. Check its owner and permissions.</source>
        <translation>Das Log %1 kann nicht gelesen werden: %2. Prüfen Sie seinen Besitzer und seine Rechte.</translation>
    </message>
    <message>
        <source>Cannot read the log %1: %2.</source>
        <translation>Das Log %1 kann nicht gelesen werden: %2.</translation>
    </message>
    <message>
        <source>The MCP servers are not running in this process.</source>
        <translation>Die MCP-Server laufen nicht in diesem Prozess.</translation>
    </message>
    <message>
        <source>Zerg has no path for mcp.json (ZERG_MCP_CONFIG is empty), so nothing can be saved. Set ZERG_MCP_CONFIG to a file and start Zerg again.</source>
        <translation>Zerg hat keinen Pfad für mcp.json (ZERG_MCP_CONFIG ist leer), daher kann nichts gespeichert werden. Setzen Sie ZERG_MCP_CONFIG auf eine Datei und starten Sie Zerg neu.</translation>
    </message>
    <message>
        <source>No MCP server &apos;%1&apos; is configured in %2; reload the list.</source>
        <translation>In %2 ist kein MCP-Server „%1“ eingerichtet; laden Sie die Liste neu.</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is reached over HTTP and has no log; what went wrong shows as its last error.</source>
        <translation>Der MCP-Server „%1“ wird über HTTP erreicht und hat kein Log; was schiefging, steht in seinem letzten Fehler.</translation>
    </message>
    <message>
        <source>No log is kept for MCP server &apos;%1&apos;: Zerg runs without a data folder. Its last lines of stderr show with its state.</source>
        <translation>Für den MCP-Server „%1“ wird kein Log geführt: Zerg läuft ohne Datenordner. Seine letzten stderr-Zeilen stehen bei seinem Zustand.</translation>
    </message>
    <message>
        <source>An MCP server named &apos;%1&apos; is in %2 already. Choose another name, or edit that server.</source>
        <translation>In %2 gibt es bereits einen MCP-Server namens „%1“. Wählen Sie einen anderen Namen, oder bearbeiten Sie diesen Server.</translation>
    </message>
    <message>
        <source>Saved the server as &apos;%1&apos;, but its old entry &apos;%2&apos; could not be removed: %3</source>
        <translation>Der Server wurde als „%1“ gespeichert, aber sein alter Eintrag „%2“ konnte nicht entfernt werden: %3</translation>
    </message>
</context>
<context>
    <name>zerg::MailReplies</name>
    <message>
        <source>ZERG_IMAP_TLS=%1 is not implicit, starttls or none. Replies by e-mail are not read until it is.</source>
        <translation>ZERG_IMAP_TLS=%1 ist weder implicit noch starttls noch none. Bis dahin werden Antworten per E-Mail nicht gelesen.</translation>
    </message>
    <message>
        <source>ZERG_IMAP_HOST is set but ZERG_IMAP_USER is not: give the mailbox&apos;s user (and the imap_password secret). Replies by e-mail are not read until then.</source>
        <translation>ZERG_IMAP_HOST ist gesetzt, ZERG_IMAP_USER aber nicht: Geben Sie den Benutzer des Postfachs an (und das Geheimnis imap_password). Bis dahin werden Antworten per E-Mail nicht gelesen.</translation>
    </message>
    <message>
        <source>Replies by e-mail need e-mail to go out first: set ZERG_ALERT_EMAIL and the SMTP server (ZERG_SMTP_HOST, ZERG_SMTP_FROM). Replies are not read until then.</source>
        <translation>Antworten per E-Mail setzen voraus, dass E-Mails verschickt werden: Setzen Sie ZERG_ALERT_EMAIL und den SMTP-Server (ZERG_SMTP_HOST, ZERG_SMTP_FROM). Bis dahin werden Antworten nicht gelesen.</translation>
    </message>
    <message>
        <source>Zerg asks: may I run this on %1?</source>
        <translation>Zerg fragt: Darf ich das auf %1 ausführen?</translation>
    </message>
    <message>
        <source>A worker wants to run this on %1:</source>
        <translation>Ein Worker möchte das auf %1 ausführen:</translation>
    </message>
    <message>
        <source>Why Zerg asks: %1</source>
        <translation>Warum Zerg fragt: %1</translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation>Der Worker sagt: %1</translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation>Aufgabe: %1</translation>
    </message>
    <message>
        <source>Reply &quot;yes&quot; to allow it once, or &quot;no&quot; to deny it. Unanswered by %1 UTC, it is denied.</source>
        <translation>Antworten Sie „ja“, um es einmal zu erlauben, oder „nein“, um es abzulehnen. Ohne Antwort bis %1 UTC wird es abgelehnt.</translation>
    </message>
    <message>
        <source>Only a reply from %1 counts.</source>
        <translation>Nur eine Antwort von %1 zählt.</translation>
    </message>
    <message>
        <source>%1 is not an address whose replies count (ZERG_ALERT_EMAIL, ZERG_MAIL_REPLY_FROM)</source>
        <translation>%1 ist keine Adresse, deren Antworten zählen (ZERG_ALERT_EMAIL, ZERG_MAIL_REPLY_FROM)</translation>
    </message>
    <message>
        <source>the receiving server says its authentication failed (dkim=%1, dmarc=%2)</source>
        <translation>laut empfangendem Server ist die Authentifizierung fehlgeschlagen (dkim=%1, dmarc=%2)</translation>
    </message>
    <message>
        <source>neither yes nor no</source>
        <translation>weder ja noch nein</translation>
    </message>
    <message>
        <source>Your reply was not taken as an answer: reply &quot;yes&quot; to allow the request once, or &quot;no&quot; to deny it. It still waits.</source>
        <translation>Ihre Antwort wurde nicht als Entscheidung verstanden: Antworten Sie „ja“, um die Anfrage einmal zu erlauben, oder „nein“, um sie abzulehnen. Sie wartet weiter.</translation>
    </message>
    <message>
        <source>the request was answered, expired or withdrawn before</source>
        <translation>die Anfrage war bereits beantwortet, abgelaufen oder zurückgezogen</translation>
    </message>
    <message>
        <source>Nothing was changed: the request was answered, expired or was withdrawn before your reply came.</source>
        <translation>Es wurde nichts geändert: Die Anfrage war bereits beantwortet, abgelaufen oder zurückgezogen, bevor Ihre Antwort kam.</translation>
    </message>
    <message>
        <source>Zerg could not record your answer (%1). Answer in Zerg instead.</source>
        <translation>Zerg konnte Ihre Antwort nicht speichern (%1). Antworten Sie stattdessen in Zerg.</translation>
    </message>
    <message>
        <source>Allowed once: %1 on %2. The worker goes on.</source>
        <translation>Einmal erlaubt: %1 auf %2. Der Worker macht weiter.</translation>
    </message>
    <message>
        <source>Denied: %1 on %2. The worker is told.</source>
        <translation>Abgelehnt: %1 auf %2. Der Worker erfährt es.</translation>
    </message>
    <message>
        <source>an empty reply</source>
        <translation>eine leere Antwort</translation>
    </message>
    <message>
        <source>About the alert &quot;%1&quot; (%2, %3 UTC):
%4

The user replied by e-mail:
%5</source>
        <translation>Zur Warnung „%1“ (%2, %3 UTC):
%4

Der Benutzer hat per E-Mail geantwortet:
%5</translation>
    </message>
    <message>
        <source>Your question was not started: %1 Send it again in a few minutes, or ask in Zerg.</source>
        <translation>Ihre Frage wurde nicht gestartet: %1 Senden Sie sie in ein paar Minuten erneut oder fragen Sie in Zerg.</translation>
    </message>
    <message>
        <source>Your question could not be answered: %1</source>
        <translation>Ihre Frage konnte nicht beantwortet werden: %1</translation>
    </message>
    <message>
        <source>Zerg</source>
        <translation>Zerg</translation>
    </message>
</context>
<context>
    <name>zerg::McpServers</name>
    <message>
        <source>No MCP server &apos;%1&apos; is configured (%2).</source>
        <translation>Es ist kein MCP-Server „%1“ eingerichtet (%2).</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is disabled. Enable it first.</source>
        <translation>Der MCP-Server „%1“ ist ausgeschaltet. Schalten Sie ihn zuerst ein.</translation>
    </message>
    <message>
        <source>The MCP servers are not running in this process.</source>
        <translation>Die MCP-Server laufen nicht in diesem Prozess.</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; failed (%2): its tools are unavailable. Do not call them; use other tools or tell the user.</source>
        <translation>Der MCP-Server „%1“ ist ausgefallen (%2): Seine Tools sind nicht verfügbar. Rufen Sie sie nicht auf; verwenden Sie andere Tools oder sagen Sie es dem Benutzer.</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; stopped (%2) and is being restarted: its tools are unavailable for now.</source>
        <translation>Der MCP-Server „%1“ hat aufgehört (%2) und wird neu gestartet: Seine Tools sind vorerst nicht verfügbar.</translation>
    </message>
</context>
<context>
    <name>zerg::McpServersModel</name>
    <message>
        <source>Default (by annotations)</source>
        <translation>Standard (nach Annotationen)</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Erlauben</translation>
    </message>
    <message>
        <source>Ask every time</source>
        <translation>Jedes Mal fragen</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>reads only</source>
        <translation>liest nur</translation>
    </message>
    <message>
        <source>destructive</source>
        <translation>zerstörerisch</translation>
    </message>
    <message>
        <source>may change</source>
        <translation>kann ändern</translation>
    </message>
    <message>
        <source>program (stdio)</source>
        <translation>Programm (stdio)</translation>
    </message>
    <message>
        <source>URL (HTTP)</source>
        <translation>URL (HTTP)</translation>
    </message>
    <message>
        <source>Line %1 of the environment is not NAME=value. Write one variable per line, like GRAFANA_URL=https://grafana.lan.</source>
        <translation>Zeile %1 der Umgebung hat nicht die Form NAME=Wert. Schreiben Sie eine Variable pro Zeile, etwa GRAFANA_URL=https://grafana.lan.</translation>
    </message>
    <message>
        <source>Line %1 of the headers is not &quot;Name: value&quot;. Write one header per line, like Authorization: Bearer ${secret:web_token}.</source>
        <translation>Zeile %1 der Header hat nicht die Form „Name: Wert“. Schreiben Sie einen Header pro Zeile, etwa Authorization: Bearer ${secret:web_token}.</translation>
    </message>
    <message>
        <source>The environment sets %1 twice (lines %2 and %3); keep one of them.</source>
        <translation>Die Umgebung setzt %1 zweimal (Zeilen %2 und %3); behalten Sie eine davon.</translation>
    </message>
    <message>
        <source>The headers set %1 twice (lines %2 and %3); keep one of them.</source>
        <translation>Die Header setzen %1 zweimal (Zeilen %2 und %3); behalten Sie einen davon.</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>nicht nutzbar</translation>
    </message>
    <message>
        <source>Could not load the MCP servers: %1</source>
        <translation>Die MCP-Server konnten nicht geladen werden: %1</translation>
    </message>
    <message>
        <source>Restarting %1…</source>
        <translation>%1 wird neu gestartet …</translation>
    </message>
    <message>
        <source>Restarted: its tools are offered again once it is ready.</source>
        <translation>Neu gestartet: Seine Tools werden wieder angeboten, sobald er bereit ist.</translation>
    </message>
    <message>
        <source>Disabled: Zerg stopped it, and workers no longer get its tools.</source>
        <translation>Ausgeschaltet: Zerg hat ihn beendet, und Worker erhalten seine Tools nicht mehr.</translation>
    </message>
    <message>
        <source>Enabled: Zerg starts it now.</source>
        <translation>Eingeschaltet: Zerg startet ihn jetzt.</translation>
    </message>
    <message>
        <source>Removed from mcp.json.</source>
        <translation>Aus mcp.json entfernt.</translation>
    </message>
    <message>
        <source>Saved: %1 is now &quot;%2&quot;.</source>
        <translation>Gespeichert: %1 ist jetzt „%2“.</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Das Log wird gelesen …</translation>
    </message>
    <message>
        <source>The log is empty: the server has written nothing to stderr yet.</source>
        <translation>Das Log ist leer: Der Server hat noch nichts nach stderr geschrieben.</translation>
    </message>
    <message>
        <source>Give the command that starts the server: a program on PATH (such as npx) or its full path.</source>
        <translation>Geben Sie den Befehl an, der den Server startet: ein Programm im PATH (etwa npx) oder seinen vollständigen Pfad.</translation>
    </message>
    <message>
        <source>Give the server&apos;s URL: its Streamable HTTP endpoint, such as https://mcp.example.org/mcp.</source>
        <translation>Geben Sie die URL des Servers an: seinen Streamable-HTTP-Endpunkt, etwa https://mcp.example.org/mcp.</translation>
    </message>
    <message>
        <source>Choose how Zerg reaches the server: a program it starts, or a URL.</source>
        <translation>Wählen Sie, wie Zerg den Server erreicht: ein Programm, das es startet, oder eine URL.</translation>
    </message>
</context>
<context>
    <name>zerg::McpService</name>
    <message>
        <source>the MCP session ended</source>
        <translation>die MCP-Sitzung ist beendet</translation>
    </message>
    <message>
        <source>Invalid arguments for %1:
%2</source>
        <translation>Ungültige Argumente für %1:
%2</translation>
    </message>
    <message>
        <source>Jarvis is answering another request; try again when it is done.</source>
        <translation>Jarvis beantwortet gerade eine andere Anfrage; versuchen Sie es wieder, wenn sie fertig ist.</translation>
    </message>
    <message>
        <source>The task is empty: say what Jarvis should do.</source>
        <translation>Die Aufgabe ist leer: Sagen Sie, was Jarvis tun soll.</translation>
    </message>
    <message>
        <source>Zerg has no model to ask: %1 Set one up in Zerg&apos;s Settings.</source>
        <translation>Zerg hat kein Modell, das es fragen kann: %1 Richten Sie eines in den Einstellungen von Zerg ein.</translation>
    </message>
    <message>
        <source>job %1</source>
        <translation>Job %1</translation>
    </message>
    <message>
        <source>Started worker %1: %2</source>
        <translation>Worker %1 gestartet: %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 is working</source>
        <translation>%1: %2 arbeitet</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1: %2: %3</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>beendet</translation>
    </message>
    <message>
        <source>Worker %1 ended: %2</source>
        <translation>Worker %1 beendet: %2</translation>
    </message>
    <message>
        <source>Worker %1 ended: %2 (%3)</source>
        <translation>Worker %1 beendet: %2 (%3)</translation>
    </message>
    <message>
        <source>Jarvis is still working on it.</source>
        <translation>Jarvis arbeitet noch daran.</translation>
    </message>
    <message>
        <source>Waiting for your approval in Zerg: %1 on %2</source>
        <translation>Wartet auf Ihre Freigabe in Zerg: %1 auf %2</translation>
    </message>
    <message>
        <source>%1 of worker %2 is a binary file (%3 bytes); it is not shown.</source>
        <translation>%1 von Worker %2 ist eine Binärdatei (%3 Bytes); sie wird nicht gezeigt.</translation>
    </message>
    <message>
        <source>[Cut: this is the first %1 KiB of %2 bytes. grep_workers finds lines in the rest.]</source>
        <translation>[Gekürzt: Das sind die ersten %1 KiB von %2 Bytes. grep_workers findet Zeilen im Rest.]</translation>
    </message>
    <message>
        <source>No matches. Workers searched: %1.</source>
        <translation>Keine Treffer. Durchsuchte Worker: %1.</translation>
    </message>
    <message>
        <source>(Stopped at the limit of matches, %1: narrow the pattern or raise the limit.)</source>
        <translation>(Bei der Höchstzahl an Treffern, %1, angehalten: Grenzen Sie das Muster ein oder erhöhen Sie die Grenze.)</translation>
    </message>
    <message>
        <source>cancelled by the MCP client</source>
        <translation>vom MCP-Client abgebrochen</translation>
    </message>
</context>
<context>
    <name>zerg::MemoryCompactor</name>
    <message>
        <source>There were no messages to summarize; the memory is unchanged.</source>
        <translation>Es gab keine Nachrichten zum Zusammenfassen; das Gedächtnis ist unverändert.</translation>
    </message>
    <message>
        <source>No model is configured for the memory summary; kept a short digest of the older messages instead. Configure a model to get summaries.</source>
        <translation>Für die Gedächtnis-Zusammenfassung ist kein Modell eingerichtet; stattdessen wurde ein kurzer Auszug der älteren Nachrichten behalten. Richten Sie ein Modell ein, um Zusammenfassungen zu erhalten.</translation>
    </message>
    <message>
        <source>The memory summary call failed (%1); kept a short digest of the older messages instead. Check the memory model and its provider settings.</source>
        <translation>Der Aufruf für die Gedächtnis-Zusammenfassung ist fehlgeschlagen (%1); stattdessen wurde ein kurzer Auszug der älteren Nachrichten behalten. Prüfen Sie das Gedächtnis-Modell und die Einstellungen seines Anbieters.</translation>
    </message>
    <message>
        <source>The memory summary was cut off by the model&apos;s output limit; kept a short digest instead. Use a summary model with a larger output limit.</source>
        <translation>Die Gedächtnis-Zusammenfassung wurde durch das Ausgabelimit des Modells abgeschnitten; stattdessen wurde ein kurzer Auszug behalten. Verwenden Sie ein Zusammenfassungsmodell mit größerem Ausgabelimit.</translation>
    </message>
    <message>
        <source>The memory model returned an empty summary; kept a short digest instead. Try another summary model.</source>
        <translation>Das Gedächtnis-Modell hat eine leere Zusammenfassung geliefert; stattdessen wurde ein kurzer Auszug behalten. Versuchen Sie ein anderes Zusammenfassungsmodell.</translation>
    </message>
    <message>
        <source>The memory summary was about %1 tokens, over its budget of %2; kept a short digest instead. Raise the memory budget or use a model that follows length limits.</source>
        <translation>Die Gedächtnis-Zusammenfassung hatte etwa %1 Tokens, mehr als ihr Budget von %2; stattdessen wurde ein kurzer Auszug behalten. Erhöhen Sie das Gedächtnis-Budget oder verwenden Sie ein Modell, das Längenvorgaben einhält.</translation>
    </message>
    <message>
        <source>The memory model did not answer within %1 s; kept a short digest of the older messages instead. Check that the model server is reachable, or raise the timeout.</source>
        <translation>Das Gedächtnis-Modell hat nicht innerhalb von %1 s geantwortet; stattdessen wurde ein kurzer Auszug der älteren Nachrichten behalten. Prüfen Sie, ob der Modellserver erreichbar ist, oder erhöhen Sie das Timeout.</translation>
    </message>
</context>
<context>
    <name>zerg::MeteredChatReply</name>
    <message>
        <source>The model call was cancelled because its provider was shut down.</source>
        <translation>Der Modellaufruf wurde abgebrochen, weil sein Anbieter beendet wurde.</translation>
    </message>
    <message>
        <source>The model call was cancelled.</source>
        <translation>Der Modellaufruf wurde abgebrochen.</translation>
    </message>
</context>
<context>
    <name>zerg::ModelCatalog</name>
    <message>
        <source>No provider is configured: choose one in Settings and enter its base URL (http://127.0.0.1:11434/v1 for a local Ollama).</source>
        <translation>Kein Anbieter eingerichtet: Wählen Sie in den Einstellungen einen aus und geben Sie seine Basis-URL ein (http://127.0.0.1:11434/v1 für ein lokales Ollama).</translation>
    </message>
    <message>
        <source>Unknown provider &apos;%1&apos;: choose one in Settings.</source>
        <translation>Unbekannter Anbieter „%1“: Wählen Sie in den Einstellungen einen aus.</translation>
    </message>
    <message>
        <source>Nothing answers at %1 (connection refused). Start the server, or correct the base URL in Settings.</source>
        <translation>Unter %1 antwortet nichts (Verbindung abgelehnt). Starten Sie den Server oder korrigieren Sie die Basis-URL in den Einstellungen.</translation>
    </message>
    <message>
        <source>No Ollama is running at %1. To use local models, install Ollama and start it (`ollama serve`).</source>
        <translation>Unter %1 läuft kein Ollama. Um lokale Modelle zu nutzen, installieren Sie Ollama und starten Sie es (`ollama serve`).</translation>
    </message>
    <message>
        <source>LM Studio&apos;s server is not running at %1. To use its models, start it in LM Studio (Developer tab) or with `lms server start`.</source>
        <translation>Der Server von LM Studio läuft nicht unter %1. Um seine Modelle zu nutzen, starten Sie ihn in LM Studio (Reiter Developer) oder mit `lms server start`.</translation>
    </message>
    <message>
        <source>No llama-server is running at %1. To use a GGUF model, start one: `llama-server -m model.gguf --jinja`.</source>
        <translation>Unter %1 läuft kein llama-server. Um ein GGUF-Modell zu nutzen, starten Sie einen: `llama-server -m model.gguf --jinja`.</translation>
    </message>
    <message>
        <source>%1: %2. Check that the server is running and reachable, then refresh the list.</source>
        <translation>%1: %2. Prüfen Sie, ob der Server läuft und erreichbar ist, und laden Sie die Liste dann neu.</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2. Check the base URL in Settings.</source>
        <translation>%1 war nicht erreichbar: %2. Prüfen Sie die Basis-URL in den Einstellungen.</translation>
    </message>
    <message>
        <source>%1 could not be reached: %2. Check that %3 is running there.</source>
        <translation>%1 war nicht erreichbar: %2. Prüfen Sie, ob %3 dort läuft.</translation>
    </message>
    <message>
        <source>another address</source>
        <translation>eine andere Adresse</translation>
    </message>
    <message>
        <source>%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so that the API key goes only to the address you set: use the address it redirects to as the base URL.</source>
        <translation>%1 leitet auf %2 um (HTTP %3). Zerg folgt keinen Umleitungen, damit der API-Schlüssel nur an die eingestellte Adresse geht: Tragen Sie die Zieladresse der Umleitung als Basis-URL ein.</translation>
    </message>
    <message>
        <source>%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so the %4 there is not asked.</source>
        <translation>%1 leitet auf %2 um (HTTP %3). Zerg folgt keinen Umleitungen, daher wird %4 dort nicht gefragt.</translation>
    </message>
    <message>
        <source>%1 asks for an API key (HTTP %2). Zerg sends the key only to the configured provider: to use this %3, make it the provider in Settings and enter its key there.</source>
        <translation>%1 verlangt einen API-Schlüssel (HTTP %2). Zerg sendet den Schlüssel nur an den eingerichteten Anbieter: Um diesen %3 zu nutzen, richten Sie ihn in den Einstellungen als Anbieter ein und geben Sie dort seinen Schlüssel ein.</translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): it needs an API key and none is set. Enter the key in Settings or store it with `zerg key set`.</source>
        <translation>%1 hat die Anfrage abgelehnt (HTTP %2): Es braucht einen API-Schlüssel, und keiner ist eingerichtet. Geben Sie den Schlüssel in den Einstellungen ein oder speichern Sie ihn mit `zerg key set`.</translation>
    </message>
    <message>
        <source>%1 refused the request (HTTP %2): the API key was not accepted. Check that the key belongs to this provider, then enter it again in Settings or with `zerg key set`.</source>
        <translation>%1 hat die Anfrage abgelehnt (HTTP %2): Der API-Schlüssel wurde nicht angenommen. Prüfen Sie, ob der Schlüssel zu diesem Anbieter gehört, und geben Sie ihn dann erneut in den Einstellungen oder mit `zerg key set` ein.</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2, not a list of models. Check that the base URL is the API&apos;s root (…/v1 for OpenAI-compatible servers).</source>
        <translation>%1 antwortete mit HTTP %2, nicht mit einer Modellliste. Prüfen Sie, ob die Basis-URL die Wurzel der API ist (…/v1 bei OpenAI-kompatiblen Servern).</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2, not a list of models: something other than %3 may be listening there.</source>
        <translation>%1 antwortete mit HTTP %2, nicht mit einer Modellliste: Dort lauscht womöglich etwas anderes als %3.</translation>
    </message>
</context>
<context>
    <name>zerg::ModelPicker</name>
    <message>
        <source>the supervisor</source>
        <translation>den Supervisor</translation>
    </message>
    <message>
        <source>the workers</source>
        <translation>die Worker</translation>
    </message>
    <message>
        <source>the quick path</source>
        <translation>den schnellen Weg</translation>
    </message>
    <message>
        <source>the decider</source>
        <translation>den Entscheider</translation>
    </message>
    <message>
        <source>the summaries</source>
        <translation>die Zusammenfassungen</translation>
    </message>
    <message>
        <source>Configured provider</source>
        <translation>Eingestellter Anbieter</translation>
    </message>
    <message>
        <source>calls tools</source>
        <translation>ruft Werkzeuge auf</translation>
    </message>
    <message>
        <source>no tool calling</source>
        <translation>keine Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>tool calling not known</source>
        <translation>Werkzeugaufrufe unbekannt</translation>
    </message>
    <message>
        <source>%1 cannot call tools (its server says so), and tools are needed for %2. Pick a model marked &quot;calls tools&quot;, or one marked &quot;tool calling not known&quot; to try it.</source>
        <translation>%1 kann keine Werkzeuge aufrufen (sagt sein Server), und für %2 werden Werkzeuge gebraucht. Wähle ein Modell mit „ruft Werkzeuge auf“ oder, zum Ausprobieren, eines mit „Werkzeugaufrufe unbekannt“.</translation>
    </message>
</context>
<context>
    <name>zerg::Money</name>
    <message>
        <source>$%1</source>
        <comment>an amount in US dollars</comment>
        <translation>%1 $</translation>
    </message>
</context>
<context>
    <name>zerg::OllamaProbe</name>
    <message numerus="yes">
        <source>A local Ollama is running at %1 with %n model(s): %2. To use it, set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL=%3.</source>
        <translation>
            <numerusform>Ein lokales Ollama läuft unter %1 mit %n Modell: %2. Um es zu verwenden, setzen Sie ZERG_LLM_BASE_URL=%1/v1 und ZERG_MODEL=%3.</numerusform>
            <numerusform>Ein lokales Ollama läuft unter %1 mit %n Modellen: %2. Um es zu verwenden, setzen Sie ZERG_LLM_BASE_URL=%1/v1 und ZERG_MODEL=%3.</numerusform>
        </translation>
    </message>
    <message>
        <source>A local Ollama is running at %1 but has no models yet: run `ollama pull qwen2.5:7b` (or another model), then set ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL.</source>
        <translation>Ein lokales Ollama läuft unter %1, hat aber noch keine Modelle: Führen Sie `ollama pull qwen2.5:7b` (oder ein anderes Modell) aus und setzen Sie dann ZERG_LLM_BASE_URL=%1/v1 und ZERG_MODEL.</translation>
    </message>
    <message>
        <source>No local Ollama was found at %1. Use any OpenAI-compatible server (ZERG_LLM_BASE_URL=https://api.openai.com/v1, ZERG_MODEL, and `zerg key set` for the API key) or Anthropic (ZERG_LLM_PROVIDER=anthropic, ZERG_LLM_BASE_URL=https://api.anthropic.com).</source>
        <translation>Unter %1 wurde kein lokales Ollama gefunden. Verwenden Sie einen beliebigen OpenAI-kompatiblen Server (ZERG_LLM_BASE_URL=https://api.openai.com/v1, ZERG_MODEL und `zerg key set` für den API-Schlüssel) oder Anthropic (ZERG_LLM_PROVIDER=anthropic, ZERG_LLM_BASE_URL=https://api.anthropic.com).</translation>
    </message>
</context>
<context>
    <name>zerg::OpenAiChatReply</name>
    <message>
        <source>The request to the LLM server was cancelled.</source>
        <translation>Die Anfrage an den LLM-Server wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The LLM server at %1 sent nothing for %2 seconds, so the request was stopped. Check that the server is running and not overloaded, or raise the idle timeout.</source>
        <translation>Der LLM-Server unter %1 hat %2 Sekunden lang nichts gesendet, daher wurde die Anfrage gestoppt. Prüfen Sie, ob der Server läuft und nicht überlastet ist, oder erhöhen Sie das Leerlauf-Timeout.</translation>
    </message>
    <message>
        <source>Could not reach the LLM server at %1: %2. Check ZERG_LLM_BASE_URL and that the server is running.</source>
        <translation>Der LLM-Server unter %1 ist nicht erreichbar: %2. Prüfen Sie ZERG_LLM_BASE_URL und ob der Server läuft.</translation>
    </message>
    <message>
        <source>The connection to the LLM server at %1 broke in the middle of the answer: %2. Try again.</source>
        <translation>Die Verbindung zum LLM-Server unter %1 ist mitten in der Antwort abgebrochen: %2. Versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The LLM server at %1 answered without any stream events (Content-Type: %2). Check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API that supports streaming.</source>
        <translation>Der LLM-Server unter %1 hat ohne Stream-Ereignisse geantwortet (Content-Type: %2). Prüfen Sie, ob ZERG_LLM_BASE_URL auf eine OpenAI-kompatible API zeigt, die Streaming unterstützt.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>The LLM server at %1 refused the request with HTTP %2 (%3). Check the API key in ZERG_LLM_API_KEY.</source>
        <translation>Der LLM-Server unter %1 hat die Anfrage mit HTTP %2 abgelehnt (%3). Prüfen Sie den API-Schlüssel in ZERG_LLM_API_KEY.</translation>
    </message>
    <message>
        <source>The conversation is too long for the model &quot;%1&quot; at %2 (HTTP %3: %4). Start a new conversation, or use a model with a larger context window.</source>
        <translation>Die Unterhaltung ist zu lang für das Modell &quot;%1&quot; unter %2 (HTTP %3: %4). Beginnen Sie eine neue Unterhaltung oder verwenden Sie ein Modell mit größerem Kontextfenster.</translation>
    </message>
    <message>
        <source>Wait %1 seconds</source>
        <translation>Warten Sie %1 Sekunden</translation>
    </message>
    <message>
        <source>Wait a moment</source>
        <translation>Warten Sie einen Moment</translation>
    </message>
    <message>
        <source>The LLM server at %1 is rate limiting requests (HTTP %2: %3). %4 and try again, or check your plan&apos;s limits.</source>
        <translation>Der LLM-Server unter %1 begrenzt die Anfragerate (HTTP %2: %3). %4 und versuchen Sie es erneut, oder prüfen Sie die Limits Ihres Tarifs.</translation>
    </message>
    <message>
        <source>The LLM server at %1 is overloaded (HTTP %2: %3). Try again in a moment.</source>
        <translation>Der LLM-Server unter %1 ist überlastet (HTTP %2: %3). Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>The LLM server at %1 answered HTTP 404 (%2). Check that ZERG_LLM_BASE_URL ends in /v1 and that the model &quot;%3&quot; exists on that server.</source>
        <translation>Der LLM-Server unter %1 hat mit HTTP 404 geantwortet (%2). Prüfen Sie, ob ZERG_LLM_BASE_URL auf /v1 endet und das Modell &quot;%3&quot; auf diesem Server existiert.</translation>
    </message>
    <message>
        <source>The LLM server at %1 rejected the request with HTTP %2 (%3). Check the model name &quot;%4&quot; and the server&apos;s documentation for the options it supports.</source>
        <translation>Der LLM-Server unter %1 hat die Anfrage mit HTTP %2 zurückgewiesen (%3). Prüfen Sie den Modellnamen &quot;%4&quot; und in der Dokumentation des Servers, welche Optionen er unterstützt.</translation>
    </message>
    <message>
        <source>The LLM server at %1 failed with HTTP %2 (%3). Try again later; if it keeps failing, check the server&apos;s log and the model name &quot;%4&quot;.</source>
        <translation>Der LLM-Server unter %1 ist mit HTTP %2 gescheitert (%3). Versuchen Sie es später erneut; schlägt es weiter fehl, prüfen Sie das Log des Servers und den Modellnamen &quot;%4&quot;.</translation>
    </message>
</context>
<context>
    <name>zerg::PhoneLinks</name>
    <message>
        <source>ZERG_PUBLIC_URL is set, but no ntfy topic is: set ZERG_WEBHOOK_URL to your topic (for example https://ntfy.sh/&lt;a long secret name&gt;) and ZERG_WEBHOOK_FORMAT=ntfy. Approval requests are not pushed until then.</source>
        <translation>ZERG_PUBLIC_URL ist gesetzt, aber kein ntfy-Thema: Setzen Sie ZERG_WEBHOOK_URL auf Ihr Thema (zum Beispiel https://ntfy.sh/&lt;ein langer geheimer Name&gt;) und ZERG_WEBHOOK_FORMAT=ntfy. Bis dahin werden Freigabeanfragen nicht gesendet.</translation>
    </message>
    <message>
        <source>ZERG_PUBLIC_URL uses http://, so the one-time links of approval requests travel unencrypted. Put zerg serve behind a reverse proxy with TLS and give its https:// address (docs/alerts.md).</source>
        <translation>ZERG_PUBLIC_URL verwendet http://, daher gehen die Einmal-Links der Freigabeanfragen unverschlüsselt über das Netz. Stellen Sie zerg serve hinter einen Reverse-Proxy mit TLS und geben Sie dessen https://-Adresse an (docs/alerts.md).</translation>
    </message>
    <message>
        <source>Zerg asks: may I run this on %1?</source>
        <translation>Zerg fragt: Darf ich das auf %1 ausführen?</translation>
    </message>
    <message>
        <source>Why it asks: %1</source>
        <translation>Warum Zerg fragt: %1</translation>
    </message>
    <message>
        <source>The worker says: %1</source>
        <translation>Der Worker sagt: %1</translation>
    </message>
    <message>
        <source>Task: %1</source>
        <translation>Aufgabe: %1</translation>
    </message>
    <message>
        <source>Unanswered by %1 UTC, it is denied. Each button works once.</source>
        <translation>Ohne Antwort bis %1 UTC wird es abgelehnt. Jede Schaltfläche wirkt einmal.</translation>
    </message>
    <message>
        <source>Allow</source>
        <translation>Erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ansehen</translation>
    </message>
    <message>
        <source>Approval request %1 was not pushed to the phone: %2</source>
        <translation>Freigabeanfrage %1 wurde nicht ans Telefon gesendet: %2</translation>
    </message>
    <message>
        <source>This link only shows the request. Answer it with Allow or Deny, or in Zerg.</source>
        <translation>Dieser Link zeigt die Anfrage nur an. Beantworten Sie sie mit „Erlauben“ oder „Ablehnen“ oder in Zerg.</translation>
    </message>
    <message>
        <source>This request was answered already, expired or was withdrawn. Nothing was changed.</source>
        <translation>Diese Anfrage wurde bereits beantwortet, ist abgelaufen oder wurde zurückgezogen. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>This link expired at %1 UTC, and with it the request. Nothing was changed.</source>
        <translation>Dieser Link ist um %1 UTC abgelaufen, und mit ihm die Anfrage. Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Approval request %1</source>
        <translation>Freigabeanfrage %1</translation>
    </message>
    <message>
        <source>The alert was not pushed to the phone: %1</source>
        <translation>Die Warnung wurde nicht ans Telefon gesendet: %1</translation>
    </message>
    <message>
        <source>The alert &quot;%1&quot;</source>
        <translation>Die Warnung „%1“</translation>
    </message>
    <message>
        <source>%1 was not pushed: the ntfy server did not answer (%2). Check ZERG_WEBHOOK_URL and that the server is reachable; it can still be seen and answered in Zerg.</source>
        <translation>%1 wurde nicht gesendet: Der ntfy-Server hat nicht geantwortet (%2). Prüfen Sie ZERG_WEBHOOK_URL und ob der Server erreichbar ist; in Zerg lässt es sich weiterhin ansehen und beantworten.</translation>
    </message>
    <message>
        <source>%1 was not pushed: the ntfy server answered HTTP %2 (%3). Check the topic and its access token in ZERG_WEBHOOK_URL; it can still be seen and answered in Zerg.</source>
        <translation>%1 wurde nicht gesendet: Der ntfy-Server antwortete mit HTTP %2 (%3). Prüfen Sie das Thema und sein Zugriffstoken in ZERG_WEBHOOK_URL; in Zerg lässt es sich weiterhin ansehen und beantworten.</translation>
    </message>
    <message>
        <source>Approval requests are not pushed until then.</source>
        <translation>Bis dahin werden Freigabeanfragen nicht aufs Telefon geschickt.</translation>
    </message>
</context>
<context>
    <name>zerg::ProviderProbe</name>
    <message>
        <source>no answer within %1 s</source>
        <translation>keine Antwort innerhalb von %1 s</translation>
    </message>
</context>
<context>
    <name>zerg::ProviderRegistry</name>
    <message>
        <source>%1 or %2</source>
        <translation>%1 oder %2</translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI-kompatibel</translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter and more</source>
        <translation>OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter und weitere</translation>
    </message>
    <message>
        <source>sk-… (platform.openai.com › API keys)</source>
        <translation>sk-… (platform.openai.com › API keys)</translation>
    </message>
    <message>
        <source>Enter your OpenAI API key (platform.openai.com, API keys).</source>
        <translation>Geben Sie Ihren OpenAI-API-Schlüssel ein (platform.openai.com, API keys).</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>Anthropic&apos;s own API</source>
        <translation>Anthropics eigene API</translation>
    </message>
    <message>
        <source>sk-ant-… (console.anthropic.com › API keys)</source>
        <translation>sk-ant-… (console.anthropic.com › API keys)</translation>
    </message>
    <message>
        <source>Enter your Anthropic API key (console.anthropic.com, Settings › API keys).</source>
        <translation>Geben Sie Ihren Anthropic-API-Schlüssel ein (console.anthropic.com, Settings › API keys).</translation>
    </message>
    <message>
        <source>Unknown LLM provider &apos;%1&apos;. Set ZERG_LLM_PROVIDER to %2.</source>
        <translation>Unbekannter LLM-Anbieter „%1“. Setzen Sie ZERG_LLM_PROVIDER auf %2.</translation>
    </message>
</context>
<context>
    <name>zerg::PublicUrl</name>
    <message>
        <source>ZERG_PUBLIC_URL &quot;%1&quot; is not a web address: give the https:// address at which phones reach this server, for example https://zerg.example.com.</source>
        <translation>ZERG_PUBLIC_URL &quot;%1&quot; ist keine Webadresse: Geben Sie die https://-Adresse an, unter der Telefone diesen Server erreichen, zum Beispiel https://zerg.example.com.</translation>
    </message>
</context>
<context>
    <name>zerg::RealtimeConversation</name>
    <message>
        <source>server %1 (Realtime)</source>
        <translation>Server %1 (Realtime)</translation>
    </message>
</context>
<context>
    <name>zerg::RetryingReply</name>
    <message>
        <source>The request to the model was cancelled.</source>
        <translation>Die Anfrage an das Modell wurde abgebrochen.</translation>
    </message>
    <message>
        <source>No model provider is available for this request. Check the LLM settings and try again.</source>
        <translation>Für diese Anfrage ist kein Modellanbieter verfügbar. Prüfen Sie die LLM-Einstellungen und versuchen Sie es erneut.</translation>
    </message>
    <message numerus="yes">
        <source>%1 (after %n attempts)</source>
        <translation>
            <numerusform>%1 (nach %n Versuch)</numerusform>
            <numerusform>%1 (nach %n Versuchen)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::RoundaboutMonitor</name>
    <message>
        <source>stopped early: the supervisor had its answer</source>
        <translation>vorzeitig gestoppt: Der Supervisor hatte seine Antwort</translation>
    </message>
    <message>
        <source>the worker did not finish within %1 s (hard timeout)</source>
        <translation>der Worker ist nicht innerhalb von %1 s fertig geworden (hartes Timeout)</translation>
    </message>
    <message>
        <source>The worker %1 may still be running and keeps its results: look at it later with get_worker_metadata or read_worker_result, and tell the user it is still working.</source>
        <translation>Der Worker %1 läuft möglicherweise noch und behält seine Ergebnisse: Sehen Sie ihn sich später mit get_worker_metadata oder read_worker_result an und sagen Sie dem Benutzer, dass er noch arbeitet.</translation>
    </message>
</context>
<context>
    <name>zerg::ScheduleService</name>
    <message>
        <source>Interrupted: Zerg stopped while this check was running.</source>
        <translation>Unterbrochen: Zerg wurde beendet, während diese Prüfung lief.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a time zone this system knows. Use an IANA name such as Europe/Berlin or America/New_York, or leave it empty for the system&apos;s.</source>
        <translation>&apos;%1&apos; ist keine Zeitzone, die dieses System kennt. Verwenden Sie einen IANA-Namen wie Europe/Berlin oder America/New_York, oder lassen Sie das Feld für die Zeitzone des Systems leer.</translation>
    </message>
    <message>
        <source>Schedules run in the Zerg app that owns this data folder, and it is not this process. Use Run now there.</source>
        <translation>Zeitpläne laufen in der Zerg-App, der dieser Datenordner gehört, und das ist nicht dieser Prozess. Verwenden Sie dort „Jetzt ausführen“.</translation>
    </message>
    <message>
        <source>Scheduled check</source>
        <translation>Geplante Prüfung</translation>
    </message>
    <message>
        <source>The scheduled run did not finish (%1): %2</source>
        <translation>Der geplante Lauf ist nicht fertig geworden (%1): %2</translation>
    </message>
    <message>
        <source>The schedules are stopped right now (Zerg is restarting them or quitting). Try again in a moment.</source>
        <translation>Die Zeitpläne sind gerade angehalten (Zerg startet sie neu oder wird beendet). Versuch es gleich noch einmal.</translation>
    </message>
</context>
<context>
    <name>zerg::SchedulesModel</name>
    <message>
        <source>scheduled</source>
        <translation>geplant</translation>
    </message>
    <message>
        <source>run now</source>
        <translation>jetzt ausgeführt</translation>
    </message>
    <message>
        <source>catch-up</source>
        <translation>nachgeholt</translation>
    </message>
    <message>
        <source>ddd d MMM HH:mm</source>
        <comment>a time this year; a QDateTime format</comment>
        <translation>ddd, d. MMM, HH:mm</translation>
    </message>
    <message>
        <source>ddd d MMM yyyy HH:mm</source>
        <comment>a time in another year; a QDateTime format</comment>
        <translation>ddd, d. MMM yyyy, HH:mm</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a field of a schedule. Change name, task, cron, timeZone, enabled or catchUp.</source>
        <translation>&apos;%1&apos; ist kein Feld eines Zeitplans. Ändern Sie name, task, cron, timeZone, enabled oder catchUp.</translation>
    </message>
    <message>
        <source>Say when to run, e.g. &apos;0 6 * * *&apos; for 06:00 every day or &apos;*/15 * * * *&apos; for every 15 minutes.</source>
        <translation>Geben Sie an, wann er laufen soll, z. B. &apos;0 6 * * *&apos; für täglich um 06:00 oder &apos;*/15 * * * *&apos; für alle 15 Minuten.</translation>
    </message>
    <message>
        <source>Could not read the schedules: %1. Check that the data folder is readable (or the server reachable), then reopen the page.</source>
        <translation>Die Zeitpläne konnten nicht gelesen werden: %1. Prüfen Sie, ob der Datenordner lesbar (oder der Server erreichbar) ist, und öffnen Sie die Seite dann erneut.</translation>
    </message>
    <message>
        <source>Changes: as Settings › Approvals says for scheduled checks</source>
        <translation>Änderungen: wie unter Einstellungen › Freigaben für geplante Prüfungen festgelegt</translation>
    </message>
    <message>
        <source>Changes: each waits for your approval (in the inbox)</source>
        <translation>Änderungen: jede wartet auf Ihre Freigabe (im Posteingang)</translation>
    </message>
    <message>
        <source>Changes: refused, the check only reads</source>
        <translation>Änderungen: verweigert, die Prüfung liest nur</translation>
    </message>
    <message>
        <source>Changes: run without asking</source>
        <translation>Änderungen: laufen ohne Nachfrage</translation>
    </message>
</context>
<context>
    <name>zerg::SettingField</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>Basis-URL</translation>
    </message>
    <message>
        <source>…/v1 for OpenAI-compatible servers (http://127.0.0.1:11434/v1 for Ollama), https://api.anthropic.com for Anthropic.</source>
        <translation>…/v1 für OpenAI-kompatible Server (http://127.0.0.1:11434/v1 für Ollama), https://api.anthropic.com für Anthropic.</translation>
    </message>
    <message>
        <source>Supervisor model</source>
        <translation>Supervisor-Modell</translation>
    </message>
    <message>
        <source>The model Jarvis thinks with.</source>
        <translation>Das Modell, mit dem Jarvis denkt.</translation>
    </message>
    <message>
        <source>Worker model</source>
        <translation>Worker-Modell</translation>
    </message>
    <message>
        <source>Empty: the supervisor model.</source>
        <translation>Leer: das Supervisor-Modell.</translation>
    </message>
    <message>
        <source>Decider model</source>
        <translation>Entscheider-Modell</translation>
    </message>
    <message>
        <source>Watches running workers. Empty: the worker model; heuristic: the rule-based decider.</source>
        <translation>Beobachtet laufende Worker. Leer: das Worker-Modell; heuristic: der regelbasierte Entscheider.</translation>
    </message>
    <message>
        <source>Summary model</source>
        <translation>Zusammenfassungsmodell</translation>
    </message>
    <message>
        <source>Empty: the worker model.</source>
        <translation>Leer: das Worker-Modell.</translation>
    </message>
    <message>
        <source>Quick model</source>
        <translation>Schnelles Modell</translation>
    </message>
    <message>
        <source>Time, small talk, questions about the conversation. Empty: the supervisor model.</source>
        <translation>Uhrzeit, Smalltalk, Fragen zur Unterhaltung. Leer: das Supervisor-Modell.</translation>
    </message>
    <message>
        <source>Check interval (seconds)</source>
        <translation>Prüfintervall (Sekunden)</translation>
    </message>
    <message>
        <source>How often the supervisor looks at a running worker.</source>
        <translation>Wie oft der Supervisor nach einem laufenden Worker sieht.</translation>
    </message>
    <message>
        <source>Hard timeout (seconds)</source>
        <translation>Hartes Timeout (Sekunden)</translation>
    </message>
    <message>
        <source>The longest a worker is waited for.</source>
        <translation>Die längste Zeit, die auf einen Worker gewartet wird.</translation>
    </message>
    <message>
        <source>Stop a worker at the hard timeout</source>
        <translation>Worker beim harten Timeout stoppen</translation>
    </message>
    <message>
        <source>Off: it keeps running and the supervisor is told how to look at it later.</source>
        <translation>Aus: Er läuft weiter, und der Supervisor erfährt, wie er später nach ihm sehen kann.</translation>
    </message>
    <message>
        <source>Decider calls per worker</source>
        <translation>Entscheider-Aufrufe pro Worker</translation>
    </message>
    <message>
        <source>Decider timeout (seconds)</source>
        <translation>Entscheider-Timeout (Sekunden)</translation>
    </message>
    <message>
        <source>A later answer counts as wait.</source>
        <translation>Eine spätere Antwort zählt als Warten.</translation>
    </message>
    <message>
        <source>Worker radio check every N turns</source>
        <translation>Funkcheck der Worker alle N Runden</translation>
    </message>
    <message>
        <source>0 switches the XO off for workers.</source>
        <translation>0 schaltet den XO für Worker ab.</translation>
    </message>
    <message>
        <source>Supervisor radio check every N turns</source>
        <translation>Funkcheck des Supervisors alle N Runden</translation>
    </message>
    <message>
        <source>0 switches the XO off for the supervisor agent.</source>
        <translation>0 schaltet den XO für den Supervisor-Agenten ab.</translation>
    </message>
    <message>
        <source>Request timeout (seconds)</source>
        <translation>Anfrage-Timeout (Sekunden)</translation>
    </message>
    <message>
        <source>A request then answers with what its workers found so far.</source>
        <translation>Eine Anfrage antwortet dann mit dem, was ihre Worker bis dahin gefunden haben.</translation>
    </message>
    <message>
        <source>Tokens per worker</source>
        <translation>Tokens pro Worker</translation>
    </message>
    <message>
        <source>Tokens per request</source>
        <translation>Tokens pro Anfrage</translation>
    </message>
    <message>
        <source>Cost per request (USD)</source>
        <translation>Kosten pro Anfrage (USD)</translation>
    </message>
    <message>
        <source>0: no cost limit.</source>
        <translation>0: keine Kostengrenze.</translation>
    </message>
    <message>
        <source>SMTP server</source>
        <translation>SMTP-Server</translation>
    </message>
    <message>
        <source>For send_email. Empty: no e-mail.</source>
        <translation>Für send_email. Leer: keine E-Mail.</translation>
    </message>
    <message>
        <source>SMTP port</source>
        <translation>SMTP-Port</translation>
    </message>
    <message>
        <source>0: the TLS mode&apos;s default.</source>
        <translation>0: der Standard des TLS-Modus.</translation>
    </message>
    <message>
        <source>SMTP TLS</source>
        <translation>SMTP-TLS</translation>
    </message>
    <message>
        <source>SMTP user</source>
        <translation>SMTP-Benutzer</translation>
    </message>
    <message>
        <source>Sender address</source>
        <translation>Absenderadresse</translation>
    </message>
    <message>
        <source>Webhook format</source>
        <translation>Webhook-Format</translation>
    </message>
    <message>
        <source>Info results also go to</source>
        <translation>Info-Ergebnisse gehen auch an</translation>
    </message>
    <message>
        <source>Warnings also go to</source>
        <translation>Warnungen gehen auch an</translation>
    </message>
    <message>
        <source>Critical results also go to</source>
        <translation>Kritische Ergebnisse gehen auch an</translation>
    </message>
    <message>
        <source>E-mail needs the SMTP server and the alert address; webhook needs the webhook URL.</source>
        <translation>E-Mail braucht den SMTP-Server und die Alarmadresse; webhook braucht die Webhook-URL.</translation>
    </message>
    <message>
        <source>Alert e-mail address</source>
        <translation>E-Mail-Adresse für Alarme</translation>
    </message>
    <message>
        <source>Where e-mail alerts go.</source>
        <translation>Wohin Alarm-E-Mails gehen.</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System: the language of your desktop if Zerg speaks it, else English. Applies at once.</source>
        <translation>System: die Sprache Ihres Desktops, wenn Zerg sie spricht, sonst Englisch. Wirkt sofort.</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>The database and the workers&apos; folders. Set ZERG_DATA_DIR to use another one.</source>
        <translation>Die Datenbank und die Ordner der Worker. Setzen Sie ZERG_DATA_DIR, um einen anderen zu verwenden.</translation>
    </message>
    <message>
        <source>Keep finished workers (days)</source>
        <translation>Beendete Worker aufbewahren (Tage)</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>Datenbank</translation>
    </message>
    <message>
        <source>Empty: SQLite in the data folder. postgresql://user@host:5432/zerg for PostgreSQL (server mode); keep its password in ~/.pgpass or PGPASSWORD.</source>
        <translation>Leer: SQLite im Datenordner. postgresql://user@host:5432/zerg für PostgreSQL (Servermodus); bewahren Sie das Passwort in ~/.pgpass oder PGPASSWORD auf.</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>Empty: this computer runs Jarvis. ws://host:8765 or wss://host:8765 to use a `zerg serve` instead (log in below).</source>
        <translation>Leer: Dieser Rechner führt Jarvis aus. ws://host:8765 oder wss://host:8765, um stattdessen ein `zerg serve` zu verwenden (Anmeldung unten).</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Lauschen auf</translation>
    </message>
    <message>
        <source>Address and port of `zerg serve`. Loopback unless you give another address.</source>
        <translation>Adresse und Port von `zerg serve`. Nur Loopback, sofern Sie keine andere Adresse angeben.</translation>
    </message>
    <message>
        <source>Allowed web origins</source>
        <translation>Erlaubte Web-Origins</translation>
    </message>
    <message>
        <source>Comma-separated origins of web pages allowed to connect; others are refused.</source>
        <translation>Kommagetrennte Origins von Webseiten, die sich verbinden dürfen; andere werden abgewiesen.</translation>
    </message>
    <message>
        <source>TLS certificate</source>
        <translation>TLS-Zertifikat</translation>
    </message>
    <message>
        <source>PEM file; with a key, the server speaks wss:// only.</source>
        <translation>PEM-Datei; mit einem Schlüssel spricht der Server nur wss://.</translation>
    </message>
    <message>
        <source>TLS private key</source>
        <translation>Privater TLS-Schlüssel</translation>
    </message>
    <message>
        <source>PEM file of the certificate&apos;s key.</source>
        <translation>PEM-Datei mit dem Schlüssel des Zertifikats.</translation>
    </message>
    <message>
        <source>Approval mode</source>
        <translation>Freigabemodus</translation>
    </message>
    <message>
        <source>ask: read-only actions run, anything that may change a system waits for you. read_only: changing actions are refused. autonomous: everything runs (the deny-list still holds).</source>
        <translation>ask: Lesende Aktionen laufen, alles, was ein System ändern kann, wartet auf Sie. read_only: Ändernde Aktionen werden verweigert. autonomous: Alles läuft (die Sperrliste gilt weiter).</translation>
    </message>
    <message>
        <source>Approval mode per host</source>
        <translation>Freigabemodus pro Host</translation>
    </message>
    <message>
        <source>Overrides for some hosts, e.g. &quot;web1=autonomous, db1=read_only&quot;; local stands for the local shell.</source>
        <translation>Abweichungen für einzelne Hosts, z. B. „web1=autonomous, db1=read_only“; local steht für die lokale Shell.</translation>
    </message>
    <message>
        <source>Approval mode of scheduled checks</source>
        <translation>Freigabemodus geplanter Prüfungen</translation>
    </message>
    <message>
        <source>Scheduled checks run while you may be away; with ask, their requests wait in the inbox.</source>
        <translation>Geplante Prüfungen laufen, während Sie vielleicht nicht da sind; mit ask warten ihre Anfragen im Posteingang.</translation>
    </message>
    <message>
        <source>Approval timeout (seconds)</source>
        <translation>Freigabe-Zeitlimit (Sekunden)</translation>
    </message>
    <message>
        <source>An unanswered request is denied after this long.</source>
        <translation>Eine unbeantwortete Anfrage wird nach dieser Zeit abgelehnt.</translation>
    </message>
    <message>
        <source>Allowed addresses</source>
        <translation>Erlaubte Adressen</translation>
    </message>
    <message>
        <source>http_request refuses loopback, link-local and private addresses except these: a comma list of addresses, ranges and host names, e.g. &quot;10.0.0.5, 192.168.1.0/24, nas.lan&quot;.</source>
        <translation>http_request lehnt Loopback-, Link-Local- und private Adressen ab, außer diesen: eine Kommaliste aus Adressen, Bereichen und Hostnamen, z. B. „10.0.0.5, 192.168.1.0/24, nas.lan“.</translation>
    </message>
    <message>
        <source>Closing the window</source>
        <translation>Beim Schließen des Fensters</translation>
    </message>
    <message>
        <source>Without a system tray, while scheduled checks are active: ask, keep running in the background (start Zerg again to see the window), or quit. With a tray the window hides in it.</source>
        <translation>Ohne Infobereich, solange geplante Prüfungen aktiv sind: nachfragen, im Hintergrund weiterlaufen (starten Sie Zerg erneut, um das Fenster zu sehen) oder beenden. Mit Infobereich verschwindet das Fenster dorthin.</translation>
    </message>
    <message>
        <source>Speech recognition</source>
        <translation>Spracherkennung</translation>
    </message>
    <message>
        <source>On this computer: pocketsphinx, nothing leaves it. A server: any OpenAI-compatible /v1/audio/transcriptions (OpenAI, a whisper.cpp server, speaches, LocalAI).</source>
        <translation>Auf diesem Computer: pocketsphinx, nichts verlässt ihn. Ein Server: jedes OpenAI-kompatible /v1/audio/transcriptions (OpenAI, ein whisper.cpp-Server, speaches, LocalAI).</translation>
    </message>
    <message>
        <source>Speech output</source>
        <translation>Sprachausgabe</translation>
    </message>
    <message>
        <source>On this computer: espeak-ng. A server: any OpenAI-compatible /v1/audio/speech.</source>
        <translation>Auf diesem Computer: espeak-ng. Ein Server: jedes OpenAI-kompatible /v1/audio/speech.</translation>
    </message>
    <message>
        <source>Speech server URL</source>
        <translation>URL des Sprachservers</translation>
    </message>
    <message>
        <source>…/v1 of the speech server. Empty: the provider&apos;s base URL and key.</source>
        <translation>…/v1 des Sprachservers. Leer: Basis-URL und Schlüssel des Anbieters.</translation>
    </message>
    <message>
        <source>Recognition model</source>
        <translation>Erkennungsmodell</translation>
    </message>
    <message>
        <source>The server&apos;s model, e.g. whisper-1.</source>
        <translation>Das Modell des Servers, z. B. whisper-1.</translation>
    </message>
    <message>
        <source>Speech model</source>
        <translation>Sprachmodell</translation>
    </message>
    <message>
        <source>The server&apos;s model, e.g. tts-1.</source>
        <translation>Das Modell des Servers, z. B. tts-1.</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Stimme</translation>
    </message>
    <message>
        <source>Empty: en-us on this computer (an espeak-ng voice), alloy on a server.</source>
        <translation>Leer: en-us auf diesem Computer (eine espeak-ng-Stimme), alloy auf einem Server.</translation>
    </message>
    <message>
        <source>Speak answers</source>
        <translation>Antworten vorlesen</translation>
    </message>
    <message>
        <source>Hands-free</source>
        <translation>Freihändig</translation>
    </message>
    <message>
        <source>The microphone listens until you turn it off and takes each utterance when you stop talking. Off: hold the microphone button or Ctrl+Space while you speak.</source>
        <translation>Das Mikrofon hört zu, bis Sie es ausschalten, und nimmt jede Äußerung, sobald Sie aufhören zu sprechen. Aus: halten Sie beim Sprechen die Mikrofontaste oder Strg+Leertaste gedrückt.</translation>
    </message>
    <message>
        <source>End of speech after (ms)</source>
        <translation>Ende der Äußerung nach (ms)</translation>
    </message>
    <message>
        <source>Silence that ends an utterance.</source>
        <translation>Stille, die eine Äußerung beendet.</translation>
    </message>
    <message>
        <source>Send when I stop talking</source>
        <translation>Senden, wenn ich aufhöre zu sprechen</translation>
    </message>
    <message>
        <source>Off: the transcript waits in the message box for you to edit and send.</source>
        <translation>Aus: die Abschrift wartet im Eingabefeld, bis Sie sie bearbeiten und senden.</translation>
    </message>
    <message>
        <source>Keep recordings</source>
        <translation>Aufnahmen behalten</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Gespräch</translation>
    </message>
    <message>
        <source>Turns: the engines above, one utterance at a time. Realtime: voice to voice with an OpenAI Realtime model at the speech server (else the provider); your voice goes to that server.</source>
        <translation>Abwechselnd: die Engines oben, eine Äußerung nach der anderen. Sprache zu Sprache mit einem OpenAI-Realtime-Modell beim Sprachserver (sonst beim Anbieter); Ihre Stimme geht an diesen Server.</translation>
    </message>
    <message>
        <source>Realtime model</source>
        <translation>Realtime-Modell</translation>
    </message>
    <message>
        <source>The server&apos;s Realtime model, e.g. gpt-realtime.</source>
        <translation>Das Realtime-Modell des Servers, z. B. gpt-realtime.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Mikrofon</translation>
    </message>
    <message>
        <source>The input the microphone button listens to. System default: the one your desktop chooses.</source>
        <translation>Der Eingang, dem die Mikrofontaste zuhört. Systemstandard: der, den Ihr Desktop wählt.</translation>
    </message>
    <message>
        <source>Off: what the microphone heard is dropped once transcribed. On: each utterance is kept as a WAVE file in recordings/ in the data folder, moved to recordings/run-ID/ once its words are sent.</source>
        <translation>Aus: Was das Mikrofon gehört hat, wird nach der Transkription verworfen. An: Jede Äußerung wird als WAVE-Datei in recordings/ im Datenordner behalten und nach recordings/run-ID/ verschoben, sobald ihre Worte gesendet sind.</translation>
    </message>
    <message>
        <source>Instance name</source>
        <translation>Name der Instanz</translation>
    </message>
    <message>
        <source>How this process is listed in `zerg instances list`. Empty: the computer&apos;s host name.</source>
        <translation>So erscheint dieser Prozess in `zerg instances list`. Leer: der Hostname des Computers.</translation>
    </message>
    <message>
        <source>Lease on running work (seconds)</source>
        <translation>Lease auf laufende Arbeit (Sekunden)</translation>
    </message>
    <message>
        <source>Time to finish on stop (seconds)</source>
        <translation>Zeit zum Abschließen beim Beenden (Sekunden)</translation>
    </message>
    <message>
        <source>Workers at once, all instances</source>
        <translation>Worker gleichzeitig, alle Instanzen</translation>
    </message>
    <message>
        <source>Workers running at once over every process on the same database. 0: no limit beyond each process&apos;s own.</source>
        <translation>Worker, die in allen Prozessen auf derselben Datenbank zusammen gleichzeitig laufen. 0: keine Grenze außer der jedes Prozesses.</translation>
    </message>
    <message>
        <source>Workers at once per person</source>
        <translation>Worker gleichzeitig pro Person</translation>
    </message>
    <message>
        <source>Workers one person may have running at once over every process on the same database. 0: no limit.</source>
        <translation>Worker, die eine Person in allen Prozessen auf derselben Datenbank zusammen gleichzeitig laufen lassen darf. 0: keine Grenze.</translation>
    </message>
    <message>
        <source>When this process stops answering for this long, another one on the same database takes its work over or declares it interrupted.</source>
        <translation>Antwortet dieser Prozess so lange nicht, übernimmt ein anderer auf derselben Datenbank seine Arbeit oder erklärt sie für unterbrochen.</translation>
    </message>
    <message>
        <source>After SIGTERM, `zerg serve` refuses new requests and lets the runs in progress finish for this long, then hands back the runs another instance may finish and cancels the rest.</source>
        <translation>Nach SIGTERM nimmt `zerg serve` keine neuen Anfragen an und lässt laufende Läufe so lange zu Ende laufen; danach gibt es die Läufe ab, die eine andere Instanz beenden kann, und bricht den Rest ab.</translation>
    </message>
    <message>
        <source>Public address of zerg serve</source>
        <translation>Öffentliche Adresse von zerg serve</translation>
    </message>
    <message>
        <source>For answering approval requests from a phone: with an ntfy webhook, each request is pushed with Allow, Deny and Open buttons that call this address. Use https:// behind a reverse proxy. Empty: requests are answered in Zerg only.</source>
        <translation>Um Freigabeanfragen vom Telefon aus zu beantworten: Mit einem ntfy-Webhook wird jede Anfrage mit den Schaltflächen Erlauben, Ablehnen und Ansehen gesendet, die diese Adresse aufrufen. Verwenden Sie https:// hinter einem Reverse-Proxy. Leer: Anfragen werden nur in Zerg beantwortet.</translation>
    </message>
    <message>
        <source>IMAP server for replies</source>
        <translation>IMAP-Server für Antworten</translation>
    </message>
    <message>
        <source>Replies to alert and approval e-mails are read from this mailbox: yes or no answers a request, other text is a question for Jarvis. Empty: no replies by e-mail.</source>
        <translation>Antworten auf Warn- und Freigabe-E-Mails werden aus diesem Postfach gelesen: ja oder nein beantwortet eine Anfrage, anderer Text ist eine Frage an Jarvis. Leer: keine Antworten per E-Mail.</translation>
    </message>
    <message>
        <source>IMAP port</source>
        <translation>IMAP-Port</translation>
    </message>
    <message>
        <source>IMAP TLS</source>
        <translation>IMAP-TLS</translation>
    </message>
    <message>
        <source>IMAP user</source>
        <translation>IMAP-Benutzer</translation>
    </message>
    <message>
        <source>The password is the secret imap_password.</source>
        <translation>Das Passwort ist das Geheimnis imap_password.</translation>
    </message>
    <message>
        <source>IMAP mailbox</source>
        <translation>IMAP-Postfach</translation>
    </message>
    <message>
        <source>Replies also count from</source>
        <translation>Antworten zählen auch von</translation>
    </message>
    <message>
        <source>A comma list of addresses whose replies count, besides the alert address. Replies from anyone else are refused.</source>
        <translation>Eine kommagetrennte Liste von Adressen, deren Antworten zählen, zusätzlich zur Warnadresse. Antworten anderer werden abgelehnt.</translation>
    </message>
    <message>
        <source>Scheduled checks: a comma list of notification, email, webhook, sms. Every result is in the task inbox. Empty: the inbox only.</source>
        <translation>Geplante Prüfungen: eine Komma-Liste aus notification, email, webhook, sms. Jedes Ergebnis steht im Aufgabeneingang. Leer: nur der Eingang.</translation>
    </message>
    <message>
        <source>SMS gateway</source>
        <translation>SMS-Gateway</translation>
    </message>
    <message>
        <source>Critical alerts by text message: twilio (Twilio&apos;s API), http (any gateway, with the URL and body below), or off. The token is the secret sms_token; replies reach zerg serve at &lt;public address&gt;/sms.</source>
        <translation>Kritische Alarme per SMS: twilio (die API von Twilio), http (jedes Gateway, mit URL und Inhalt unten) oder off. Das Token ist das Geheimnis sms_token; Antworten erreichen zerg serve unter &lt;öffentliche Adresse&gt;/sms.</translation>
    </message>
    <message>
        <source>SMS to</source>
        <translation>SMS an</translation>
    </message>
    <message>
        <source>Your number, with the country code (+4915112345678). Only replies from it count.</source>
        <translation>Ihre Nummer, mit Ländervorwahl (+4915112345678). Nur Antworten von ihr zählen.</translation>
    </message>
    <message>
        <source>SMS from</source>
        <translation>SMS von</translation>
    </message>
    <message>
        <source>The gateway&apos;s sender number.</source>
        <translation>Die Absendernummer des Gateways.</translation>
    </message>
    <message>
        <source>SMS account</source>
        <translation>SMS-Konto</translation>
    </message>
    <message>
        <source>Twilio: the Account SID (AC…).</source>
        <translation>Twilio: die Account SID (AC…).</translation>
    </message>
    <message>
        <source>SMS URL</source>
        <translation>SMS-URL</translation>
    </message>
    <message>
        <source>http: the gateway&apos;s URL, with {to}, {from}, {text} and {token} filled in. Twilio: empty for api.twilio.com.</source>
        <translation>http: die URL des Gateways, mit {to}, {from}, {text} und {token} eingesetzt. Twilio: leer für api.twilio.com.</translation>
    </message>
    <message>
        <source>SMS body</source>
        <translation>SMS-Inhalt</translation>
    </message>
    <message>
        <source>http: the request body, with the same placeholders. Empty: a form with to, from and text.</source>
        <translation>http: der Inhalt der Anfrage, mit denselben Platzhaltern. Leer: ein Formular mit to, from und text.</translation>
    </message>
    <message>
        <source>SMS body type</source>
        <translation>SMS-Inhaltstyp</translation>
    </message>
    <message>
        <source>http: e.g. application/json.</source>
        <translation>http: z. B. application/json.</translation>
    </message>
</context>
<context>
    <name>zerg::Settings</name>
    <message>
        <source>There is no setting called &apos;%1&apos;.</source>
        <translation>Es gibt keine Einstellung namens &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Enter one that starts with http:// or https:// and names a server, for example https://api.openai.com/v1.</source>
        <translation>&apos;%1&apos; ist keine Webadresse. Geben Sie eine ein, die mit http:// oder https:// beginnt und einen Server nennt, zum Beispiel https://api.openai.com/v1.</translation>
    </message>
    <message>
        <source>%1 takes a whole number from %2 to %3.</source>
        <translation>%1 nimmt eine ganze Zahl von %2 bis %3.</translation>
    </message>
    <message>
        <source>%1 takes a number from %2 to %3.</source>
        <translation>%1 nimmt eine Zahl von %2 bis %3.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a number. %2</source>
        <translation>&apos;%1&apos; ist keine Zahl. %2</translation>
    </message>
    <message>
        <source>%1 is out of range. %2</source>
        <translation>%1 liegt außerhalb des Bereichs. %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is neither on nor off. %2 takes true or false.</source>
        <translation>&apos;%1&apos; ist weder an noch aus. %2 nimmt true oder false.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a choice for %2. Choose one of: %3.</source>
        <translation>&apos;%1&apos; ist keine Auswahl für %2. Wählen Sie eine von: %3.</translation>
    </message>
    <message>
        <source>%1 cannot be changed in the app. Set %2 in the environment Zerg starts from instead.</source>
        <translation>%1 kann in der App nicht geändert werden. Setzen Sie stattdessen %2 in der Umgebung, aus der Zerg startet.</translation>
    </message>
    <message>
        <source>Could not save the setting to %1. Check that the file and its folder are writable by you.</source>
        <translation>Die Einstellung konnte nicht in %1 gespeichert werden. Prüfen Sie, ob Sie die Datei und ihren Ordner beschreiben dürfen.</translation>
    </message>
    <message>
        <source>The secret was saved, but Zerg could not note that in %1. Check that the file and its folder are writable by you.</source>
        <translation>Das Geheimnis wurde gespeichert, aber Zerg konnte das nicht in %1 vermerken. Prüfen Sie, ob Sie die Datei und ihren Ordner beschreiben dürfen.</translation>
    </message>
    <message>
        <source>No language model is configured. Set ZERG_LLM_BASE_URL (for example http://127.0.0.1:11434/v1 for Ollama) and ZERG_MODEL, or configure a provider in Settings.</source>
        <translation>Es ist kein Sprachmodell eingerichtet. Setzen Sie ZERG_LLM_BASE_URL (zum Beispiel http://127.0.0.1:11434/v1 für Ollama) und ZERG_MODEL, oder richten Sie in den Einstellungen einen Anbieter ein.</translation>
    </message>
    <message>
        <source>No LLM endpoint is configured. Set ZERG_LLM_BASE_URL (for example https://api.openai.com/v1).</source>
        <translation>Es ist kein LLM-Endpunkt eingerichtet. Setzen Sie ZERG_LLM_BASE_URL (zum Beispiel https://api.openai.com/v1).</translation>
    </message>
    <message>
        <source>No model is configured. Set ZERG_MODEL (for example gpt-4o-mini).</source>
        <translation>Es ist kein Modell eingerichtet. Setzen Sie ZERG_MODEL (zum Beispiel gpt-4o-mini).</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a choice for %2: enter one word, as the Settings page offers them.</source>
        <translation>„%1“ ist keine Auswahl für %2: Geben Sie ein Wort ein, wie es die Einstellungsseite anbietet.</translation>
    </message>
</context>
<context>
    <name>zerg::SettingsModel</name>
    <message>
        <source>Provider and models</source>
        <translation>Anbieter und Modelle</translation>
    </message>
    <message>
        <source>Roundabout</source>
        <translation>Roundabout</translation>
    </message>
    <message>
        <source>XO</source>
        <translation>XO</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Budgets</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Benachrichtigungen</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Remote server</source>
        <translation>Entfernter Server</translation>
    </message>
    <message>
        <source>Server mode (zerg serve)</source>
        <translation>Servermodus (zerg serve)</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>STARTTLS</source>
        <translation>STARTTLS</translation>
    </message>
    <message>
        <source>Implicit TLS</source>
        <translation>Implizites TLS</translation>
    </message>
    <message>
        <source>None (unencrypted)</source>
        <translation>Keine (unverschlüsselt)</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Slack</source>
        <translation>Slack</translation>
    </message>
    <message>
        <source>Discord</source>
        <translation>Discord</translation>
    </message>
    <message>
        <source>ntfy</source>
        <translation>ntfy</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>SMTP password</source>
        <translation>SMTP-Passwort</translation>
    </message>
    <message>
        <source>Webhook URL</source>
        <translation>Webhook-URL</translation>
    </message>
    <message>
        <source>Sent only to the base URL above. Leave empty for a server that needs none (a local Ollama).</source>
        <translation>Wird nur an die Basis-URL oben gesendet. Leer lassen für einen Server, der keinen braucht (ein lokales Ollama).</translation>
    </message>
    <message>
        <source>send_webhook&apos;s default target. Kept as a secret: such URLs often carry a token.</source>
        <translation>Das Standardziel von send_webhook. Als Geheimnis aufbewahrt: Solche URLs enthalten oft ein Token.</translation>
    </message>
    <message>
        <source>Set by %1 in the environment, which wins over this setting. Change or unset it there, then restart Zerg.</source>
        <translation>Durch %1 in der Umgebung gesetzt, was Vorrang vor dieser Einstellung hat. Ändern oder entfernen Sie die Variable dort und starten Sie Zerg dann neu.</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Set in the environment.</source>
        <translation>In der Umgebung gesetzt.</translation>
    </message>
    <message>
        <source>Stored in %1.</source>
        <translation>Gespeichert in %1.</translation>
    </message>
    <message>
        <source>Not set.</source>
        <translation>Nicht gesetzt.</translation>
    </message>
    <message>
        <source>That is not a web address. A webhook URL starts with https:// (or http://) and names a server, for example https://hooks.slack.com/…</source>
        <translation>Das ist keine Webadresse. Eine Webhook-URL beginnt mit https:// (oder http://) und nennt einen Server, zum Beispiel https://hooks.slack.com/…</translation>
    </message>
    <message>
        <source>%1 is set in the environment Zerg starts from, and it wins over this choice. Unset it (or change it there), then restart Zerg.</source>
        <translation>%1 ist in der Umgebung gesetzt, aus der Zerg startet, und hat Vorrang vor dieser Auswahl. Entfernen Sie die Variable (oder ändern Sie sie dort) und starten Sie Zerg dann neu.</translation>
    </message>
    <message>
        <source>Enter the name of the model to use.</source>
        <translation>Geben Sie den Namen des zu verwendenden Modells ein.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Enter the server&apos;s address with http:// or https://, for example http://127.0.0.1:8080/v1.</source>
        <translation>&apos;%1&apos; ist keine Webadresse. Geben Sie die Adresse des Servers mit http:// oder https:// ein, zum Beispiel http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a web address. Ollama listens on http://127.0.0.1:11434 unless you changed it.</source>
        <translation>&apos;%1&apos; ist keine Webadresse. Ollama lauscht auf http://127.0.0.1:11434, sofern Sie das nicht geändert haben.</translation>
    </message>
    <message>
        <source>Choose one of Ollama&apos;s models. If it has none yet, pull one first, for example: ollama pull qwen2.5:7b</source>
        <translation>Wählen Sie eines der Modelle von Ollama. Hat es noch keines, laden Sie zuerst eines, zum Beispiel: ollama pull qwen2.5:7b</translation>
    </message>
    <message>
        <source>Enter the server&apos;s address, for example http://127.0.0.1:8080/v1 (llama.cpp, vLLM, LM Studio and OpenRouter all speak OpenAI&apos;s API).</source>
        <translation>Geben Sie die Adresse des Servers ein, zum Beispiel http://127.0.0.1:8080/v1 (llama.cpp, vLLM, LM Studio und OpenRouter sprechen alle die API von OpenAI).</translation>
    </message>
    <message>
        <source>Zerg does not know the provider &apos;%1&apos;. Choose one of the providers offered here.</source>
        <translation>Zerg kennt den Anbieter „%1“ nicht. Wählen Sie einen der hier angebotenen Anbieter.</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Freigaben</translation>
    </message>
    <message>
        <source>Desktop</source>
        <translation>Desktop</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>Nachfragen</translation>
    </message>
    <message>
        <source>Keep running in the background</source>
        <translation>Im Hintergrund weiterlaufen</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Sprachein- und -ausgabe</translation>
    </message>
    <message>
        <source>On this computer (pocketsphinx)</source>
        <translation>Auf diesem Computer (pocketsphinx)</translation>
    </message>
    <message>
        <source>On this computer (espeak-ng)</source>
        <translation>Auf diesem Computer (espeak-ng)</translation>
    </message>
    <message>
        <source>OpenAI-compatible server</source>
        <translation>OpenAI-kompatibler Server</translation>
    </message>
    <message>
        <source>When I asked by voice</source>
        <translation>Wenn ich gesprochen gefragt habe</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>Immer</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>Nie</translation>
    </message>
    <message>
        <source>In turns (the engines above)</source>
        <translation>Abwechselnd (die Engines oben)</translation>
    </message>
    <message>
        <source>Voice to voice (OpenAI Realtime)</source>
        <translation>Sprache zu Sprache (OpenAI Realtime)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>%1 (not connected)</source>
        <translation>%1 (nicht angeschlossen)</translation>
    </message>
    <message>
        <source>IMAP password</source>
        <translation>IMAP-Passwort</translation>
    </message>
    <message>
        <source>SMS token</source>
        <translation>SMS-Token</translation>
    </message>
</context>
<context>
    <name>zerg::ShellInvocation</name>
    <message>
        <source>command did not finish within %1 s; it was stopped</source>
        <translation>Befehl ist nicht innerhalb von %1 s fertig geworden; er wurde gestoppt</translation>
    </message>
    <message>
        <source>command was killed by a signal before it finished</source>
        <translation>Befehl wurde vor dem Ende durch ein Signal beendet</translation>
    </message>
    <message>
        <source>command exited with status %1</source>
        <translation>Befehl endete mit Status %1</translation>
    </message>
    <message>
        <source>Could not start %1 in %2: %3. Check that the folder is accessible and the program is installed.</source>
        <translation>%1 konnte in %2 nicht gestartet werden: %3. Prüfen Sie, ob der Ordner zugänglich und das Programm installiert ist.</translation>
    </message>
</context>
<context>
    <name>zerg::SingleInstance</name>
    <message>
        <source>The request to the running Zerg was not understood; start Zerg with the same version as the running one.</source>
        <translation>Die Anfrage an das laufende Zerg wurde nicht verstanden; starten Sie Zerg in derselben Version wie das laufende.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Zerg is already running with this data folder (process %1). Quit it (tray menu › Quit Zerg, or Ctrl+Q in its window) and try again.</source>
        <translation>Zerg läuft bereits mit diesem Datenordner (Prozess %1). Beenden Sie es (Infobereich › Zerg beenden oder Strg+Q in seinem Fenster) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The running Zerg refused the request.</source>
        <translation>Das laufende Zerg hat die Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>Zerg is already running (process %1) but did not answer within %2 s (%3). If its window does not respond, end that process and start Zerg again.</source>
        <translation>Zerg läuft bereits (Prozess %1), hat aber nicht innerhalb von %2 s geantwortet (%3). Wenn sein Fenster nicht reagiert, beenden Sie diesen Prozess und starten Sie Zerg erneut.</translation>
    </message>
    <message>
        <source>The request is too long (over 64 KiB).</source>
        <translation>Die Anfrage ist zu lang (über 64 KiB).</translation>
    </message>
</context>
<context>
    <name>zerg::SmsAlerts</name>
    <message>
        <source>ZERG_SMS_GATEWAY: %1 Or set it to off.</source>
        <translation>ZERG_SMS_GATEWAY: %1 Oder setzen Sie es auf off.</translation>
    </message>
    <message>
        <source>SMS alerts are off until the gateway&apos;s settings are mended: %1</source>
        <translation>SMS-Alarme sind aus, bis die Einstellungen des Gateways berichtigt sind: %1</translation>
    </message>
</context>
<context>
    <name>zerg::SmsGateway</name>
    <message>
        <source>Redirects are not followed: put the address it points to in ZERG_SMS_URL.</source>
        <translation>Weiterleitungen werden nicht verfolgt: tragen Sie die Zieladresse in ZERG_SMS_URL ein.</translation>
    </message>
    <message>
        <source>Check ZERG_SMS_ACCOUNT and the secret &quot;sms_token&quot;: the Account SID and Auth Token of the Twilio console.</source>
        <translation>Prüfen Sie ZERG_SMS_ACCOUNT und das Geheimnis „sms_token“: Account SID und Auth Token der Twilio-Konsole.</translation>
    </message>
    <message>
        <source>Check the secret &quot;sms_token&quot; and ZERG_SMS_URL.</source>
        <translation>Prüfen Sie das Geheimnis „sms_token“ und ZERG_SMS_URL.</translation>
    </message>
    <message>
        <source>Check ZERG_SMS_ACCOUNT and ZERG_SMS_URL.</source>
        <translation>Prüfen Sie ZERG_SMS_ACCOUNT und ZERG_SMS_URL.</translation>
    </message>
    <message>
        <source>Check ZERG_SMS_URL.</source>
        <translation>Prüfen Sie ZERG_SMS_URL.</translation>
    </message>
    <message>
        <source>The gateway limits how many messages are sent; try again later.</source>
        <translation>Das Gateway begrenzt, wie viele Nachrichten gesendet werden; versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The gateway has a problem of its own; try again later.</source>
        <translation>Das Gateway hat selbst ein Problem; versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>Check ZERG_SMS_FROM and ZERG_SMS_TO.</source>
        <translation>Prüfen Sie ZERG_SMS_FROM und ZERG_SMS_TO.</translation>
    </message>
    <message>
        <source>Check ZERG_SMS_URL, ZERG_SMS_BODY, ZERG_SMS_FROM and ZERG_SMS_TO.</source>
        <translation>Prüfen Sie ZERG_SMS_URL, ZERG_SMS_BODY, ZERG_SMS_FROM und ZERG_SMS_TO.</translation>
    </message>
    <message>
        <source>&apos;+&apos;, the country code and the number, 8 to 15 digits without spaces, e.g. +4915112345678</source>
        <translation>„+“, Ländervorwahl und Nummer, 8 bis 15 Ziffern ohne Leerzeichen, z. B. +4915112345678</translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not an http(s) URL; leave it empty for Twilio&apos;s API (%1).</source>
        <translation>ZERG_SMS_URL ist keine http(s)-URL; lassen Sie sie leer für die API von Twilio (%1).</translation>
    </message>
    <message>
        <source>ZERG_SMS_ACCOUNT is not set: the Account SID of the Twilio console (AC and 32 hex digits).</source>
        <translation>ZERG_SMS_ACCOUNT ist nicht gesetzt: die Account SID der Twilio-Konsole (AC und 32 Hex-Ziffern).</translation>
    </message>
    <message>
        <source>ZERG_SMS_ACCOUNT &quot;%1&quot; is not an Account SID: that is AC and 32 hex digits, as the Twilio console shows it.</source>
        <translation>ZERG_SMS_ACCOUNT „%1“ ist keine Account SID: das ist AC und 32 Hex-Ziffern, wie die Twilio-Konsole sie zeigt.</translation>
    </message>
    <message>
        <source>The secret &quot;sms_token&quot; is not set: the Auth Token of the Twilio console.</source>
        <translation>Das Geheimnis „sms_token“ ist nicht gesetzt: das Auth Token der Twilio-Konsole.</translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not set: with ZERG_SMS_GATEWAY=http it is the gateway&apos;s URL, with {to}, {from}, {text} and {token} where they go.</source>
        <translation>ZERG_SMS_URL ist nicht gesetzt: mit ZERG_SMS_GATEWAY=http ist sie die URL des Gateways, mit {to}, {from}, {text} und {token} an ihren Stellen.</translation>
    </message>
    <message>
        <source>ZERG_SMS_URL is not an http(s) URL.</source>
        <translation>ZERG_SMS_URL ist keine http(s)-URL.</translation>
    </message>
    <message>
        <source>Neither ZERG_SMS_URL nor ZERG_SMS_BODY has {text}, so the alert&apos;s text would not be sent.</source>
        <translation>Weder ZERG_SMS_URL noch ZERG_SMS_BODY enthält {text}, der Text des Alarms würde also nicht gesendet.</translation>
    </message>
    <message>
        <source>The secret &quot;sms_token&quot; is not set, but ZERG_SMS_URL or ZERG_SMS_BODY uses {token}.</source>
        <translation>Das Geheimnis „sms_token“ ist nicht gesetzt, aber ZERG_SMS_URL oder ZERG_SMS_BODY verwendet {token}.</translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM is not set: the Twilio number the SMS is sent from (%1).</source>
        <translation>ZERG_SMS_FROM ist nicht gesetzt: die Twilio-Nummer, von der die SMS gesendet wird (%1).</translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM is not set: the number the SMS is sent from (%1), or a sender name the gateway allows.</source>
        <translation>ZERG_SMS_FROM ist nicht gesetzt: die Nummer, von der die SMS gesendet wird (%1), oder ein Absendername, den das Gateway erlaubt.</translation>
    </message>
    <message>
        <source>ZERG_SMS_FROM &quot;%1&quot; is not a phone number in E.164 form: %2.</source>
        <translation>ZERG_SMS_FROM „%1“ ist keine Telefonnummer im E.164-Format: %2.</translation>
    </message>
    <message>
        <source>ZERG_SMS_TO is not set: the operator&apos;s mobile number (%1).</source>
        <translation>ZERG_SMS_TO ist nicht gesetzt: die Mobilnummer des Betreibers (%1).</translation>
    </message>
    <message>
        <source>ZERG_SMS_TO &quot;%1&quot; is not a phone number in E.164 form: %2.</source>
        <translation>ZERG_SMS_TO „%1“ ist keine Telefonnummer im E.164-Format: %2.</translation>
    </message>
    <message>
        <source>The SMS has no text; nothing was sent.</source>
        <translation>Die SMS hat keinen Text; nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a phone number in E.164 form (&apos;+&apos;, the country code and the number, e.g. +4915112345678); nothing was sent.</source>
        <translation>„%1“ ist keine Telefonnummer im E.164-Format („+“, Ländervorwahl und Nummer, z. B. +4915112345678); nichts wurde gesendet.</translation>
    </message>
    <message>
        <source>SMS is not set up, nothing was sent: %1</source>
        <translation>SMS ist nicht eingerichtet, nichts wurde gesendet: %1</translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not answer within %2 s; the message may or may not have been sent. Check ZERG_SMS_URL and the network.</source>
        <translation>Das SMS-Gateway %1 hat nicht innerhalb von %2 s geantwortet; die Nachricht ist vielleicht gesendet worden, vielleicht nicht. Prüfen Sie ZERG_SMS_URL und das Netzwerk.</translation>
    </message>
    <message>
        <source>Could not reach the SMS gateway %1: %2. Check ZERG_SMS_URL and that the gateway can be reached from here.</source>
        <translation>Das SMS-Gateway %1 war nicht erreichbar: %2. Prüfen Sie ZERG_SMS_URL und ob das Gateway von hier erreichbar ist.</translation>
    </message>
    <message>
        <source>The TLS handshake with the SMS gateway %1 failed: %2. Its certificate is not trusted here; check ZERG_SMS_URL (https and the gateway&apos;s own host name) and the system&apos;s CA certificates.</source>
        <translation>Der TLS-Handshake mit dem SMS-Gateway %1 ist fehlgeschlagen: %2. Seinem Zertifikat wird hier nicht vertraut; prüfen Sie ZERG_SMS_URL (https und der eigene Hostname des Gateways) und die CA-Zertifikate des Systems.</translation>
    </message>
    <message>
        <source>The SMS gateway %1 stopped answering: %2. The message may or may not have been sent; check the network.</source>
        <translation>Das SMS-Gateway %1 antwortet nicht mehr: %2. Die Nachricht ist vielleicht gesendet worden, vielleicht nicht; prüfen Sie das Netzwerk.</translation>
    </message>
    <message>
        <source>Sending the SMS through %1 failed: %2</source>
        <translation>Das Senden der SMS über %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1, error %2</source>
        <translation>HTTP %1, Fehler %2</translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not take the message (%2, no details).</source>
        <translation>Das SMS-Gateway %1 hat die Nachricht nicht angenommen (%2, ohne Einzelheiten).</translation>
    </message>
    <message>
        <source>The SMS gateway %1 did not take the message (%2): %3</source>
        <translation>Das SMS-Gateway %1 hat die Nachricht nicht angenommen (%2): %3</translation>
    </message>
    <message>
        <source>(no host in ZERG_SMS_URL)</source>
        <translation>(kein Host in ZERG_SMS_URL)</translation>
    </message>
    <message>
        <source>The SMS webhook&apos;s body is not a JSON object%1.</source>
        <translation>Der Inhalt des SMS-Webhooks ist kein JSON-Objekt%1.</translation>
    </message>
    <message>
        <source>The SMS webhook&apos;s request has no %1, so it is not a message to read.</source>
        <translation>Der Anfrage des SMS-Webhooks fehlt %1, sie ist also keine lesbare Nachricht.</translation>
    </message>
    <message>
        <source> and </source>
        <translation> und </translation>
    </message>
</context>
<context>
    <name>zerg::SmsReplies</name>
    <message>
        <source>SMS replies are not read until then.</source>
        <translation>Bis dahin werden SMS-Antworten nicht gelesen.</translation>
    </message>
    <message>
        <source>SMS replies through an HTTP gateway need the secret sms_token (Settings › Notifications): the webhook&apos;s secret address is made from it. SMS replies are not read until then.</source>
        <translation>SMS-Antworten über ein HTTP-Gateway brauchen das Geheimnis sms_token (Einstellungen › Benachrichtigungen): Daraus wird die geheime Adresse des Webhooks gebildet. Bis dahin werden SMS-Antworten nicht gelesen.</translation>
    </message>
    <message>
        <source>%1 is not the number SMS alerts go to (ZERG_SMS_TO)</source>
        <translation>%1 ist nicht die Nummer, an die SMS-Warnungen gehen (ZERG_SMS_TO)</translation>
    </message>
    <message>
        <source>an empty message</source>
        <translation>eine leere Nachricht</translation>
    </message>
    <message>
        <source>a keyword the gateway answers itself (%1)</source>
        <translation>ein Schlüsselwort, das das Gateway selbst beantwortet (%1)</translation>
    </message>
    <message>
        <source>About the alert &quot;%1&quot; (%2, %3 UTC):
%4

The user replied by SMS (answer in a few plain sentences, no Markdown):
%5</source>
        <translation>Zur Warnung &quot;%1&quot; (%2, %3 UTC):
%4

Der Benutzer hat per SMS geantwortet (antworte in wenigen einfachen Sätzen, ohne Markdown):
%5</translation>
    </message>
    <message>
        <source>The user asks by SMS (answer in a few plain sentences, no Markdown):
%1</source>
        <translation>Der Benutzer fragt per SMS (antworte in wenigen einfachen Sätzen, ohne Markdown):
%1</translation>
    </message>
    <message>
        <source>Zerg: your question was not started: %1 Send it again in a few minutes.</source>
        <translation>Zerg: Ihre Frage wurde nicht gestartet: %1 Senden Sie sie in ein paar Minuten noch einmal.</translation>
    </message>
    <message>
        <source>Zerg could not answer: %1</source>
        <translation>Zerg konnte nicht antworten: %1</translation>
    </message>
</context>
<context>
    <name>zerg::SmtpSender</name>
    <message>
        <source>Could not initialize libcurl; the system may be out of memory.</source>
        <translation>libcurl konnte nicht initialisiert werden; vermutlich ist der Speicher des Systems erschöpft.</translation>
    </message>
    <message>
        <source>Could not connect to the SMTP server %1: %2. Check ZERG_SMTP_HOST and ZERG_SMTP_PORT and that the server is running.</source>
        <translation>Keine Verbindung zum SMTP-Server %1: %2. Prüfen Sie ZERG_SMTP_HOST und ZERG_SMTP_PORT und ob der Server läuft.</translation>
    </message>
    <message>
        <source>TLS with the SMTP server %1 failed: %2. Check ZERG_SMTP_TLS (none, starttls or implicit) and the server&apos;s certificate; for a private certificate authority set ZERG_SMTP_CA_FILE to its PEM file.</source>
        <translation>TLS mit dem SMTP-Server %1 ist fehlgeschlagen: %2. Prüfen Sie ZERG_SMTP_TLS (none, starttls oder implicit) und das Zertifikat des Servers; setzen Sie für eine private Zertifizierungsstelle ZERG_SMTP_CA_FILE auf deren PEM-Datei.</translation>
    </message>
    <message>
        <source>The SMTP server %1 rejected the login of user &quot;%2&quot;: %3. Check ZERG_SMTP_USER and the smtp_password secret.</source>
        <translation>Der SMTP-Server %1 hat die Anmeldung des Benutzers &quot;%2&quot; abgelehnt: %3. Prüfen Sie ZERG_SMTP_USER und das Geheimnis smtp_password.</translation>
    </message>
    <message>
        <source>The SMTP server %1 did not answer within %2 s: %3. Try again later.</source>
        <translation>Der SMTP-Server %1 hat nicht innerhalb von %2 s geantwortet: %3. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The SMTP server %1 refused the message: %2. Check the addresses (and ZERG_SMTP_FROM), or whether the server needs a login.</source>
        <translation>Der SMTP-Server %1 hat die Nachricht abgelehnt: %2. Prüfen Sie die Adressen (und ZERG_SMTP_FROM) oder ob der Server eine Anmeldung verlangt.</translation>
    </message>
    <message>
        <source>Sending through the SMTP server %1 failed: %2.</source>
        <translation>Der Versand über den SMTP-Server %1 ist fehlgeschlagen: %2.</translation>
    </message>
</context>
<context>
    <name>zerg::SpokenAnswers</name>
    <message>
        <source>%1. This takes a moment.</source>
        <translation>%1. Das dauert einen Moment.</translation>
    </message>
    <message>
        <source>Unknown speech output engine &apos;%1&apos;: choose one in Settings › Voice.</source>
        <translation>Unbekannte Sprachausgabe-Engine &apos;%1&apos;: wählen Sie eine unter Einstellungen › Sprachein- und -ausgabe.</translation>
    </message>
</context>
<context>
    <name>zerg::SshSessionLoop</name>
    <message>
        <source>starting the command</source>
        <translation>Starten des Befehls</translation>
    </message>
    <message>
        <source>running the command</source>
        <translation>Ausführen des Befehls</translation>
    </message>
    <message>
        <source>The command on %1 was stopped because zerg is shutting down.</source>
        <translation>Der Befehl auf %1 wurde gestoppt, weil zerg beendet wird.</translation>
    </message>
    <message>
        <source>opening a channel</source>
        <translation>Öffnen eines Kanals</translation>
    </message>
    <message>
        <source>opening a session</source>
        <translation>Öffnen einer Sitzung</translation>
    </message>
    <message>
        <source>Logged in to %1 (%2) but could not open a session: %3. The server may limit sessions (sshd&apos;s MaxSessions) or be shutting down; try again later.</source>
        <translation>Bei %1 (%2) angemeldet, aber keine Sitzung geöffnet: %3. Der Server begrenzt möglicherweise Sitzungen (MaxSessions von sshd) oder wird gerade beendet; versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The server %1 (%2) refused to run the command: %3. Its sshd may forbid commands for this user (ForceCommand, restrictions).</source>
        <translation>Der Server %1 (%2) hat die Ausführung des Befehls verweigert: %3. Sein sshd verbietet diesem Benutzer vielleicht Befehle (ForceCommand, Einschränkungen).</translation>
    </message>
    <message>
        <source>The channel of the command on %1 (%2) failed: %3. Run it again.</source>
        <translation>Der Kanal des Befehls auf %1 (%2) ist fehlgeschlagen: %3. Führen Sie ihn erneut aus.</translation>
    </message>
    <message>
        <source>command ended without an exit status (killed by a signal?)</source>
        <translation>Befehl endete ohne Exit-Status (durch ein Signal beendet?)</translation>
    </message>
    <message>
        <source>command exited with status %1</source>
        <translation>Befehl endete mit Status %1</translation>
    </message>
    <message>
        <source>command did not finish within %1 s and was stopped (TERM, then KILL, to its process group)</source>
        <translation>Befehl ist nicht innerhalb von %1 s fertig geworden und wurde gestoppt (TERM, dann KILL, an seine Prozessgruppe)</translation>
    </message>
    <message>
        <source>command did not finish within %1 s; the SSH channel was closed (the remote process may still be running)</source>
        <translation>Befehl ist nicht innerhalb von %1 s fertig geworden; der SSH-Kanal wurde geschlossen (der entfernte Prozess läuft möglicherweise weiter)</translation>
    </message>
</context>
<context>
    <name>zerg::SshSessionWorker</name>
    <message>
        <source>The SSH session closed; run again.</source>
        <translation>Die SSH-Sitzung wurde geschlossen; führen Sie es erneut aus.</translation>
    </message>
</context>
<context>
    <name>zerg::StatusLabels</name>
    <message>
        <source>queued</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>waiting for approval</source>
        <translation>wartet auf Freigabe</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>startet neu</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeit überschritten</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
</context>
<context>
    <name>zerg::StdioTransport</name>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>sent a message larger than %1 MiB</source>
        <translation>hat eine Nachricht größer als %1 MiB geschickt</translation>
    </message>
    <message>
        <source>the server process crashed</source>
        <translation>der Serverprozess ist abgestürzt</translation>
    </message>
    <message>
        <source>the server process exited with code %1</source>
        <translation>der Serverprozess hat sich mit Code %1 beendet</translation>
    </message>
    <message>
        <source>could not start &apos;%1&apos; (%2). Check &quot;command&quot; in mcp.json: the program must be installed and on PATH, or given with its full path.</source>
        <translation>„%1“ konnte nicht gestartet werden (%2). Prüfen Sie &quot;command&quot; in mcp.json: Das Programm muss installiert und im PATH sein oder mit vollem Pfad angegeben werden.</translation>
    </message>
</context>
<context>
    <name>zerg::StoreSchedulesSource</name>
    <message>
        <source>Schedules run in the Zerg app that owns the data folder; change them there (or quit the other instance and restart this one).</source>
        <translation>Zeitpläne laufen in der Zerg-App, der der Datenordner gehört; ändern Sie sie dort (oder beenden Sie die andere Instanz und starten Sie diese neu).</translation>
    </message>
</context>
<context>
    <name>zerg::StoreThreadsSource</name>
    <message>
        <source>No run %1. List the runs to find its id.</source>
        <translation>Kein Lauf %1. Listen Sie die Läufe auf, um seine ID zu finden.</translation>
    </message>
    <message>
        <source>Exporting is not possible here; use zerg runs export on the computer that ran it.</source>
        <translation>Exportieren ist hier nicht möglich; verwenden Sie zerg runs export auf dem Rechner, der den Lauf ausgeführt hat.</translation>
    </message>
</context>
<context>
    <name>zerg::StoreWorkerFilesSource</name>
    <message>
        <source>&apos;%1&apos; is not a path inside the worker&apos;s folder, so it is not shown. Pick a file from the worker&apos;s list.</source>
        <translation>&apos;%1&apos; ist kein Pfad im Ordner des Workers und wird daher nicht gezeigt. Wählen Sie eine Datei aus der Liste des Workers.</translation>
    </message>
    <message>
        <source>%1 is no longer in this worker&apos;s folder. Reload to see the files it has now.</source>
        <translation>%1 ist nicht mehr im Ordner dieses Workers. Laden Sie neu, um die Dateien zu sehen, die er jetzt hat.</translation>
    </message>
    <message>
        <source>%1 leads outside the worker&apos;s folder and is not shown. Inspect the folder by hand: %2</source>
        <translation>%1 führt aus dem Ordner des Workers hinaus und wird nicht gezeigt. Sehen Sie sich den Ordner von Hand an: %2</translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Check the file&apos;s permissions, then reload.</source>
        <translation>%1 kann nicht gelesen werden: %2. Prüfen Sie die Berechtigungen der Datei und laden Sie dann neu.</translation>
    </message>
    <message>
        <source>No worker job %1 for this user. Pick a worker in the Workers tab.</source>
        <translation>Kein Worker-Auftrag %1 für diesen Benutzer. Wählen Sie einen Worker im Tab „Worker“.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a worker id (one folder name, no &apos;/&apos; or &apos;..&apos;).</source>
        <translation>&apos;%1&apos; ist keine Worker-ID (ein Ordnername, ohne &apos;/&apos; oder &apos;..&apos;).</translation>
    </message>
</context>
<context>
    <name>zerg::SupervisionTreeModel</name>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>beeinträchtigt</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>primary</source>
        <translation>primär</translation>
    </message>
    <message>
        <source>alternate</source>
        <translation>alternativ</translation>
    </message>
    <message>
        <source>contingent</source>
        <translation>Notfallplan</translation>
    </message>
    <message>
        <source>emergency</source>
        <translation>Notfall</translation>
    </message>
    <message>
        <source>XO: %1</source>
        <translation>XO: %1</translation>
    </message>
    <message>
        <source>pace %1</source>
        <translation>PACE %1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>Runde %1</translation>
    </message>
    <message>
        <source>context %1%</source>
        <translation>Kontext %1 %</translation>
    </message>
    <message numerus="yes">
        <source>%n steering(s)</source>
        <translation>
            <numerusform>%n Korrektur</numerusform>
            <numerusform>%n Korrekturen</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not load the supervision tree: %1</source>
        <translation>Der Überwachungsbaum konnte nicht geladen werden: %1</translation>
    </message>
</context>
<context>
    <name>zerg::SupervisorRunAttempt</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation>Zerg wird beendet</translation>
    </message>
    <message>
        <source>killed by its supervisor</source>
        <translation>von seinem Supervisor beendet</translation>
    </message>
</context>
<context>
    <name>zerg::ThreadInspectorModel</name>
    <message>
        <source>Quick</source>
        <translation>Schnell</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Hintergrund</translation>
    </message>
    <message>
        <source>Supervisor</source>
        <translation>Supervisor</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm</source>
        <comment>a run&apos;s start; a QDateTime format</comment>
        <translation>dd.MM.yyyy HH:mm</translation>
    </message>
    <message>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>Could not load the runs: %1 Check the data folder, then reload.</source>
        <translation>Die Läufe konnten nicht geladen werden: %1 Prüfen Sie den Datenordner und laden Sie dann neu.</translation>
    </message>
    <message>
        <source>Could not load run %1: %2 Check the data folder, then reload.</source>
        <translation>Lauf %1 konnte nicht geladen werden: %2 Prüfen Sie den Datenordner und laden Sie dann neu.</translation>
    </message>
    <message>
        <source>Run %1 was not found. Pick a run from the list, or reload.</source>
        <translation>Lauf %1 wurde nicht gefunden. Wählen Sie einen Lauf aus der Liste oder laden Sie neu.</translation>
    </message>
    <message>
        <source>Could not load the messages of run %1: %2 Select the run again, or reload.</source>
        <translation>Die Nachrichten von Lauf %1 konnten nicht geladen werden: %2 Wählen Sie den Lauf erneut oder laden Sie neu.</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>… (%Ln more character(s))</source>
        <translation>
            <numerusform>… (%Ln weiteres Zeichen)</numerusform>
            <numerusform>… (%Ln weitere Zeichen)</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown message</source>
        <translation>unbekannte Nachricht</translation>
    </message>
    <message>
        <source>Could not search: %1</source>
        <translation>Suche nicht möglich: %1</translation>
    </message>
    <message>
        <source>Could not export: %1</source>
        <translation>Export nicht möglich: %1</translation>
    </message>
    <message>
        <source>Could not export: choose a file on this computer.</source>
        <translation>Export nicht möglich: wählen Sie eine Datei auf diesem Rechner.</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Choose a folder you can write to.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Wählen Sie einen Ordner, in den Sie schreiben dürfen.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
</context>
<context>
    <name>zerg::TrayState</name>
    <message>
        <source>Zerg: working on your request</source>
        <translation>Zerg: arbeitet an Ihrer Anfrage</translation>
    </message>
    <message>
        <source>Zerg: something needs your attention</source>
        <translation>Zerg: etwas braucht Ihre Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Zerg: %1</source>
        <translation>Zerg: %1</translation>
    </message>
    <message>
        <source>Zerg: idle</source>
        <translation>Zerg: bereit</translation>
    </message>
    <message>
        <source>Jarvis answered</source>
        <translation>Jarvis hat geantwortet</translation>
    </message>
    <message>
        <source>Jarvis could not finish</source>
        <translation>Jarvis konnte nicht fertig werden</translation>
    </message>
    <message>
        <source>Open Jarvis to read it.</source>
        <translation>Öffnen Sie Jarvis, um es zu lesen.</translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Freigabe nötig</translation>
    </message>
</context>
<context>
    <name>zerg::VoiceInput</name>
    <message>
        <source>Nothing was understood. Speak a little closer to the microphone, or type.</source>
        <translation>Es wurde nichts verstanden. Sprechen Sie etwas näher am Mikrofon, oder tippen Sie.</translation>
    </message>
    <message>
        <source>on this computer</source>
        <translation>auf diesem Computer</translation>
    </message>
    <message>
        <source>Unknown speech recognition engine &apos;%1&apos;: choose one in Settings › Voice.</source>
        <translation>Unbekannte Spracherkennungs-Engine &apos;%1&apos;: wählen Sie eine unter Einstellungen › Sprachein- und -ausgabe.</translation>
    </message>
    <message>
        <source>The recording %1 could not be moved to %2. Check that the data folder is writable.</source>
        <translation>Die Aufnahme %1 konnte nicht nach %2 verschoben werden. Prüfen Sie, ob der Datenordner beschreibbar ist.</translation>
    </message>
</context>
<context>
    <name>zerg::WebhookInvocation</name>
    <message>
        <source>The webhook %1 did not answer within %2 s; the notification may not have been delivered.</source>
        <translation>Der Webhook %1 hat nicht innerhalb von %2 s geantwortet; die Benachrichtigung wurde möglicherweise nicht zugestellt.</translation>
    </message>
    <message>
        <source>cancelled; the notification may or may not have been delivered</source>
        <translation>abgebrochen; die Benachrichtigung wurde möglicherweise zugestellt, möglicherweise nicht</translation>
    </message>
    <message>
        <source>Could not post to the webhook %1: %2. Check its URL and that the service is reachable.</source>
        <translation>An den Webhook %1 konnte nicht gesendet werden: %2. Prüfen Sie seine URL und ob der Dienst erreichbar ist.</translation>
    </message>
    <message>
        <source>The webhook %1 answered HTTP %2, so the notification was not accepted: %3</source>
        <translation>Der Webhook %1 hat mit HTTP %2 geantwortet, die Benachrichtigung wurde also nicht angenommen: %3</translation>
    </message>
</context>
<context>
    <name>zerg::Worker</name>
    <message>
        <source>Zerg stopped before the summary model answered; truncated</source>
        <translation>Zerg wurde beendet, bevor das Zusammenfassungsmodell antwortete; gekürzt</translation>
    </message>
    <message>
        <source>Could not create the worker&apos;s artifact folder: %1</source>
        <translation>Der Artefaktordner des Workers konnte nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>Not run: %1 matches the rule &quot;%2&quot; and needs the user&apos;s approval. Do not retry it; report what you wanted to run and why, so the user can decide.</source>
        <translation>Nicht ausgeführt: %1 passt auf die Regel &quot;%2&quot; und braucht die Zustimmung des Benutzers. Nicht erneut versuchen; berichten Sie, was Sie ausführen wollten und warum, damit der Benutzer entscheiden kann.</translation>
    </message>
    <message>
        <source>stopped: %1 matches the rule &quot;%2&quot;</source>
        <translation>gestoppt: %1 passt auf die Regel &quot;%2&quot;</translation>
    </message>
    <message>
        <source>Not run: %1. The worker is being stopped.</source>
        <translation>Nicht ausgeführt: %1. Der Worker wird gestoppt.</translation>
    </message>
    <message>
        <source>Worker %1: %2</source>
        <translation>Worker %1: %2</translation>
    </message>
    <message>
        <source>waiting for the summary model; truncated until then</source>
        <translation>wartet auf das Zusammenfassungsmodell; bis dahin gekürzt</translation>
    </message>
    <message>
        <source>nothing to summarize</source>
        <translation>nichts zusammenzufassen</translation>
    </message>
    <message>
        <source>no summary model configured; truncated</source>
        <translation>kein Zusammenfassungsmodell eingerichtet; gekürzt</translation>
    </message>
    <message>
        <source>the summary model did not answer within %1 s; truncated</source>
        <translation>das Zusammenfassungsmodell hat nicht innerhalb von %1 s geantwortet; gekürzt</translation>
    </message>
    <message>
        <source>the summary model failed (%1): %2; truncated</source>
        <translation>das Zusammenfassungsmodell ist fehlgeschlagen (%1): %2; gekürzt</translation>
    </message>
    <message>
        <source>the summary model returned no text; truncated</source>
        <translation>das Zusammenfassungsmodell hat keinen Text geliefert; gekürzt</translation>
    </message>
    <message>
        <source>The worker has not started yet.</source>
        <translation>Der Worker hat noch nicht begonnen.</translation>
    </message>
    <message>
        <source>There is no tool call %1 (yet).</source>
        <translation>Es gibt (noch) keinen Tool-Aufruf %1.</translation>
    </message>
    <message>
        <source>Not run: %1 may change the system (%2), and the approval mode for %3 is read-only. Do only read-only checks, and report what you would run and why so that the user can decide.</source>
        <translation>Nicht ausgeführt: %1 kann das System verändern (%2), und der Freigabemodus für %3 ist „nur lesen“. Führen Sie nur lesende Prüfungen aus und berichten Sie, was Sie ausführen würden und warum, damit der Benutzer entscheiden kann.</translation>
    </message>
    <message>
        <source>Not run: %1 needs the user&apos;s approval, but the request could not be recorded (%2). Report what you wanted to run and why.</source>
        <translation>Nicht ausgeführt: %1 braucht die Freigabe des Benutzers, aber die Anfrage konnte nicht gespeichert werden (%2). Berichten Sie, was Sie ausführen wollten und warum.</translation>
    </message>
    <message>
        <source>The worker ended before an answer.</source>
        <translation>Der Worker wurde vor einer Antwort beendet.</translation>
    </message>
    <message>
        <source> Their message: &quot;%1&quot;</source>
        <translation> Seine Nachricht: „%1“</translation>
    </message>
    <message>
        <source>Not run: the user denied %1.%2 Do not retry it; go on without it or report what you found.</source>
        <translation>Nicht ausgeführt: Der Benutzer hat %1 abgelehnt.%2 Versuchen Sie es nicht erneut; machen Sie ohne weiter oder berichten Sie, was Sie gefunden haben.</translation>
    </message>
    <message>
        <source>Not run: %1 was not approved (%2). Do not retry it; report what you wanted to run and why so that the user can decide.</source>
        <translation>Nicht ausgeführt: %1 wurde nicht freigegeben (%2). Versuchen Sie es nicht erneut; berichten Sie, was Sie ausführen wollten und warum, damit der Benutzer entscheiden kann.</translation>
    </message>
    <message>
        <source>Not run: %1 may change a system, and Zerg could not record that before running it (%2). Report what you wanted to run and why.</source>
        <translation>Nicht ausgeführt: %1 kann ein System verändern, und Zerg konnte das vor der Ausführung nicht festhalten (%2). Berichten Sie, was Sie ausführen wollten und warum.</translation>
    </message>
    <message>
        <source>Could not read the worker agent&apos;s settings: %1</source>
        <translation>Die Einstellungen des Worker-Agenten konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>the summary agent&apos;s settings could not be read (%1); truncated</source>
        <translation>die Einstellungen des Zusammenfassungs-Agenten konnten nicht gelesen werden (%1); gekürzt</translation>
    </message>
</context>
<context>
    <name>zerg::WorkerAttempt</name>
    <message>
        <source>Zerg is shutting down</source>
        <translation>Zerg wird beendet</translation>
    </message>
    <message>
        <source>killed by its supervisor</source>
        <translation>von seinem Supervisor beendet</translation>
    </message>
</context>
<context>
    <name>zerg::WorkerDetailModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2. The whole file is %3; open it in an editor to see the rest.</source>
        <translation>Gezeigt werden die ersten %1 von %2. Die ganze Datei ist %3; öffnen Sie sie in einem Editor, um den Rest zu sehen.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a worker id. Open a worker from the Workers tab instead.</source>
        <translation>&apos;%1&apos; ist keine Worker-ID. Öffnen Sie stattdessen einen Worker auf dem Reiter „Worker“.</translation>
    </message>
    <message>
        <source>No worker job %1 for this user: it does not exist. Pick a worker in the Workers tab.</source>
        <translation>Kein Worker-Job %1 für diesen Benutzer: Er existiert nicht. Wählen Sie einen Worker auf dem Reiter „Worker“.</translation>
    </message>
    <message>
        <source>This job has not started a worker yet (status: %1), so there are no files to show. The page opens the worker as soon as it starts.</source>
        <translation>Dieser Job hat noch keinen Worker gestartet (Status: %1), daher gibt es keine Dateien zu zeigen. Die Seite öffnet den Worker, sobald er startet.</translation>
    </message>
    <message>
        <source>This worker&apos;s folder is gone: it was removed by the retention policy (ZERG_RETENTION_DAYS) or deleted by hand. Its job is still listed in the Workers tab, but its files cannot be shown; pick another worker.</source>
        <translation>Der Ordner dieses Workers ist weg: Er wurde durch die Aufbewahrungsregel (ZERG_RETENTION_DAYS) oder von Hand gelöscht. Sein Job steht noch auf dem Reiter „Worker“, aber seine Dateien können nicht gezeigt werden; wählen Sie einen anderen Worker.</translation>
    </message>
    <message>
        <source>No worker &apos;%1&apos; for this user: it does not exist, or its folder was removed by the retention policy (ZERG_RETENTION_DAYS). Pick a worker in the Workers tab.</source>
        <translation>Kein Worker &apos;%1&apos; für diesen Benutzer: Er existiert nicht, oder sein Ordner wurde durch die Aufbewahrungsregel (ZERG_RETENTION_DAYS) gelöscht. Wählen Sie einen Worker auf dem Reiter „Worker“.</translation>
    </message>
    <message>
        <source>yyyy-MM-dd HH:mm:ss</source>
        <comment>a worker&apos;s start; a QDateTime format</comment>
        <translation>dd.MM.yyyy HH:mm:ss</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2. The whole file is on the server, in this worker&apos;s folder: %3.</source>
        <translation>Die ersten %1 von %2 werden angezeigt. Die ganze Datei liegt auf dem Server, im Ordner dieses Workers: %3.</translation>
    </message>
    <message>
        <source>Could not look up worker job %1: %2</source>
        <translation>Der Worker-Auftrag %1 konnte nicht nachgeschlagen werden: %2</translation>
    </message>
    <message>
        <source>waiting</source>
        <comment>an approval request&apos;s status</comment>
        <translation>wartet</translation>
    </message>
    <message>
        <source>allowed</source>
        <comment>an approval request&apos;s status</comment>
        <translation>erlaubt</translation>
    </message>
    <message>
        <source>denied</source>
        <comment>an approval request&apos;s status</comment>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>expired</source>
        <comment>an approval request&apos;s status</comment>
        <translation>abgelaufen</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <comment>an approval request&apos;s status</comment>
        <translation>zurückgezogen</translation>
    </message>
    <message>
        <source>nobody (it expired)</source>
        <comment>who answered an approval request</comment>
        <translation>niemandem (abgelaufen)</translation>
    </message>
    <message>
        <source>Zerg</source>
        <comment>who answered an approval request</comment>
        <translation>Zerg</translation>
    </message>
    <message>
        <source>you, on the desktop</source>
        <comment>who answered an approval request</comment>
        <translation>Ihnen, auf dem Desktop</translation>
    </message>
    <message>
        <source>you, in zerg ask</source>
        <comment>who answered an approval request</comment>
        <translation>Ihnen, in zerg ask</translation>
    </message>
    <message>
        <source>you, over the API (device %1)</source>
        <comment>who answered an approval request</comment>
        <translation>Ihnen, über die API (Gerät %1)</translation>
    </message>
    <message>
        <source>you</source>
        <comment>who answered an approval request</comment>
        <translation>Ihnen</translation>
    </message>
    <message>
        <source>you, on %1</source>
        <comment>who answered an approval request; %1: a device</comment>
        <translation>Ihnen, auf %1</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n wartet</numerusform>
            <numerusform>%n warten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n allowed</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n erlaubt</numerusform>
            <numerusform>%n erlaubt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n denied</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n abgelehnt</numerusform>
            <numerusform>%n abgelehnt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n expired</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n abgelaufen</numerusform>
            <numerusform>%n abgelaufen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n withdrawn</source>
        <comment>approval requests</comment>
        <translation>
            <numerusform>%n zurückgezogen</numerusform>
            <numerusform>%n zurückgezogen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n approval(s): %1</source>
        <comment>the number of approval requests, then how many of each status</comment>
        <translation>
            <numerusform>%n Freigabe: %1</numerusform>
            <numerusform>%n Freigaben: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the counts of an approval summary</comment>
        <translation>, </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) could not be read and are not shown.</source>
        <comment>lines of approvals.jsonl</comment>
        <translation>
            <numerusform>%n Zeile konnte nicht gelesen werden und wird nicht gezeigt.</numerusform>
            <numerusform>%n Zeilen konnten nicht gelesen werden und werden nicht gezeigt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>zerg::WorkerPool</name>
    <message>
        <source>Too many workers failed in a short time (more than 10 restarts in 60 s); this one was stopped with them.</source>
        <translation>Zu viele Worker sind in kurzer Zeit fehlgeschlagen (mehr als 10 Neustarts in 60 s); dieser wurde mit ihnen gestoppt.</translation>
    </message>
    <message>
        <source>The worker could not be started: %1</source>
        <translation>Der Worker konnte nicht gestartet werden: %1</translation>
    </message>
</context>
<context>
    <name>zerg::WorkerTableModel</name>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Could not load the workers: %1 Check the data folder, then reload.</source>
        <translation>Die Worker konnten nicht geladen werden: %1 Prüfen Sie den Datenordner und laden Sie dann neu.</translation>
    </message>
</context>
<context>
    <name>zerg::api</name>
    <message>
        <source>The export is %1 MiB, more than the %2 MiB a reply may carry. Run zerg runs export on the server instead.</source>
        <translation>Der Export ist %1 MiB groß, mehr als die %2 MiB, die eine Antwort tragen darf. Führen Sie stattdessen zerg runs export auf dem Server aus.</translation>
    </message>
</context>
<context>
    <name>zerg::api::ActionEndpoint</name>
    <message>
        <source>Busy</source>
        <translation>Ausgelastet</translation>
    </message>
    <message>
        <source>Too many answers at once; press the button again.</source>
        <translation>Zu viele Antworten auf einmal; drücken Sie die Schaltfläche noch einmal.</translation>
    </message>
    <message>
        <source>Too slow</source>
        <translation>Zu langsam</translation>
    </message>
    <message>
        <source>The request did not arrive whole in time; press the button again.</source>
        <translation>Die Anfrage kam nicht rechtzeitig vollständig an; drücken Sie die Schaltfläche noch einmal.</translation>
    </message>
    <message>
        <source>Not understood</source>
        <translation>Nicht verstanden</translation>
    </message>
    <message>
        <source>Unknown link</source>
        <translation>Unbekannter Link</translation>
    </message>
    <message>
        <source>This link is not known here: it may have been copied wrong, or its request was removed. Answer the request in Zerg instead.</source>
        <translation>Dieser Link ist hier nicht bekannt: Vielleicht wurde er falsch kopiert, oder seine Anfrage wurde entfernt. Beantworten Sie die Anfrage stattdessen in Zerg.</translation>
    </message>
    <message>
        <source>Not here</source>
        <translation>Nicht hier</translation>
    </message>
    <message>
        <source>Open this link, or press its button in the notification.</source>
        <translation>Öffnen Sie diesen Link oder drücken Sie seine Schaltfläche in der Benachrichtigung.</translation>
    </message>
    <message>
        <source>Waiting for an answer until %1 UTC; unanswered, it is denied.</source>
        <translation>Wartet bis %1 UTC auf eine Antwort; ohne Antwort wird es abgelehnt.</translation>
    </message>
    <message>
        <source>Allowed at %1 UTC (answered from: %2).</source>
        <translation>Erlaubt um %1 UTC (beantwortet über: %2).</translation>
    </message>
    <message>
        <source>Denied at %1 UTC (answered from: %2).</source>
        <translation>Abgelehnt um %1 UTC (beantwortet über: %2).</translation>
    </message>
    <message>
        <source>Nobody answered in time, so it was denied at %1 UTC.</source>
        <translation>Niemand hat rechtzeitig geantwortet, daher wurde es um %1 UTC abgelehnt.</translation>
    </message>
    <message>
        <source>Withdrawn at %1 UTC: %2</source>
        <translation>Zurückgezogen um %1 UTC: %2</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Was</translation>
    </message>
    <message>
        <source>Why it asks</source>
        <translation>Warum Zerg fragt</translation>
    </message>
    <message>
        <source>The worker says</source>
        <translation>Der Worker sagt</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>Gefragt um</translation>
    </message>
    <message>
        <source>Only for looking</source>
        <translation>Nur zum Ansehen</translation>
    </message>
    <message>
        <source>Nothing was changed</source>
        <translation>Es wurde nichts geändert</translation>
    </message>
    <message>
        <source>Not recorded</source>
        <translation>Nicht gespeichert</translation>
    </message>
    <message>
        <source>Zerg could not record the answer (%1). Press the button again, or answer in Zerg.</source>
        <translation>Zerg konnte die Antwort nicht speichern (%1). Drücken Sie die Schaltfläche noch einmal oder antworten Sie in Zerg.</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>Erlaubt</translation>
    </message>
    <message>
        <source>Denied</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Allowed once: %1 on %2. The worker goes on.</source>
        <translation>Einmal erlaubt: %1 auf %2. Der Worker macht weiter.</translation>
    </message>
    <message>
        <source>Denied: %1 on %2. The worker is told.</source>
        <translation>Abgelehnt: %1 auf %2. Der Worker erfährt es.</translation>
    </message>
    <message>
        <source>May Zerg run this on %1?</source>
        <translation>Darf Zerg das auf %1 ausführen?</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>A scheduled check&apos;s result (%1), at %2 UTC.</source>
        <translation>Ergebnis einer geplanten Prüfung (%1), um %2 UTC.</translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteClient</name>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>No server URL given; give one like %1.</source>
        <translation>Keine Server-URL angegeben; geben Sie eine wie %1 an.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a server URL: it must start with ws:// or wss:// and name a host, like %2.</source>
        <translation>&quot;%1&quot; ist keine Server-URL: Sie muss mit ws:// oder wss:// beginnen und einen Host nennen, wie %2.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a web address; the Zerg server speaks WebSocket: use %2.</source>
        <translation>&quot;%1&quot; ist eine Webadresse; der Zerg-Server spricht WebSocket: Verwenden Sie %2.</translation>
    </message>
    <message>
        <source>the app closed the connection</source>
        <translation>die App hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>TLS: %1</source>
        <translation>TLS: %1</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>keine Antwort innerhalb von %1 s</translation>
    </message>
    <message>
        <source>the server speaks another protocol</source>
        <translation>der Server spricht ein anderes Protokoll</translation>
    </message>
    <message>
        <source>The server at %1 speaks protocol %2; this Zerg speaks %3. Use the same Zerg version on both sides.</source>
        <translation>Der Server unter %1 spricht Protokoll %2; dieses Zerg spricht %3. Verwenden Sie auf beiden Seiten dieselbe Zerg-Version.</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Verbunden mit %1</translation>
    </message>
    <message>
        <source>the connection was closed with code 4401.</source>
        <translation>die Verbindung wurde mit Code 4401 geschlossen.</translation>
    </message>
    <message>
        <source>closed by the server</source>
        <translation>vom Server geschlossen</translation>
    </message>
    <message>
        <source>closed by the server: %1 (%2)</source>
        <translation>vom Server geschlossen: %1 (%2)</translation>
    </message>
    <message>
        <source>Lost the connection to %1 (%2); reconnecting in %3 s</source>
        <translation>Verbindung zu %1 verloren (%2); neuer Versuch in %3 s</translation>
    </message>
    <message>
        <source>Cannot reach %1: %2; retrying in %3 s</source>
        <translation>%1 ist nicht erreichbar: %2; neuer Versuch in %3 s</translation>
    </message>
    <message>
        <source>The server refused the session token: %1 Run `zerg connect %2` again.</source>
        <translation>Der Server hat das Sitzungstoken abgelehnt: %1 Führen Sie `zerg connect %2` erneut aus.</translation>
    </message>
    <message>
        <source>Not connected to the Zerg server. %1</source>
        <translation>Nicht mit dem Zerg-Server verbunden. %1</translation>
    </message>
    <message>
        <source>The connection to %1 was lost before the server answered `%2` (%3); it may or may not have been done. Try again once reconnected.</source>
        <translation>Die Verbindung zu %1 ging verloren, bevor der Server `%2` beantwortet hat (%3); es wurde möglicherweise ausgeführt, möglicherweise nicht. Versuchen Sie es erneut, sobald die Verbindung wieder steht.</translation>
    </message>
    <message>
        <source>Could not send `%1` to %2: %3</source>
        <translation>`%1` konnte nicht an %2 gesendet werden: %3</translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteDashboardSources</name>
    <message>
        <source>the server did not send them (%1).</source>
        <translation>der Server hat sie nicht gesendet (%1).</translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteMcpSource</name>
    <message>
        <source>The MCP servers of a Zerg server cannot be changed from here: their commands run on the server. The server&apos;s administrator edits mcp.json on the server, and the server applies it at once.</source>
        <translation>Die MCP-Server eines Zerg-Servers lassen sich von hier aus nicht ändern: Ihre Befehle laufen auf dem Server. Der Administrator des Servers bearbeitet mcp.json auf dem Server, und der Server übernimmt die Datei sofort.</translation>
    </message>
</context>
<context>
    <name>zerg::api::RemoteWorkerFilesSource</name>
    <message>
        <source>the worker job</source>
        <translation>den Worker-Auftrag</translation>
    </message>
</context>
<context>
    <name>zerg::api::SmsEndpoint</name>
    <message>
        <source>Too many requests at once; send the SMS again.</source>
        <translation>Zu viele Anfragen auf einmal; senden Sie die SMS noch einmal.</translation>
    </message>
    <message>
        <source>The request did not arrive whole in time.</source>
        <translation>Die Anfrage kam nicht rechtzeitig vollständig an.</translation>
    </message>
    <message>
        <source>Not found.</source>
        <translation>Nicht gefunden.</translation>
    </message>
    <message>
        <source>The SMS webhook takes POST only.</source>
        <translation>Der SMS-Webhook nimmt nur POST an.</translation>
    </message>
    <message>
        <source>The request&apos;s signature does not match.</source>
        <translation>Die Signatur der Anfrage stimmt nicht.</translation>
    </message>
    <message>
        <source>The SMS could not be recorded; send it again.</source>
        <translation>Die SMS konnte nicht gespeichert werden; senden Sie sie noch einmal.</translation>
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
        <translation>Aufruf: zerg workers COMMAND

Die Worker, die Jarvis gestartet hat: LLM-Agenten, die Befehle auf Ihren Servern ausgeführt
haben. Jeder hat einen Ordner in ZERG_DATA_DIR/workers mit seinen Metadaten, seinem
Ergebnis, seiner Unterhaltung und der Ausgabe seiner Tools.

Befehle:
  list [--json] [--limit N]   Letzte Worker, neueste zuerst.
  show ID [--json]            Ein Worker: Metadaten, Ergebnis und Dateien.
  grep [OPTIONS] PATTERN      Die Dateien aller Worker durchsuchen.
  reindex [--json]            Die Worker-Liste der Datenbank aus den Ordnern auf dem
                              Datenträger neu aufbauen.

&apos;zerg workers COMMAND --help&apos; zeigt die Optionen eines Befehls.

Beispiele:
  zerg workers list --limit 5
  zerg workers show 2024-12-03T14-32-00_disk-check
  zerg workers grep &quot;No space left&quot;
</translation>
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
        <translation>Aufruf: zerg workers list [--json] [--limit N]

Listet die letzten Worker auf, neueste zuerst: Worker-ID, Status, Dauer und Aufgabe.

Optionen:
  --limit N    Höchstens N Worker anzeigen (Standard 20).
  --json       Ein JSON-Array ausgeben, ein Objekt pro Worker.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg workers list
  zerg workers list --limit 5 --json
</translation>
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
        <translation>Aufruf: zerg workers show ID [--json]

Zeigt einen Worker: Aufgabe, Status, Modell, Zeiten, Fehler, seinen Ordner, die Dateien,
die er geschrieben hat, und sein Ergebnis. ID ist eine Worker-ID aus &apos;zerg workers list&apos;
oder eine Job-ID (eine Zahl).

Optionen:
  --json       Den Worker als ein JSON-Objekt ausgeben.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg workers show 2024-12-03T14-32-00_disk-check
  zerg workers show 42 --json
</translation>
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
        <translation>Aufruf: zerg workers grep [--regex] [--case-sensitive] [--limit N] [--json] [--] PATTERN

Durchsucht die Dateien aller Worker (Ergebnisse, Unterhaltungen, Tool-Ausgaben) und gibt
für jede passende Zeile worker_id:file:line: text aus. PATTERN ist einfacher Text und wird
ohne Rücksicht auf Groß- und Kleinschreibung gesucht, sofern die Optionen nichts anderes
angeben.

Optionen:
  --regex            PATTERN ist ein regulärer Ausdruck (Perl-kompatibel).
  --case-sensitive   Groß- und Kleinschreibung müssen genau übereinstimmen.
  --limit N          Nach N Treffern aufhören (1 bis 10000, Standard 100).
  --json             {&quot;matches&quot;: [...], &quot;truncated&quot;: true|false} ausgeben.
  --                 Ende der Optionen: PATTERN darf mit &apos;-&apos; beginnen.
  -h, --help         Diese Hilfe anzeigen.

Beispiele:
  zerg workers grep &quot;No space left&quot;
  zerg workers grep --regex &quot;OOM|out of memory&quot; --limit 20
  zerg workers grep -- --force

Exit-Status: 0 etwas gefunden, 1 nichts gefunden, 2 Aufruffehler.
</translation>
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
        <translation>Aufruf: zerg workers reindex [--json]

Baut die Worker-Liste der Datenbank, für alle Besitzer, aus den Worker-Ordnern auf dem
Datenträger (ihrer metadata.json) neu auf: nach dem Wiederherstellen einer Sicherung von
ZERG_DATA_DIR/workers oder wenn die Datenbank verloren gegangen ist. Die Ordner werden nur
gelesen; ein Ordner, der sich nicht lesen lässt, wird übersprungen und genannt.

Optionen:
  --json       Den Bericht (scanned, inserted, updated, unchanged, skipped) als JSON
               ausgeben.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg workers reindex
  zerg workers reindex --json
</translation>
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
        <translation>Aufruf: zerg key set|clear|status

Der API-Schlüssel des eingerichteten Anbieters (ZERG_LLM_PROVIDER), aufbewahrt im
Schlüsselbund des Systems oder, wenn es keinen Schlüsselbund gibt, in einer Datei in
ZERG_CONFIG_DIR, die nur Sie lesen können. ZERG_LLM_API_KEY hat, wenn gesetzt, Vorrang vor
dem gespeicherten Schlüssel. Der Schlüssel wird nie ausgegeben.

Befehle:
  set          Den Schlüssel von der Standardeingabe lesen (auf einem Terminal verborgen)
               und speichern.
  clear        Den gespeicherten Schlüssel entfernen.
  status       Angeben, woher der Schlüssel stammt.

Beispiele:
  zerg key set
  printf &apos;%s\n&apos; &quot;$OPENAI_API_KEY&quot; | zerg key set
  zerg key status
</translation>
    </message>
    <message>
        <source>Usage: zerg help [COMMAND [SUBCOMMAND]]

Shows the help of Zerg, or of one command: the same as &apos;zerg COMMAND --help&apos;.

Examples:
  zerg help
  zerg help ask
  zerg help workers grep
</source>
        <translation>Aufruf: zerg help [COMMAND [SUBCOMMAND]]

Zeigt die Hilfe von Zerg oder die eines Befehls: dasselbe wie &apos;zerg COMMAND --help&apos;.

Beispiele:
  zerg help
  zerg help ask
  zerg help workers grep
</translation>
    </message>
    <message>
        <source>Run &apos;zerg --help&apos; for usage.</source>
        <translation>Hilfe zum Aufruf: &apos;zerg --help&apos;.</translation>
    </message>
    <message>
        <source>%1 (input hidden): </source>
        <translation>%1 (Eingabe verborgen): </translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>unknown option %1</source>
        <translation>unbekannte Option %1</translation>
    </message>
    <message>
        <source>ask needs a task, e.g. zerg ask &quot;check disk usage on cube&quot;</source>
        <translation>ask braucht eine Aufgabe, z. B. zerg ask &quot;check disk usage on cube&quot;</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>→ worker %1: %2</source>
        <translation>→ Worker %1: %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>← worker %1 (%2)</source>
        <translation>← Worker %1 (%2)</translation>
    </message>
    <message>
        <source>--limit needs a positive number</source>
        <translation>--limit braucht eine positive Zahl</translation>
    </message>
    <message>
        <source>unexpected argument %1</source>
        <translation>unerwartetes Argument %1</translation>
    </message>
    <message>
        <source>No workers yet. Ask Jarvis something that needs a server, e.g.
  zerg ask &quot;check disk usage on cube&quot;</source>
        <translation>Noch keine Worker. Fragen Sie Jarvis etwas, wofür er einen Server braucht, z. B.
  zerg ask &quot;check disk usage on cube&quot;</translation>
    </message>
    <message>
        <source>WORKER ID</source>
        <translation>WORKER-ID</translation>
    </message>
    <message>
        <source>STATUS</source>
        <translation>STATUS</translation>
    </message>
    <message>
        <source>TIME</source>
        <translation>DAUER</translation>
    </message>
    <message>
        <source>TASK</source>
        <translation>AUFGABE</translation>
    </message>
    <message>
        <source>(job %1)</source>
        <translation>(Job %1)</translation>
    </message>
    <message>
        <source>workers show needs one worker id or job id</source>
        <translation>workers show braucht genau eine Worker-ID oder Job-ID</translation>
    </message>
    <message>
        <source>Run &apos;zerg workers list&apos; to see them.</source>
        <translation>&apos;zerg workers list&apos; zeigt sie an.</translation>
    </message>
    <message>
        <source>Worker</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Ende</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>--limit needs a number from 1 to 10000</source>
        <translation>--limit braucht eine Zahl von 1 bis 10000</translation>
    </message>
    <message>
        <source>workers grep needs one PATTERN, e.g. zerg workers grep &quot;No space&quot;</source>
        <translation>workers grep braucht genau ein PATTERN, z. B. zerg workers grep &quot;No space&quot;</translation>
    </message>
    <message>
        <source>stopped after %1 matches; narrow the pattern or raise --limit.</source>
        <translation>nach %1 Treffern angehalten; grenzen Sie das Muster ein oder erhöhen Sie --limit.</translation>
    </message>
    <message>
        <source>Scanned %1 worker folders: %2 added, %3 updated, %4 unchanged, %5 skipped.</source>
        <translation>%1 Worker-Ordner durchsucht: %2 hinzugefügt, %3 aktualisiert, %4 unverändert, %5 übersprungen.</translation>
    </message>
    <message>
        <source>skipped %1</source>
        <translation>übersprungen: %1</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>no key given; nothing stored.</source>
        <translation>kein Schlüssel angegeben; nichts gespeichert.</translation>
    </message>
    <message>
        <source>Stored the %1 API key in %2.</source>
        <translation>Der %1-API-Schlüssel wurde in %2 gespeichert.</translation>
    </message>
    <message>
        <source>Removed the %1 API key.</source>
        <translation>Der %1-API-Schlüssel wurde entfernt.</translation>
    </message>
    <message>
        <source>Provider %1: API key from ZERG_LLM_API_KEY.</source>
        <translation>Anbieter %1: API-Schlüssel aus ZERG_LLM_API_KEY.</translation>
    </message>
    <message>
        <source>Provider %1: API key stored in %2.</source>
        <translation>Anbieter %1: API-Schlüssel gespeichert in %2.</translation>
    </message>
    <message>
        <source>Provider %1: API key not set.</source>
        <translation>Anbieter %1: kein API-Schlüssel gesetzt.</translation>
    </message>
    <message>
        <source>key needs &apos;set&apos;, &apos;clear&apos; or &apos;status&apos;</source>
        <translation>key braucht &apos;set&apos;, &apos;clear&apos; oder &apos;status&apos;</translation>
    </message>
    <message>
        <source>no help for &apos;%1&apos;</source>
        <translation>keine Hilfe zu &apos;%1&apos;</translation>
    </message>
    <message>
        <source>workers needs &apos;list&apos;, &apos;show ID&apos;, &apos;grep PATTERN&apos; or &apos;reindex&apos;</source>
        <translation>workers braucht &apos;list&apos;, &apos;show ID&apos;, &apos;grep PATTERN&apos; oder &apos;reindex&apos;</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;</translation>
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
        <translation>Aufruf: zerg connect URL | --local | (nichts: die aktuelle Wahl anzeigen)

Macht die Desktop-App zum Client eines `zerg serve`, statt Jarvis auf diesem Rechner
auszuführen. Liest das Geräte-Geheimnis, das `zerg devices add NAME` auf dem Server
ausgegeben hat, von der Standardeingabe, tauscht es gegen ein 7 Tage gültiges
Sitzungstoken und bewahrt das Token im Schlüsselbund des Systems (oder in einer Datei, die
nur Sie lesen können) und die URL in den Einstellungen (remote/url) auf.

Optionen:
  --local      Zurück zu Jarvis auf diesem Rechner (vergisst die URL und das Token).
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg connect ws://10.0.0.2:8765     # dann das Geräte-Geheimnis einfügen
  echo &quot;$SECRET&quot; | zerg connect wss://zerg.example.com:8765
  zerg connect --local                # zurück zu Jarvis auf diesem Rechner

ZERG_REMOTE_URL und ZERG_REMOTE_TOKEN haben, wenn gesetzt, Vorrang vor dem Gespeicherten.
</translation>
    </message>
    <message>
        <source>note: ZERG_REMOTE_URL is set (%1) and wins over the stored URL while it is.</source>
        <translation>Hinweis: ZERG_REMOTE_URL ist gesetzt (%1) und hat Vorrang vor der gespeicherten URL, solange sie gesetzt ist.</translation>
    </message>
    <message>
        <source>note: ZERG_REMOTE_TOKEN is set and wins over the stored token.</source>
        <translation>Hinweis: ZERG_REMOTE_TOKEN ist gesetzt und hat Vorrang vor dem gespeicherten Token.</translation>
    </message>
    <message>
        <source>The desktop app runs Jarvis on this computer. Use a server with: zerg connect URL</source>
        <translation>Die Desktop-App führt Jarvis auf diesem Rechner aus. Einen Server verwenden mit: zerg connect URL</translation>
    </message>
    <message>
        <source>The desktop app uses the server at %1 (a session token is stored). Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation>Die Desktop-App verwendet den Server unter %1 (ein Sitzungstoken ist gespeichert). Zurück zu Jarvis auf diesem Rechner: zerg connect --local</translation>
    </message>
    <message>
        <source>The desktop app uses the server at %1 (no session token: run `zerg connect URL` again). Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation>Die Desktop-App verwendet den Server unter %1 (kein Sitzungstoken: Führen Sie `zerg connect URL` erneut aus). Zurück zu Jarvis auf diesem Rechner: zerg connect --local</translation>
    </message>
    <message>
        <source>could not remove the session token: %1</source>
        <translation>das Sitzungstoken konnte nicht entfernt werden: %1</translation>
    </message>
    <message>
        <source>could not clear the server URL: %1</source>
        <translation>die Server-URL konnte nicht gelöscht werden: %1</translation>
    </message>
    <message>
        <source>The desktop app runs Jarvis on this computer again (the server URL and its session token are removed).</source>
        <translation>Die Desktop-App führt Jarvis wieder auf diesem Rechner aus (die Server-URL und ihr Sitzungstoken sind entfernt).</translation>
    </message>
    <message>
        <source>Device secret</source>
        <translation>Geräte-Geheimnis</translation>
    </message>
    <message>
        <source>no device secret given on standard input; nothing changed. Get one with `zerg devices add NAME` on the server.</source>
        <translation>kein Geräte-Geheimnis auf der Standardeingabe angegeben; nichts geändert. Sie erhalten eines mit `zerg devices add NAME` auf dem Server.</translation>
    </message>
    <message>
        <source>Nothing changed.</source>
        <translation>Nichts geändert.</translation>
    </message>
    <message>
        <source>logged in, but could not store the session token: %1</source>
        <translation>angemeldet, aber das Sitzungstoken konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>logged in, but could not save the server URL: %1</source>
        <translation>angemeldet, aber die Server-URL konnte nicht gespeichert werden: %1</translation>
    </message>
    <message>
        <source>Connected to %1 as device %2 (owner %3). The session token is valid until %4 and is stored in %5.</source>
        <translation>Verbunden mit %1 als Gerät %2 (Besitzer %3). Das Sitzungstoken ist gültig bis %4 und in %5 gespeichert.</translation>
    </message>
    <message>
        <source>The desktop app now uses this server. Back to this computer&apos;s Jarvis: zerg connect --local</source>
        <translation>Die Desktop-App verwendet jetzt diesen Server. Zurück zu Jarvis auf diesem Rechner: zerg connect --local</translation>
    </message>
    <message>
        <source>connect takes one URL or --local</source>
        <translation>connect erwartet eine URL oder --local</translation>
    </message>
    <message>
        <source>Run &apos;zerg hosts --help&apos; for usage.</source>
        <translation>Hilfe zum Aufruf: &apos;zerg hosts --help&apos;.</translation>
    </message>
    <message>
        <source>list takes no argument besides --json</source>
        <translation>list erwartet außer --json kein Argument</translation>
    </message>
    <message>
        <source>Hosts file: %1</source>
        <translation>Hosts-Datei: %1</translation>
    </message>
    <message>
        <source>No hosts are allowed yet. Add Host blocks to the file, or import them with `zerg hosts import ALIAS`.</source>
        <translation>Noch sind keine Hosts erlaubt. Fügen Sie der Datei Host-Blöcke hinzu oder importieren Sie sie mit `zerg hosts import ALIAS`.</translation>
    </message>
    <message>
        <source>ALIAS</source>
        <translation>ALIAS</translation>
    </message>
    <message>
        <source>TARGET</source>
        <translation>ZIEL</translation>
    </message>
    <message>
        <source>HOST KEY</source>
        <translation>HOST-SCHLÜSSEL</translation>
    </message>
    <message>
        <source>known</source>
        <translation>bekannt</translation>
    </message>
    <message>
        <source>not known (run: zerg hosts trust %1)</source>
        <translation>nicht bekannt (ausführen: zerg hosts trust %1)</translation>
    </message>
    <message>
        <source>trust needs exactly one alias, e.g. zerg hosts trust web1</source>
        <translation>trust braucht genau einen Alias, z. B. zerg hosts trust web1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the hosts file %2 (allowed: %3). Add a Host block for it there, or import it with `zerg hosts import %1`, then trust it.</source>
        <translation>&quot;%1&quot; steht nicht in der Hosts-Datei %2 (erlaubt: %3). Fügen Sie dort einen Host-Block dafür hinzu oder importieren Sie ihn mit `zerg hosts import %1`, und vertrauen Sie ihm dann.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 (%2) is already trusted: its %3 key %4 is recorded in %5.</source>
        <translation>%1 (%2) ist bereits vertrauenswürdig: Sein %3-Schlüssel %4 ist in %5 eingetragen.</translation>
    </message>
    <message>
        <source>The server %1 (%2) presents this %3 host key:

    %4

Compare it with what the server&apos;s administrator sees (on the server: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub).</source>
        <translation>Der Server %1 (%2) zeigt diesen %3-Host-Schlüssel:

    %4

Vergleichen Sie ihn mit dem, was der Administrator des Servers sieht (auf dem Server: ssh-keygen -lf /etc/ssh/ssh_host_%5_key.pub).</translation>
    </message>
    <message>
        <source>not asking without a terminal, so nothing was recorded. After verifying the fingerprint, run again with --yes.</source>
        <translation>ohne Terminal wird nicht nachgefragt, daher wurde nichts eingetragen. Prüfen Sie den Fingerabdruck und führen Sie den Befehl dann erneut mit --yes aus.</translation>
    </message>
    <message>
        <source>Trust this key and record it in %1? [y/N] </source>
        <translation>Diesem Schlüssel vertrauen und ihn in %1 eintragen? [y/N] </translation>
    </message>
    <message>
        <source>yes</source>
        <comment>answer to [y/N]</comment>
        <translation>ja</translation>
    </message>
    <message>
        <source>Not trusted; nothing was recorded.</source>
        <translation>Nicht vertraut; es wurde nichts eingetragen.</translation>
    </message>
    <message>
        <source>Recorded the %1 key of %2 in %3. ssh_exec can now reach %2.</source>
        <translation>Der %1-Schlüssel von %2 wurde in %3 eingetragen. ssh_exec kann %2 jetzt erreichen.</translation>
    </message>
    <message>
        <source>--from needs a file</source>
        <translation>--from braucht eine Datei</translation>
    </message>
    <message>
        <source>import needs the aliases to copy, e.g. zerg hosts import web1 db1 (only those are allowed)</source>
        <translation>import braucht die zu kopierenden Aliasse, z. B. zerg hosts import web1 db1 (nur diese werden erlaubt)</translation>
    </message>
    <message>
        <source>no hosts file is configured. Set ZERG_HOSTS_FILE.</source>
        <translation>es ist keine Hosts-Datei eingerichtet. Setzen Sie ZERG_HOSTS_FILE.</translation>
    </message>
    <message>
        <source>Imported %1 from %2 into %3.</source>
        <translation>%1 aus %2 in %3 importiert.</translation>
    </message>
    <message>
        <source>The host key of %1 is not known yet: run `zerg hosts trust %1` before using it.</source>
        <translation>Der Host-Schlüssel von %1 ist noch nicht bekannt: Führen Sie `zerg hosts trust %1` aus, bevor Sie den Host verwenden.</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>%1 $</translation>
    </message>
    <message>
        <source>No runs yet. Ask Jarvis something, e.g.
  zerg ask &quot;check disk usage on cube&quot;</source>
        <translation>Noch keine Läufe. Fragen Sie Jarvis etwas, z. B.
  zerg ask &quot;check disk usage on cube&quot;</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>MODE</source>
        <translation>MODUS</translation>
    </message>
    <message>
        <source>STARTED</source>
        <translation>START</translation>
    </message>
    <message>
        <source>TOKENS</source>
        <translation>TOKENS</translation>
    </message>
    <message>
        <source>COST</source>
        <translation>KOSTEN</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>%1 (prompt %2, completion %3, cached %4, reasoning %5; model calls: %6)</source>
        <translation>%1 (Prompt %2, Antwort %3, aus dem Cache %4, Reasoning %5; Modellaufrufe: %6)</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>unknown (a model&apos;s price is not in the price table)</source>
        <translation>unbekannt (der Preis eines Modells fehlt in der Preistabelle)</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Worker</translation>
    </message>
    <message>
        <source>(none: Jarvis answered directly)</source>
        <translation>(keine: Jarvis hat direkt geantwortet)</translation>
    </message>
    <message>
        <source>runs show needs one run id, e.g. zerg runs show 12</source>
        <translation>runs show braucht genau eine Lauf-ID, z. B. zerg runs show 12</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run id; run ids are positive numbers from `zerg runs list`</source>
        <translation>&apos;%1&apos; ist keine Lauf-ID; Lauf-IDs sind positive Zahlen aus `zerg runs list`</translation>
    </message>
    <message>
        <source>run %1 not found. List runs with `zerg runs list`.</source>
        <translation>Lauf %1 nicht gefunden. Läufe auflisten mit `zerg runs list`.</translation>
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
        <translation>Aufruf: zerg devices COMMAND

Die Geräte, die sich bei `zerg serve` mit diesem Datenordner anmelden dürfen.

Befehle:
  add NAME [--owner N] [--json]   Ein Gerät für Besitzer N registrieren (Standard
                                  ZERG_OWNER_ID) und sein Geheimnis ausgeben. Das
                                  Geheimnis wird nur einmal angezeigt; der Client tauscht
                                  es gegen 7 Tage gültige Sitzungstokens.
  list [--json]                   Geräte, aktive zuerst: Besitzer, Name, letzte
                                  Anmeldung, aktive Tokens.
  revoke ID                       Ein Gerät und alle seine Sitzungstokens widerrufen;
                                  seine offenen Verbindungen werden innerhalb von
                                  30 Sekunden geschlossen.

Beispiele:
  zerg devices add &quot;Alice&apos;s laptop&quot;
  zerg devices list
  zerg devices revoke 3
</translation>
    </message>
    <message>
        <source>an option is missing its value</source>
        <translation>bei einer Option fehlt der Wert</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>unerwartetes Argument &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--listen needs HOST:PORT with an IP address, e.g. 127.0.0.1:8765 (got &apos;%1&apos;)</source>
        <translation>--listen braucht HOST:PORT mit einer IP-Adresse, z. B. 127.0.0.1:8765 (erhalten: &apos;%1&apos;)</translation>
    </message>
    <message>
        <source>TLS needs both a certificate and its key (--tls-cert and --tls-key)</source>
        <translation>TLS braucht sowohl ein Zertifikat als auch dessen Schlüssel (--tls-cert und --tls-key)</translation>
    </message>
    <message>
        <source>%1 is not a loopback address: anyone on the network could read the session tokens. Give --tls-cert and --tls-key, or --insecure if the network is private.</source>
        <translation>%1 ist keine Loopback-Adresse: Jeder im Netzwerk könnte die Sitzungstokens mitlesen. Geben Sie --tls-cert und --tls-key an, oder --insecure, wenn das Netzwerk privat ist.</translation>
    </message>
    <message>
        <source>Until then every dispatch is answered with no_provider.</source>
        <translation>Bis dahin wird jeder Auftrag mit no_provider beantwortet.</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>wird beendet</translation>
    </message>
    <message>
        <source>--owner needs a number</source>
        <translation>--owner braucht eine Zahl</translation>
    </message>
    <message>
        <source>--owner needs a positive number</source>
        <translation>--owner braucht eine positive Zahl</translation>
    </message>
    <message>
        <source>devices add needs one NAME (quote it)</source>
        <translation>devices add braucht genau einen NAME (in Anführungszeichen)</translation>
    </message>
    <message>
        <source>Device %1 (%2) for owner %3. Its secret, shown only this once:</source>
        <translation>Gerät %1 (%2) für Besitzer %3. Sein Geheimnis, nur dieses eine Mal angezeigt:</translation>
    </message>
    <message>
        <source>Enter it in the client (Settings &gt; Remote server, or `zerg connect URL`), which exchanges it for a session token.</source>
        <translation>Geben Sie es im Client ein (Einstellungen &gt; Entfernter Server, oder `zerg connect URL`), der es gegen ein Sitzungstoken tauscht.</translation>
    </message>
    <message>
        <source>No devices yet. Add one with: zerg devices add &quot;Alice&apos;s laptop&quot;</source>
        <translation>Noch keine Geräte. Fügen Sie eines hinzu mit: zerg devices add &quot;Alice&apos;s laptop&quot;</translation>
    </message>
    <message>
        <source>OWNER</source>
        <translation>BES.</translation>
    </message>
    <message>
        <source>LAST LOGIN</source>
        <translation>LETZTE ANMELDUNG</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source> (revoked)</source>
        <translation> (widerrufen)</translation>
    </message>
    <message>
        <source>devices revoke needs one device ID (see &apos;zerg devices list&apos;)</source>
        <translation>devices revoke braucht genau eine Geräte-ID (siehe &apos;zerg devices list&apos;)</translation>
    </message>
    <message>
        <source>Device %1 is revoked; its session tokens no longer work.</source>
        <translation>Gerät %1 ist widerrufen; seine Sitzungstokens funktionieren nicht mehr.</translation>
    </message>
    <message>
        <source>devices needs &apos;add NAME&apos;, &apos;list&apos; or &apos;revoke ID&apos;</source>
        <translation>devices braucht &apos;add NAME&apos;, &apos;list&apos; oder &apos;revoke ID&apos;</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>warn</source>
        <translation>warn</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>FAIL</translation>
    </message>
    <message>
        <source>fix: %1</source>
        <translation>Abhilfe: %1</translation>
    </message>
    <message>
        <source>Zerg %1 doctor: provider, data folder, database and hosts.</source>
        <translation>Zerg %1 doctor: Anbieter, Datenordner, Datenbank und Hosts.</translation>
    </message>
    <message>
        <source>Problems to fix: %1, warnings: %2. Fix the problems above, then run `zerg doctor` again.</source>
        <translation>Zu behebende Probleme: %1, Warnungen: %2. Beheben Sie die Probleme oben und führen Sie dann `zerg doctor` erneut aus.</translation>
    </message>
    <message>
        <source>No problems; warnings: %1 (see above).</source>
        <translation>Keine Probleme; Warnungen: %1 (siehe oben).</translation>
    </message>
    <message>
        <source>Everything looks fine.</source>
        <translation>Alles sieht gut aus.</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Versuche</translation>
    </message>
    <message>
        <source>Fallback</source>
        <translation>Ersatzweg</translation>
    </message>
    <message>
        <source>Jarvis answered directly with an apology</source>
        <translation>Jarvis hat direkt mit einer Entschuldigung geantwortet</translation>
    </message>
    <message>
        <source>--%1 needs a value</source>
        <translation>--%1 braucht einen Wert</translation>
    </message>
    <message>
        <source>%1 takes no value</source>
        <translation>%1 nimmt keinen Wert</translation>
    </message>
    <message>
        <source>cannot read the options</source>
        <translation>die Optionen können nicht gelesen werden</translation>
    </message>
    <message>
        <source>  approval %1: %2 (%3)</source>
        <translation>  Freigabe %1: %2 (%3)</translation>
    </message>
    <message>
        <source>? Approval needed: worker %1 wants to run on %2:</source>
        <translation>? Freigabe nötig: Worker %1 möchte auf %2 ausführen:</translation>
    </message>
    <message>
        <source>  Why it may change the system: %1</source>
        <translation>  Warum es das System ändern kann: %1</translation>
    </message>
    <message>
        <source>  The worker says: %1</source>
        <translation>  Der Worker sagt: %1</translation>
    </message>
    <message>
        <source>  Task: %1</source>
        <translation>  Aufgabe: %1</translation>
    </message>
    <message>
        <source>  y: allow once, a: always allow &quot;%1&quot; on %2, N: deny</source>
        <translation>  y: einmal erlauben, a: „%1“ auf %2 immer erlauben, N: ablehnen</translation>
    </message>
    <message>
        <source>Allow? [y/N/a] </source>
        <translation>Erlauben? [y/N/a] </translation>
    </message>
    <message>
        <source>Allow? [y/N] </source>
        <translation>Erlauben? [y/N] </translation>
    </message>
    <message>
        <source>Denied by zerg ask without a terminal (--approve=deny).</source>
        <translation>Von zerg ask ohne Terminal abgelehnt (--approve=deny).</translation>
    </message>
    <message>
        <source>  approval %1: %2</source>
        <translation>  Freigabe %1: %2</translation>
    </message>
    <message>
        <source>--approve takes allow or deny, e.g. --approve=deny</source>
        <translation>--approve nimmt allow oder deny, z. B. --approve=deny</translation>
    </message>
    <message>
        <source>Run &apos;zerg mcp --help&apos; for usage.</source>
        <translation>Aufruf: siehe &apos;zerg mcp --help&apos;.</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>bereit</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>restarting</source>
        <translation>startet neu</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <source>No MCP servers are configured. Add them to %1 (see &apos;zerg mcp --help&apos;).</source>
        <translation>Es sind keine MCP-Server eingerichtet. Tragen Sie sie in %1 ein (siehe &apos;zerg mcp --help&apos;).</translation>
    </message>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Tool</numerusform>
            <numerusform>%n Tools</numerusform>
        </translation>
    </message>
    <message>
        <source>last error: %1</source>
        <translation>letzter Fehler: %1</translation>
    </message>
    <message>
        <source>log: %1</source>
        <translation>Protokoll: %1</translation>
    </message>
    <message>
        <source>No MCP server &apos;%1&apos; is configured in %2.</source>
        <translation>In %2 ist kein MCP-Server „%1“ eingerichtet.</translation>
    </message>
    <message>
        <source>Configured: %1.</source>
        <translation>Eingerichtet: %1.</translation>
    </message>
    <message>
        <source>MCP server &apos;%1&apos; is %2: %3</source>
        <translation>Der MCP-Server „%1“ ist %2: %3</translation>
    </message>
    <message>
        <source>tools needs the name of a server</source>
        <translation>tools braucht den Namen eines Servers</translation>
    </message>
    <message>
        <source>reads</source>
        <translation>liest</translation>
    </message>
    <message>
        <source>may change</source>
        <translation>kann ändern</translation>
    </message>
    <message>
        <source>policy %1</source>
        <translation>Regel %1</translation>
    </message>
    <message>
        <source> (optional)</source>
        <translation> (optional)</translation>
    </message>
    <message>
        <source>call needs a server, a tool and the arguments as JSON</source>
        <translation>call braucht einen Server, ein Tool und die Argumente als JSON</translation>
    </message>
    <message>
        <source>the arguments are not a JSON object (%1); write them like &apos;{&quot;path&quot;: &quot;/etc/hostname&quot;}&apos;</source>
        <translation>die Argumente sind kein JSON-Objekt (%1); schreiben Sie sie wie &apos;{&quot;path&quot;: &quot;/etc/hostname&quot;}&apos;</translation>
    </message>
    <message>
        <source>The policy for %1 of server &apos;%2&apos; is never: Zerg does not call it. Change the policy in Settings or mcp.json first.</source>
        <translation>Die Regel für %1 des Servers „%2“ ist never: Zerg ruft es nicht auf. Ändern Sie zuerst die Regel in den Einstellungen oder in mcp.json.</translation>
    </message>
    <message>
        <source>Server &apos;%1&apos; has no tool &apos;%2&apos;. &apos;zerg mcp tools %1&apos; lists them.</source>
        <translation>Der Server „%1“ hat kein Tool „%2“. &apos;zerg mcp tools %1&apos; listet sie auf.</translation>
    </message>
    <message>
        <source>%1 may change something (%2). Add --yes to call it without a terminal to confirm on.</source>
        <translation>%1 kann etwas ändern (%2). Fügen Sie --yes hinzu, um es ohne Terminal zur Bestätigung aufzurufen.</translation>
    </message>
    <message>
        <source>%1 may change something (%2). Call it? [y/N] </source>
        <translation>%1 kann etwas ändern (%2). Aufrufen? [y/N] </translation>
    </message>
    <message>
        <source>Not called.</source>
        <translation>Nicht aufgerufen.</translation>
    </message>
    <message>
        <source>secret needs &apos;set NAME&apos; or &apos;clear NAME&apos;</source>
        <translation>secret braucht &apos;set NAME&apos; oder &apos;clear NAME&apos;</translation>
    </message>
    <message>
        <source>secret %1 needs one NAME (letters, digits, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</source>
        <translation>secret %1 braucht genau einen NAME (Buchstaben, Ziffern, &apos;_&apos;, &apos;.&apos;, &apos;-&apos;)</translation>
    </message>
    <message>
        <source>Value of %1</source>
        <translation>Wert von %1</translation>
    </message>
    <message>
        <source>no value given; nothing stored.</source>
        <translation>kein Wert angegeben; nichts gespeichert.</translation>
    </message>
    <message>
        <source>Stored the secret %1 in %2.</source>
        <translation>Das Geheimnis %1 wurde in %2 gespeichert.</translation>
    </message>
    <message>
        <source>Removed the secret %1.</source>
        <translation>Das Geheimnis %1 wurde entfernt.</translation>
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
        <translation>Aufruf: zerg mcp COMMAND

Die MCP-Server, deren Tools die Worker von Zerg verwenden (mcp.json im Konfigurationsordner
von Zerg oder ZERG_MCP_CONFIG; das Format von Claude Desktop und Cursor: {&quot;mcpServers&quot;: {...}}).

Befehle:
  list [--json]               Jeden Server starten und seinen Zustand, die Zahl seiner
                              Tools und seinen letzten Fehler zeigen.
  tools NAME [--json]         Die Tools des Servers NAME zeigen: ob jedes nur liest,
                              seine Regel (allow, ask, never) und seine Argumente.
  call NAME TOOL JSON [--yes] TOOL des Servers NAME mit den Argumenten JSON (ein Objekt)
                              aufrufen und das Ergebnis ausgeben. Ein Tool, das etwas
                              ändern kann, fragt vorher; --yes ruft es ohne Frage auf.
                              Ein Tool mit der Regel never wird abgelehnt.
  serve                       Zerg als MCP-Server auf Standardein- und -ausgabe laufen
                              lassen, für Claude Desktop, Goose oder eine IDE
                              (docs/mcp.md).
  secret set|clear NAME       Das Geheimnis NAME speichern (von der Standardeingabe
                              gelesen, im Terminal verdeckt) oder entfernen, das
                              mcp.json als ${secret:NAME} in einem Header- oder
                              env-Wert nennt.

Beispiele:
  zerg mcp list
  zerg mcp tools fs
  zerg mcp call fs read_text_file &apos;{&quot;path&quot;: &quot;/etc/hostname&quot;}&apos;
  printf &apos;%s
&apos; &quot;$GRAFANA_TOKEN&quot; | zerg mcp secret set grafana_token

Siehe docs/mcp.md für das Dateiformat und die Regeln pro Tool.
</translation>
    </message>
    <message>
        <source>mcp needs &apos;list&apos;, &apos;tools NAME&apos;, &apos;call NAME TOOL JSON&apos;, &apos;secret set|clear NAME&apos; or &apos;serve&apos;</source>
        <translation>mcp braucht &apos;list&apos;, &apos;tools NAME&apos;, &apos;call NAME TOOL JSON&apos;, &apos;secret set|clear NAME&apos; oder &apos;serve&apos;</translation>
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
        <translation>Aufruf: zerg mcp serve

Lässt Zerg als MCP-Server (Model Context Protocol) auf Standardein- und -ausgabe laufen, für
Claude Desktop, Goose, eine IDE oder jeden anderen MCP-Client: eine JSON-RPC-Nachricht pro
Zeile. Protokollmeldungen gehen auf die Standardfehlerausgabe. Der Client bekommt diese Tools:
  ask               Jarvis um eine Betriebsaufgabe bitten; meldet den Fortschritt, während
                    Worker laufen.
  list_workers      Letzte Worker: Status, Aufgabe, Zusammenfassung.
  read_worker_file  Eine Datei aus dem Ordner eines Workers (result.txt, tool_calls/...).
  grep_workers      Die Dateien aller Worker durchsuchen.
  list_hosts        Die Hosts, die Worker erreichen dürfen (nie Schlüsselinhalte).

Alles, was ein System ändern kann, braucht wie bei jeder Anfrage Ihre Freigabe in Zerg; der
MCP-Client kann sie nicht erteilen. Der Server endet, wenn seine Eingabe endet, oder bei
SIGTERM oder Strg+C; eine noch laufende Anfrage wird abgebrochen.

Claude Desktop (claude_desktop_config.json):
  {&quot;mcpServers&quot;: {&quot;zerg&quot;: {&quot;command&quot;: &quot;zerg&quot;, &quot;args&quot;: [&quot;mcp&quot;, &quot;serve&quot;]}}}

Siehe docs/mcp.md.
</translation>
    </message>
    <message>
        <source>cannot take over standard input and output: %1</source>
        <translation>Standardein- und -ausgabe können nicht übernommen werden: %1</translation>
    </message>
    <message>
        <source>Run &apos;zerg mcp serve --help&apos; for usage.</source>
        <translation>Aufruf: siehe &apos;zerg mcp serve --help&apos;.</translation>
    </message>
    <message>
        <source>%1 Until then ask is answered with this problem.</source>
        <translation>%1 Bis dahin wird ask mit diesem Problem beantwortet.</translation>
    </message>
    <message>
        <source>the client stopped reading: %1</source>
        <translation>der Client liest nicht mehr: %1</translation>
    </message>
    <message>
        <source>the running request did not end within %1 s; stopping anyway.</source>
        <translation>die laufende Anfrage ist nicht innerhalb von %1 s zu Ende gegangen; es wird trotzdem beendet.</translation>
    </message>
    <message>
        <source>approval %1 requested by worker %2: %3 on %4</source>
        <translation>Freigabe %1 angefragt von Worker %2: %3 auf %4</translation>
    </message>
    <message>
        <source>the MCP client closed the connection</source>
        <translation>der MCP-Client hat die Verbindung geschlossen</translation>
    </message>
    <message>
        <source>Zerg&apos;s MCP server was stopped</source>
        <translation>der MCP-Server von Zerg wurde gestoppt</translation>
    </message>
    <message>
        <source>ready: MCP (protocol %1) on standard input and output, database %2</source>
        <translation>bereit: MCP (Protokoll %1) auf Standardein- und -ausgabe, Datenbank %2</translation>
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
        <translation>Aufruf: zerg doctor [--json]

Prüft, was Zerg braucht, und sagt, was zu beheben ist:
  Anbieter      der LLM-Anbieter ist eingerichtet und antwortet, und er listet die
                Modelle auf, für die Zerg eingerichtet ist
  Hosts         die Hosts-Datei ist lesbar; jeder erlaubte Host antwortet, sein
                Host-Schlüssel ist bekannt und Zerg kann sich anmelden (es führt dort
                `true` aus)
  Datenordner   ZERG_DATA_DIR existiert oder kann angelegt werden, ist beschreibbar und
                hat freien Speicherplatz
  Datenbank     die Datenbank lässt sich öffnen und ihr Schema ist nicht neuer als dieses
                Zerg
  mcp           jeder Eintrag in mcp.json ist gültig, und jeder eingeschaltete MCP-Server
                startet und listet seine Tools auf (nur wenn mcp.json Server nennt)
zerg doctor ändert nichts: Es legt den Datenordner nicht an und liest die SQLite-Datenbank,
ohne Migrationen anzuwenden. Eine PostgreSQL-Datenbank (ZERG_DATABASE_URL) wird wie bei
jedem Start geöffnet, wobei ausstehende Migrationen angewendet werden.

Optionen:
  --json       {&quot;checks&quot;: [{&quot;name&quot;, &quot;status&quot;, &quot;detail&quot;, &quot;fix&quot;}], &quot;ok&quot;: ...} ausgeben;
               status ist ok, warn oder fail.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg doctor
  zerg doctor --json | jq &apos;.checks[] | select(.status != &quot;ok&quot;)&apos;

Exit-Status: 0 keine Prüfung fehlgeschlagen (Warnungen erlaubt), 1 eine Prüfung ist
fehlgeschlagen, 2 Aufruffehler.
</translation>
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
        <translation>Aufruf: zerg runs COMMAND

Die Anfragen, die Jarvis bearbeitet hat (Läufe), mit ihren Workern, Tokens und Kosten.

Befehle:
  list [--limit N] [--json]   Letzte Läufe, neueste zuerst (20, sofern nicht --limit): ID,
                              Status, Modus (quick, supervisor, background), Start, Dauer,
                              Tokens, Kosten und Aufgabe.
  show ID [--json]            Ein Lauf: Aufgabe, Status, Zeiten, Ergebnis oder Fehler, die
                              von ihm gestarteten Worker mit ihren Zusammenfassungen,
                              Token-Verbrauch und Kosten.
  export ID [--format md|json] [--out FILE]
                              Ein Lauf als Dokument: Frage, Antwort oder Fehler, Status,
                              Zeiten, Tokens, Kosten und das Ergebnis jedes Workers mit
                              einem Link auf seinen Ordner.
  export --all [--format md|json] [--out FILE]
                              Das ganze Gespräch mit Jarvis, alle Läufe, älteste zuerst.

Optionen:
  --limit N    list: höchstens N Läufe anzeigen.
  --json       JSON ausgeben (list: ein Array; show: ein Objekt; unbekannte Kosten sind
               null).
  --format F   export: md (Markdown, Vorgabe; auch &apos;markdown&apos;) oder json.
  --out FILE   export: FILE schreiben statt ausgeben (als Ganzes ersetzt, nie halb
               geschrieben).
  --all        export: das ganze Gespräch statt eines Laufs.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg runs list --limit 10
  zerg runs show 12
  zerg runs show 12 --json
  zerg runs export 12 &gt; run-12.md
  zerg runs export --all --format json --out conversation.json
</translation>
    </message>
    <message>
        <source>runs export needs one run id or --all, e.g. zerg runs export 12</source>
        <translation>runs export braucht eine Lauf-ID oder --all, z. B. zerg runs export 12</translation>
    </message>
    <message>
        <source>--format takes md (or markdown) or json, e.g. --format json</source>
        <translation>--format nimmt md (oder markdown) oder json, z. B. --format json</translation>
    </message>
    <message>
        <source>--out needs a file</source>
        <translation>--out braucht eine Datei</translation>
    </message>
    <message>
        <source>runs export takes one run id or --all, not both</source>
        <translation>runs export nimmt eine Lauf-ID oder --all, nicht beides</translation>
    </message>
    <message>
        <source>unknown format &apos;%1&apos;; --format takes md (or markdown) or json</source>
        <translation>unbekanntes Format &apos;%1&apos;; --format nimmt md (oder markdown) oder json</translation>
    </message>
    <message>
        <source>cannot write the export to standard output</source>
        <translation>der Export kann nicht auf die Standardausgabe geschrieben werden</translation>
    </message>
    <message>
        <source>cannot write %1: %2. Check the folder exists and is writable.</source>
        <translation>%1 kann nicht geschrieben werden: %2. Prüfen Sie, ob der Ordner existiert und beschreibbar ist.</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>%1 geschrieben.</translation>
    </message>
    <message>
        <source>runs needs &apos;list&apos;, &apos;show ID&apos; or &apos;export ID&apos;</source>
        <translation>runs braucht &apos;list&apos;, &apos;show ID&apos; oder &apos;export ID&apos;</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;; use &apos;list&apos;, &apos;show ID&apos; or &apos;export ID&apos;</source>
        <translation>unbekannter Befehl &apos;%1&apos;; verwenden Sie &apos;list&apos;, &apos;show ID&apos; oder &apos;export ID&apos;</translation>
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
        <translation>Aufruf: zerg hosts COMMAND

Die SSH-Hosts, die Worker erreichen dürfen (die Freigabeliste: ZERG_HOSTS_FILE,
OpenSSH-Konfigurationsformat).

Befehle:
  list [--json]               Die erlaubten Aliase anzeigen, wohin sie zeigen und ob ihr
                              Host-Schlüssel in known_hosts eingetragen ist.
  trust ALIAS [--yes]         Mit ALIAS verbinden (ohne Anmeldung), den Fingerabdruck
                              seines Host-Schlüssels zeigen und den Schlüssel nach Ihrer
                              Bestätigung in seine known_hosts-Datei eintragen. --yes
                              trägt ohne Nachfrage ein (Skripte: den Fingerabdruck vorher
                              prüfen). Ein geänderter Schlüssel wird abgelehnt.
  add ALIAS --host HOST [--port PORT] [--user USER] [--key FILE]
                              Einen neuen Host erlauben: einen Host-Block für ALIAS an die
                              Hosts-Datei anhängen (Port 22, Ihr Benutzername und keine
                              eigene Schlüsseldatei, sofern nicht angegeben). Der Rest der
                              Datei bleibt, wie er ist.
  remove ALIAS                Den Host-Block von ALIAS aus der Hosts-Datei entfernen. Sein
                              Host-Schlüssel bleibt in known_hosts. Einen Block, der
                              mehrere Aliase nennt, bearbeiten Sie selbst.
  import [--from FILE] ALIAS...
                              Die genannten Aliase aus ~/.ssh/config (oder FILE) mit
                              aufgelösten Einstellungen in die Hosts-Datei kopieren.

Beispiele:
  zerg hosts import web1 db1
  zerg hosts add web2 --host 192.0.2.20 --user deploy --key ~/.ssh/id_ed25519
  zerg hosts trust web1
  zerg hosts remove web2
  zerg hosts list

&apos;zerg doctor&apos; meldet sich bei jedem Host an und sagt, welche davon Aufmerksamkeit brauchen.
</translation>
    </message>
    <message>
        <source>add needs one alias, e.g. zerg hosts add web1 --host 192.0.2.10</source>
        <translation>add braucht einen Alias, z. B. zerg hosts add web1 --host 192.0.2.10</translation>
    </message>
    <message>
        <source>--host needs the server&apos;s DNS name or IP address</source>
        <translation>--host braucht den DNS-Namen oder die IP-Adresse des Servers</translation>
    </message>
    <message>
        <source>--port needs a number</source>
        <translation>--port braucht eine Zahl</translation>
    </message>
    <message>
        <source>--user needs a name</source>
        <translation>--user braucht einen Namen</translation>
    </message>
    <message>
        <source>--key needs a file</source>
        <translation>--key braucht eine Datei</translation>
    </message>
    <message>
        <source>add needs --host, the server&apos;s DNS name or IP address, e.g. zerg hosts add %1 --host 192.0.2.10</source>
        <translation>add braucht --host, den DNS-Namen oder die IP-Adresse des Servers, z. B. zerg hosts add %1 --host 192.0.2.10</translation>
    </message>
    <message>
        <source>--port must be a number from 1 to 65535, not %1</source>
        <translation>--port muss eine Zahl von 1 bis 65535 sein, nicht %1</translation>
    </message>
    <message>
        <source>Added %1 (%2) to %3.</source>
        <translation>%1 (%2) zu %3 hinzugefügt.</translation>
    </message>
    <message>
        <source>Note: the key file %1 does not exist (yet); logging in to %2 needs it, or a key of ssh-agent.</source>
        <translation>Hinweis: Die Schlüsseldatei %1 existiert (noch) nicht; die Anmeldung bei %2 braucht sie oder einen Schlüssel aus ssh-agent.</translation>
    </message>
    <message>
        <source>remove needs exactly one alias, e.g. zerg hosts remove web1</source>
        <translation>remove braucht genau einen Alias, z. B. zerg hosts remove web1</translation>
    </message>
    <message>
        <source>Removed %1 from %2: workers can no longer reach it.</source>
        <translation>%1 aus %2 entfernt: Worker können den Host nicht mehr erreichen.</translation>
    </message>
    <message>
        <source>Its host key stays recorded in %1. If no other host uses %2, remove it with: ssh-keygen -R &quot;%2&quot; -f %1</source>
        <translation>Sein Host-Schlüssel bleibt in %1 eingetragen. Wenn kein anderer Host %2 verwendet, entfernen Sie ihn mit: ssh-keygen -R &quot;%2&quot; -f %1</translation>
    </message>
    <message>
        <source>missing command (list, trust, add, remove or import)</source>
        <translation>fehlender Befehl (list, trust, add, remove oder import)</translation>
    </message>
    <message>
        <source>unknown command %1 (list, trust, add, remove or import)</source>
        <translation>unbekannter Befehl %1 (list, trust, add, remove oder import)</translation>
    </message>
    <message>
        <source>give the text to say</source>
        <translation>gib den Text an, der gesprochen werden soll</translation>
    </message>
    <message>
        <source>give the file to write with --out FILE.wav</source>
        <translation>gib die Datei an, die geschrieben werden soll: --out DATEI.wav</translation>
    </message>
    <message>
        <source>--wpm takes a number from 80 to 450</source>
        <translation>--wpm nimmt eine Zahl von 80 bis 450</translation>
    </message>
    <message>
        <source>--rate takes a sample rate from 8000 to 48000</source>
        <translation>--rate nimmt eine Abtastrate von 8000 bis 48000</translation>
    </message>
    <message>
        <source>there is nothing to say in that text</source>
        <translation>in diesem Text gibt es nichts zu sagen</translation>
    </message>
    <message>
        <source>Wrote %1: %2 s at %3 Hz, voice %4.</source>
        <translation>%1 geschrieben: %2 s bei %3 Hz, Stimme %4.</translation>
    </message>
    <message>
        <source>give one WAVE file</source>
        <translation>gib eine WAVE-Datei an</translation>
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
        <translation>Aufruf: zerg ask [--json] [--approve=allow|deny] TASK
        zerg ask [--json] [--approve=allow|deny] --audio DATEI.wav [--engine E]

Sendet eine Anfrage an Jarvis, ohne ein Fenster zu öffnen. Der Supervisor antwortet direkt
oder startet Worker auf Ihren Servern; die Antwort geht auf die Standardausgabe, der
Fortschritt (Worker, Tool-Aufrufe) auf die Standardfehlerausgabe. Strg+C bricht den Lauf
sauber ab.

Optionen:
  --audio DATEI.wav
               Per Sprache fragen: die Aufgabe ist, was in der WAVE-Datei gesagt wird,
               erkannt wie bei &apos;zerg transcribe&apos; und auf der Standardfehlerausgabe gezeigt.
  --engine E   Der Erkenner für --audio: pocketsphinx oder server (Vorgabe: Einstellungen).
  --json       Stattdessen jedes Ereignis ausgeben, ein {&quot;event&quot;, &quot;data&quot;}-JSON-Objekt pro
               Zeile; die letzte Zeile ist supervisor_complete oder error.
  --approve=allow|deny
               Die Antwort auf jede Freigabeanfrage (ein Aufruf eines Workers, der ein
               System ändern kann, im Freigabemodus ask). Ohne sie werden Sie im Terminal
               gefragt (Allow? [y/N/a]); ohne Terminal wird jede Anfrage abgelehnt.
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg ask &quot;check disk usage on cube&quot;
  zerg ask --json &quot;is nginx running on web1?&quot; | tail -n 1
  zerg ask --audio frage.wav

Exit-Status: 0 beantwortet, 1 der Lauf ist fehlgeschlagen, 2 Aufruffehler, 3 kein Anbieter
eingerichtet (&apos;zerg doctor&apos; ausführen).
</translation>
    </message>
    <message>
        <source>nothing was understood in %1; speak closer to the microphone, or type the task.</source>
        <translation>in %1 wurde nichts verstanden; sprechen Sie näher am Mikrofon, oder tippen Sie die Aufgabe.</translation>
    </message>
    <message>
        <source>Heard: %1</source>
        <translation>Gehört: %1</translation>
    </message>
    <message>
        <source>--audio needs a WAVE file</source>
        <translation>--audio braucht eine WAVE-Datei</translation>
    </message>
    <message>
        <source>--engine needs pocketsphinx or server</source>
        <translation>--engine braucht pocketsphinx oder server</translation>
    </message>
    <message>
        <source>--engine goes with --audio FILE.wav</source>
        <translation>--engine gehört zu --audio DATEI.wav</translation>
    </message>
    <message>
        <source>give a TASK or --audio FILE.wav, not both</source>
        <translation>geben Sie eine AUFGABE oder --audio DATEI.wav an, nicht beides</translation>
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
        <translation>Aufruf: zerg say TEXT... --out DATEI.wav [--engine E] [--voice V] [--wpm N] [--rate HZ]

Spricht TEXT in eine WAVE-Datei, so wie Jarvis ihn sagen würde: Markdown wird zuerst
sprechbar gemacht (Codeblöcke werden zu „Den Befehl habe ich in den Chat geschrieben.“).

Optionen:
  --out DATEI.wav  Wohin die Sprache geschrieben wird (16 Bit Mono PCM). Pflicht.
  --engine E       espeak (espeak-ng auf diesem Computer, offline) oder server (das
                   OpenAI-kompatible /v1/audio/speech aus Einstellungen &gt; Sprachein-
                   und -ausgabe). Vorgabe: die in den Einstellungen (ZERG_TTS_ENGINE).
  --voice V        Eine espeak-ng-Stimme (Vorgabe en-us; espeak-ng --voices listet sie)
                   oder die Stimme des Servers (Vorgabe alloy).
  --wpm N          Wörter pro Minute, 80 bis 450 (Vorgabe 175; nur espeak).
  --rate HZ        Abtastrate der Datei, 8000 bis 48000 (Vorgabe: die 22050 von espeak-ng;
                   16000 nehmen Spracherkenner).
  -h, --help       Diese Hilfe anzeigen.

Beispiele:
  zerg say &quot;check disk usage on cube&quot; --out frage.wav
  zerg say &quot;restart nginx on web1&quot; --voice en-gb --rate 16000 --out web1.wav

Exit-Status: 0 geschrieben, 1 Sprache oder Datei fehlgeschlagen, 2 Aufruffehler, 3 espeak-ng
fehlt oder kein Sprachserver ist eingestellt.
</translation>
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
        <translation>Aufruf: zerg transcribe DATEI.wav [--engine E]

Gibt die in einer WAVE-Datei gesprochenen Wörter aus. Auf diesem Computer werden sie offline
mit pocketsphinx und seinem US-englischen Modell erkannt; nichts verlässt ihn. Beide Engines
sind auf das ausgerichtet, was ein Operator zu Jarvis sagt, und auf die Host-Aliasse Ihrer
Hosts-Datei, damit „check disk usage on cube“ mit dem richtigen Host herauskommt. Jede
WAVE-Datei mit einfachen PCM- oder Gleitkomma-Samples wird genommen; sie wird auf 16 kHz
umgerechnet.

Optionen:
  --engine E   pocketsphinx (auf diesem Computer) oder server (das OpenAI-kompatible
               /v1/audio/transcriptions aus Einstellungen &gt; Sprachein- und -ausgabe:
               OpenAI, ein whisper.cpp-Server, speaches, LocalAI). Vorgabe: die in den
               Einstellungen (ZERG_STT_ENGINE).
  -h, --help   Diese Hilfe anzeigen.

Beispiele:
  zerg transcribe frage.wav
  zerg say &quot;restart nginx on web1&quot; --out q.wav &amp;&amp; zerg transcribe q.wav

Exit-Status: 0 erkannt (eine leere Zeile, wenn nichts verstanden wurde), 1 Datei oder
Erkennung fehlgeschlagen, 2 Aufruffehler, 3 pocketsphinx oder sein Modell fehlt, oder kein
Sprachserver ist eingestellt.
</translation>
    </message>
    <message>
        <source>unknown engine &apos;%1&apos;; use pocketsphinx or server</source>
        <translation>unbekannte Engine &apos;%1&apos;; verwenden Sie pocketsphinx oder server</translation>
    </message>
    <message>
        <source>unknown engine &apos;%1&apos;; use espeak or server</source>
        <translation>unbekannte Engine &apos;%1&apos;; verwenden Sie espeak oder server</translation>
    </message>
    <message>
        <source>--wpm is for the espeak engine</source>
        <translation>--wpm gilt für die Engine espeak</translation>
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
        <translation>Aufruf: zerg [COMMAND] [OPTIONS]

Zerg ist ein KI-Assistent für den IT-Betrieb auf dem Desktop. Ohne Befehl öffnet es das
Jarvis-Fenster.

Befehle:
  ask [--json] [--approve=allow|deny] TASK
                                    Eine Anfrage ohne Oberfläche ausführen und die Antwort
                                    ausgeben.
  workers list [--json] [--limit N] Letzte Worker, neueste zuerst.
  workers show ID [--json]          Ein Worker: Metadaten, Ergebnis, Dateien der
                                    Tool-Aufrufe.
  workers grep [OPTIONS] PATTERN    Die Dateien aller Worker durchsuchen.
  workers reindex [--json]          Die Worker-Liste aus den Ordnern auf dem Datenträger
                                    neu aufbauen.
  runs list [--limit N] [--json]    Letzte Anfragen, die Jarvis bearbeitet hat, neueste
                                    zuerst.
  runs show ID [--json]             Ein Lauf: Ergebnis, Worker, Tokens und Kosten.
  runs export ID|--all [--format md|json] [--out FILE]
                                    Ein Lauf oder das ganze Gespräch als Markdown oder JSON.
  hosts list|trust|add|remove|import
                                    Die SSH-Hosts, die Worker erreichen dürfen, und ihre
                                    Schlüssel.
  mcp list|tools NAME|call|serve    Die MCP-Server, deren Tools Worker verwenden; Zerg als einer.
  key set|clear|status              Der API-Schlüssel des Anbieters im Schlüsselbund des
                                    Systems.
  serve [--listen HOST:PORT]        Ohne Oberfläche hinter der WebSocket-API laufen
                                    (Servermodus).
  devices add NAME|list|revoke ID   Die Geräte, die sich bei &apos;zerg serve&apos; anmelden dürfen.
  instances list [--all]            Die Zerg-Prozesse auf dieser Datenbank und die Arbeit,
                                    die jeder hält.
  connect URL | --local             Die Desktop-App zum Client eines &apos;zerg serve&apos; machen
                                    oder zurück zu Jarvis auf diesem Rechner wechseln.
  doctor [--json]                   Anbieter, Hosts, Datenordner und Datenbank prüfen und
                                    sagen, was zu beheben ist.
  say TEXT --out FILE.wav           Einen Text in eine WAVE-Datei sprechen (espeak-ng, offline).
  transcribe FILE.wav               Die in einer WAVE-Datei gesprochenen Wörter (offline).
  help [COMMAND]                    Diese Hilfe oder die Hilfe eines Befehls.

Optionen:
  -h, --help                        Diese Hilfe anzeigen; &apos;zerg COMMAND --help&apos; zeigt die
                                    Optionen und Beispiele eines Befehls.
  --version                         Die Version anzeigen.

Beispiele:
  zerg doctor
  zerg ask &quot;check disk usage on cube&quot;
  zerg help workers grep

Konfiguration (Umgebung; siehe README): ZERG_DATA_DIR, ZERG_LLM_BASE_URL,
ZERG_LLM_PROVIDER, ZERG_LLM_API_KEY, ZERG_MODEL, ZERG_WORKER_MODEL, ZERG_HOSTS_FILE.

Exit-Status: 0 Erfolg, 1 Fehler, 2 Aufruffehler, 3 Konfigurationsproblem.
</translation>
    </message>
    <message>
        <source>--instance-name needs a name</source>
        <translation>--instance-name braucht einen Namen</translation>
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
        <translation>Aufruf: zerg serve [--listen HOST:PORT] [--tls-cert FILE --tls-key FILE] [--insecure]

Führt Zerg ohne Oberfläche aus: Supervisor, Worker und Zeitpläne aller Besitzer, hinter der
WebSocket-API aus docs/api.md. Beendet sich sauber bei SIGTERM oder Strg+C.

Optionen:
  --listen HOST:PORT   Wo gelauscht wird (ZERG_SERVER_LISTEN; Standard 127.0.0.1:8765).
                       Port 0 wählt einen freien Port. Alles außer Loopback braucht TLS
                       oder --insecure.
  --tls-cert FILE      PEM-Zertifikat (ZERG_SERVER_TLS_CERT); mit --tls-key spricht der
  --tls-key FILE       Server nur wss:// (ZERG_SERVER_TLS_KEY).
  --insecure           Unverschlüsseltes ws:// auf einer Nicht-Loopback-Adresse erlauben.
  --instance-name NAME So zeigt `zerg instances list` diesen Prozess (ZERG_INSTANCE_NAME;
                       Standard: der Hostname). Mehrere können sich eine PostgreSQL-
                       Datenbank teilen (docs/server.md).
  -h, --help           Diese Hilfe anzeigen.

Browser-Origins, die sich verbinden dürfen: ZERG_SERVER_ORIGINS (durch Kommas getrennt).
Datenbank: ZERG_DATABASE_URL (postgresql://user@host:5432/db), sonst SQLite.

Beispiele:
  zerg devices add &quot;Alice&apos;s laptop&quot;      # gibt das Geheimnis für die Client-Anmeldung aus
  zerg serve
  zerg serve --listen 0.0.0.0:8765 --tls-cert cert.pem --tls-key key.pem
</translation>
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
        <translation>Aufruf: zerg instances list [--all] [--json]

Die auf dieser Datenbank registrierten Zerg-Prozesse (jedes `zerg serve`, die App, `zerg ask`):
Name, Host, Version, Alter des letzten Herzschlags und die Läufe und Worker, die jeder hält.
Die laufenden und die am letzten Tag verlorenen; --all: alle aufbewahrten (eine Woche),
auch sauber beendete.
Ein Prozess, dessen Lease abgelaufen ist, ist `lost`: Seine Arbeit wurde für unterbrochen
erklärt (docs/server.md).
</translation>
    </message>
    <message>
        <source>instances needs &apos;list&apos;</source>
        <translation>instances braucht &apos;list&apos;</translation>
    </message>
    <message>
        <source>No Zerg process is registered on this database (%1).</source>
        <translation>Auf dieser Datenbank ist kein Zerg-Prozess registriert (%1).</translation>
    </message>
    <message>
        <source>STATE</source>
        <translation>ZUSTAND</translation>
    </message>
    <message>
        <source>HEARTBEAT</source>
        <translation>HERZSCHLAG</translation>
    </message>
    <message>
        <source>RUNS</source>
        <translation>LÄUFE</translation>
    </message>
    <message>
        <source>WORKERS</source>
        <translation>WORKER</translation>
    </message>
    <message>
        <source>VERSION</source>
        <translation>VERSION</translation>
    </message>
    <message>
        <source>HOST (PID)</source>
        <translation>HOST (PID)</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>vor %1 s</translation>
    </message>
    <message>
        <source>Clients see only the runs of this instance.</source>
        <translation>Clients sehen nur die Läufe dieser Instanz.</translation>
    </message>
    <message>
        <source>SMS replies: give the SMS gateway this address for incoming messages: %1</source>
        <translation>SMS-Antworten: Geben Sie dem SMS-Gateway diese Adresse für eingehende Nachrichten: %1</translation>
    </message>
</context>
<context>
    <name>zerg::gui</name>
    <message>
        <source>Zerg: desktop AI operations assistant</source>
        <translation>Zerg: KI-Assistent für den IT-Betrieb auf dem Desktop</translation>
    </message>
    <message>
        <source>Send TEXT as the first question.</source>
        <translation>TEXT als erste Frage senden.</translation>
    </message>
    <message>
        <source>TEXT</source>
        <comment>an option&apos;s value name</comment>
        <translation>TEXT</translation>
    </message>
    <message>
        <source>After the first run ends, save the window to FILE (PNG) and quit.</source>
        <translation>Nach dem Ende des ersten Laufs das Fenster als DATEI (PNG) speichern und beenden.</translation>
    </message>
    <message>
        <source>FILE</source>
        <comment>an option&apos;s value name</comment>
        <translation>DATEI</translation>
    </message>
    <message>
        <source>Open on PAGE: %1 (jarvis, the chat, by default).</source>
        <translation>Auf SEITE öffnen: %1 (standardmäßig jarvis, der Chat).</translation>
    </message>
    <message>
        <source>PAGE</source>
        <comment>an option&apos;s value name</comment>
        <translation>SEITE</translation>
    </message>
    <message>
        <source>After the first run ends (or at once without --ask), save a screenshot of every page as DIR/&lt;page&gt;.png, and the chat in the dark theme as DIR/jarvis-dark.png, then quit.</source>
        <translation>Nach dem Ende des ersten Laufs (oder sofort ohne --ask) von jeder Seite einen Screenshot als VERZ/&lt;Seite&gt;.png und vom Chat im dunklen Design als VERZ/jarvis-dark.png speichern, dann beenden.</translation>
    </message>
    <message>
        <source>DIR</source>
        <comment>an option&apos;s value name</comment>
        <translation>VERZ</translation>
    </message>
    <message>
        <source>Server %1</source>
        <translation>Server %1</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbinde mit %1…</translation>
    </message>
    <message>
        <source>Refused by %1</source>
        <translation>Abgewiesen von %1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>Nicht verbunden</translation>
    </message>
    <message>
        <source>Start without showing the window (the login entry from Settings › Desktop uses it): scheduled checks run, and starting zerg again shows the window.</source>
        <translation>Ohne Fenster starten (der Autostart-Eintrag aus Einstellungen › Desktop verwendet das): Geplante Prüfungen laufen, und ein erneuter Start von zerg zeigt das Fenster.</translation>
    </message>
</context>
<context>
    <name>zerg::gui::RemoteConversation</name>
    <message>
        <source>The server took the question but named no run; is it a Zerg server of the same version?</source>
        <translation>Der Server hat die Frage angenommen, aber keinen Lauf genannt; ist es ein Zerg-Server derselben Version?</translation>
    </message>
    <message>
        <source>the run</source>
        <translation>den Lauf</translation>
    </message>
    <message>
        <source>the worker</source>
        <translation>den Worker</translation>
    </message>
</context>
<context>
    <name>zerg::gui::RemoteMode</name>
    <message>
        <source>Zerg is set to use a server (ZERG_REMOTE_URL or remote/url), but: %1 Run `zerg connect URL` with the right address, or `zerg connect --local` to use this computer again.</source>
        <translation>Zerg ist auf einen Server eingestellt (ZERG_REMOTE_URL oder remote/url), aber: %1 Führen Sie `zerg connect URL` mit der richtigen Adresse aus, oder `zerg connect --local`, um wieder diesen Rechner zu verwenden.</translation>
    </message>
    <message>
        <source>Cannot read the session token for %1: %2</source>
        <translation>Das Sitzungstoken für %1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>Zerg is set to use the server at %1 but has no session token for it. Run `zerg connect %1` and give the device secret from `zerg devices add` on the server, or `zerg connect --local` to use this computer again.</source>
        <translation>Zerg ist auf den Server unter %1 eingestellt, hat aber kein Sitzungstoken dafür. Führen Sie `zerg connect %1` aus und geben Sie das Geräte-Geheimnis von `zerg devices add` auf dem Server ein, oder `zerg connect --local`, um wieder diesen Rechner zu verwenden.</translation>
    </message>
    <message>
        <source>The run ended (%1) while the connection was down.</source>
        <translation>Der Lauf endete (%1), während die Verbindung unterbrochen war.</translation>
    </message>
    <message>
        <source>Connected to the Zerg server at %1: every page shows the server&apos;s data (the Workers table without tool and host counts). Settings are this computer&apos;s.</source>
        <translation>Verbunden mit dem Zerg-Server unter %1: Jede Seite zeigt die Daten des Servers (die Worker-Tabelle ohne Werkzeug- und Host-Zahlen). Die Einstellungen sind die dieses Computers.</translation>
    </message>
</context>
<context>
    <name>zerg::recordjson</name>
    <message>
        <source>the usage</source>
        <translation>die Nutzung</translation>
    </message>
    <message>
        <source>The server sent %1 in a form this app does not read; are the app and the server the same version?</source>
        <translation>Der Server hat %1 in einer Form gesendet, die diese App nicht lesen kann; haben App und Server dieselbe Version?</translation>
    </message>
    <message>
        <source>the number of results marked read</source>
        <translation>die Zahl der als gelesen markierten Ergebnisse</translation>
    </message>
    <message>
        <source>the run&apos;s messages</source>
        <translation>die Nachrichten des Laufs</translation>
    </message>
    <message>
        <source>the hosts</source>
        <translation>die Hosts</translation>
    </message>
    <message>
        <source>the test&apos;s result</source>
        <translation>das Ergebnis des Tests</translation>
    </message>
    <message>
        <source>the host key</source>
        <translation>den Host-Schlüssel</translation>
    </message>
    <message>
        <source>the task inbox</source>
        <translation>den Aufgaben-Eingang</translation>
    </message>
    <message>
        <source>the inbox item</source>
        <translation>den Eintrag im Eingang</translation>
    </message>
    <message>
        <source>the schedules</source>
        <translation>die Zeitpläne</translation>
    </message>
    <message>
        <source>the schedule&apos;s runs</source>
        <translation>die Läufe des Zeitplans</translation>
    </message>
    <message>
        <source>the schedule</source>
        <translation>den Zeitplan</translation>
    </message>
    <message>
        <source>the run</source>
        <translation>den Lauf</translation>
    </message>
    <message>
        <source>the run&apos;s workers</source>
        <translation>die Worker des Laufs</translation>
    </message>
    <message>
        <source>the runs</source>
        <translation>die Läufe</translation>
    </message>
    <message>
        <source>the runs&apos; totals</source>
        <translation>die Summen der Läufe</translation>
    </message>
    <message>
        <source>the thread&apos;s memory</source>
        <translation>das Gedächtnis des Threads</translation>
    </message>
    <message>
        <source>the supervision tree</source>
        <translation>den Überwachungsbaum</translation>
    </message>
    <message>
        <source>the worker&apos;s folder</source>
        <translation>den Ordner des Workers</translation>
    </message>
    <message>
        <source>the worker&apos;s file</source>
        <translation>die Datei des Workers</translation>
    </message>
    <message>
        <source>the pending approval requests</source>
        <translation>die offenen Freigabeanfragen</translation>
    </message>
    <message>
        <source>the approval request</source>
        <translation>die Freigabeanfrage</translation>
    </message>
    <message>
        <source>the &quot;always allow&quot; rules</source>
        <translation>die Regeln „immer erlauben“</translation>
    </message>
    <message>
        <source>the answer to removing a rule</source>
        <translation>die Antwort auf das Entfernen einer Regel</translation>
    </message>
    <message>
        <source>the approval status &quot;%1&quot;</source>
        <translation>den Freigabestatus „%1“</translation>
    </message>
    <message>
        <source>the MCP servers</source>
        <translation>die MCP-Server</translation>
    </message>
    <message>
        <source>the MCP server&apos;s log</source>
        <translation>das Log des MCP-Servers</translation>
    </message>
    <message>
        <source>the search&apos;s runs</source>
        <translation>die Läufe der Suche</translation>
    </message>
    <message>
        <source>the export</source>
        <translation>den Export</translation>
    </message>
    <message>
        <source>the hosts to import</source>
        <translation>die zu importierenden Hosts</translation>
    </message>
    <message>
        <source>the hosts imported</source>
        <translation>die importierten Hosts</translation>
    </message>
    <message>
        <source>the agent</source>
        <translation>der Agent</translation>
    </message>
    <message>
        <source>an agent&apos;s settings</source>
        <translation>die Einstellungen eines Agenten</translation>
    </message>
    <message>
        <source>an agent&apos;s earlier settings</source>
        <translation>frühere Einstellungen eines Agenten</translation>
    </message>
    <message>
        <source>the agents</source>
        <translation>die Agenten</translation>
    </message>
</context>
<context>
    <name>zerg::supervision::KeyedChildren</name>
    <message>
        <source>Supervisor &apos;%1&apos; gave up and is being replaced; try again in a moment.</source>
        <translation>Supervisor &apos;%1&apos; hat aufgegeben und wird ersetzt; versuch es gleich noch einmal.</translation>
    </message>
</context>
<context>
    <name>zerg::supervision::Supervisor</name>
    <message>
        <source>A child spec of supervisor &apos;%1&apos; has no id; give every child a unique id.</source>
        <translation>Eine Kind-Spezifikation von Supervisor &apos;%1&apos; hat keine ID; geben Sie jedem Kind eine eindeutige ID.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; of supervisor &apos;%2&apos; has no start function; set ChildSpec::start.</source>
        <translation>Kind &apos;%1&apos; von Supervisor &apos;%2&apos; hat keine Startfunktion; setzen Sie ChildSpec::start.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; has a negative shutdown timeout; use 0 or more milliseconds, brutal_kill or infinity.</source>
        <translation>Kind &apos;%1&apos; hat ein negatives Shutdown-Timeout; verwenden Sie 0 oder mehr Millisekunden, brutal_kill oder infinity.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; has an invalid backoff; it needs 0 &lt; min &lt;= max, a random factor &gt;= 0 and reset_after &gt;= 0.</source>
        <translation>Kind &apos;%1&apos; hat ein ungültiges Backoff; nötig sind 0 &lt; min &lt;= max, ein Zufallsfaktor &gt;= 0 und reset_after &gt;= 0.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is significant and permanent, which OTP forbids; make it transient or temporary, or not significant.</source>
        <translation>Kind &apos;%1&apos; ist significant und permanent, was OTP verbietet; machen Sie es transient oder temporary, oder nicht significant.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is significant but supervisor &apos;%2&apos; has auto_shutdown=never; set auto_shutdown or drop the significant flag.</source>
        <translation>Kind &apos;%1&apos; ist significant, aber Supervisor &apos;%2&apos; hat auto_shutdown=never; setzen Sie auto_shutdown oder entfernen Sie das Flag significant.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has intensity %2; use 0 or more restarts.</source>
        <translation>Supervisor &apos;%1&apos; hat die Intensität %2; verwenden Sie 0 oder mehr Neustarts.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has period %2 s; use a period of at least 1 second.</source>
        <translation>Supervisor &apos;%1&apos; hat die Periode %2 s; verwenden Sie eine Periode von mindestens 1 Sekunde.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos;: max_children must be 0 or more and only applies to simple_one_for_one supervisors.</source>
        <translation>Supervisor &apos;%1&apos;: max_children muss 0 oder mehr sein und gilt nur für simple_one_for_one-Supervisoren.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one and needs exactly one child spec (the template), not %2.</source>
        <translation>Supervisor &apos;%1&apos; ist simple_one_for_one und braucht genau eine Kind-Spezifikation (die Vorlage), nicht %2.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has two children with id &apos;%2&apos;; ids must be unique.</source>
        <translation>Supervisor &apos;%1&apos; hat zwei Kinder mit der ID &apos;%2&apos;; IDs müssen eindeutig sein.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; was already started; create a new one to start again.</source>
        <translation>Supervisor &apos;%1&apos; wurde bereits gestartet; legen Sie einen neuen an, um erneut zu starten.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; could not start child &apos;%2&apos;: %3. The children started before it were stopped; fix that child&apos;s start and start the supervisor again.</source>
        <translation>Supervisor &apos;%1&apos; konnte Kind &apos;%2&apos; nicht starten: %3. Die vorher gestarteten Kinder wurden gestoppt; beheben Sie den Start dieses Kindes und starten Sie den Supervisor erneut.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is restarting its children; try again when it is done.</source>
        <translation>Supervisor &apos;%1&apos; startet gerade seine Kinder neu; versuchen Sie es erneut, wenn er fertig ist.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is not running (not started, stopping or stopped); start a supervisor before managing its children.</source>
        <translation>Supervisor &apos;%1&apos; läuft nicht (nicht gestartet, wird gestoppt oder gestoppt); starten Sie einen Supervisor, bevor Sie seine Kinder verwalten.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; use startDynamicChild().</source>
        <translation>Supervisor &apos;%1&apos; ist simple_one_for_one; verwenden Sie startDynamicChild().</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is already running under &apos;%2&apos;.</source>
        <translation>Kind &apos;%1&apos; läuft bereits unter &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; already has a spec under &apos;%2&apos;; use restartChild() or deleteChild() first.</source>
        <translation>Kind &apos;%1&apos; hat bereits eine Spezifikation unter &apos;%2&apos;; verwenden Sie zuerst restartChild() oder deleteChild().</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; failed to start: %2. Check its start function and try again.</source>
        <translation>Kind &apos;%1&apos; konnte nicht starten: %2. Prüfen Sie seine Startfunktion und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is not simple_one_for_one; use startChild() with a spec.</source>
        <translation>Supervisor &apos;%1&apos; ist nicht simple_one_for_one; verwenden Sie startChild() mit einer Spezifikation.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; already runs its maximum of %2 children; wait for one to finish or raise max_children.</source>
        <translation>Supervisor &apos;%1&apos; führt bereits sein Maximum von %2 Kindern aus; warten Sie, bis eines fertig ist, oder erhöhen Sie max_children.</translation>
    </message>
    <message>
        <source>A child of &apos;%1&apos; failed to start: %2. Check the template&apos;s start function.</source>
        <translation>Ein Kind von &apos;%1&apos; konnte nicht starten: %2. Prüfen Sie die Startfunktion der Vorlage.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is the template of simple_one_for_one supervisor &apos;%2&apos;; terminate its children by their own ids.</source>
        <translation>&apos;%1&apos; ist die Vorlage des simple_one_for_one-Supervisors &apos;%2&apos;; beenden Sie seine Kinder über ihre eigenen IDs.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; has no child &apos;%2&apos;.</source>
        <translation>Supervisor &apos;%1&apos; hat kein Kind &apos;%2&apos;.</translation>
    </message>
    <message>
        <source>That child is not running under supervisor &apos;%1&apos;.</source>
        <translation>Dieses Kind läuft nicht unter Supervisor &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; restartChild() is not available.</source>
        <translation>Supervisor &apos;%1&apos; ist simple_one_for_one; restartChild() ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is running; terminate it before restarting it.</source>
        <translation>Kind &apos;%1&apos; läuft; beenden Sie es, bevor Sie es neu starten.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is being restarted by its supervisor; wait or terminate it.</source>
        <translation>Kind &apos;%1&apos; wird gerade von seinem Supervisor neu gestartet; warten Sie oder beenden Sie es.</translation>
    </message>
    <message>
        <source>Supervisor &apos;%1&apos; is simple_one_for_one; deleteChild() is not available.</source>
        <translation>Supervisor &apos;%1&apos; ist simple_one_for_one; deleteChild() ist nicht verfügbar.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is running; terminate it before deleting it.</source>
        <translation>Kind &apos;%1&apos; läuft; beenden Sie es, bevor Sie es löschen.</translation>
    </message>
    <message>
        <source>Child &apos;%1&apos; is being restarted; terminate it before deleting it.</source>
        <translation>Kind &apos;%1&apos; wird gerade neu gestartet; beenden Sie es, bevor Sie es löschen.</translation>
    </message>
</context>
</TS>
