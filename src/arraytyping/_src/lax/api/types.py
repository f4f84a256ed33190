"""``jax.lax``'s option types, as JAX 0.10.2 defines and prints them: ``Precision`` and ``PrecisionLike``, the dot
algorithms (``DotAlgorithm``, ``DotAlgorithmPreset``), ``RaggedDotDimensionNumbers``, ``RandomAlgorithm``, and the
accuracy of the unary functions (``AccuracyMode``, ``Tolerance``). The dimension-number aliases
(``DotDimensionNumbers``, ``ConvGeneralDilatedDimensionNumbers``) are those of the functions that take them.

On CPU a precision or an algorithm changes nothing: the runtime's dot products take ``precision=None`` only.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any, NamedTuple, TypeAlias

from arraytyping._src.lax.api.functions import DotDimensionNumbers
from arraytyping.typing import DTypeLike

__all__ = ["AccuracyMode", "DotAlgorithm", "DotAlgorithmPreset", "Precision", "PrecisionLike",
           "RaggedDotDimensionNumbers", "RandomAlgorithm", "Tolerance"]


class Precision(enum.Enum):
    """The precision of a matrix product on accelerators (none on CPU): ``DEFAULT``, ``HIGH``, ``HIGHEST``, also
    named by the strings ``'default'``/``'fastest'``/``'bfloat16'``, ``'high'``/``'bfloat16_3x'``/``'tensorfloat32'``
    and ``'highest'``/``'float32'``.

    Example::

        lax.Precision("highest")   # Precision.HIGHEST
    """

    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2

    @classmethod
    def _missing_(cls, value: object) -> Precision | None:
        return _PRECISION_STRINGS.get(value)

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}.{self.name}"

    def __str__(self) -> str:
        return self.name


_PRECISION_STRINGS: dict[object, Precision] = {
    "highest": Precision.HIGHEST, "float32": Precision.HIGHEST, "high": Precision.HIGH,
    "bfloat16_3x": Precision.HIGH, "tensorfloat32": Precision.HIGH, "default": Precision.DEFAULT,
    "bfloat16": Precision.DEFAULT, "fastest": Precision.DEFAULT, None: Precision.DEFAULT}


class DotAlgorithm(NamedTuple):
    """The algorithm of a dot product: the types its operands are rounded to, its accumulation type, how many
    components and operations it uses, whether it may accumulate imprecisely.

    Example::

        lax.DotAlgorithm(np.float16, np.float16, np.float32).num_primitive_operations   # 1
    """

    lhs_precision_type: DTypeLike
    rhs_precision_type: DTypeLike
    accumulation_type: DTypeLike
    lhs_component_count: int = 1
    rhs_component_count: int = 1
    num_primitive_operations: int = 1
    allow_imprecise_accumulation: bool = False


class DotAlgorithmPreset(enum.Enum):
    """The dot algorithms known to some platform, named ``LHS_RHS_ACCUM`` (an ``_X3``, ``_X6`` or ``_X9`` suffix:
    that many operations emulate a higher precision).

    Example::

        lax.DotAlgorithmPreset.F16_F16_F32   # DotAlgorithmPreset.F16_F16_F32
    """

    DEFAULT = enum.auto()
    ANY_F8_ANY_F8_F32 = enum.auto()
    ANY_F8_ANY_F8_F32_FAST_ACCUM = enum.auto()
    ANY_F8_ANY_F8_ANY = enum.auto()
    ANY_F8_ANY_F8_ANY_FAST_ACCUM = enum.auto()
    F16_F16_F16 = enum.auto()
    F16_F16_F32 = enum.auto()
    BF16_BF16_BF16 = enum.auto()
    BF16_BF16_F32 = enum.auto()
    BF16_BF16_F32_X3 = enum.auto()
    BF16_BF16_F32_X6 = enum.auto()
    BF16_BF16_F32_X9 = enum.auto()
    TF32_TF32_F32 = enum.auto()
    TF32_TF32_F32_X3 = enum.auto()
    F32_F32_F32 = enum.auto()
    F64_F64_F64 = enum.auto()

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}.{self.name}"

    def __str__(self) -> str:
        return self.name


PrecisionLike: TypeAlias = (None | str | Precision | tuple[str, str] | tuple[Precision, Precision] | DotAlgorithm
                             | DotAlgorithmPreset)
"""What a ``precision=`` argument may be."""


@dataclasses.dataclass(frozen=True, init=False)
class RaggedDotDimensionNumbers:
    """The dimension numbers of a ragged dot product: the dot product's own (``((lhs_contracting,
    rhs_contracting), (lhs_batch, rhs_batch))``), the ragged dimensions of ``lhs`` and the group dimensions of
    ``rhs`` (each held as tuples).

    Example::

        lax.RaggedDotDimensionNumbers((([1], [1]), ([], [])), [0], [0]).lhs_ragged_dimensions   # (0,)
    """

    dot_dimension_numbers: DotDimensionNumbers
    lhs_ragged_dimensions: Sequence[int]
    rhs_group_dimensions: Sequence[int]

    def __init__(self, dot_dimension_numbers: DotDimensionNumbers, lhs_ragged_dimensions: Sequence[int],
                 rhs_group_dimensions: Sequence[int]) -> None:
        numbers: Any = tuple(tuple(map(tuple, t)) for t in dot_dimension_numbers)
        object.__setattr__(self, "dot_dimension_numbers", numbers)
        object.__setattr__(self, "lhs_ragged_dimensions", tuple(lhs_ragged_dimensions))
        object.__setattr__(self, "rhs_group_dimensions", tuple(rhs_group_dimensions))


class RandomAlgorithm(enum.IntEnum):
    """The algorithm of ``rng_bit_generator``: ``RNG_DEFAULT`` (the platform's), ``RNG_THREE_FRY``,
    ``RNG_PHILOX``.

    Example::

        str(lax.RandomAlgorithm.RNG_PHILOX)   # 'RNG_PHILOX'
    """

    RNG_DEFAULT = 0
    RNG_THREE_FRY = 1
    RNG_PHILOX = 2

    def __str__(self) -> str:
        return self.name


class AccuracyMode(enum.Enum):
    """The accuracy a unary function's implementation is chosen by: ``HIGHEST`` or ``DEFAULT``.

    Example::

        lax.AccuracyMode.HIGHEST.value   # 1
    """

    HIGHEST = 1
    DEFAULT = 2


class Tolerance:
    """The tolerances a unary function's implementation must meet: at most two of ``atol``, ``rtol`` and ``ulps``,
    none negative, one at least set (``ValueError`` otherwise).

    Example::

        lax.Tolerance(atol=1e-6).rtol   # 0.0
    """

    atol: float
    rtol: float
    ulps: int

    def __init__(self, atol: float = 0.0, rtol: float = 0.0, ulps: int = 0) -> None:
        if atol < 0.0 or rtol < 0.0 or ulps < 0.0:
            raise ValueError("Tolerances must be non-negative.")
        if atol == 0.0 and rtol == 0.0 and ulps == 0:
            raise ValueError("At least one of atol, rtol, or ulps must be set.")
        self.atol = atol
        self.rtol = rtol
        self.ulps = ulps
