"""Desktop bundles: Panda3D's `build_apps` options (`make dist`; README "Install").

The package itself (name, version, dependencies, package data) is described in pyproject.toml;
this file only adds the options Panda3D's build_apps reads, so `pip install .` is unchanged.
"""
from setuptools import setup

# Everything the program loads, copied beside the executable under its package path, where
# flickbook.resources looks for it in a bundle.
DATA = ["viewer/shaders/*.vert", "viewer/shaders/*.frag", "viewer/glonk/shaders/*.vert",
        "viewer/glonk/shaders/*.frag", "assets/**", "games/*/data/*.json",
        "analysis/*/data/*.json", "scenarios/*/*.flick", "scenarios/*/*.course"]

# Modules imported by name at run time (the game registry, per-game scenes and editors, solvers,
# bots), which the freezer cannot see in import statements.
BY_NAME = ["flickbook.*", "games.*", "games.*.*", "timeline.*", "physics.*", "scenarios.*",
           "scenarios.*.*", "analysis.*", "analysis.*.*", "viewer.*", "viewer.*.*"]

# Tools that write the bundled files, test and build packages: not part of the program.
NOT_SHIPPED = ["tkinter", "pytest", "hypothesis", "setuptools", "pkg_resources", "psutil", "yaml",
               "authoring", "authoring.*", "authoring.*.*",
               "analysis.glonk.train_evaluator", "sklearn", "matplotlib"]

setup(options={"build_apps": {
    # `flickbook` is the desktop program (no console window on Windows); `flickbook-cli` is the
    # same program for a terminal (render, export, check, selfplay...).
    "gui_apps": {"flickbook": "flickbook_cli.py"},
    "console_apps": {"flickbook-cli": "flickbook_cli.py"},
    "macos_main_app": "flickbook",
    "platforms": ["manylinux2014_x86_64", "win_amd64", "macosx_10_9_x86_64"],
    "requirements_path": "bundle/requirements.txt",
    "include_patterns": DATA,
    "exclude_patterns": [".venv/**", ".git/**", "build/**", "dist/**", "tests/**", "bench/**"],
    "include_modules": {"*": BY_NAME},
    "exclude_modules": {"*": NOT_SHIPPED},
    "plugins": ["pandagl", "p3headlessgl"],
    # PyPI's panda3d wheels serve; the panda3d.org index is not reachable from every builder.
    "use_optimized_wheels": False,
    "pypi_extra_indexes": [],
}})
