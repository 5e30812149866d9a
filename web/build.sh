#!/usr/bin/env bash
# Builds the playground: the WebAssembly package (wasm/build.sh, unless
# --no-wasm and wasm/pkg is there) copied into web/pkg/, next to the page.
# Then `fairyc serve web` (or any static server of this folder) serves it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
if [ "${1:-}" != "--no-wasm" ] || ! [ -f "$root/wasm/pkg/fairyc_bg.wasm" ]; then
    bash "$root/wasm/build.sh"
fi
rm -rf "$here/pkg"
mkdir -p "$here/pkg"
cp "$root/wasm/pkg/fairyc.js" "$root/wasm/pkg/fairyc_bg.wasm" "$here/pkg/"
echo "web/: built; serve it with: cargo run --release -p fairyc -- serve web"
