"""Exit probes whose filter reads only registers no probe of the kernel writes (time_range's
`passes != 0` in a kernel without marks) are decided at instrumentation: left out, and said."""
from __future__ import annotations

import pytest

from conftest import CORPUS
from neutrino_py.asm import parse_ptx
from neutrino_py.probe import load, load_file
from neutrino_py.splice import instrument
from neutrino_py.splice.unwritten import never_runs

PROGRAM = "map r[warp]: record { u32 n; }\nreg u32 a;\nreg s32 b;\n"


def exit_probe(filter_: str, body: str = "") -> tuple:
    program = load(PROGRAM + body + f"exit / {filter_} / {{ r.save(a); }}\n", "u.probe")
    return program.probes[-1]


@pytest.mark.parametrize("filter_, assigned, never", [
    ("a != 0", set(), True),
    ("a != 0", {"a"}, False),
    ("a == 0", set(), False),
    ("a != 0 && smid() == 3", set(), True),
    ("a != 0 || smid() == 3", set(), False),
    ("smid() == 3", set(), False),
    ("b - 1 >= 0", set(), True),            # signed: 0 - 1 is -1
    ("(a - 1) >> 31 == 0", set(), True),    # unsigned: 0 - 1 wraps to 2**32 - 1
    ("a / (a + 1) == 0", {"a"}, False),     # a written: the GPU decides
])
def test_a_filter_is_decided_only_from_constants_and_unwritten_registers(filter_, assigned, never):
    assert never_runs(exit_probe(filter_), assigned) is never


def ptx_of(module: str, probe) -> tuple[str, list[str], list[str]]:
    m = parse_ptx((CORPUS / module).read_text(), cache=False)
    result = instrument(m, probe)
    return m.to_text(), [d.message for d in result.diagnostics], \
        [w for man in result.manifests.values() for w in man.warnings]


def test_time_range_leaves_its_exit_out_of_kernels_without_marks():
    probe = load_file("time_range")
    text, diagnostics, warnings = ptx_of("cuda/reduction.sm_90.ptx", probe)
    body = text.split(".entry reduce_sum", 1)[1]
    assert "%smid" not in body and "atom." not in body and "bra" not in body.split("ld.param", 1)[0]
    assert not any(s in body for s in ("setp.ne.u32 \t%nt", "@%nt_p"))
    assert "probe 2 (exit): its filter is false in reduce_sum, where no probe writes the registers " \
           "it reads; left out there" in diagnostics
    assert warnings[-1] == ("probe 2 (exit): its filter is false in reduce_sum, where no probe "
                            "writes the registers it reads; left out")
    marked, diagnostics, _ = ptx_of("cuda/timed_matmul.sm_90.ptx", probe)
    assert "%smid" in marked and not any("filter is false" in d for d in diagnostics)


def test_a_register_written_only_by_another_exit_probe_keeps_the_exit():
    program = load(PROGRAM + "exit { a = 1; }\nexit / a != 0 / { r.save(a); }\n", "u.probe")
    text, diagnostics, _ = ptx_of("cuda/vector_add.sm_90.ptx", program)
    assert not any("filter is false" in d for d in diagnostics)
    assert "[__nt_map_r]" in text                  # the save's map is read at the exit
