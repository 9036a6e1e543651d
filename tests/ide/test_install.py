"""A pip-installed snekide bundles the host firmware and needs no checkout.

Each test installs a copy of the checkout (no ``.git``, ``.venv`` or build
outputs) into a fresh virtual environment with ``pip install --no-deps``: the
tests check our packaging (setup.py's build hook, MANIFEST.in), not PyPI. The
build itself is a real PEP 517 isolated build, so pip fetches setuptools for
the build backend; the firmware compile needs make and a C compiler.

The copy gets decoy build leftovers in ``firmware/build/`` (a fake ``snek``
that is newer than every source): the bundled binary must be compiled from the
sources, and no leftover may end up in the sdist, the wheel or the venv.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
VERSION = "snekide 0.1.0"
#: pip builds in an isolated environment (fetching setuptools) and compiles
#: the firmware (about 10 s): be generous, CI machines can be slow.
INSTALL_TIMEOUT = 900
RUN_TIMEOUT = 120

#: Not copied from the checkout: VCS data, environments, build outputs.
TOP_LEVEL_SKIP = {".git", ".venv", "build", "dist", ".pytest_cache", "test-output"}
DECOY_OUTPUT = "decoy build leftover"


def clean_env() -> dict[str, str]:
    """Environment for subprocesses: nothing that points Python at the checkout."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV",
                "PYTHONNOUSERSITE", "PIP_USER", "PIP_TARGET", "PIP_PREFIX"):
        env.pop(var, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    return env


def run(cmd, *, cwd: Path, timeout: float = RUN_TIMEOUT, input: str | None = None,
        ) -> subprocess.CompletedProcess:
    """Run cmd (outside the checkout) and fail the test with its output if it fails."""
    cmd = [str(c) for c in cmd]
    try:
        result = subprocess.run(cmd, cwd=cwd, env=clean_env(), input=input,
                                capture_output=True, text=True, timeout=timeout,
                                check=False)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{' '.join(cmd)} timed out after {timeout} s:\n"
                    f"{exc.stdout}\n{exc.stderr}")
    if result.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed with exit code {result.returncode}:\n"
                    f"--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
    return result


def copy_checkout(dest: Path) -> Path:
    """Copy the checkout's sources to dest and plant decoy build leftovers."""
    def ignore(directory: str, names: list[str]) -> set[str]:
        skipped = {n for n in names if n == "__pycache__" or n.endswith(".egg-info")}
        here = Path(directory)
        if here == REPO_ROOT:
            skipped |= TOP_LEVEL_SKIP & set(names)
        elif here == REPO_ROOT / "firmware":
            skipped |= {"build"} & set(names)
        return skipped

    shutil.copytree(REPO_ROOT, dest, ignore=ignore, symlinks=True)
    build = dest / "firmware" / "build" / "posix"
    (build / "gen").mkdir(parents=True)
    (build / "gen" / "grammar.h").write_text("#error decoy\n")
    (build / "gen" / "names.h").write_text("#error decoy\n")
    (build / "leftover.o").write_bytes(b"decoy")
    decoy = build / "snek"
    decoy.write_text(f"#!/bin/sh\necho '{DECOY_OUTPUT}'\n")
    decoy.chmod(0o755)
    return dest


@dataclass
class Venv:
    root: Path

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    def script(self, name: str) -> Path:
        return self.root / "bin" / name

    def pip(self, *args, cwd: Path) -> subprocess.CompletedProcess:
        return run([self.python, "-m", "pip", *args], cwd=cwd, timeout=INSTALL_TIMEOUT)

    def eval(self, code: str, cwd: Path) -> str:
        return run([self.python, "-c", code], cwd=cwd).stdout.strip()


def make_venv(path: Path) -> Venv:
    run([sys.executable, "-m", "venv", path], cwd=path.parent, timeout=300)
    venv = Venv(path)
    assert venv.python.exists()
    return venv


def check_simulator(binary: Path, cwd: Path) -> None:
    """binary is a working Snek interpreter: it answers print(6*7) with 42."""
    assert binary.is_file()
    assert os.access(binary, os.X_OK), f"{binary} is not executable"
    out = run([binary], cwd=cwd, input="print(6*7)\n").stdout
    assert DECOY_OUTPUT not in out, "the decoy firmware/build/ leftover was bundled"
    assert "42" in out, out


@dataclass
class Installed:
    venv: Venv
    work: Path  # a scratch directory outside the checkout and the venv
    modules: set[str]  # the package's .py files in the installed copy


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    """A fresh venv with ``pip install --no-deps <copy of the checkout>``;
    the copy is deleted afterwards: the installed snekide must not need it."""
    base = tmp_path_factory.mktemp("install")
    src = copy_checkout(base / "src")
    venv = make_venv(base / "venv")
    work = base / "work"
    work.mkdir()
    modules = {p.relative_to(src).as_posix() for p in (src / "snekide").rglob("*.py")}
    venv.pip("install", "--no-deps", src, cwd=work)
    shutil.rmtree(src)
    return Installed(venv, work, modules)


def test_console_script_version(installed):
    out = run([installed.venv.script("snekide"), "--version"], cwd=installed.work).stdout
    assert out.strip() == VERSION


def test_module_version(installed):
    out = run([installed.venv.python, "-m", "snekide", "--version"],
              cwd=installed.work).stdout
    assert out.strip() == VERSION


def test_package_is_imported_from_the_venv(installed):
    path = Path(installed.venv.eval("import snekide; print(snekide.__file__)",
                                    installed.work))
    assert path.is_relative_to(installed.venv.root)
    assert not path.is_relative_to(REPO_ROOT)


def test_bundled_simulator_runs(installed):
    venv = installed.venv
    out = venv.eval("from snekide.firmware import simulator_path; print(simulator_path())",
                    installed.work)
    assert out != "None", "the installed package has no bundled firmware"
    sim = Path(out)
    assert sim.is_absolute()
    assert sim.is_relative_to(venv.root.resolve()), f"{sim} is not inside the venv"
    assert not sim.is_relative_to(REPO_ROOT), f"{sim} is in the checkout"
    assert sim.parent.name == "firmware" and sim.name == "snek"
    check_simulator(sim, installed.work)


def test_no_build_leftovers_installed(installed):
    """The installed files (the wheel's RECORD) hold the one firmware binary
    and no other firmware build output or source."""
    code = ("import json, importlib.metadata as m\n"
            "print(json.dumps([str(f) for f in m.files('snekide')]))\n")
    files = json.loads(installed.venv.eval(code, installed.work))
    package = [f for f in files if f.startswith("snekide/") and "__pycache__" not in f]
    assert "snekide/__init__.py" in package
    firmware = sorted(f for f in package if f.startswith("snekide/firmware/"))
    assert firmware == ["snekide/firmware/__init__.py", "snekide/firmware/snek"]
    for f in files:
        assert not f.startswith("firmware/"), f
        assert "/build/" not in f and "/gen/" not in f, f
        assert not f.endswith((".o", ".c", ".h", ".ll", ".def")), f

    location = installed.venv.eval(
        "import snekide.firmware as f, os; print(os.path.dirname(f.__file__))",
        installed.work)
    on_disk = {p.name for p in Path(location).iterdir()} - {"__pycache__"}
    assert on_disk == {"__init__.py", "snek"}


def test_every_module_is_installed(installed):
    """Every module of the source package is in the installed one (a
    subpackage left out of the packaging would only break installed copies)."""
    code = ("import json, importlib.metadata as m\n"
            "print(json.dumps([str(f) for f in m.files('snekide')]))\n")
    files = set(json.loads(installed.venv.eval(code, installed.work)))
    assert "snekide/__main__.py" in installed.modules
    assert installed.modules - files == set()


@pytest.fixture(scope="module")
def sdist(installed, tmp_path_factory) -> Path:
    """The sdist of a copy of the checkout, built with the real backend."""
    base = tmp_path_factory.mktemp("sdist")
    src = copy_checkout(base / "src")
    venv = installed.venv
    # The build backend (pyproject's build-system.requires) in the test venv.
    requires = "setuptools>=77"
    venv.pip("install", requires, cwd=installed.work)
    dist = base / "dist"
    name = run([venv.python, "-c",
                f"from setuptools import build_meta; print(build_meta.build_sdist({str(dist)!r}))"],
               cwd=src, timeout=INSTALL_TIMEOUT).stdout.strip().splitlines()[-1]
    return dist / name


def test_sdist_has_firmware_sources_and_no_build(sdist):
    with tarfile.open(sdist) as tar:
        names = tar.getnames()
    top = names[0].split("/")[0]
    members = {n.removeprefix(top + "/") for n in names}
    for needed in ("setup.py", "pyproject.toml", "MANIFEST.in",
                   "snekide/__init__.py", "snekide/firmware/__init__.py",
                   "firmware/Makefile", "firmware/grammar.ll",
                   "firmware/tools/llgen.py", "firmware/tools/gennames.py",
                   "firmware/core/builtins.def", "firmware/ports/posix/main.c"):
        assert needed in members, f"{needed} missing from the sdist"
    assert any(m.startswith("firmware/core/") and m.endswith(".c") for m in members)
    assert not any(m.startswith("firmware/build") for m in members), \
        sorted(m for m in members if m.startswith("firmware/build"))
    assert "snekide/firmware/snek" not in members
    assert not any("__pycache__" in m or m.endswith((".pyc", ".o")) for m in members)


def test_wheel_from_sdist_bundles_working_firmware(installed, sdist, tmp_path):
    """pip builds a wheel from the sdist alone, with the firmware inside."""
    out = tmp_path / "wheels"
    installed.venv.pip("wheel", "--no-deps", "-w", out, sdist, cwd=installed.work)
    (wheel,) = out.glob("snekide-*.whl")
    assert wheel.name.endswith(".whl") and "-py3-none-" in wheel.name
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        firmware = sorted(n for n in names if n.startswith("snekide/firmware/"))
        assert firmware == ["snekide/firmware/__init__.py", "snekide/firmware/snek"]
        assert not any(n.startswith("firmware/") or "/build/" in n for n in names)
        mode = zf.getinfo("snekide/firmware/snek").external_attr >> 16
        assert mode & stat.S_IXUSR, oct(mode)
        binary = Path(zf.extract("snekide/firmware/snek", tmp_path / "unpacked"))
    binary.chmod(0o755)  # zipfile.extract drops the mode; checked above
    check_simulator(binary, tmp_path)


def test_editable_install_uses_the_checkout_build(tmp_path):
    """``pip install -e`` (as ``make venv`` does) compiles nothing: there
    simulator_path() is None and the IDE falls back to firmware/build/."""
    src = copy_checkout(tmp_path / "src")
    venv = make_venv(tmp_path / "venv")
    work = tmp_path / "work"
    work.mkdir()
    venv.pip("install", "--no-deps", "-e", src, cwd=work)
    out = venv.eval("import snekide, snekide.firmware as f\n"
                    "print(snekide.__file__)\nprint(f.simulator_path())", work)
    module, sim = out.splitlines()
    assert Path(module).resolve().is_relative_to(src.resolve())
    assert sim == "None"
    assert not (src / "snekide" / "firmware" / "snek").exists()
    out = run([venv.script("snekide"), "--version"], cwd=work).stdout
    assert out.strip() == VERSION


def test_lessons_themes_and_desktop_files_are_installed(installed):
    """The shipped lessons, themes, desktop entry and lesson file type come with the package,
    and the installed snekide-lesson runs an installed lesson on the bundled simulator."""
    code = ("from snekide import settings\n"
            "from snekide.lessons.library import shipped_lessons\n"
            "print(settings.shipped('lessons'))\n"
            "print(len(shipped_lessons()))\n"
            "print(sorted(p.stem for p in settings.shipped('themes').glob('*.toml')))\n"
            "print(settings.shipped('snekide.desktop').is_file(),"
            " settings.shipped('snekide-mime.xml').is_file())\n")
    folder, count, themes, desktop = installed.venv.eval(code, installed.work).splitlines()
    assert Path(folder).is_relative_to(installed.venv.root), folder
    assert int(count) >= 10
    assert themes == "['day', 'high-contrast', 'night']"
    assert desktop == "True True"
    # The venv was installed --no-deps: run the installed package with this Python's
    # markdown-it-py (PYTHONPATH comes before the checkout's editable install).
    site = Path(folder).parents[2]
    code = ("import snekide, sys; print(snekide.__file__, file=sys.stderr)\n"
            "from snekide.lessons.cli import main; sys.exit(main(sys.argv[1:]))")
    env = dict(clean_env(), PYTHONPATH=str(site))
    result = subprocess.run([sys.executable, "-c", code, "run", str(Path(folder) / "04-functions.md")],
                            cwd=installed.work, env=env, capture_output=True, text=True,
                            timeout=RUN_TIMEOUT, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert Path(result.stderr.strip()).is_relative_to(site)
    assert result.stdout.count(": ok") == 5, result.stdout
