"""Benchmark scripts (run as `python benchmarks/NAME.py`); a package so `benchmarks.common` resolves here first."""
