"""The PEP 517 build backend behind `pip install .` (pyproject.toml names it).

Standard library only, so that pip needs nothing from a package index, with or without build
isolation: Debian has no scikit-build, and these machines reach Debian's archive only. CMake does
the build (scripts/user/build.sh: compiler cache, CUDA engines when nvcc is there, the CUDA
architecture default); this file packs what `cmake --install --component python` puts in place
(the package's .py files, the _core extension with its install RUNPATH, stubs) into a wheel.

Which build folder:
  - `--config-settings=build-dir=FOLDER` or the environment variable PATHSCOPE_BUILD_DIR: an
    existing build (scripts/user/build.sh ... -DPATHSCOPE_PYTHON=ON) is reused, not
    reconfigured: only `cmake --build FOLDER --target pathscope_python` runs (nothing to do when
    it is up to date), so a test run that has built the project installs it without a second
    compile. Its module must have been built for the interpreter pip runs (same EXT_SUFFIX).
  - otherwise build-wheel/ in the source tree, configured for the interpreter pip runs (a venv's
    python is fine), without the GUI and the tests; kept, so a second install is incremental.

Hooks: get_requires_for_build_wheel, prepare_metadata_for_build_wheel, build_wheel. No sdist
and no editable install.
"""
import base64
import csv
import hashlib
import io
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NAME = "pathscope"
SUMMARY = ("Graph paths on CPU and GPU: all-pairs, single-source and pair distances, reachability, "
           "tours and correlation networks over NumPy arrays")
# Loose files get a fixed time, so that two builds of the same files give the same wheel.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _say(message):
    print(f"pathscope_wheel: {message}", file=sys.stderr, flush=True)


def _version():
    """The one project version: CMake's project(... VERSION x.y.z)."""
    text = (ROOT / "CMakeLists.txt").read_text()
    found = re.search(r"project\(\s*pathscope\s+VERSION\s+([0-9][0-9.]*)", text)
    if not found:
        raise RuntimeError(f"{ROOT / 'CMakeLists.txt'}: no project(pathscope VERSION x.y.z) line")
    return found.group(1)


def _tag():
    """python-abi-platform of this interpreter, e.g. cp311-cp311-linux_x86_64."""
    impl = {"cpython": "cp", "pypy": "pp"}.get(sys.implementation.name, sys.implementation.name)
    interpreter = f"{impl}{sys.version_info[0]}{sys.version_info[1]}"
    soabi = sysconfig.get_config_var("SOABI") or ""
    parts = soabi.split("-")
    if parts[0] == "cpython" and len(parts) > 1:
        abi = "cp" + parts[1]  # cpython-311-x86_64-linux-gnu -> cp311 (cp311d for a debug build)
    else:
        abi = "_".join(parts[:2]).replace(".", "_") or "none"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{abi}-{platform}"


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {SUMMARY}\n"
            "Requires-Python: >=3.8\n"
            # NumPy is needed by every call that returns arrays, but not by `import pathscope`;
            # it is not declared, so that an install with no package index (Debian's NumPy seen
            # through --system-site-packages) never tries to fetch it.
            "Description-Content-Type: text/plain\n\n"
            "The pathscope graph engine's Python module. Built from the repository with CMake; "
            "see its README, section Python.\n")


def _wheel_file():
    return (f"Wheel-Version: 1.0\nGenerator: pathscope_wheel (app/python/build_backend)\n"
            f"Root-Is-Purelib: false\nTag: {_tag()}\n")


def _setting(config_settings, key):
    value = (config_settings or {}).get(key)
    if isinstance(value, list):  # pip passes a repeated setting as a list
        value = value[-1]
    return value


def _cache_value(build, name):
    cache = build / "CMakeCache.txt"
    for line in cache.read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    return None


def _run(command, **kwargs):
    _say(" ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, stdout=sys.stderr, **kwargs)


def _build(config_settings):
    """The build folder, built up to date for this interpreter."""
    chosen = _setting(config_settings, "build-dir") or os.environ.get("PATHSCOPE_BUILD_DIR")
    if chosen:
        build = Path(chosen).resolve()
        if not (build / "CMakeCache.txt").exists():
            raise RuntimeError(f"build-dir {build} is not a CMake build folder (no CMakeCache.txt): build the project "
                               "there first (scripts/user/build.sh FOLDER -DPATHSCOPE_PYTHON=ON), or leave build-dir "
                               "unset to build into build-wheel/")
        if not _cache_value(build, "PATHSCOPE_PYTHON_EXECUTABLE"):
            raise RuntimeError(f"the build in {build} has no Python module: configure it with -DPATHSCOPE_PYTHON=ON "
                               "(python3-dev and pybind11-dev: scripts/user/install-deps.sh)")
        _run(["cmake", "--build", build, "--target", "pathscope_python"])
        return build
    build = ROOT / "build-wheel"
    env = dict(os.environ, PATHSCOPE_BUILD_TARGETS="pathscope_python")
    _run(["bash", ROOT / "scripts" / "user" / "build.sh", build, "-DPATHSCOPE_PYTHON=ON", "-DPATHSCOPE_GUI=OFF",
          "-DPATHSCOPE_TESTS=OFF", f"-DPython3_EXECUTABLE={sys.executable}"], env=env)
    return build


def _staged_package(build, stage):
    """Installs the python component under `stage`; returns the installed package folder."""
    _run(["cmake", "--install", build, "--component", "python", "--prefix", stage])
    package = stage / (_cache_value(build, "PATHSCOPE_PYTHON_INSTALL_DIR") or "lib/python3/dist-packages") / NAME
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    extensions = sorted(package.glob("_core*.so"))
    if not extensions:
        raise RuntimeError(f"cmake --install {build} put no _core extension in {package}")
    if not any(e.name == "_core" + suffix for e in extensions):
        built_for = _cache_value(build, "PATHSCOPE_PYTHON_EXECUTABLE")
        raise RuntimeError(f"the module in {build} is {extensions[0].name}, built for {built_for}, but this "
                           f"interpreter ({sys.executable}) imports _core{suffix}: give a build made for it, or leave "
                           "build-dir unset to build into build-wheel/")
    return package


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def _write_wheel(path, files):
    """files: (name in the wheel, bytes, executable); RECORD is added last."""
    records = []
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for name, data, executable in files:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = (0o755 if executable else 0o644) << 16
            wheel.writestr(info, data)
            records.append(_record_line(name, data))
        record_name = f"{_dist_info()}/RECORD"
        text = io.StringIO()
        writer = csv.writer(text, lineterminator="\n")
        writer.writerows(records)
        writer.writerow([record_name, "", ""])
        info = zipfile.ZipInfo(record_name, date_time=ZIP_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        wheel.writestr(info, text.getvalue())


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = Path(metadata_directory) / _dist_info()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "METADATA").write_text(_metadata())
    (folder / "WHEEL").write_text(_wheel_file())
    return folder.name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    build = _build(config_settings)
    with tempfile.TemporaryDirectory(prefix="pathscope-wheel-") as stage_name:
        package = _staged_package(build, Path(stage_name))
        files = []
        for path in sorted(p for p in package.rglob("*") if p.is_file()):
            if "__pycache__" in path.parts:
                continue
            name = f"{NAME}/{path.relative_to(package).as_posix()}"
            files.append((name, path.read_bytes(), path.suffix == ".so"))
        files.append((f"{_dist_info()}/METADATA", _metadata().encode(), False))
        files.append((f"{_dist_info()}/WHEEL", _wheel_file().encode(), False))
        files.append((f"{_dist_info()}/top_level.txt", f"{NAME}\n".encode(), False))
        wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
        target = Path(wheel_directory) / wheel_name
        # Written beside its final name and renamed: an interrupted build leaves no broken wheel.
        partial = target.with_name(target.name + ".partial")
        try:
            _write_wheel(partial, files)
            os.replace(partial, target)
        finally:
            if partial.exists():
                partial.unlink()
    _say(f"wrote {target} from {build}")
    return wheel_name
