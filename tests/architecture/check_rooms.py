#!/usr/bin/env python3
"""Checks that backend rooms only include rooms below them.

The order is backend/CMakeLists.txt's add_subdirectory() list, lowest room first: a file in a room
may include its own room and rooms listed before it, never one listed after it. Prints every
upward include with file and line; exits 1 when there is one."""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
backend = root / "backend"
order = re.findall(r"^add_subdirectory\((\w+)\)", (backend / "CMakeLists.txt").read_text(), re.M)
rank = {room: i for i, room in enumerate(order)}
include = re.compile(r'^\s*#\s*include\s+"([\w]+)/[^"]+"', re.M)
bad = []
files = 0
for path in sorted(backend.rglob("*")):
    if path.suffix not in (".h", ".cpp") or not path.is_file():
        continue
    room = path.relative_to(backend).parts[0]
    if room not in rank:
        continue
    files += 1
    text = path.read_text(encoding="utf-8", errors="replace")
    for m in include.finditer(text):
        target = m.group(1)
        if target in rank and rank[target] > rank[room]:
            line = text.count("\n", 0, m.start()) + 1
            bad.append(f"{path.relative_to(root)}:{line}: {room}/ includes {target}/, a room above it")
for b in bad:
    print(b)
print(f"rooms: {' < '.join(order)}")
print(f"{files} files checked, {len(bad)} upward includes")
sys.exit(1 if bad else 0)
