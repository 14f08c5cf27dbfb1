#!/usr/bin/env bash
# One device-machine call: install the project and its carried wheels (.whl: lark, and what the
# library programs need: tinygrad (numba-cuda is on the H200 machine's Python already, 2026-12-01);
# a wheel too large to carry goes as a .tar.xz of its unpacked files), run the GPU tests and the given benchmarks, keep every log under $OUT.
#   benchmarks/gpu_session.sh [python benchmarks/X.py ...]   (each extra argument is one command)
#   GPU_TESTS=0 benchmarks/gpu_session.sh ...                 (benchmarks only)
set -o pipefail
export PYTHONUNBUFFERED=1 PATH=/usr/local/cuda/bin:$PATH CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
OUT=${OUT:-/tmp/neutrino-gpu-out}; mkdir -p "$OUT"
python -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
for archive in .whl/*.tar.xz; do [ -e "$archive" ] && { tar -xJf "$archive" -C /tmp/site || exit 1; }; done
export PYTHONPATH=/tmp/site
python -m pip install -q --no-deps --no-build-isolation -e . > "$OUT/install.log" 2>&1 || { cat "$OUT/install.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
if [ "${GPU_TESTS:-1}" != 0 ]; then
    python -m pytest -q -p no:cacheprovider tests/gpu 2>&1 | tee "$OUT/gpu_tests.log" | tail -25
fi
for cmd in "$@"; do
    echo "== $cmd"; bash -c "$cmd" 2>&1 | tee -a "$OUT/benchmarks.log" | tail -40
done
