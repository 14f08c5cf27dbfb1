"""Run a notebook's code cells in one namespace and store their outputs, where Jupyter is absent.

    python examples/execute_notebook.py examples/time_range.ipynb

Like `jupyter nbconvert --execute --inplace`: cells run in order with the notebook's folder as
the working directory; printed text becomes a stream output, the value of a cell's last
expression an execute_result, and every matplotlib figure a PNG display_data.
"""
from __future__ import annotations

import ast
import base64
import contextlib
import io
import json
import os
import sys
from pathlib import Path


def _figures() -> list[dict]:
    import matplotlib.pyplot as plt

    out = []
    for num in plt.get_fignums():
        buf = io.BytesIO()
        plt.figure(num).savefig(buf, format="png", dpi=100, bbox_inches="tight")
        out.append({"output_type": "display_data", "metadata": {},
                    "data": {"image/png": base64.b64encode(buf.getvalue()).decode(),
                             "text/plain": [f"<Figure {num}>"]}})
    plt.close("all")
    return out


def run_cell(source: str, namespace: dict, count: int) -> list[dict]:
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    stdout = io.StringIO()
    value = None
    with contextlib.redirect_stdout(stdout):
        exec(compile(tree, f"<cell {count}>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"<cell {count}>", "eval"), namespace)
    outputs = []
    if stdout.getvalue():
        outputs.append({"output_type": "stream", "name": "stdout", "text": stdout.getvalue().splitlines(True)})
    outputs += _figures()
    if value is not None:
        outputs.append({"output_type": "execute_result", "execution_count": count, "metadata": {},
                        "data": {"text/plain": repr(value).splitlines(True)}})
    return outputs


def main(path: str) -> int:
    import matplotlib
    matplotlib.use("Agg")
    nb_path = Path(path).resolve()
    notebook = json.loads(nb_path.read_text())
    os.chdir(nb_path.parent)
    namespace: dict = {"__name__": "__main__"}
    count = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        count += 1
        cell["execution_count"] = count
        cell["outputs"] = run_cell("".join(cell["source"]), namespace, count)
    nb_path.write_text(json.dumps(notebook, indent=1) + "\n")
    print(f"executed {count} cells of {nb_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
