"""The xDSL Context xfuse parses and transforms with.

The dialects are those `xdsl-opt` loads (xDSL's own and every `xdsl.universe` plugin's, see
`xdsl.universe.Universe.get_multiverse`), registered as they are, except that each dialect xfuse
extends (`DIALECT_EXTENSIONS`: `scf`, `tensor`, `linalg`, ...) is replaced by the same dialect
with xfuse's extra ops appended (see xfuse/dialects). Keeping the dialect names unchanged is what
lets IR printed by mlir-opt 22 parse here and vice versa. xfuse's universe applies the same
extension to xDSL's dialects in plain `xdsl-opt` (xfuse/universe.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.universe import Universe
from xdsl.ir import Dialect

from xfuse.dialects import DIALECT_EXTENSIONS


def extend_dialect(base: Dialect, extension: Dialect) -> Dialect:
    """`base` with the operations and attributes of `extension` appended; an extension op or
    attribute with the name of one of `base` replaces it (xfuse's MLIR-faithful subclasses of
    xDSL ops: xfuse/dialects/linalg_syntax.py, transform.py)."""
    op_names = {op.name for op in extension.operations}
    attr_names = {attr.name for attr in extension.attributes}
    return Dialect(
        base.name,
        [*(op for op in base.operations if op.name not in op_names), *extension.operations],
        [*(a for a in base.attributes if a.name not in attr_names), *extension.attributes],
        [*base._interfaces, *extension._interfaces],  # pyright: ignore[reportPrivateUsage]
    )


def xfuse_dialect_factories() -> dict[str, Callable[[], Dialect]]:
    """Every dialect xfuse knows, by name: the multiverse's (extended where xfuse adds ops) and
    xfuse's own."""
    return with_xfuse_extensions(Universe.get_multiverse().all_dialects)


def with_xfuse_extensions(factories: Mapping[str, Callable[[], Dialect]]) -> dict[str, Callable[[], Dialect]]:
    """`factories` with every entry of `DIALECT_EXTENSIONS` applied: a dialect xfuse extends gets
    an `ExtendedDialectFactory`, a dialect of xfuse's own is added. A factory that is already an
    `ExtendedDialectFactory` is kept (xfuse's universe installs them in xDSL's universe, see
    xfuse/universe.py), so applying this twice changes nothing."""
    extended = dict(factories)
    for name, extension_factory in DIALECT_EXTENSIONS.items():
        base_factory = extended.get(name)
        if base_factory is None:
            extended[name] = extension_factory
        elif not isinstance(base_factory, ExtendedDialectFactory):
            extended[name] = ExtendedDialectFactory(base_factory, extension_factory)
    return extended


@dataclass(frozen=True)
class ExtendedDialectFactory:
    """Builds the dialect of `base` with the ops of `extension` appended (`extend_dialect`)."""

    base: Callable[[], Dialect]
    extension: Callable[[], Dialect]

    def __call__(self) -> Dialect:
        return extend_dialect(self.base(), self.extension())


def make_context(allow_unregistered: bool = False) -> Context:
    """A Context that parses everything xDSL parses plus xfuse's ops (lazily loaded)."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in xfuse_dialect_factories().items():
        ctx.register_dialect(name, factory)
    return ctx
