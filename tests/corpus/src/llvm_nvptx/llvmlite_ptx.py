"""PTX of the LLVM IR on stdin from the NVPTX back end bundled in llvmlite, for generate.py's
--llvm-nvptx mode (run by an interpreter with llvmlite installed; no GPU or CUDA needed).

    python llvmlite_ptx.py sm_80 +ptx70 < module.ll

Prints one JSON object: {"llvmlite": version, "llvm": "22.1.0", "ptx": text}.
"""
import json
import sys

import llvmlite
import llvmlite.binding as llvm


def main() -> None:
    cpu, features = sys.argv[1], sys.argv[2]
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    module = llvm.parse_assembly(sys.stdin.read())
    module.verify()
    machine = llvm.Target.from_triple("nvptx64-nvidia-cuda").create_target_machine(
        cpu=cpu, features=features, opt=2)
    print(json.dumps({"llvmlite": llvmlite.__version__,
                      "llvm": ".".join(map(str, llvm.llvm_version_info)),
                      "ptx": machine.emit_assembly(module)}))


if __name__ == "__main__":
    main()
