"""`hotness`: the most accessed 4 KiB pages and a kernel × address heat map.

Reads a page histogram (`map pages: hist[N]`, probes/hotness.probe: entry i counts accesses to
pages with `(addr >> 12) % N == i`, aggregated on the GPU), or, where a trace has none, derives
pages from per-access records with an `addr` field (probes/dmat.probe, or probes/memtrace.probe
rebuilt lane by lane). `dropped` counts records that did not fit (a memtrace record is one
warp-level access), `lanes_lost` the lanes of kept records whose addresses cannot be rebuilt:
neither is in `accesses`, and no access is in both (contracts §4 "Lost lanes").
"""
from __future__ import annotations

import numpy as np

from neutrino_py.names import short
from neutrino_py.tools import register
from neutrino_py.tools.base import (MapRef, Progress, Report, Table, Tool, by_kernel,
                                    integral, loss_notes, rows)
from neutrino_py.tracedir.reader import Launch, Trace

PAGE_SHIFT = 12
BINCOUNT_SPAN = 1 << 22


def hist_values(array: np.ndarray) -> np.ndarray:
    """A histogram map's counts, whether stored as a one-field struct or plain numbers."""
    return array[array.dtype.names[0]] if array.dtype.names else array


def page_counts(ref: MapRef, progress: Progress) -> tuple[np.ndarray, np.ndarray]:
    """Distinct pages (sorted) and their access counts from `addr` records, chunk by chunk (a
    memtrace map counts each active lane's exact address, `base.rows`)."""
    pages, counts = [], []
    for part in rows(ref, progress):
        if not len(part):
            continue
        page = part["addr"] >> np.uint64(PAGE_SHIFT)
        lo, hi = int(page.min()), int(page.max())
        if hi - lo < BINCOUNT_SPAN:
            c = np.bincount((page - np.uint64(lo)).astype(np.int64), minlength=hi - lo + 1)
            nz = np.nonzero(c)[0]
            pages.append(nz.astype(np.uint64) + np.uint64(lo))
            counts.append(c[nz])
        else:
            p, c = np.unique(page, return_counts=True)
            pages.append(p)
            counts.append(c)
    return merge(pages, counts)


def merge(pages: list[np.ndarray], counts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Distinct pages with their summed counts, from per-launch (page, count) arrays."""
    if not pages:
        return np.zeros(0, np.uint64), np.zeros(0, np.int64)
    p, inverse = np.unique(np.concatenate(pages), return_inverse=True)
    return p, np.bincount(inverse, np.concatenate(counts).astype(np.float64)).astype(np.int64)


@register
class Hotness(Tool):
    name = "hotness"
    help = "hottest 4 KiB pages and a kernel x page heat map (probes/hotness.probe or dmat)"
    probe = "hotness.probe"
    top = 20

    def wants(self) -> str:
        return "a page histogram map ('pages', kind hist) or access records with an 'addr' field"

    def select(self, trace: Trace) -> list[MapRef]:
        maps = list(self.candidates(trace))
        hists = [MapRef(l, n) for l, n, dtype in maps if _is_page_hist(trace, l, n, dtype)]
        return hists or [MapRef(l, n) for l, n, dtype in maps if integral(dtype, "addr")]

    def analyze(self, trace: Trace, refs: list[MapRef], progress: Progress) -> Report:
        from_hist = _is_page_hist(trace, refs[0].launch, refs[0].name, refs[0].array.dtype)
        per_kernel: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for kernel, krefs in by_kernel(refs).items():
            pages, counts = [], []
            for ref in krefs:
                if from_hist:
                    array = ref.array
                    values = hist_values(array).astype(np.int64)
                    progress.advance(array.nbytes)
                    nz = np.nonzero(values)[0]
                    pages.append(nz.astype(np.uint64))
                    counts.append(values[nz])
                else:
                    p, c = page_counts(ref, progress)
                    pages.append(p)
                    counts.append(c)
            per_kernel[kernel] = merge(pages, counts)
        all_pages, all_counts = merge([p for p, _ in per_kernel.values()],
                                      [c for _, c in per_kernel.values()])
        total = int(all_counts.sum())
        order = np.argsort(-all_counts, kind="stable")[:self.top]
        kernels_on = {int(p): [k for k, (kp, _) in per_kernel.items() if _has(kp, p)]
                      for p in all_pages[order]}
        label = "page index" if from_hist else "page address"
        rows = [[_label(int(all_pages[i]), from_hist), int(all_counts[i]),
                 all_counts[i] / total if total else None,
                 ", ".join(short(k, 24) for k in kernels_on[int(all_pages[i])][:3])]
                for i in order]
        table = Table(f"hottest pages ({len(all_pages)} pages touched, {total} accesses)",
                      [label, "accesses", "share", "kernels"], rows, percent=("share",))
        ktable = Table("pages per kernel", ["kernel", "pages", "accesses", "hottest page"],
                       [[short(k), len(p), int(c.sum()),
                         _label(int(p[np.argmax(c)]), from_hist) if len(p) else None]
                        for k, (p, c) in per_kernel.items()])
        report = Report(self.name, [table, ktable],
                        {"source": "hist" if from_hist else "records", "pages": len(all_pages),
                         "accesses": total,
                         "top": [{"page": int(all_pages[i]), "accesses": int(all_counts[i])}
                                 for i in order],
                         "dropped": sum(r.dropped for r in refs),
                         "lanes_lost": sum(r.lanes_lost for r in refs),
                         "kernels": {k: {"pages": len(p), "accesses": int(c.sum())}
                                     for k, (p, c) in per_kernel.items()}},
                        arrays={"pages": all_pages, "counts": all_counts})
        if from_hist:
            report.notes.append("page histogram: page index = (address >> 12) modulo its size")
        report.notes += loss_notes(refs)
        if total:
            report.figures["heatmap"] = lambda: _heatmap(per_kernel, all_pages, from_hist)
        return report


def _is_page_hist(trace: Trace, launch: Launch, name: str, dtype: np.dtype) -> bool:
    kernel = trace.kernel(launch)
    info = kernel.map_info(name) if kernel else None
    kind = info.get("kind") if info else None
    return "page" in name.lower() and kind in ("hist", None) and \
        len(dtype.names or ("",)) == 1


def _has(pages: np.ndarray, page: int) -> bool:
    i = np.searchsorted(pages, np.uint64(page))
    return bool(i < len(pages) and pages[i] == page)


def _label(page: int, from_hist: bool) -> str:
    return str(page) if from_hist else f"0x{page << PAGE_SHIFT:x}"


def _heatmap(per_kernel: dict, all_pages: np.ndarray, from_hist: bool, bins: int = 256):
    from neutrino_py.tools.plots import figure
    kernels = sorted(per_kernel, key=lambda k: -int(per_kernel[k][1].sum()))[:24]
    # columns: distinct touched pages in address order, grouped into at most `bins` columns
    edges = np.linspace(0, len(all_pages), min(bins, len(all_pages)) + 1).astype(np.int64)
    image = np.zeros((len(kernels), len(edges) - 1))
    for row, k in enumerate(kernels):
        pages, counts = per_kernel[k]
        col = np.searchsorted(edges, np.searchsorted(all_pages, pages), side="right") - 1
        np.add.at(image[row], col, counts)
    fig, axes = figure("access heat map (log10 accesses)", size=(10, 0.35 * len(kernels) + 2))
    ax = axes[0][0]
    im = ax.imshow(np.log10(image + 1), aspect="auto", interpolation="nearest", cmap="inferno")
    ax.set_yticks(range(len(kernels)), [short(k, 40) for k in kernels], fontsize=7)
    ax.set_xlabel(f"touched pages in {'index' if from_hist else 'address'} order "
                  f"({len(all_pages)} pages in {len(edges) - 1} columns)")
    fig.colorbar(im, ax=ax)
    return fig
