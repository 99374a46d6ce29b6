"""`pip wheel .` / `pip install` through the in-tree backend (app/python/build_backend), reusing
the build under test (no compile), into a fresh virtual environment without NumPy and with no
package index: the wheel's RECORD hashes, its tag against pip's own list for this interpreter,
the extension's RUNPATH, and `import pathscope` from the venv."""
import base64
import csv
import hashlib
import io
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pathscope
from conftest import BUILD, REPOSITORY


def run(*command, **kwargs):
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def dynamic_section(library, kinds):
    """readelf -d's entries of these kinds ("RUNPATH", "NEEDED") in a shared object."""
    text = run("readelf", "-d", library)
    return [line.split("[", 1)[1].rstrip("]") for line in text.splitlines()
            if any(f"({kind})" in line for kind in kinds)]


def test_pip_installs_the_build_into_a_bare_venv(tmp_path):
    venv = tmp_path / "venv"
    # Whatever this test runs in (the build's python, or test.sh's venv), the new venv starts bare.
    base_python = Path(sys.base_prefix) / "bin" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    run(base_python, "-m", "venv", venv)
    pip = [venv / "bin" / "python", "-I", "-m", "pip"]
    wheels = tmp_path / "wheels"
    environment = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
    environment.pop("PATHSCOPE_BUILD_DIR", None)  # the setting below names the build
    run(*pip, "wheel", "--no-index", "--no-deps", f"--config-settings=build-dir={BUILD}", "-w", wheels, REPOSITORY,
        env=environment)
    (wheel_path,) = wheels.glob("pathscope-*.whl")

    with zipfile.ZipFile(wheel_path) as wheel:
        names = set(wheel.namelist())
        version = pathscope.__version__
        dist_info = f"pathscope-{version}.dist-info"
        extension = "pathscope/_core" + sysconfig.get_config_var("EXT_SUFFIX")
        assert {"pathscope/__init__.py", "pathscope/_distances.py", extension, f"{dist_info}/METADATA",
                f"{dist_info}/WHEEL", f"{dist_info}/RECORD"} <= names
        records = list(csv.reader(io.StringIO(wheel.read(f"{dist_info}/RECORD").decode())))
        assert {row[0] for row in records} == names
        for name, digest, size in records:
            if name.endswith("/RECORD"):
                assert digest == size == ""
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data), name
        fields = dict(line.split(": ", 1) for line in wheel.read(f"{dist_info}/WHEEL").decode().splitlines() if line)
        metadata = wheel.read(f"{dist_info}/METADATA").decode()
        assert f"\nVersion: {version}\n" in metadata and "Name: pathscope\n" in metadata
        tag = fields["Tag"]
        assert wheel_path.name == f"pathscope-{version}-{tag}.whl" and fields["Root-Is-Purelib"] == "false"
        wheel.extract(extension, tmp_path / "unpacked")

    # pip's own list of the tags this interpreter installs.
    accepted = run(venv / "bin" / "python", "-I", "-c",
                   "from pip._vendor.packaging.tags import sys_tags; print('\\n'.join(map(str, sys_tags())))")
    assert tag in accepted.split()

    # The install RUNPATH: the CUDA runtime where the build found it, never the build folder.
    unpacked = tmp_path / "unpacked" / extension
    runpath = [entry for entry in ":".join(dynamic_section(unpacked, ["RUNPATH", "RPATH"])).split(":") if entry]
    assert not any(str(BUILD) in entry for entry in runpath), runpath
    for needed in dynamic_section(unpacked, ["NEEDED"]):
        if needed.startswith("libcudart"):
            assert any((Path(entry) / needed).exists() for entry in runpath), (needed, runpath)

    run(*pip, "install", "--no-index", wheel_path, env=environment)
    # -I: no user site, no PYTHONPATH, not the current folder: only the venv can answer. The venv
    # has no NumPy, which `import pathscope` and a load do not need.
    probe = ("import importlib.util, pathscope; "
             "assert importlib.util.find_spec('numpy') is None; "
             "g = pathscope.load_graph('random:n=50,deg=3,seed=2'); "
             "print(pathscope.__file__, pathscope.__version__, g.n)")
    file, printed_version, n = run(venv / "bin" / "python", "-I", "-c", probe, cwd=tmp_path).split()
    assert Path(file).resolve().is_relative_to(venv.resolve())
    assert printed_version == version and n == "50"
