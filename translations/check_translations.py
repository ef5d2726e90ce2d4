#!/usr/bin/env python3
"""CI check (CTest test_translations_up_to_date) for Zerg's .ts files.

1. Up to date: lupdate runs over the same sources, with the same options, on a temporary copy of
   each .ts file; the set of messages (context, source text, disambiguation, plural or not) of the
   copy must equal the committed one. Source locations are not compared (the committed files have
   none), so moving code around never fails this.
2. Complete (--complete, zerg_de.ts): no unfinished, empty, obsolete or vanished entries, every
   plural form filled in, and the same %1..%99 / %n placeholders as the source text.
3. Plural forms: in every file, each %n entry has all of its forms filled in (zerg_en.ts holds the
   English singular and plural).

Exit code 0 when all holds; 1 with a list of what is wrong and how to fix it otherwise.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FIX = (
    "To fix: cmake --build <build dir> --target update_translations, then translate the new or "
    "changed strings of translations/zerg_de.ts in Qt Linguist (linguist translations/zerg_de.ts; "
    "mark each one done) and the plural forms of translations/zerg_en.ts, then build again. "
    "See translations/README.md."
)

PLACEHOLDER = re.compile(r"%(?:L?\d{1,2}|n)")


def text_of(element):
    return "" if element is None or element.text is None else element.text


def messages(path):
    """{key: message element} of every message in the .ts file, key = (context, source,
    disambiguation, numerus)."""
    result = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = text_of(context.find("name"))
        for message in context.iter("message"):
            key = (
                name,
                text_of(message.find("source")),
                text_of(message.find("comment")),
                message.get("numerus") == "yes",
            )
            result[key] = message
    return result


def describe(key):
    context, source, comment, numerus = key
    extra = f" [{comment}]" if comment else ""
    plural = " (plural)" if numerus else ""
    short = source.replace("\n", "\\n")
    short = short if len(short) <= 90 else short[:87] + "..."
    return f"{context}: \"{short}\"{extra}{plural}"


def run_lupdate(args, ts_copy):
    command = [args.lupdate, "@" + args.sources]
    for directory in args.include_dirs:
        command += ["-I", directory]
    command += shlex.split(args.lupdate_options)
    command += ["-ts", ts_copy]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(
            f"lupdate failed ({done.returncode}): {' '.join(command)}\n{done.stdout}{done.stderr}"
        )


def check_up_to_date(args, ts, problems):
    with tempfile.TemporaryDirectory(prefix="zerg-i18n-") as tmp:
        copy = os.path.join(tmp, os.path.basename(ts))
        shutil.copyfile(ts, copy)
        run_lupdate(args, copy)
        fresh = set(messages(copy))
    committed = {k for k, m in messages(ts).items() if not is_obsolete(m)}
    name = os.path.basename(ts)
    for key in sorted(fresh - committed):
        problems.append(f"{name}: not in the file yet (new or changed in the sources): "
                        f"{describe(key)}")
    for key in sorted(committed - fresh):
        problems.append(f"{name}: no longer in the sources: {describe(key)}")


def is_obsolete(message):
    translation = message.find("translation")
    return translation is not None and translation.get("type") in ("obsolete", "vanished")


def forms(message):
    translation = message.find("translation")
    if translation is None:
        return []
    if message.get("numerus") == "yes":
        return [text_of(f) for f in translation.findall("numerusform")]
    return [text_of(translation)]


def check_plurals(ts, problems):
    name = os.path.basename(ts)
    for key, message in messages(ts).items():
        if message.get("numerus") != "yes" or is_obsolete(message):
            continue
        values = forms(message)
        if not values or any(not v.strip() for v in values):
            problems.append(f"{name}: plural forms missing: {describe(key)}")


def check_complete(ts, problems):
    name = os.path.basename(ts)
    for key, message in messages(ts).items():
        translation = message.find("translation")
        state = None if translation is None else translation.get("type")
        if state in ("obsolete", "vanished"):
            problems.append(f"{name}: obsolete entry (remove it with update_translations): "
                            f"{describe(key)}")
            continue
        if state == "unfinished":
            problems.append(f"{name}: unfinished: {describe(key)}")
            continue
        values = forms(message)
        if not values or any(not v.strip() for v in values):
            problems.append(f"{name}: empty translation: {describe(key)}")
            continue
        wanted = sorted(set(PLACEHOLDER.findall(key[1])))
        for value in values:
            got = sorted(set(PLACEHOLDER.findall(value)))
            if got != wanted:
                problems.append(f"{name}: placeholders {got} instead of {wanted}: "
                                f"{describe(key)}")
                break


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lupdate", required=True)
    parser.add_argument("--sources", required=True, help="lupdate list file, one path a line")
    parser.add_argument("--include-dirs", nargs="*", default=[])
    parser.add_argument("--lupdate-options", default="")
    parser.add_argument("--ts", nargs="+", required=True)
    parser.add_argument("--complete", nargs="*", default=[])
    args = parser.parse_args()

    problems = []
    for ts in args.ts:
        if not os.path.exists(ts):
            problems.append(f"{ts} does not exist")
            continue
        check_up_to_date(args, ts, problems)
        check_plurals(ts, problems)
    for ts in args.complete:
        check_complete(ts, problems)

    if problems:
        print(f"The translations are not up to date ({len(problems)} problems):")
        for p in problems:
            print("  " + p)
        print(FIX)
        return 1
    counts = ", ".join(f"{os.path.basename(t)}: {len(messages(t))} messages" for t in args.ts)
    print(f"Translations up to date ({counts}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
