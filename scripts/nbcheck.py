#!/usr/bin/python3
"""Runs and checks the notebooks in notebooks/ for scripts/notebooks.sh.

  nbcheck.py exec OUTDIR NOTEBOOK...   run each notebook with nbclient (kernel gohooks)
  nbcheck.py check NOTEBOOK...         no error outputs, and the key values are there
  nbcheck.py same A B                  two runs of a notebook printed the same text

Only the Python standard library, nbformat and nbclient (Debian python3-nbclient).
"""
import os
import re
import sys

import nbformat

# Key printed values, by notebook name prefix: (what the cell starts with,
# the text its standard output or text/plain result must contain).
EXPECT = {
    "10-": [
        ("tensorlib.ManualSeed(0)", "[0 3] 9\n"),
        ("s := widgets.IntSlider(0, 7)", "IntSlider(value=0, min=0, max=7, step=1, description=\"channel\")"),
        ("widgets.Interact(", "VBox(children=2)"),
    ],
    "01-": [
        ("// Put x1, x2 and the output", "true\n"),
        ("// A forward hook that adds 5", "true\n"),
        ("traced :=", "3. forward function gets tensor([2., 4.])"),
    ],
    "02-": [
        ("// Put x1.grad, x2.grad", "true true true\n"),
        ("// Catch W's gradient", "true\n"),
        ("byHand :=", "gradIn:  tensor([15.]) tensor([10.])\nW.grad = tensor([6.])"),
        ("scaled :=", "tensor([150.]) tensor([5.]) tensor([12.])"),
    ],
    "03-": [
        ("// apply visits children first", "[Function_A Function_B Layer_AB Function_C Function_D Layer_CD Model]\n"),
        ("// Set every parameter to 1", "tensor([1., 2.], grad_fn=<DivBackward0>)\n"),
        ("// The four functions really are", "tensor([2., 3.], grad_fn=<DivBackward0>)\n"),
        ("// Give every function a bias", "tensor([39., 39.], grad_fn=<AddBackward0>)\n"),
    ],
    "04-": [
        ("for _, c := range qm.NamedChildren()",
         "ab Layer_AB\ncd Layer_CD\nab.a.W [2 2]\nab.a.b [2]\nab.b.W [2 2]\nab.b.b [2]\n"
         "cd.c.W [2 2]\ncd.c.b [2]\ncd.d.W [2 2]\ncd.d.b [2]\nFunction_B [2]\n9\n"
         "Model(\n  (ab): Layer_AB(\n    (a): Function_A(x + W)\n    (b): Function_B()\n  )\n"
         "  (cd): Layer_CD(\n    (c): Function_C()\n    (d): Function_D()\n  )\n)\n"),
    ],
    "05-": [
        ("// Features by layer name", "[1 8 28 28] [1 16 14 14] 9\n"),
        ("tensorlib.ManualSeed(1)", "epoch 3: mean loss"),
        ("test :=", "test accuracy:"),
    ],
    "06-": [
        ("// weightNorms returns", "6 warnings\n"),
        ("reluNet :=", "0 warnings\n"),
        ("fmt.Println(train(bigNet(), 10, 1e-3))", " +Inf NaN NaN"),
        ("net := bigNet()", "after: 1\n"),
    ],
    "07-": [
        ("tensorlib.ManualSeed(3)", "activations: [500 32]\n"),
        ("// The correlations between", "6×6 *mat.Dense\n⎡   1"),
        ("%require github.com/montanaflynn/stats@v0.14.0", "github.com/montanaflynn/stats v0.14.0"),
        ("import (\n\t\"sort\"", "median "),
        ("%modules", "interpreted: github.com/montanaflynn/stats"),
    ],
    "08-": [
        ("tensorlib.ManualSeed(0)", "176258 parameters\nBasicBlock(\n  (conv1): Conv2d(8, 16, kernel_size=(3, 3), stride=(2, 2)"),
        ("data := nnlib.FashionMNIST()", "layer1.0.residual [8 8 28 28]\n"),
        ("data := nnlib.FashionMNIST()", "layer4.1.residual [8 64 4 4]\n"),
        ("tensorlib.ManualSeed(1)", "62 steps, loss"),
        ("test :=", "test accuracy:"),
    ],
    "09-": [
        ("const sep = 10", "tensor([5., 4., 4., 3., 0., 7., 3., 0.])\n"),
        ("tensorlib.ManualSeed(1)", "step 300: loss"),
        ("// accuracy returns", "accuracy:"),
        ("example :=", "[blocks.0.attn.pattern blocks.1.attn.pattern]\n"),
        ("byHead :=", "blocks.1.attn.z"),
        ("// zeroHead", "after: no hooks\n"),
        ("both :=", "blocks.*.attn.z silenced: accuracy"),
    ],
}

# Standard error a cell must show, by notebook prefix: (cell start, text).
STDERR = {
    "06-": [
        ("sigmoidNet :=", "hooks: gradient of 0.weight (Linear) is vanishing"),
        ("blowUp :=", "is exploding"),
    ],
}

# Cells whose outputs must include images, by notebook prefix: (cell start,
# least and most number of image/png outputs). The training cell of 05 shows
# one loss curve, updated in place.
IMAGES = {
    "10-": [
        ("widgets.Interact(", 1, 1),
        ("viz.Explore(", 1, 1),
    ],
    "05-": [
        ("func thumbnail", 1, 1),
        ("viz.FeatureMaps(feats.Get(\"3\"), 16)", 1, 1),
        ("h := net.GetSubmodule(\"3\")", 1, 1),
        ("tensorlib.ManualSeed(1)", 1, 1),
        ("trained :=", 1, 1),
        ("cam :=", 1, 1),
    ],
    "08-": [
        ("tensorlib.ManualSeed(1)", 1, 1),
        ("img, label := test.Sample(0)", 1, 1),
        ("var cams", 1, 1),
        ("img, label = test.Sample(0)", 1, 1),
    ],
    "09-": [
        ("tensorlib.ManualSeed(1)", 1, 1),
        ("example :=", 1, 1),
        ("viz.AttentionPatterns(cache.Get(\"blocks.1", 1, 1),
        ("points :=", 1, 1),
        ("clean :=", 1, 1),
        ("byHead :=", 1, 1),
    ],
    "06-": [
        ("viz.Line(", 1, 1),
        ("viz.GradientFlow(reluNet)", 1, 1),
    ],
    "07-": [
        ("import (\n\t\"gonum.org/v1/plot\"", 1, 1),
    ],
}


def text_of(cell):
    """The cell's standard output and text/plain results, in order."""
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream" and o["name"] == "stdout":
            out.append(o["text"])
        elif o["output_type"] in ("execute_result", "display_data"):
            t = o.get("data", {}).get("text/plain")
            if t is not None and "image/png" not in o["data"]:
                out.append(t + "\n")
    return "".join(out)


def expectations(path, table):
    base = os.path.basename(path)
    for prefix, items in table.items():
        if base.startswith(prefix):
            return items
    return []


def find_cell(nb, start):
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith(start):
            return c
    return None


def check(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    problems = []
    for i, c in enumerate(nb.cells):
        if c.cell_type != "code":
            continue
        if c.get("execution_count") is None:
            problems.append("cell %d was not run" % (i + 1))
        for o in c.outputs:
            if o["output_type"] == "error":
                problems.append("cell %d has an error output: %s: %s" % (i + 1, o["ename"], o["evalue"]))
            plain = "".join(o.get("data", {}).get("text/plain", ""))
            if re.fullmatch(r"0x[0-9a-f]+", plain.strip()):
                # A function value printed as its address is never a result
                # a reader wants; it differs from run to run.
                problems.append("cell %d shows a bare address as its result: %s" % (i + 1, plain.strip()))
    for start, want in expectations(path, EXPECT):
        c = find_cell(nb, start)
        if c is None:
            problems.append("no cell starts with %r" % start)
        elif want not in text_of(c):
            problems.append("cell %r printed %r; want it to contain %r" % (start, text_of(c), want))
    for start, want in expectations(path, STDERR):
        c = find_cell(nb, start)
        err = "" if c is None else "".join(o["text"] for o in c.outputs
                                           if o["output_type"] == "stream" and o["name"] == "stderr")
        if want not in err:
            problems.append("cell %r wrote %r to stderr; want it to contain %r" % (start, err, want))
    for start, least, most in expectations(path, IMAGES):
        c = find_cell(nb, start)
        n = 0 if c is None else sum(1 for o in c.outputs if "image/png" in o.get("data", {}))
        if not least <= n <= most:
            problems.append("cell %r has %d image/png outputs, want %d to %d" % (start, n, least, most))
    return problems


def normalised(path):
    """Per code cell: stdout and text/plain, with floating-point numbers
    rounded to 3 significant digits (the GEMM kernels differ by CPU)."""
    nb = nbformat.read(path, as_version=4)
    num = re.compile(r"-?\d+\.\d+(e[-+]?\d+)?")
    return [num.sub(lambda m: "%.3g" % float(m.group(0)), text_of(c))
            for c in nb.cells if c.cell_type == "code"]


def execute(outdir, paths):
    from nbclient import NotebookClient
    failed = False
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=300, kernel_name="gohooks", allow_errors=False,
                                resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
        try:
            client.execute()
        except Exception as e:  # CellExecutionError, DeadKernelError, TimeoutError
            print("nbclient: %s: %s" % (path, str(e).strip().splitlines()[-1] if str(e).strip() else e), file=sys.stderr)
            failed = True
        out = os.path.join(outdir, os.path.basename(path))
        nbformat.write(nb, out)
        print("nbclient: ran %s -> %s" % (path, out), file=sys.stderr)
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "exec":
        return execute(argv[2], argv[3:])
    if len(argv) >= 3 and argv[1] == "check":
        bad = 0
        for p in argv[2:]:
            problems = check(p)
            for pr in problems:
                print("%s: %s" % (p, pr), file=sys.stderr)
            bad += len(problems)
            if not problems:
                print("ok %s" % p)
        return 1 if bad else 0
    if len(argv) == 4 and argv[1] == "same":
        a, b = normalised(argv[2]), normalised(argv[3])
        if len(a) != len(b):
            print("%s and %s have different numbers of code cells" % (argv[2], argv[3]), file=sys.stderr)
            return 1
        bad = 0
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                print("code cell %d printed differently:\n  %s: %r\n  %s: %r" % (i + 1, argv[2], x, argv[3], y), file=sys.stderr)
                bad += 1
        if not bad:
            print("same %s %s" % (argv[2], argv[3]))
        return 1 if bad else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
