#!/usr/bin/env bash
# Records the traces behind docs/examples on a GPU machine. docs/examples/torch_model.py runs once
# untraced to fill the Inductor cache (so traces hold the model's 3 steps, not compile-time
# autotuning), then under `neutrino trace` with each probe of $PROBES. The block_sched run directory
# comes back whole ($OUT/traces.tgz); the others' per-thread maps are large, so only their reports
# come back (text, JSON, PNGs in $OUT/reports.tgz).
set -uo pipefail
OUT=${OUT:-/tmp/neutrino-examples}
PROBES=${PROBES:-block_sched gmem_bytes opcode_mix}
T=/tmp/neutrino-examples-traces
R=/tmp/neutrino-examples-reports
rm -rf "$T" "$R"; mkdir -p "$OUT" "$T" "$R"
export PYTHONUNBUFFERED=1 TORCHINDUCTOR_CACHE_DIR=/tmp/inductor-cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" \
    | tee -a "$OUT/device.txt"
SECONDS=0
[ "${WARM:-1}" = 1 ] && python3 docs/examples/torch_model.py 2>&1 | tail -1 | tee -a "$OUT/log"
for probe in $PROBES; do
    if [ "$probe" != block_sched ] && [ "$SECONDS" -gt "${BUDGET_S:-120}" ]; then
        echo "skipping $probe: ${SECONDS}s used" | tee -a "$OUT/log"; continue
    fi
    echo "== $probe (t=${SECONDS}s)" | tee -a "$OUT/log"
    timeout 200 python3 -m neutrino_py trace --probe "probes/$probe.probe" --tracedir "$T/$probe" \
        -- python3 docs/examples/torch_model.py 2>&1 | grep -v Warning | tee -a "$OUT/log"
    python3 -m neutrino_py report "$T/$probe" --no-progress > "$R/report_$probe.txt" 2>&1
    python3 -m neutrino_py report "$T/$probe" --no-progress --format json --plots "$R/$probe" \
        > "$R/report_$probe.json" 2>>"$OUT/log"
    du -sh "$T/$probe" | tee -a "$OUT/log"
done
echo "total ${SECONDS}s" | tee -a "$OUT/log"
[ -d "$T/block_sched" ] && tar czf "$OUT/traces.tgz" -C "$T" block_sched
tar czf "$OUT/reports.tgz" -C "$R" .
ls -la "$OUT"
