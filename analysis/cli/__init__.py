"""The ``razzmatazz`` command line: each registered game's group (from its room), the studies and the report.

Errors are one line on stderr with exit status 2, never a traceback: input checks live in the
Python API (:mod:`razzmatazz.analysis`, :mod:`razzmatazz.core`), which raises
:class:`~razzmatazz.core.errors.InputError`; this group only turns it into that line. Heavy
modules (numba, pandas) are imported inside commands so that ``--help`` stays fast.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from razzmatazz.analysis import games
from razzmatazz.analysis.cli.console import guard_streams
from razzmatazz.analysis.cli.ladder import ladder_cmd
from razzmatazz.analysis.cli.options import flush_stdout
from razzmatazz.analysis.cli.play import add_play
from razzmatazz.analysis.cli.report import report
from razzmatazz.analysis.cli.strong import exploit_cmd, tune_cmd
from razzmatazz.analysis.cli.study import sweep_cmd, tournament_cmd
from razzmatazz.analysis.plugins import LOADED
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.threads import check_environment


class Terminated(BaseException):
    """SIGTERM arrived: unwind like Ctrl-C so that partial results are cleaned up."""


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated


class _Cli(click.Group):
    """A group whose errors are one line on stderr with exit status 2, never a traceback."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,  # noqa: D102
        complete_var: str | None = None,
        standalone_mode: bool = True,  # always False: errors are one line
        **extra: Any,
    ) -> NoReturn:
        guard_streams()
        LOADED.clear()  # the policy files of this command (tests run many in one process)
        signal.signal(signal.SIGTERM, _terminate)
        try:
            check_environment()
            games.check_registry()
            super().main(args, prog_name or "razzmatazz", complete_var, standalone_mode=False, **extra)
            flush_stdout()
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.format_message())
            sys.exit(2)
        except click.exceptions.NoSuchOption as e:
            if e.option_name.lstrip("-").replace(".", "", 1).isdigit():  # click reads --trace=-1 as an option -1
                fail(f"got {e.option_name} where a number from 0 up is expected")
            fail(e.format_message())
        except click.ClickException as e:
            fail(e.format_message())
        except InputError as e:
            fail(str(e))
        except (click.Abort, KeyboardInterrupt):
            click.echo("razzmatazz: interrupted", err=True)
            _leave(130)
        except Terminated:
            click.echo("razzmatazz: terminated", err=True)
            _leave(143)
        except Exception as e:
            _user_code_failed(e)
            raise
        sys.exit(0)


def _user_code_failed(e: Exception) -> None:
    """An error escaping a run that plays a user's policy file is that file's: say so in one line."""
    if LOADED:
        first = next((line for line in str(e).splitlines() if line.strip()), "")
        fail(
            f"the run stopped in the policy file {shorten(str(LOADED[-1]), 160)}: {type(e).__name__}"
            + (f": {shorten(first, 120)}" if first else "")
        )


def _leave(code: int) -> None:
    """Exit now, even while a worker thread is still inside a kernel (a user's policy that never returns)."""
    if threading.active_count() > 1:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, InputError):
                pass
        os._exit(code)
    sys.exit(code)


def fail(message: str) -> None:
    """Print ``razzmatazz: error: MESSAGE`` as one line on stderr and exit with status 2."""
    click.echo("razzmatazz: error: " + " ".join(message.split()), err=True)
    sys.exit(2)


@click.group(name="razzmatazz", cls=_Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="razzmatazz")
def main() -> None:
    """Monte Carlo strategy analyser for Razz, Razzia and Riffifi.

    \b
    Example:
      razzmatazz razz equity A23 --vs 678
    """


for _name in games.names():  # each game's room brings its own group (razzmatazz GAME ...), and its play form
    _spec = games.game(_name)
    if (_group := _spec.command) is not None:
        if _spec.form:
            add_play(_group, _spec, _spec.play_form)
        main.add_command(_group)
main.add_command(tournament_cmd)
main.add_command(sweep_cmd)
main.add_command(exploit_cmd)
main.add_command(tune_cmd)
main.add_command(ladder_cmd)
main.add_command(report)
