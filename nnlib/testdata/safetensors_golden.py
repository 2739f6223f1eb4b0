# Writes the safetensors files the state tests read, from a PyTorch 1.13
# model, following the published layout (8-byte little-endian header length,
# compact JSON header with __metadata__ first and tensors sorted by name,
# padded with spaces to 8 bytes, raw little-endian data). Run with
# /usr/bin/python3 safetensors_golden.py. The tests do not need it.
import json, struct
import torch, torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.BatchNorm2d(3))
with torch.no_grad():
    model[0].weight.copy_(torch.tensor([[1., -2.], [0.5, 0.25], [3., -0.125]]))
    model[0].bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
    model[1].weight.copy_(torch.tensor([1.5, 2., 2.5]))
    model[1].running_mean.copy_(torch.tensor([0.5, -0.5, 1.]))
    model[1].running_var.copy_(torch.tensor([2., 3., 4.]))
    model[1].num_batches_tracked.fill_(7)

def write(path, tensors, metadata=None):
    names = sorted(tensors)
    header, data, off = {}, b"", 0
    if metadata is not None:
        header["__metadata__"] = metadata
    for n in names:
        t = tensors[n]
        if t.dtype == torch.int64:
            raw, dtype = struct.pack("<%dq" % t.numel(), *t.reshape(-1).tolist()), "I64"
        else:
            raw, dtype = struct.pack("<%df" % t.numel(), *t.reshape(-1).tolist()), "F32"
        header[n] = {"dtype": dtype, "shape": list(t.shape), "data_offsets": [off, off + len(raw)]}
        data += raw
        off += len(raw)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)) + h + data)

sd = model.state_dict()
write("torch_model.safetensors", sd, {"format": "pt"})
write("float_model.safetensors", {k: v.float() for k, v in sd.items()})
