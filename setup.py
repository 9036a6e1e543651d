"""Build hook for snekide; the project metadata lives in pyproject.toml.

A non-editable build (``pip install .``, wheels built from the sdist) compiles
the host firmware with ``make posix`` and ships the binary as
``snekide/firmware/snek``, the IDE's built-in simulator, so that an installed
snekide needs neither a checkout nor make. The firmware sources are copied to
a temporary directory and built there, so the source tree (and any existing
``firmware/build/`` in it) is left alone. Editable installs skip this: the IDE
then uses the checkout's ``firmware/build/posix/snek`` (``make firmware``).

The same build makes the board images ``snekide-flash`` installs (see
IMAGES) and ships them in ``snekide/flash/images/``, with ``built.json``
recording which were built. An image whose compiler (or whose port in
``firmware/ports/``) is missing is left out with a warning that says so, and
snekide explains it when asked to install on that board; an image that
fails to compile fails the build.

Needs a C compiler and make at build time; ``MAKE`` overrides the make program
and ``CC`` the compiler, as usual; ``AVR_CC`` and ``ARM_CC`` the board compilers.
"""

import json

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.errors import SetupError

HERE = Path(__file__).resolve().parent
FIRMWARE_SRC = HERE / "firmware"
#: Location of the bundled binary inside the package (see snekide/firmware).
BUNDLED = Path("snekide", "firmware", "snek")
#: Data shipped inside the package as snekide/data/NAME (see settings.shipped).
SHIPPED_DATA = ("lessons", "themes", "snekide.desktop", "snekide-mime.xml")
#: Where the board images go inside the package (see snekide/flash/images.py).
IMAGES_DIR = Path("snekide", "flash", "images")


@dataclass(frozen=True)
class BoardImage:
    """A board image: `make TARGET` leaves build/TARGET/FILE, compiled by COMPILER."""
    target: str
    file: str
    port: str           # its port's folder in firmware/ports/
    compiler_var: str   # the make variable naming its compiler
    compiler: str
    packages: str       # the Debian packages that bring the compiler
    label: str


IMAGES = [
    BoardImage("uno", "snek-uno.hex", "uno", "AVR_CC", "avr-gcc", "gcc-avr and avr-libc",
               "Arduino Uno and Duemilanove"),
    BoardImage("snekboard", "snek-snekboard.uf2", "snekboard", "ARM_CC", "arm-none-eabi-gcc",
               "gcc-arm-none-eabi and picolibc-arm-none-eabi", "Snekboard"),
]


def _copy_firmware_sources(dest: Path) -> None:
    """Copy firmware/ to dest, without build outputs."""
    def ignore(directory, names):
        skipped = {n for n in names if n == "__pycache__" or n.endswith((".o", ".pyc"))}
        if Path(directory) == FIRMWARE_SRC and "build" in names:
            skipped.add("build")
        return skipped

    shutil.copytree(FIRMWARE_SRC, dest, ignore=ignore)


class build_py(_build_py):
    """build_py that also compiles the host firmware into the package."""

    def _bundles_firmware(self) -> bool:
        return not getattr(self, "editable_mode", False)

    def run(self):
        super().run()
        if self._bundles_firmware() and not self.dry_run:
            self._build_firmware(Path(self.build_lib) / BUNDLED)
            self._copy_shipped_data(Path(self.build_lib) / "snekide" / "data")

    def _copy_shipped_data(self, target: Path) -> None:
        target.mkdir(parents=True, exist_ok=True)
        for name in SHIPPED_DATA:
            if (HERE / name).is_dir():
                shutil.copytree(HERE / name, target / name, dirs_exist_ok=True)
            else:
                shutil.copyfile(HERE / name, target / name)

    def get_outputs(self, include_bytecode=True):
        outputs = super().get_outputs(include_bytecode)
        if self._bundles_firmware():
            outputs.append(str(Path(self.build_lib) / BUNDLED))
            for name in SHIPPED_DATA:
                files = sorted((HERE / name).rglob("*")) if (HERE / name).is_dir() else [HERE / name]
                outputs += [str(Path(self.build_lib) / "snekide" / "data" / path.relative_to(HERE))
                            for path in files if path.is_file()]
            images = Path(self.build_lib) / IMAGES_DIR
            outputs += [str(images / name) for name in ("built.json", *(i.file for i in IMAGES))
                        if (images / name).is_file()]
        return outputs

    def _build_firmware(self, target: Path) -> None:
        if not (FIRMWARE_SRC / "Makefile").is_file():
            raise SetupError(f"firmware sources not found in {FIRMWARE_SRC}")
        make = os.environ.get("MAKE") or "make"
        with tempfile.TemporaryDirectory(prefix="snekide-firmware-") as tmp:
            src = Path(tmp) / "firmware"
            _copy_firmware_sources(src)
            cmd = [make, "-C", str(src), "posix", f"PYTHON={sys.executable}"]
            print("building the host firmware:", " ".join(cmd), flush=True)
            try:
                subprocess.run(cmd, check=True)
            except (OSError, subprocess.CalledProcessError) as exc:
                raise SetupError(
                    f"building the host firmware failed ({exc}); "
                    "a C compiler (gcc or clang) and make are needed"
                ) from exc
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / "build" / "posix" / "snek", target)
            os.chmod(target, 0o755)
            self._build_images(make, src, Path(self.build_lib) / IMAGES_DIR)

    def _build_images(self, make: str, src: Path, dest: Path) -> None:
        """Each board image that can be built here into dest, and built.json saying which."""
        dest.mkdir(parents=True, exist_ok=True)
        report = {}
        for image in IMAGES:
            missing, why = _cannot_build(image, src)
            if why:
                print(f"snekide: WARNING: the {image.label} image ({image.file}) is left out: "
                      f"{why}{f' (Debian: {image.packages})' if missing == 'compiler' else ''}. "
                      "snekide-flash and the IDE will say so when asked to install on that "
                      "board.", file=sys.stderr, flush=True)
            else:
                cmd = [make, "-C", str(src), image.target, f"PYTHON={sys.executable}"]
                print("building the", image.label, "image:", " ".join(cmd), flush=True)
                try:
                    subprocess.run(cmd, check=True)
                except (OSError, subprocess.CalledProcessError) as exc:
                    raise SetupError(f"building the {image.label} image failed ({exc})") from exc
                shutil.copyfile(src / "build" / image.target / image.file, dest / image.file)
            report[image.file] = {"built": not why, "missing": missing, "why": why}
        (dest / "built.json").write_text(json.dumps(report, indent=1) + "\n")


def _cannot_build(image: BoardImage, src: Path) -> tuple[str, str]:
    """What is missing to build image from src here ("port" or "compiler") and why, in
    words; ("", "") if nothing is."""
    if not (src / "ports" / image.port).is_dir():
        return "port", f"the {image.label} port is not in this snekide's sources yet"
    compiler = os.environ.get(image.compiler_var) or image.compiler
    if shutil.which(compiler) is None:
        return "compiler", f"its compiler {compiler} was not found"
    return "", ""


class BinaryDistribution(Distribution):
    """The package holds a native binary: a platform wheel, laid out in
    platlib, not a pure-Python one."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": build_py}

try:  # setuptools >= 70.1 ships bdist_wheel; older ones use the wheel package
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:  # pragma: no cover
    try:
        from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
    except ImportError:
        _bdist_wheel = None

if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """Tag the wheel for this platform but any Python 3: the firmware
        does not link against Python."""

        def get_tag(self):
            _, _, plat = super().get_tag()
            return "py3", "none", plat

    cmdclass["bdist_wheel"] = bdist_wheel

setup(cmdclass=cmdclass, distclass=BinaryDistribution)
