"""The official Jupyter kernel tests (jupyter_kernel_test) with Go samples.

Run by scripts/kernel-conformance.sh, which installs the gohooks kernelspec
into a temporary JUPYTER_PATH first. Exits non-zero unless every test
passes and none is skipped. With KERNEL_TRANSPORT=ipc the kernel is started
with the ipc transport (Unix sockets under JUPYTER_RUNTIME_DIR) instead of
tcp.
"""
import os
import sys
import unittest

import jupyter_kernel_test
from jupyter_client.manager import KernelManager

TRANSPORT = os.environ.get("KERNEL_TRANSPORT", "tcp")


class GohooksKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "gohooks"
    language_name = "go"
    file_extension = ".go"

    code_hello_world = 'fmt.Println("hello, world")'
    code_stderr = 'fmt.Fprintln(os.Stderr, "to stderr")'

    completion_samples = [
        {"text": "fmt.Printl", "matches": {"Println"}},
        {"text": "strings.ToUpper", "matches": {"ToUpper", "ToUpperSpecial"}},
    ]

    complete_code_samples = [
        "x := 1",
        'fmt.Println("hi")',
        "func double(x int) int { return 2 * x }",
    ]
    incomplete_code_samples = [
        "func f() {",
        "for i := 0; i < 3; i++ {",
        "xs := []int{1, 2,",
    ]
    invalid_code_samples = [
        "x := )",
        "}",
    ]

    code_page_something = "fmt.Println?"

    code_generate_error = 'panic("boom")'

    code_execute_result = [
        {"code": "6*7", "result": "42"},
        {"code": "y := 20\ny + 1", "result": "21"},
    ]
    code_history_pattern = "6?7"
    supported_history_operations = ("tail", "range", "search")

    code_display_data = [
        {"code": 'display.Show(display.HTML("<b>hi</b>"))', "mime": "text/html"},
        {"code": 'display.Show(display.Markdown("*hi*"))', "mime": "text/markdown"},
    ]

    code_inspect_sample = "fmt.Println"

    code_clear_output = 'fmt.Println("soon gone")\ndisplay.Clear(true)'

    @classmethod
    def setUpClass(cls):
        if TRANSPORT == "tcp":
            super().setUpClass()
            return
        runtime = os.environ["JUPYTER_RUNTIME_DIR"]
        os.makedirs(runtime, exist_ok=True)
        cls.km = KernelManager(kernel_name=cls.kernel_name, transport=TRANSPORT,
                               ip=os.path.join(runtime, "gohooks-test"))
        cls.km.start_kernel()
        cls.kc = cls.km.client()
        cls.kc.start_channels()
        cls.kc.wait_for_ready(timeout=60)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    total = result.testsRun
    bad = len(result.failures) + len(result.errors)
    skipped = len(result.skipped)
    print(f"\ngohooks over {TRANSPORT}: {total - bad - skipped} of {total} official kernel tests passed"
          f" ({len(result.failures)} failed, {len(result.errors)} errors, {skipped} skipped)")
    sys.exit(0 if total > 0 and bad == 0 and skipped == 0 else 1)
