#!/usr/bin/env bash
# Counts the duplicate-code pairs of the hand-written code (issue 24), with the tool library's
# `duplicates` scanner: the Go outside ent/ and gen/, and webapp/src outside src/gen, each read
# on its own, as the issue counts them.
#
# Two counts per language:
#   as read     — what the scanner answers on the files as they are;
#   imports out — the same files with the lines of grouped imports (Go's `import ( … )`, a
#                 TypeScript `import { … } from`) passed over. The scanner passes over import
#                 lines, but reads the lines inside a group as code: every two files that import
#                 six or more packages of this module pair by shape. This count is what the
#                 scanner would say if it passed them over too; the code is not changed.
#
# Usage: scripts/scan-duplicates.sh [REV]   (default: the working tree)
#   MOST (default 8): rows listed per scan after its count line
set -euo pipefail
cd "$(dirname "$0")/.."
command -v duplicates >/dev/null || { echo "duplicates (the tool library's scanner) is not on PATH" >&2; exit 1; }
rev=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tree at REV (or the working tree), then the two sets of hand-written files.
tree=$PWD
if [ -n "$rev" ]; then
	tree=$work/tree
	mkdir -p "$tree"
	git archive "$rev" | tar -x -C "$tree"
fi
mkdir -p "$work/go" "$work/web"
(cd "$tree" && find . -name '*.go' -not -path './ent/*' -not -path './gen/*' -not -path './webapp/node_modules/*' -print0 |
	xargs -0 cp --parents -t "$work/go")
(cd "$tree/webapp" && find src -type f -not -path 'src/gen/*' -print0 | xargs -0 cp --parents -t "$work/web")

# The same files with their grouped import lines dropped (a line an import, as the scanner
# reads a single import line).
imports_out() {
	cp -r "$1" "$1-imports-out"
	python3 - "$1-imports-out" <<'EOF'
import os, re, sys
go_open, ts_open = re.compile(r'^import \($'), re.compile(r'^(import|export)( type)? \{$')
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        if not name.endswith(('.go', '.ts', '.tsx')):
            continue
        path = os.path.join(root, name)
        out, inside = [], False
        for line in open(path, encoding='utf-8'):
            if inside:
                if line.strip() == ')' or line.startswith('}'):
                    inside = False
                continue
            if go_open.match(line.rstrip()) or (ts_open.match(line.rstrip()) and name.endswith(('.ts', '.tsx'))):
                inside = True
                continue
            out.append(line)
        open(path, 'w', encoding='utf-8').writelines(out)
EOF
}
imports_out "$work/go"
imports_out "$work/web"

for set in go go-imports-out web web-imports-out; do
	echo "== $set"
	(cd "$work/$set" && duplicates --most "${MOST:-8}" --seconds 300)
done
