"""Tool discovery: wheel layouts before PATH, overrides, actionable errors, ptxas diagnostics."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from neutrino_py import toolchain
from neutrino_py.errors import SourceError, ToolError

TINY = """.version 8.0
.target sm_80
.address_size 64

.visible .entry tiny(
\t.param .u64 tiny_param_0
)
{
\t.reg .b64 \t%rd<3>;
\tld.param.u64 \t%rd1, [tiny_param_0];
\tcvta.to.global.u64 \t%rd2, %rd1;
\tst.global.u32 \t[%rd2], 7;
\tret;
}
"""

needs_ptxas = pytest.mark.skipif(toolchain.find_tool("ptxas") is None,
                                 reason="ptxas not installed (pip install nvidia-cuda-nvcc)")


@pytest.fixture(autouse=True)
def fresh_caches():
    """Each test sees the environment it set up, not what an earlier lookup cached."""
    for fn in (toolchain.find_tool, toolchain.find_nvjitlink, toolchain.tool_version):
        fn.cache_clear()
    yield
    for fn in (toolchain.find_tool, toolchain.find_nvjitlink, toolchain.tool_version):
        fn.cache_clear()


def _exe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\necho 'Cuda compilation tools, release 99.1, V99.1.7'\n")
    path.chmod(0o755)
    return path


@pytest.mark.parametrize("layout", ["cu13/bin", "cuda_nvcc/bin"])
def test_wheel_layouts_win_over_path(tmp_path, monkeypatch, layout):
    wheel = _exe(tmp_path / "site" / "nvidia" / layout / "ptxas")
    _exe(tmp_path / "path" / "ptxas")
    monkeypatch.setattr(toolchain, "_package_dirs",
                        lambda pkg: [tmp_path / "site" / "nvidia"] if pkg == "nvidia" else [])
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.delenv("NEUTRINO_PTXAS", raising=False)
    assert toolchain.find_tool("ptxas") == wheel
    assert toolchain.tool_version("ptxas") == "99.1.7"


def test_path_is_the_fallback(tmp_path, monkeypatch):
    on_path = _exe(tmp_path / "path" / "nvdisasm")
    monkeypatch.setattr(toolchain, "_package_dirs", lambda pkg: [])
    monkeypatch.setenv("PATH", str(tmp_path / "path"))
    monkeypatch.delenv("NEUTRINO_NVDISASM", raising=False)
    assert toolchain.find_tool("nvdisasm") == on_path


def test_env_override_wins(tmp_path, monkeypatch):
    mine = _exe(tmp_path / "elsewhere" / "my-ptxas")
    monkeypatch.setenv("NEUTRINO_PTXAS", str(mine))
    assert toolchain.tool_path("ptxas") == mine


def test_nvjitlink_in_wheel_layouts(tmp_path, monkeypatch):
    lib = tmp_path / "nvidia" / "nvjitlink" / "lib" / "libnvJitLink.so.12"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"")
    monkeypatch.setattr(toolchain, "_package_dirs", lambda pkg: [tmp_path / "nvidia"])
    monkeypatch.delenv("NEUTRINO_NVJITLINK", raising=False)
    assert toolchain.find_nvjitlink() == lib


def test_missing_tool_names_the_pip_package(monkeypatch):
    monkeypatch.setattr(toolchain, "_candidates", lambda name: [])
    with pytest.raises(ToolError) as err:
        toolchain.tool_path("nvdisasm")
    assert "pip install nvidia-cuda-nvdisasm" in str(err.value)
    with pytest.raises(ToolError) as err:
        toolchain.tool_path("ptxas")
    assert "pip install nvidia-cuda-nvcc" in str(err.value)


def test_version_string_names_both_assemblers():
    assert re.fullmatch(r"ptxas-(\d+\.\d+\.\d+|none)\+nvjitlink-(\d+\.\d+|none)", toolchain.version())


@needs_ptxas
def test_run_ptxas_returns_a_cubin_for_text_and_path(tmp_path):
    from_text = toolchain.run_ptxas(TINY)
    src = tmp_path / "tiny.ptx"
    src.write_text(TINY)
    from_path = toolchain.run_ptxas(src, "sm_80")
    assert from_text[:4] == b"\x7fELF" and from_path[:4] == b"\x7fELF"
    assert b"tiny" in from_text


@needs_ptxas
def test_run_ptxas_defaults_to_the_modules_target():
    from neutrino_py.image import elf
    assert elf.arch(toolchain.run_ptxas(TINY.replace(".target sm_80", ".target sm_86"))) == 86


@needs_ptxas
def test_run_ptxas_error_points_at_the_line():
    bad = TINY.replace("\tret;", "\tfrobnicate.u32 %rd1;")
    with pytest.raises(SourceError) as err:
        toolchain.run_ptxas(bad, "sm_80", filename="bad.ptx")
    assert (err.value.file, err.value.line, err.value.col) == ("bad.ptx", 13, 2)
    assert str(err.value).startswith("bad.ptx:13:2: error: ptxas:")
    assert "neutrino-ptxas-" not in str(err.value)
