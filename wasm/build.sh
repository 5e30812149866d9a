#!/usr/bin/env bash
# Builds the npm package into wasm/pkg/: the WebAssembly module, its ES
# module glue and `.d.ts` typings (wasm-bindgen), package.json and README.
# Needs the wasm32-unknown-unknown target and the `wasm-bindgen` command of
# the version Cargo.lock holds (.ci/run installs both). Prints the module's
# size. No `wasm-opt`: Debian's binaryen (108) turns the externref table
# wasm-bindgen emits into one the glue cannot initialise, and its -O3/-Oz
# saved nothing gzipped here (see README.md, "Size").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
cd "$root"

# The wasm32 target: added with rustup when it is missing.
if ! rustc --print target-libdir --target wasm32-unknown-unknown >/dev/null 2>&1 ||
    ! [ -d "$(rustc --print target-libdir --target wasm32-unknown-unknown)" ]; then
    if command -v rustup >/dev/null; then
        rustup target add wasm32-unknown-unknown
    else
        echo "wasm/build.sh: needs the wasm32-unknown-unknown target; run: rustup target add wasm32-unknown-unknown" >&2
        exit 2
    fi
fi

want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
    echo "wasm/build.sh: needs wasm-bindgen $want (found: ${have:-none});" \
        "run: cargo install wasm-bindgen-cli --version $want" >&2
    exit 2
fi

cargo build -p fairyc-wasm --target wasm32-unknown-unknown --profile wasm-release --locked
out="$here/pkg"
rm -rf "$out"
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out" --out-name fairyc \
    "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/fairyc_wasm.wasm"
cp "$here/package.json" "$here/README.md" "$out/"
rm -f "$out/.gitignore"
raw=$(wc -c <"$out/fairyc_bg.wasm")
gz=$(gzip -9c "$out/fairyc_bg.wasm" | wc -c)
echo "wasm/pkg/fairyc_bg.wasm: $raw bytes, $gz bytes gzipped"
