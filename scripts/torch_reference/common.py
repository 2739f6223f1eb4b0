"""Helpers shared by the reference-data scripts: a safetensors writer (the
format is an 8-byte little-endian header length, a JSON header, raw
little-endian data), so that the scripts need only torch."""

import json
import struct

import torch


def save_safetensors(path, tensors, keep_int64=False):
    """Write a dict name -> tensor as safetensors, sorted by name: float32,
    or with keep_int64 int64 tensors as I64, as safetensors.torch.save_file
    writes a state dict (BatchNorm's num_batches_tracked)."""
    header = {}
    blobs = []
    offset = 0
    for name in sorted(tensors):
        t = tensors[name].detach().contiguous().cpu()
        if keep_int64 and t.dtype == torch.int64:
            data = struct.pack("<%dq" % t.numel(), *t.flatten().tolist())
            dtype = "I64"
        else:
            t = t.to(torch.float32)
            data = struct.pack("<%df" % t.numel(), *t.flatten().tolist())
            dtype = "F32"
        header[name] = {"dtype": dtype, "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def values(t):
    """A tensor (or None) as JSON: a flat list of floats with its shape."""
    if t is None:
        return None
    t = t.detach().to(torch.float32)
    return {"shape": list(t.shape), "data": t.flatten().tolist()}
