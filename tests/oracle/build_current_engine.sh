#!/usr/bin/env bash
# Builds the UCI engine of a pinned pyffish release from that release's own
# source distribution (PyPI's sdist carries the engine's C++ sources), so that
# tests/oracle/ffish_uci.py can hand `go perft` to it: the same engine as the
# pyffish module, about a thousand times faster at perft than walking
# `pyffish.legal_moves` from Python (each call sets the variant up again,
# about 1.5 ms).
#
#   bash tests/oracle/build_current_engine.sh 0.0.90 target/fsf-current
#
# writes target/fsf-current/fairy-stockfish and target/fsf-current/VERSION
# (the pyffish version it was built from; ffish_uci.py refuses an engine whose
# VERSION is not the version of the pyffish module it imports). A second run
# with the same version does nothing. Set FAIRYC_FSF_CURRENT to the engine's
# path to use it. Needs python3 with pip, and g++.
set -euo pipefail

version=${1:?usage: build_current_engine.sh <pyffish version> <output directory>}
out=${2:?usage: build_current_engine.sh <pyffish version> <output directory>}

if [ -x "$out/fairy-stockfish" ] && [ "$(cat "$out/VERSION" 2>/dev/null)" = "$version" ]; then
    echo "$out/fairy-stockfish: pyffish $version's engine, already built"
    exit 0
fi

rm -rf "$out"
mkdir -p "$out/sdist" "$out/obj"
python3 -m pip download --quiet --no-binary :all: --no-deps --dest "$out/sdist" "pyffish==$version"
tar -xzf "$out/sdist/pyffish-$version.tar.gz" -C "$out/sdist"
src="$out/sdist/pyffish-$version/src"

# The defines pyffish's setup.py compiles the module with (large boards, all
# variants, no embedded network: perft needs no evaluation), and the
# engine's sources without the two library front ends (Python, JavaScript).
export FSF_FLAGS="-std=c++17 -O2 -DNDEBUG -DIS_64BIT -DLARGEBOARDS -DALLVARS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF"
export FSF_SRC=$src FSF_OBJ=$out/obj
(cd "$src" && find . -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sed 's|^\./||' | sort) \
    | xargs -P "$(nproc)" -I{} sh -c 'g++ $FSF_FLAGS -c "$FSF_SRC/{}" -o "$FSF_OBJ/$(echo {} | tr / _).o"'
g++ -o "$out/fairy-stockfish" "$out"/obj/*.o -lpthread
rm -rf "$out/obj"
echo "$version" > "$out/VERSION"
echo "$out/fairy-stockfish: pyffish $version's engine, built"
