"""The wire format is defined once (contract/wire.py): the C header the shim includes is generated
from it, and the names the shim writes into the trace directory are tracedir.layout's."""
from __future__ import annotations

from neutrino_py.contract import cheader, wire
from neutrino_py.hook import protocol
from neutrino_py.tracedir import layout


def test_generated_header_carries_every_message_format():
    text = cheader.header_text()
    assert cheader.is_current(), "regenerate it: python -m neutrino_py.contract.cheader"
    for spec in protocol.SPECS.values():
        assert f'#define NT_MSG_{spec.verb.upper()} "{spec.c_format()}"' in text
    assert f'#define NT_ENV_SOCKET "{protocol.ENV["SOCKET"]}"' in text


def test_shim_writes_the_trace_layout_names():
    assert protocol.TRACE["PROCS"] == layout.PROCS and protocol.TRACE["DATA"] == layout.DATA
    assert wire.TRACE_ALIGN == layout.DATA_ALIGN


def test_a_launch_message_reads_back_typed():
    spec = protocol.LAUNCH
    values = {"grid": "2 1 1", "block": "64 1 1", "duration_ms": "0.5", "kernel": "k", "rank": "-"}
    lists = {f.key: [values.get(f.key, "7")] for f in spec.fields}
    lists["seg"] = ["0 512 0 0 -1", "512 64 3 0 -1"]
    typed = protocol.Message("launch", lists, b"").typed()
    assert typed["grid"] == [2, 1, 1] and typed["duration_ms"] == 0.5 and typed["seq"] == 7
    assert typed["rank"] is None and typed["kernel"] == "k"
    assert typed["seg"] == [(0, 512, 0, 0, -1), (512, 64, 3, 0, -1)]
    assert spec.c_format().startswith("launch\\nseq %llu\\nkernel %s\\n")
