"""``razzmatazz GAME new-policy NAME``: a documented policy file of the user's own that plays as written."""

from __future__ import annotations

import os
import string
import tempfile
from collections.abc import Callable
from pathlib import Path

import click

from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import NAME, Registry


def add_new_policy(group: click.Group, game: str, template: str, registry: Callable[[], Registry]) -> None:
    """Give ``group`` (the game ``game``'s commands) a ``new-policy`` command writing ``template``;
    ``registry`` gives the game's built-in policies (called only when the command runs: it loads numba)."""

    @group.command("new-policy")
    @click.argument("name")
    @click.option(
        "--out",
        type=click.Path(path_type=Path),
        default=None,
        metavar="FILE.py",
        help="Where to write it (default: NAME.py in this folder, '-' as '_'); an existing file is kept.",
    )
    def new_policy(name: str, out: Path | None) -> None:
        """Write a policy file to edit: its observation, its moves, one parameter with a range; it plays as
        written with --plugin.

        \b
        Examples:
          razzmatazz GAME new-policy mine
          razzmatazz GAME play --plugin mine.py --policy mine
        """
        path = out if out is not None else Path(name.replace("-", "_") + ".py")
        write_policy(path, name, template, registry())
        click.echo(f"wrote {path}: try 'razzmatazz {game} play --plugin {path} --policy {name}'")

    new_policy.help = (new_policy.help or "").replace("GAME", game)


def write_policy(path: Path, name: str, template: str, registry: Registry) -> None:
    """Write ``template`` for the policy ``name`` to ``path``, whole or not at all; refuse a name that is not a
    policy name or is taken by a built-in, and a path that exists or is not a ``.py`` file."""
    if not NAME.fullmatch(name):
        raise InputError(
            f"policy name {shorten(name)!r} must start with a lowercase letter, then only lowercase letters, "
            "digits, '-' or '_'"
        )
    taken = {s.name for s in registry} | {p.name for p in registry.presets()}
    if name in taken:
        raise InputError(f"policy name {name!r} is a built-in {registry.game} policy's; choose another")
    where = shorten(str(path), 160)
    if path.suffix != ".py":
        raise InputError(f"{where}: a policy file must end in .py")
    if path.exists() or path.is_symlink():
        raise InputError(f"{where} exists; remove it or give another --out")
    if not path.parent.is_dir():
        raise InputError(f"{where}: no folder {shorten(str(path.parent), 160)}")
    text = string.Template(template).substitute(name=name, file=path)
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        raise InputError(f"{where} cannot be written: {e.strerror}") from None
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.link(tmp, path)  # fails if the file appeared meanwhile: never overwritten
    except FileExistsError:
        raise InputError(f"{where} exists; remove it or give another --out") from None
    except OSError as e:
        raise InputError(f"{where} cannot be written: {e.strerror}") from None
    finally:
        os.unlink(tmp)
