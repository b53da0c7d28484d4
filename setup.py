"""Builds the fplab extension module with CMake (the FPLAB_BUILD_PYTHON part of this repository, nothing else:
no GUI, no CUDA, no tests) for the interpreter running pip, and puts it into the package. pyproject.toml holds
the metadata."""

import os
import pathlib
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DFPLAB_BUILD_GUI=OFF", "-DFPLAB_BUILD_CUDA=OFF", "-DFPLAB_BUILD_TESTS=OFF",
                     "-DFPLAB_BUILD_BENCHMARKS=OFF", "-DFPLAB_BUILD_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}"]
        if subprocess.run(["ninja", "--version"], capture_output=True).returncode == 0:
            configure += ["-G", "Ninja"]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "--target", "fplab_python_core", "-j", jobs], check=True)
        built = next((build / "app" / "python" / "fplab").glob("_core*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


setup(ext_modules=[CMakeExtension("fplab._core")], cmdclass={"build_ext": CMakeBuild})
