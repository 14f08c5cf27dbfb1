#!/usr/bin/env bash
# Rebuild the GCN corpus: every <name>.hip -> <name>.<gfx>.s with Debian's clang (no ROCm needed).
# Usage: tests/corpus_gcn/build.sh [clang]   (default: the newest clang-NN on PATH)
set -euo pipefail
cd "$(dirname "$0")"
CLANG=${1:-$(compgen -c clang- | grep -E '^clang-[0-9]+$' | sort -t- -k2 -n | tail -1)}
for src in *.hip; do for gfx in gfx90a gfx942; do
    "$CLANG" -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch="$gfx" -O2 -S \
        -o "${src%.hip}.$gfx.s" "$src"
done; done
echo "built with $("$CLANG" --version | head -1)"
