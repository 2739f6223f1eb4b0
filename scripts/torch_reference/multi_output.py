"""Hook calls of a module with two outputs, as PyTorch makes them.

Writes nnlib/testdata/multi_output_hooks.json: for each case, the events in
call order with the tensors each hook saw (None for an absent gradient), and
the gradients the inputs ended with. nnlib's multi_output_test.go replays
the cases. Run with Debian's python3-torch 1.13:
    /usr/bin/python3 scripts/torch_reference/multi_output.py
"""

import json
import os

import torch
import torch.nn as nn

from common import values

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "nnlib", "testdata", "multi_output_hooks.json")


class Two(nn.Module):
    """forward(x, y) = (2x, x*y)."""

    def forward(self, x, y):
        return x * 2, x * y


def run(loss_of, forward_hook=None, pre_hook=None, y_grad=False):
    m = Two()
    events = []

    def fwd(mod, inp, out):
        events.append({"kind": "forward", "out": [values(o) for o in out]})
        if forward_hook:
            return forward_hook(out)

    def bw_pre(mod, grad_out):
        events.append({"kind": "backward_pre", "grad_out": [values(g) for g in grad_out]})
        if pre_hook:
            return pre_hook(grad_out)

    def bw(mod, grad_in, grad_out):
        events.append({"kind": "backward", "grad_in": [values(g) for g in grad_in],
                       "grad_out": [values(g) for g in grad_out]})

    m.register_forward_hook(fwd)
    m.register_full_backward_pre_hook(bw_pre) if hasattr(m, "register_full_backward_pre_hook") else None
    m.register_full_backward_hook(bw)
    x = torch.tensor([1.0, 2.0, -3.0], requires_grad=True)
    y = torch.tensor([4.0, -5.0, 6.0], requires_grad=y_grad)
    a, b = m(x, y)
    loss_of(a, b).backward()
    return {"events": events, "x_grad": values(x.grad), "y_grad": values(y.grad)}


cases = {
    # Only the first output reaches the loss: gradOut is (g, None).
    "first_only": run(lambda a, b: a.sum()),
    # Only the second: (None, g).
    "second_only": run(lambda a, b: (b * 3).sum()),
    # Both, and y requires grad too.
    "both": run(lambda a, b: (a * b).sum(), y_grad=True),
    # A forward hook replaces the second output by b + 1.
    "replace_second": run(lambda a, b: (b * b).sum(), forward_hook=lambda o: (o[0], o[1] + 1)),
}


def run_attention(use_weights):
    """MultiheadAttention(4, 2, batch_first=True) on x (self-attention):
    the forward hook sees (output, weights); with only the output in the
    loss, gradOut is (g, None)."""
    torch.manual_seed(7)
    m = nn.MultiheadAttention(4, 2, batch_first=True)
    with torch.no_grad():
        m.in_proj_bias.uniform_(-0.5, 0.5)
        m.out_proj.bias.uniform_(-0.5, 0.5)
    params = {k: values(v) for k, v in m.state_dict().items()}
    events = []
    m.register_forward_hook(lambda mod, inp, out: events.append({"kind": "forward", "out": [values(o) for o in out]}))
    m.register_full_backward_hook(lambda mod, gi, go: events.append(
        {"kind": "backward", "grad_in": [values(g) for g in gi], "grad_out": [values(g) for g in go]}))
    x = torch.randn(1, 3, 4, requires_grad=True)
    out, w = m(x, x, x)
    loss = (out * torch.arange(12.0).reshape(1, 3, 4)).sum()
    if use_weights:
        loss = loss + (w * w).sum()
    loss.backward()
    return {"events": events, "x": values(x), "x_grad": values(x.grad), "params": params}


attention = {"output_only": run_attention(False), "output_and_weights": run_attention(True)}


def run_lstm():
    """LSTM(2, 3) on x [4, 1, 2] with loss sum(output * k) + sum(h_n): the
    hooks see (output, (h_n, c_n)), so gradOut is (g, None) and the
    gradient through h_n reaches no hook slot."""
    torch.manual_seed(8)
    m = nn.LSTM(2, 3)
    params = {k: values(v) for k, v in m.state_dict().items()}
    events = []
    m.register_full_backward_hook(lambda mod, gi, go: events.append(
        {"kind": "backward", "grad_in": [values(g) for g in gi],
         "grad_out": [values(g) if torch.is_tensor(g) else None for g in go]}))
    x = torch.randn(4, 1, 2, requires_grad=True)
    out, (h, c) = m(x)
    (out * torch.arange(12.0).reshape(4, 1, 3)).sum().add(h.sum()).backward()
    return {"events": events, "x": values(x), "x_grad": values(x.grad), "params": params}


lstm = run_lstm()

# PyTorch 1.13 has no full backward pre-hooks; the pre-hook rows exist in
# gohooks only and follow 2.x, so they are not recorded here.
with open(OUT, "w") as f:
    json.dump({"torch": torch.__version__, "cases": cases, "attention": attention, "lstm": lstm}, f, separators=(",", ":"))
print("wrote", os.path.normpath(OUT))
