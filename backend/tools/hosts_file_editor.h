#pragma once

#include "core/result.h"
#include "tools/hosts_config.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace zerg {

// One concrete alias of an OpenSSH client config (normally ~/.ssh/config), for a checklist of
// what to import.
struct HostImportCandidate {
    HostEntry entry;  // resolved as the config gives it: what HostsConfig::importAliases writes
    bool allowed = false;  // the hosts file allows this alias already: nothing to import
};

// Adds, changes and removes hosts in the hosts file (HostsConfig's format) the way a careful person
// would by hand: only the lines of the one block concerned change, and everything else stays byte
// for byte (comments, blank lines, other blocks, `Host *` defaults, keywords Zerg does not read,
// such as ForwardAgent). Edits change the text in memory, each one checked by parsing the result
// with HostsConfig::parse: nothing that does not parse, and nothing the file would resolve to other
// values than the entry given (a block higher up that matches the alias, such as `Host *` with a
// User, wins in OpenSSH's order), is accepted. save() then writes the file atomically (QSaveFile),
// and only if it still holds what open() read: another program's change is never overwritten.
//
//   Result<HostsFileEditor> editor = HostsFileEditor::open(path);  // missing: empty, created
//   if (editor && editor.value().add(entry)) editor.value().save();
//
// The entry's values: alias a concrete name (letters, digits, '.', '-', '_'; never a pattern);
// hostName a DNS name or IP address; port 1 to 65535; user empty for the current user (written
// out, so that no `Host *` below decides); identityFiles and knownHostsFile absolute paths or
// "~/…" (written as given, compared "~"-expanded; knownHostsFile empty: the default known_hosts).
// Surrounding spaces are dropped, as are empty identity files. Every block the editor writes sets
// HostName, Port and User (HostsConfig::blockFor), so that the file alone decides.
//
// A host's known_hosts entry is never touched: removing a host, or changing its HostName or Port,
// leaves the recorded key where it is (ssh-keygen -R removes it; a host added again later finds
// its key still known).
//
// Error codes; each message says what happened and what to do:
//   host_invalid        a value that cannot be an alias, host name, port, user or path
//   host_exists         add, or a rename, to an alias the file names already (in any case: OpenSSH
//                       matches Host lines without regard to case)
//   host_not_found      update or remove of an alias the file does not allow
//   host_shared_block   the alias shares its Host line with other names (Host web1 web1.prod), or
//                       is named on several Host lines, or the edit would change another alias:
//                       the user edits the file by hand (the message names the file and lines)
//   host_shadowed       another block of the file would override the values entered
//   hosts_file_missing  no hosts file is configured (an empty path)
//   hosts_file_invalid  the file does not parse now (fix it first), or is not UTF-8 text
//   hosts_file_unwritable  the file or its folder cannot be read or written
//   hosts_file_changed  save(): another program changed the file since open()
//   import_source_missing  importCandidates(): the OpenSSH config cannot be read
class HostsFileEditor {
    Q_DECLARE_TR_FUNCTIONS(HostsFileEditor)
public:
    // Reads the hosts file; a missing one reads as empty (save() creates it, and its folder,
    // readable by the user only). Errors: hosts_file_missing (empty path), hosts_file_unwritable
    // (unreadable), hosts_file_invalid (not UTF-8: it could not be written back unchanged).
    [[nodiscard]] static Result<HostsFileEditor> open(const QString& hostsFilePath);

    // Appends a `Host alias` block for the entry (HostsConfig::blockFor) at the end of the file.
    [[nodiscard]] Status add(const HostEntry& entry);
    // Gives alias's block the entry's settings: each HostName, Port, User, IdentityFile and
    // UserKnownHostsFile line (and any other keyword blockFor writes) is changed in place, added
    // or removed; a value that resolves the same stays as written ("~/" paths, "%h"); every other
    // line of the block stays. entry.alias other than alias renames the host (to a free name).
    // Only for a block whose Host line names alias alone, and the only one naming it.
    [[nodiscard]] Status update(const QString& alias, const HostEntry& entry);
    // Removes alias's block (same condition as update): its Host line and its settings, with the
    // comments among them; blank lines and unindented comments before the next block stay.
    [[nodiscard]] Status remove(const QString& alias);

    // Writes the text if an edit changed it, atomically, keeping the file's permissions (0600
    // when it creates the file); refused with hosts_file_changed, and nothing written, when the
    // file is no longer what open() (or the last save()) read.
    [[nodiscard]] Status save();

    // The file's text as edited so far.
    [[nodiscard]] QString text() const { return m_lines.join(QString()); }
    [[nodiscard]] QString path() const { return m_path; }

    // open(), one edit, save().
    [[nodiscard]] static Status addHost(const QString& hostsFilePath, const HostEntry& entry);
    [[nodiscard]] static Status updateHost(const QString& hostsFilePath, const QString& alias,
                                           const HostEntry& entry);
    [[nodiscard]] static Status removeHost(const QString& hostsFilePath, const QString& alias);

    // The concrete aliases of the OpenSSH config at sshConfigPath in its order, each resolved as
    // HostsConfig::importAliases would write it (patterns, `Host *` and "~" applied; Include and
    // Match not followed), and whether the hosts file allows it already. A missing hosts file
    // allows nothing. Errors: import_source_missing, hosts_file_invalid (either file).
    [[nodiscard]] static Result<QList<HostImportCandidate>> importCandidates(
        const QString& sshConfigPath, const QString& hostsFilePath);

private:
    template <typename Edit>
    [[nodiscard]] static Status editFile(const QString& hostsFilePath, Edit edit);
    HostsFileEditor() = default;

    // The text as it would be, if it parses and gives every alias what it should: the edited
    // alias want (none for a removal), every other alias what it had. Makes it the text then.
    // numbered: the same text for the check with the file's line numbers (removed lines left
    // blank), so that a parse error names the line as the user sees it; null: lines.
    Status apply(QStringList lines, const QString& editedAlias, const HostEntry* want,
                 const QStringList* numbered = nullptr);
    // The parsed current text, or the file's error.
    [[nodiscard]] Result<HostsConfig> current() const;
    // The index of the one Host line that names alias, alone; else host_not_found or
    // host_shared_block.
    [[nodiscard]] Result<int> ownBlock(const HostsConfig& config, const QString& alias) const;
    // host_exists when a Host line other than line `except` names alias (in any case).
    [[nodiscard]] Status checkFree(const QString& alias, int except) const;

    QString m_path;
    QStringList m_lines;  // the text, each line with its line break ("\n" or "\r\n")
    bool m_existed = false;
    QByteArray m_onDisk;  // the bytes read (or last written), for save()'s check
};

}  // namespace zerg
