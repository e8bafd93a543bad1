"""The xDSL Context xfuse parses and transforms with.

The dialects are those `xdsl-opt` loads (xDSL's own and every `xdsl.universe` plugin's, see
`xdsl.universe.Universe.get_multiverse`), registered as they are, except that `scf`, `tensor` and `linalg` are
replaced by the same dialect with xfuse's extra ops appended (see xfuse/dialects). Keeping the
dialect names unchanged is what lets IR printed by mlir-opt 22 parse here and vice versa.
"""

from __future__ import annotations

from collections.abc import Callable

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
    factories = dict(Universe.get_multiverse().all_dialects)
    for name, extension_factory in DIALECT_EXTENSIONS.items():
        base_factory = factories.get(name)
        if base_factory is None:
            factories[name] = extension_factory
        else:
            factories[name] = _extended_factory(base_factory, extension_factory)
    return factories


def _extended_factory(
    base_factory: Callable[[], Dialect], extension_factory: Callable[[], Dialect]
) -> Callable[[], Dialect]:
    return lambda: extend_dialect(base_factory(), extension_factory())


def make_context(allow_unregistered: bool = False) -> Context:
    """A Context that parses everything xDSL parses plus xfuse's ops (lazily loaded)."""
    ctx = Context(allow_unregistered=allow_unregistered)
    for name, factory in xfuse_dialect_factories().items():
        ctx.register_dialect(name, factory)
    return ctx
