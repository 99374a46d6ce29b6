"""A Zarr v2 table read with numpy alone (the .zarray JSON and the chunk files; zstd chunks through
the zstd command, else numcodecs), and compared with the .npy of the same run one
chunk at a time, so that tables larger than memory (n = 65,536: 17 GB int32) are checked too:

    python3 tests/tools/zarr_check.py D.npy D.zarr      # exit 0: equal, 1: a chunk differs
"""
import json
import math
import pathlib
import shutil
import subprocess
import sys
import time

import numpy as np


def metadata(folder):
    meta = json.loads((pathlib.Path(folder) / ".zarray").read_text())
    assert meta["zarr_format"] == 2 and meta["order"] == "C" and meta["filters"] is None, meta
    return meta


def read_chunk(folder, meta, i, j):
    """Chunk (i, j) as a chunk_rows x chunk_cols array, padding included."""
    raw = (pathlib.Path(folder) / f"{i}{meta.get('dimension_separator', '.')}{j}").read_bytes()
    if meta["compressor"] is not None:
        assert meta["compressor"]["id"] == "zstd", meta["compressor"]
        if shutil.which("zstd"):
            raw = subprocess.run(["zstd", "-dc"], input=raw, capture_output=True, check=True).stdout
        else:
            import numcodecs
            raw = numcodecs.Zstd().decode(raw)
    return np.frombuffer(raw, np.dtype(meta["dtype"])).reshape(meta["chunks"])


def read_whole(folder):
    meta = metadata(folder)
    (rows, cols), (cr, cc) = meta["shape"], meta["chunks"]
    out = np.empty((rows, cols), np.dtype(meta["dtype"]))
    for i in range(math.ceil(rows / cr)):
        for j in range(math.ceil(cols / cc)):
            block = read_chunk(folder, meta, i, j)
            out[i * cr:(i + 1) * cr, j * cc:(j + 1) * cc] = block[:min(cr, rows - i * cr), :min(cc, cols - j * cc)]
    return out


def compare(npy_file, folder):
    """The number of chunks compared; raises AssertionError naming the first that differs."""
    expected = np.load(npy_file, mmap_mode="r")
    meta = metadata(folder)
    (rows, cols), (cr, cc) = meta["shape"], meta["chunks"]
    assert expected.shape == (rows, cols) and expected.dtype == np.dtype(meta["dtype"]), (expected.shape, meta)
    count = 0
    for i in range(math.ceil(rows / cr)):
        for j in range(math.ceil(cols / cc)):
            r, c = min(cr, rows - i * cr), min(cc, cols - j * cc)
            block = read_chunk(folder, meta, i, j)[:r, :c]
            if not np.array_equal(block, expected[i * cr:i * cr + r, j * cc:j * cc + c]):
                raise AssertionError(f"{folder}: chunk {i}.{j} differs from {npy_file}")
            count += 1
    return count


if __name__ == "__main__":
    start = time.monotonic()
    try:
        chunks = compare(sys.argv[1], sys.argv[2])
    except AssertionError as e:
        print(e)
        sys.exit(1)
    print(f"{sys.argv[2]} equals {sys.argv[1]}: {chunks} chunks in {time.monotonic() - start:.1f} s")
