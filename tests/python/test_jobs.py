"""Progress, cancel and Ctrl-C: the callback sees increasing fractions, returning False stops the
engine with pathscope.Cancelled, an exception in it stops the engine and comes out as it was,
and SIGINT cancels the running engine (or a load, as it reads) and raises KeyboardInterrupt."""
import random
import signal
import subprocess
import sys
import textwrap

import pytest

import pathscope
from conftest import MODULE_DIR

LONG_APSP = "random:n=2600,deg=8,seed=1"  # textbook engine: n^3 = 1.8e10 steps, far beyond the test


@pytest.mark.parametrize("call", [
    lambda progress: pathscope.apsp("random:n=700,deg=6,seed=2", engine="textbook", progress=progress),
    lambda progress: pathscope.closure("random:n=900,deg=2,seed=2", engine="textbook", progress=progress),
    lambda progress: pathscope.correlate("random-table:rows=1500,cols=20,seed=2", engine="cpu", min_abs_rho=0.9,
                                         pairs_per_band=50_000, progress=progress),
], ids=["apsp", "closure", "correlate"])
def test_progress_fractions_increase(call):
    seen = []
    call(seen.append)
    assert len(seen) >= 2
    assert all(0 <= f <= 1 for f in seen)
    assert all(a < b for a, b in zip(seen, seen[1:])), seen


def test_callback_returning_false_cancels():
    seen = []

    def stop_at_a_tenth(fraction):
        seen.append(fraction)
        return fraction < 0.1

    with pytest.raises(pathscope.Cancelled, match=r"apsp \(textbook\) cancelled: the progress callback returned False"):
        pathscope.apsp("random:n=1100,deg=8,seed=1", engine="textbook", progress=stop_at_a_tenth)
    assert 0.1 <= seen[-1] < 0.9  # the last fraction it saw: stopped after asking, not at the end
    assert issubclass(pathscope.Cancelled, pathscope.Error)
    # The module works on after a cancel.
    assert pathscope.apsp("random:n=5,deg=2,seed=1").shape == (5, 5)


def test_exception_in_callback_cancels_and_propagates():
    class Stop(Exception):
        pass

    def fail(fraction):
        raise Stop(f"at {fraction}")

    with pytest.raises(Stop):
        pathscope.closure("random:n=6000,deg=3,seed=3", engine="textbook", progress=fail)


# A test run started as a background job (`cmd &` in a script) hands its children SIGINT
# ignored, and Python then raises no KeyboardInterrupt: each child takes Ctrl-C back as a person
# at a terminal has it.
CHILD = textwrap.dedent("""
    import os, signal, sys, threading
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, sys.argv[1])
    import pathscope
    seen = []
    def progress(fraction):
        seen.append(fraction)
        print("progress", fraction, flush=True)
    try:
        pathscope.apsp(sys.argv[2], engine="textbook", progress=progress)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted at", seen[-1], flush=True)
    # No callback at all: the wait for the engine still looks for signals.
    threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        pathscope.apsp(sys.argv[2], engine="textbook")
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted without callback", flush=True)
""")


def test_ctrl_c_cancels_the_running_engine():
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(MODULE_DIR), LONG_APSP],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = child.stdout.readline()
        assert first.startswith("progress"), first + child.stderr.read()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            child.kill()
    lines = out.splitlines()
    assert child.returncode == 0, err
    interrupted = [line for line in lines if line.startswith("interrupted at")]
    assert len(interrupted) == 1, out
    assert float(interrupted[0].split()[-1]) < 1
    assert "finished" not in lines
    assert lines[-1] == "interrupted without callback", out


LOAD_CHILD = textwrap.dedent("""
    import os, signal, sys, threading, time
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.path.insert(0, sys.argv[1])
    import pathscope

    def bytes_read():
        with open("/proc/self/io") as io:
            return next(int(line.split()[1]) for line in io if line.startswith("rchar"))

    start = bytes_read()

    def interrupt_once_reading():
        # Once the load has read a few MB of the file: the signal lands mid-read.
        while bytes_read() - start < (4 << 20):
            time.sleep(0.002)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt_once_reading, daemon=True).start()
    try:
        pathscope.load_graph(sys.argv[2])
        print("finished", bytes_read() - start, flush=True)
    except KeyboardInterrupt:
        print("interrupted", bytes_read() - start, flush=True)
""")


def test_ctrl_c_stops_a_load_as_it_reads(tmp_path):
    # ~100 MB of edge table: a block of random rows repeated, so it is written in a moment.
    rng = random.Random()
    block = "".join(f"n{rng.randrange(200000)},n{rng.randrange(200000)},{rng.randrange(1, 99)}\n"
                    for _ in range(100000)).encode()
    table = tmp_path / "big.csv"
    with open(table, "wb") as out:
        out.write(b"source,target,weight\n")
        while out.tell() < (100 << 20):
            out.write(block)
    size = table.stat().st_size
    child = subprocess.run([sys.executable, "-c", LOAD_CHILD, str(MODULE_DIR), str(table)],
                           capture_output=True, text=True, timeout=300)
    assert child.returncode == 0, child.stderr
    word, read = child.stdout.split()
    # Raised while the file was being read, not once the whole load was done.
    assert word == "interrupted", child.stdout
    assert int(read) < size // 2, f"{read} of {size} bytes read before KeyboardInterrupt"
