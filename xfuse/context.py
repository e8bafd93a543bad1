"""The xDSL Context xfuse parses and transforms with.

The dialects are those `xdsl-opt` loads (xDSL's own and every `xdsl.universe` plugin's, see
`xdsl.universe.Universe.get_multiverse`), registered as they are, except that each dialect xfuse
extends (`DIALECT_EXTENSIONS`: `scf`, `tensor`, `linalg`, ...) is replaced by the same dialect
with xfuse's extra ops appended (see xfuse/dialects). Keeping the dialect names unchanged is what
lets IR printed by mlir-opt 22 parse here and vice versa. This full extension also replaces some
of xDSL's ops by MLIR 22's spelling of them; plain `xdsl-opt` gets only the ops xDSL lacks
(`AddedOpsDialectFactory`, installed by xfuse's universe: xfuse/universe.py) unless asked for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.universe import Universe
from xdsl.ir import Dialect

from xfuse.dialects import DIALECT_EXTENSIONS, XDSL_SPELLING_CHANGES


def extend_dialect(base: Dialect, extension: Dialect) -> Dialect:
    """`base` with the operations and attributes of `extension` appended; an extension op or
    attribute with the name of one of `base` replaces it (xfuse's MLIR-faithful subclasses of
    xDSL ops: xfuse/dialects/linalg_syntax.py, transform.py), and xDSL's attributes of the
    dialect print as MLIR 22 prints them where xfuse changes that (`XDSL_SPELLING_CHANGES`)."""
    op_names = {op.name for op in extension.operations}
    attr_names = {attr.name for attr in extension.attributes}
    if (respell := XDSL_SPELLING_CHANGES.get(base.name)) is not None:
        respell()
    return Dialect(
        base.name,
        [*(op for op in base.operations if op.name not in op_names), *extension.operations],
        [*(a for a in base.attributes if a.name not in attr_names), *extension.attributes],
        [*base._interfaces, *extension._interfaces],  # pyright: ignore[reportPrivateUsage]
    )


LEFT_TO_XFUSE_OPT = frozenset({"arith.remf"})
"""Ops of xfuse's that xDSL lacks but plain `xdsl-opt` does not get (`add_missing_ops`): xDSL's
own tests write `"arith.remf"` as an unregistered op (transforms/cse.mlir, under
`--allow-unregistered-dialect`), which, registered, would print in its custom form."""


def add_missing_ops(base: Dialect, extension: Dialect) -> Dialect:
    """`base` with only the operations and attributes of `extension` whose names it lacks: what
    xfuse adds to xDSL's dialects in plain `xdsl-opt`, changing nothing of what `base` reads,
    prints or verifies. The ops of `LEFT_TO_XFUSE_OPT` are not added."""
    op_names = {op.name for op in base.operations} | LEFT_TO_XFUSE_OPT
    attr_names = {attr.name for attr in base.attributes}
    return Dialect(
        base.name,
        [*base.operations, *(op for op in extension.operations if op.name not in op_names)],
        [*base.attributes, *(a for a in extension.attributes if a.name not in attr_names)],
        list(base._interfaces),  # pyright: ignore[reportPrivateUsage]
    )


def xfuse_dialect_factories() -> dict[str, Callable[[], Dialect]]:
    """Every dialect xfuse knows, by name: the multiverse's (extended where xfuse adds ops) and
    xfuse's own."""
    return with_xfuse_extensions(Universe.get_multiverse().all_dialects)


def with_xfuse_extensions(factories: Mapping[str, Callable[[], Dialect]]) -> dict[str, Callable[[], Dialect]]:
    """`factories` with every entry of `DIALECT_EXTENSIONS` applied: a dialect xfuse extends gets
    an `ExtendedDialectFactory`, a dialect of xfuse's own is added. A factory that is already an
    `ExtendedDialectFactory` is kept, and an `AddedOpsDialectFactory` is extended from its base
    (xfuse's universe installs either in xDSL's universe, see xfuse/universe.py), so applying
    this twice changes nothing."""
    extended = dict(factories)
    for name, extension_factory in DIALECT_EXTENSIONS.items():
        base_factory = extended.get(name)
        if isinstance(base_factory, AddedOpsDialectFactory):
            base_factory = base_factory.base
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


@dataclass(frozen=True)
class AddedOpsDialectFactory:
    """Builds the dialect of `base` with only the ops of `extension` it lacks (`add_missing_ops`)."""

    base: Callable[[], Dialect]
    extension: Callable[[], Dialect]

    def __call__(self) -> Dialect:
        return add_missing_ops(self.base(), self.extension())


def make_context(allow_unregistered: bool = False) -> Context:
    """A Context that parses everything xDSL parses plus xfuse's ops (lazily loaded)."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in xfuse_dialect_factories().items():
        ctx.register_dialect(name, factory)
    return ctx
