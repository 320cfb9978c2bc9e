"""numba's `njit`, typed to accept the private `_nrt` flag that the game loops compile with.

At run time `njit` is numba's own function, so the kernels compile exactly as before. numba's type
stubs list only the public options and refuse `_nrt=False`; this signature adds it for mypy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal, Protocol, TypeVar, overload

    from numba.core.dispatcher import Dispatcher

    _F = TypeVar("_F", bound=Callable[..., object])

    class _Wrapper(Protocol):
        def __call__(self, fn: _F, /) -> Dispatcher[_F]: ...

    @overload
    def njit(fn: _F, /) -> Dispatcher[_F]: ...
    @overload
    def njit(
        *, cache: bool = False, _nrt: bool = True, nogil: bool = False, inline: Literal["never", "always"] = "never"
    ) -> _Wrapper: ...
    def njit(fn: object = None, /, **options: object) -> object:
        """The options the project compiles with; mypy reads only the overloads above."""
        raise NotImplementedError  # never defined at run time: numba's njit is
else:
    from numba import njit

__all__ = ["njit"]
