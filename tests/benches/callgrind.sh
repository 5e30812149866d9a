#!/usr/bin/env bash
# Instructions executed inside perft (callgrind, perft's own function and
# everything it calls; compiling the variant is not counted), for the rows
# of the speed table in the README: a count that a noisy machine does not
# change, for comparing two builds of fairyc.
#
#   bash tests/benches/callgrind.sh target/release/fairyc variants/
#
# prints `variant depth instructions` lines. Run it with two binaries (each
# with the variants/ directory of its own tree, as the language may differ
# between them) and compare the columns. Needs valgrind.
set -euo pipefail
bin=${1:?usage: callgrind.sh <fairyc binary> <variants directory>}
dir=${2:?usage: callgrind.sh <fairyc binary> <variants directory>}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
while read -r variant depth; do
    n=$(valgrind --tool=callgrind --callgrind-out-file="$out" \
        --toggle-collect='fairyc_runtime::perft::perft' \
        "$bin" perft --depth "$depth" "$dir/$variant.variant" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    echo "$variant $depth ${n:?no count for $variant}"
done <<'ROWS'
chess 4
crazyhouse 4
3check 4
seirawan 4
antichess 4
shatranj 4
makruk 4
cambodian 4
capablanca 3
shogi 3
xiangqi 3
janggi 3
chu 2
crazy-elephant 3
hans-38special 4
crazy-38s 4
ROWS
