"""House rules: core stays free of front-end libraries and compiles nothing at import; ruff is clean."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK_CORE = """
import sys, importlib, pkgutil
import razzmatazz.core as core
from numba.core.registry import CPUDispatcher
names = [m.name for m in pkgutil.walk_packages(core.__path__, 'razzmatazz.core.')]
mods = [importlib.import_module(n) for n in names]
banned = [m for m in ('pandas', 'matplotlib', 'click', 'statsmodels') if m in sys.modules]
compiled = [f'{m.__name__}.{k}' for m in mods for k, v in vars(m).items()
            if isinstance(v, CPUDispatcher) and v.signatures]
kernels = sum(isinstance(v, CPUDispatcher) for m in mods for v in vars(m).values())
print(len(names), kernels, banned, compiled)
assert kernels > 10 and not banned and not compiled, (banned, compiled)
"""


def test_core_imports_no_front_end_and_compiles_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK_CORE], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_cli_help_does_not_load_numba() -> None:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom razzmatazz.analysis.cli import main\n"
            "r = CliRunner().invoke(main, ['razz', '--help'])\nassert r.exit_code == 0\n"
            "assert 'numba' not in sys.modules and 'pandas' not in sys.modules")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_ruff_clean() -> None:
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
