#!/usr/bin/env bash
# Rebuild the GCN corpus with Debian's LLVM (no ROCm needed), for gfx90a and gfx942:
#   <name>.hip -> <name>.<gfx>.s   clang -x hip --cuda-device-only -S
#   <name>.ll  -> <name>.<gfx>.s   llc -mtriple=amdgcn-amd-amdhsa
# A source may say how it is built in its first lines: `// build-flags: -O0` (default -O2) and
# `// build-features: :xnack+` (appended to the processor, a target id). The cuid is fixed and
# line tables name the compilation directory `.`, so that a rebuild gives the same bytes
# anywhere. Usage: tests/corpus_gcn/build.sh [LLVM major, e.g. 19]
set -euo pipefail
cd "$(dirname "$0")"
V=${1:-$(compgen -c clang- | grep -E '^clang-[0-9]+$' | sed 's/clang-//' | sort -n | tail -1)}
header() { sed -n "s#^\(//\|;\) $1: ##p" "$2" | head -1; }
for src in *.hip *.ll; do
    name=${src%.*}
    flags=$(header build-flags "$src"); features=$(header build-features "$src")
    for gfx in gfx90a gfx942; do
        if [[ $src == *.hip ]]; then
            "clang-$V" -x hip --cuda-device-only -nogpuinc -nogpulib -cuid="$name" \
                -fdebug-compilation-dir=. --offload-arch="$gfx$features" ${flags:--O2} -S \
                -o "$name.$gfx.s" "$src"
        else
            "llc-$V" -mtriple=amdgcn-amd-amdhsa -mcpu="$gfx" ${flags:--O2} -o "$name.$gfx.s" "$src"
        fi
    done
done
echo "built $(ls *.s | wc -l) modules with $("clang-$V" --version | head -1)"
