"""The `xdsl.universe` entry point: xfuse's passes inside plain `xdsl-opt`.

Passes are contributed, and the dialects xDSL does not have (`iree_encoding`). xfuse's extra
ops in the `scf`, `tensor` and `linalg` dialects are not: xDSL already owns those dialects, and a
universe may not define a dialect twice. Parsing IR that uses those ops needs `xfuse-opt` (or
`xfuse.make_context()`).
"""

from xdsl.universe import Universe

from xfuse.dialects import DIALECT_EXTENSIONS
from xfuse.transforms import get_all_passes


def _new_dialects() -> dict:
    """xfuse's dialects that are not extensions of one of xDSL's."""
    from xdsl.dialects import get_all_dialects

    return {name: factory for name, factory in DIALECT_EXTENSIONS.items() if name not in get_all_dialects()}


XFUSE_UNIVERSE = Universe(all_passes=get_all_passes(), all_dialects=_new_dialects())
