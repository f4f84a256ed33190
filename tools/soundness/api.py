"""The registry: every operation the fuzzer composes, as data.

An :class:`Entry` is a template of source (``{a}`` ... the operand slots, ``{d}`` a dtype slot; ``{axis}``,
``{shape}``, ``{dims}``, ``{perm}`` and ``{n}`` come from its shape rule), the role of each slot, the shape rule
(:data:`.shapes.RULES`) and what the expression gives (an array or a dtype). The same rendered text is what the
checkers read and what the runtime evaluates, so an entry needs nothing else.

To cover a new function, add an entry here (usually one line through the helpers below: :func:`binary`,
:func:`unary`, :func:`reduction`, :func:`creation`...), naming the public names it exercises in ``covers``.
``uncovered()`` lists the public names of ``arraytyping.numpy`` (and of any module in :data:`MODULES`) that no entry
covers and :data:`NOT_FUZZED` does not explain; a test holds it empty, so a new public function cannot go untested.
For a new module (``arraytyping.random``...), add it to :data:`MODULES` with the alias the generated code imports it
under (:data:`.modules.IMPORTS`) and add its entries.

Slot roles: ``array`` (an arraytyping ``Array``), ``arraylike`` (an ``Array``, a numpy array or scalar, a Python
scalar), ``jaxlike`` (an array-like that is no numpy value: ``anp.reshape`` hands a numpy value to numpy's own
method, whose numpy result the registry's operations do not model), ``tensor`` (an array-like of rank >= 1: ``@``), ``scalar`` (a Python or numpy scalar), ``cond`` (an
array-like used as a condition), ``dtype`` (anything naming a dtype: classes, strings, ``np.dtype``, ``x.dtype``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from arraytyping import lattice, op_rules

from .shapes import RULES


@dataclass(frozen=True)
class Entry:
    name: str
    """What the entry exercises, as reproducers and the coverage list show it."""
    template: str
    slots: tuple[tuple[str, str], ...]
    shape: str
    style: str = "call"
    """``operator`` (operands in parentheses unless atomic; the result is not atomic), ``method`` (the receiver
    ``{a}`` in parentheses unless atomic) or ``call`` (a call or subscript: nothing needs parentheses)."""
    result: str = "array"
    """``array`` or ``dtype``."""
    covers: tuple[str, ...] = ()
    needs_array: bool = False
    """An operator: at least one operand is an arraytyping ``Array`` (else Python or numpy would compute it)."""
    weight: float = 1.0
    family: str = ""
    """What findings are grouped by (with the operand kinds): ``arithmetic operator``, ``reduction method``..."""

    def wraps(self, slot: str) -> bool:
        return self.style == "operator" or (self.style == "method" and slot == "a")

    def __post_init__(self) -> None:
        assert self.shape in RULES, self.shape


MODULES: Final[dict[str, str]] = {"arraytyping.numpy": "anp", "arraytyping.nn": "nn", "arraytyping.random": "random",
                                 "arraytyping.numpy.fft": "fft", "arraytyping.numpy.linalg": "linalg",
                                 "arraytyping.lax": "lax", "arraytyping.lax.linalg": "lax_linalg",
                                 "arraytyping.scipy.linalg": "scipy_linalg"}
"""Public modules whose ``__all__`` the registry must cover, with the alias generated code uses."""

AB = (("a", "arraylike"), ("b", "arraylike"))
A = (("a", "array"),)
AL = (("a", "arraylike"),)
AD = (("a", "array"), ("d", "dtype"))

BINARY_OPERATORS: Final[dict[str, str]] = {
    "+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod", "**": "pow", "&": "and",
    "|": "or", "^": "xor", "<<": "lshift", ">>": "rshift", "<": "lt", "<=": "le", ">": "gt", ">=": "ge", "==": "eq",
    "!=": "ne",
}
OPERATOR_FAMILY: Final[dict[str, str]] = {
    **dict.fromkeys(("+", "-", "*", "/", "//", "%", "**"), "arithmetic"),
    **dict.fromkeys(("&", "|", "^", "<<", ">>"), "bitwise"),
    **dict.fromkeys(("<", "<=", ">", ">=", "==", "!="), "comparison"),
}
FUNCTION_FAMILY: Final[dict[str, str]] = {
    **dict.fromkeys(("add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder",
                     "power", "pow", "maximum", "minimum"), "arithmetic"),
    **dict.fromkeys(("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "bitwise_left_shift",
                     "bitwise_right_shift"), "bitwise"),
    **dict.fromkeys(("equal", "not_equal", "less", "less_equal", "greater", "greater_equal"), "comparison"),
    **dict.fromkeys(("logical_and", "logical_or", "logical_xor"), "logical"),
}
BINARY_FUNCTIONS: Final[tuple[str, ...]] = (
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder", "power", "pow",
    "maximum", "minimum", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
    "bitwise_left_shift", "bitwise_right_shift", "equal", "not_equal", "less", "less_equal", "greater",
    "greater_equal", "logical_and", "logical_or", "logical_xor",
)
UNARY_FUNCTIONS: Final[tuple[str, ...]] = (
    "abs", "absolute", "negative", "positive", "sign", "exp", "log", "sqrt", "sin", "cos", "tanh", "invert",
    "bitwise_not", "logical_not",
)
DTYPE_REDUCTIONS: Final[tuple[str, ...]] = ("sum", "prod", "mean")
"""Reductions that take ``dtype=``."""
REDUCTIONS: Final[tuple[str, ...]] = ("max", "min", "any", "all")
FUNCTION_ONLY_REDUCTIONS: Final[tuple[str, ...]] = ("amax", "amin")


def binary(name: str, weight: float = 1.0) -> Entry:
    return Entry(f"anp.{name}", f"anp.{name}({{a}}, {{b}})", AB, "elementwise", covers=(f"numpy.{name}",),
                 weight=weight, family=f"{FUNCTION_FAMILY[name]} function")


def unary(name: str, weight: float = 1.0) -> Entry:
    return Entry(f"anp.{name}", f"anp.{name}({{a}})", AL, "same", covers=(f"numpy.{name}",), weight=weight,
                 family="unary function")


def method_reductions() -> list[Entry]:
    """The reductions by rule that are ``Array`` methods too (``var``... ``argsort``), as JAX calls them."""
    def m(label: str, template: str, slots: tuple[tuple[str, str], ...], shape: str, weight: float = 0.15) -> Entry:
        name = label.split("(")[0]
        return Entry(f"Array.{label}", template, slots, shape, "method", covers=(f"Array.{name}",),
                     family="reduction method", weight=weight)
    out: list[Entry] = []
    for name, with_dtype in (("var", True), ("std", True), ("ptp", False), ("argmax", False), ("argmin", False)):
        out += [m(f"{name}()", f"{{a}}.{name}()", A, "reduce_all"),
                m(f"{name}(axis)", f"{{a}}.{name}(axis={{axis}})", A, "reduce_axis")]
        if with_dtype:
            out.append(m(f"{name}(dtype)", f"{{a}}.{name}(dtype={{d}})", AD, "reduce_all", 0.1))
    for name in ("cumsum", "cumprod"):
        out += [m(f"{name}()", f"{{a}}.{name}()", A, "reshape_flat"),
                m(f"{name}(axis, dtype)", f"{{a}}.{name}(axis=-1, dtype={{d}})", AD, "same_rank1", 0.1)]
    return [*out, m("trace()", "{a}.trace()", A, "trace"), m("argsort()", "{a}.argsort()", A, "same_rank1"),
            m("nonzero()", "{a}.nonzero(size={n})[0]", A, "sized_1d", 0.1)]


def reduction(name: str, method: bool, with_dtype: bool, weight: float = 1.0) -> list[Entry]:
    """The calls of a reduction: no arguments, ``axis``, ``axis`` with ``keepdims``, ``keepdims`` alone, two axes,
    and (``sum``/``prod``/``mean``) ``dtype=`` with and without ``axis``."""
    call, slots, covers = ((f"{{a}}.{name}(", A, (f"Array.{name}",)) if method
                           else (f"anp.{name}({{a}}, ", AL, (f"numpy.{name}",)))
    style = "method" if method else "call"
    bare = f"{{a}}.{name}()" if method else f"anp.{name}({{a}})"
    label = f"Array.{name}" if method else f"anp.{name}"
    out = [
        Entry(f"{label}()", bare, slots, "reduce_all", style, covers=covers, weight=weight),
        Entry(f"{label}(axis)", call + "axis={axis})", slots, "reduce_axis", style, covers=covers, weight=weight),
        Entry(f"{label}(axis, keepdims)", call + "axis={axis}, keepdims=True)", slots, "reduce_axis_keepdims",
              style, covers=covers, weight=weight),
        Entry(f"{label}(keepdims)", call + "keepdims=True)", slots, "reduce_all_keepdims", style, covers=covers,
              weight=weight / 2),
        Entry(f"{label}(axis=(i, j))", call + "axis={axis})", slots, "reduce_axes", style, covers=covers,
              weight=weight / 2),
    ]
    if with_dtype:
        dslots = slots + (("d", "dtype"),)
        out += [
            Entry(f"{label}(dtype)", call + "dtype={d})", dslots, "reduce_all", style, covers=covers,
                  weight=weight),
            Entry(f"{label}(axis, dtype)", call + "axis={axis}, dtype={d})", dslots, "reduce_axis", style,
                  covers=covers, weight=weight),
            Entry(f"{label}(axis, dtype positional)", call + "{axis}, {d})", dslots, "reduce_axis", style,
                  covers=covers, weight=weight / 2),
        ]
    return out


def creation(name: str, fill: bool, weight: float = 1.0) -> list[Entry]:
    """``zeros``/``ones``/``full``: with and without ``dtype=`` (keyword and positional)."""
    head = f"anp.{name}({{shape}}, " + ("{s}, " if fill else "")
    slots: tuple[tuple[str, str], ...] = (("s", "scalar"),) if fill else ()
    dslots = slots + (("d", "dtype"),)
    covers = (f"numpy.{name}",)
    return [
        Entry(f"anp.{name}(shape)", head.rstrip(", ") + ")", slots, "create", covers=covers, weight=weight),
        Entry(f"anp.{name}(shape, dtype)", head + "dtype={d})", dslots, "create", covers=covers, weight=weight),
        Entry(f"anp.{name}(shape, dtype positional)", head + "{d})", dslots, "create", covers=covers,
              weight=weight / 3),
    ]


_SAMPLERS: Final = {"normal": "", "uniform": "", "gumbel": "", "bits": "", "truncated_normal": "-1.0, 1.0, ",
                     "randint": "", "bernoulli": "0.5, ", "exponential": "", "laplace": "", "logistic": "",
                     "cauchy": "", "maxwell": "", "rademacher": "", "pareto": "3.0, ", "rayleigh": "2.0, ",
                     "wald": "1.5, ", "lognormal": "0.5, ", "triangular": "0.0, 0.5, 1.0, ", "gamma": "2.0, ",
                     "loggamma": "2.0, ", "beta": "2.0, 3.0, ", "t": "3.0, ", "chisquare": "3.0, ",
                     "f": "3.0, 4.0, ", "geometric": "0.3, ", "poisson": "3.0, ", "generalized_normal": "1.5, ",
                     "binomial": "10.0, 0.3, "}
"""The samplers of ``arraytyping.random`` by the arguments before their shape (``randint``'s bounds follow it)."""


def samplers(weight: float = 0.15) -> list[Entry]:
    """``arraytyping.random``'s samplers of a literal shape, without ``dtype=`` (the generator makes only cases
    the runtime runs, and most dtypes are refused by some sampler; the generated typing cases hold every dtype)."""
    out: list[Entry] = []
    for name, before in _SAMPLERS.items():
        after = ", 0, 5" if name == "randint" else ""
        head = f"random.{name}(random.key(0), {before}{{shape}}{after}"
        covers = (f"random.{name}",)
        fam = "random sampler"
        out.append(Entry(f"random.{name}(shape)", head + ")", (), "create", covers=covers, weight=weight,
                         family=fam))
    return out


_FFT_SHAPES: Final = {"fft": "same_rank1", "ifft": "same_rank1", "fft2": "same_rank2", "rfft": "rfft",
                       "irfft": "irfft", "fftn": "same_rank1", "ifftn": "same_rank1", "ifft2": "same_rank2",
                       "rfft2": "rfft_rank2", "irfft2": "irfft_rank2", "hfft": "irfft", "ihfft": "rfft"}
"""The typed transforms of ``arraytyping.numpy.fft`` by their shape rule (``irfft`` and ``hfft`` take ``n=``,
``irfft2`` ``s=``)."""
_FFT_LENGTH_ARGUMENT: Final = {"irfft": ", n={n})", "hfft": ", n={n})", "irfft2": ", s=(anp.shape({a})[-2], {n}))"}


def fft_transforms(weight: float = 0.2) -> list[Entry]:
    """``arraytyping.numpy.fft``'s transforms of an array-like of rank 1 or more, and ``fftfreq`` and ``rfftfreq``
    (no operand)."""
    out = [Entry(f"fft.{name}", f"fft.{name}({{a}}" + _FFT_LENGTH_ARGUMENT.get(name, ")"), AL, shape,
                 covers=(f"numpy.fft.{name}",), weight=weight, family="fft function")
           for name, shape in _FFT_SHAPES.items()]
    for name, rule in (("fftfreq", "create_1d"), ("rfftfreq", "rfftfreq")):
        out.append(Entry(f"fft.{name}(n)", f"fft.{name}({{n}})", (), rule, covers=(f"numpy.fft.{name}",),
                         weight=weight / 2, family="fft function"))
    return out


def linalg_functions(weight: float = 0.2) -> list[Entry]:
    """``arraytyping.numpy.linalg``'s functions of one array result: ``inv``, ``cholesky`` and ``det`` of square
    matrices, ``norm`` of the whole operand and over one axis."""
    fam = "linalg function"
    return [
        Entry("linalg.inv", "linalg.inv({a})", AL, "square", covers=("numpy.linalg.inv",), weight=weight,
              family=fam),
        Entry("linalg.cholesky", "linalg.cholesky({a})", AL, "square", covers=("numpy.linalg.cholesky",),
              weight=weight, family=fam),
        Entry("linalg.det", "linalg.det({a})", AL, "det", covers=("numpy.linalg.det",), weight=weight, family=fam),
        Entry("linalg.norm", "linalg.norm({a})", AL, "reduce_all", covers=("numpy.linalg.norm",), weight=weight,
              family=fam),
        Entry("linalg.norm(axis)", "linalg.norm({a}, axis={axis})", AL, "reduce_axis",
              covers=("numpy.linalg.norm",), weight=weight, family=fam),
        *linalg_tuple_functions(weight / 2),
        Entry("linalg.solve", "linalg.solve({a}, {b})", (("a", "tensor"), ("b", "tensor")), "solve",
              covers=("numpy.linalg.solve",), weight=weight, family=fam),
    ]


def linalg_tuple_functions(weight: float) -> list[Entry]:
    """``arraytyping.numpy.linalg``'s functions of a named tuple result (``qr``, ``eigh``, ``svd``, ``slogdet``),
    typed by their fields: each field of square matrices, by name and by index, and the arrays ``qr(a, mode='r')``
    and ``svd(a, compute_uv=False)`` return alone."""
    fam = "linalg named tuple"
    fields = (("qr", "Q", "square"), ("qr", "R", "square"), ("eigh", "eigenvalues", "eigvals"),
              ("eigh", "eigenvectors", "square"), ("svd", "U", "square"), ("svd", "S", "eigvals"),
              ("svd", "Vh", "square"), ("slogdet", "sign", "det"), ("slogdet", "logabsdet", "det"))
    out = [Entry(f"linalg.{fn}.{field}", f"linalg.{fn}({{a}}).{field}", AL, shape,
                 covers=(f"numpy.linalg.{fn}", f"numpy.linalg.{_TUPLE_CLASS[fn]}"), weight=weight, family=fam)
           for fn, field, shape in fields]
    out += [Entry("linalg.eigh[0]", "linalg.eigh({a})[0]", AL, "eigvals", covers=("numpy.linalg.eigh",),
                  weight=weight, family=fam),
            Entry("linalg.qr(mode=r)", "linalg.qr({a}, mode='r')", AL, "square", covers=("numpy.linalg.qr",),
                  weight=weight, family=fam),
            Entry("linalg.svd(compute_uv=False)", "linalg.svd({a}, compute_uv=False)", AL, "eigvals",
                  covers=("numpy.linalg.svd",), weight=weight, family=fam)]
    return out


_TUPLE_CLASS: Final = op_rules.LINALG_TUPLE_CLASSES


_LAX_TYPED: Final = tuple(n for n in op_rules.LAX_UNARY_KINDS if n not in ("broadcast_in_dim", "dynamic_slice"))
"""The one-operand ``arraytyping.lax`` functions typed by ``op_rules.lax_unary_result`` (those of other arguments
besides the operand are shape functions, below); ``lax_functions`` adds those typed by ``lax_dtype_result`` and
``lax_same_result``, and the shape functions."""


def lax_functions(weight: float = 0.2) -> list[Entry]:
    """``arraytyping.lax``'s functions typed by their rule: the special functions and ``integer_pow`` (a positive
    and a negative literal power: an integer operand is refused for the second)."""
    fam = "lax function"
    out = [Entry(f"lax.{name}", f"lax.{name}({{a}})", AL, "same", covers=(f"lax.{name}",), weight=weight,
                 family=fam) for name in _LAX_TYPED]
    out += [Entry(f"lax.integer_pow(y={y})", f"lax.integer_pow({{a}}, {y})", AL, "same", covers=("lax.integer_pow",),
                  weight=weight, family=fam) for y in (2, -2)]
    out += [Entry("lax.convert_element_type", "lax.convert_element_type({a}, {d})", (("a", "arraylike"), ("d", "dtype")),
                  "same", covers=("lax.convert_element_type",), weight=weight * 2, family=fam),
            Entry("lax.iota", "lax.iota({d}, {n})", (("d", "dtype"),), "create_1d", covers=("lax.iota",),
                  weight=weight, family=fam)]
    out += [Entry(f"lax.{name}", f"lax.{name}({{a}}, {{b}})", AB, "same", covers=(f"lax.{name}",), weight=weight,
                  family=fam) for name in ("add", "mul", "max", "min", "sub", "div", "rem", "atan2", "nextafter",
                                           "bitwise_and", "bitwise_or", "bitwise_xor", "shift_left",
                                           "shift_right_logical", "shift_right_arithmetic")]
    out.append(Entry("lax.clamp", "lax.clamp({a}, {b}, {c})", (("a", "arraylike"), ("b", "arraylike"),
                                                                ("c", "arraylike")), "same", covers=("lax.clamp",),
                     weight=weight, family=fam))
    # the shape functions, with arguments that fit any operand's rank (the result has the operand's shape; the
    # dot_general batches every axis)
    out += [Entry("lax.broadcast_in_dim", "lax.broadcast_in_dim({a}, anp.shape({a}), tuple(range(anp.ndim({a}))))",
                  AL, "same", covers=("lax.broadcast_in_dim",), weight=weight, family=fam),
            Entry("lax.dynamic_slice", "lax.dynamic_slice({a}, (0,) * anp.ndim({a}), anp.shape({a}))", AL, "same",
                  covers=("lax.dynamic_slice",), weight=weight, family=fam),
            Entry("lax.dynamic_update_slice", "lax.dynamic_update_slice({a}, {b}, (0,) * anp.ndim({a}))", AB, "same",
                  covers=("lax.dynamic_update_slice",), weight=weight, family=fam),
            Entry("lax.pad", "lax.pad({a}, {s}, [(0, 0, 0)] * anp.ndim({a}))", (("a", "arraylike"), ("s", "scalar")),
                  "elementwise", covers=("lax.pad",), weight=weight, family=fam),
            Entry("lax.dot_general",
                  "lax.dot_general({a}, {b}, (((), ()), (tuple(range(anp.ndim({a}))), tuple(range(anp.ndim({a}))))))",
                  AB, "same", covers=("lax.dot_general",), weight=weight, family=fam)]
    out.append(Entry("lax.conv_general_dilated",
                     "lax.conv_general_dilated(anp.asarray({a})[None, None], anp.asarray({b})[None, None], "
                     "(1,) * anp.ndim({a}), 'SAME')[0, 0]", AB, "same_rank1", covers=("lax.conv_general_dilated",),
                     weight=weight, family=fam))
    out.append(Entry("lax.reduce_window",
                     "lax.reduce_window({a}, 0, lax.add, (1,) * anp.ndim({a}), (1,) * anp.ndim({a}), 'VALID')", AL,
                     "same", covers=("lax.reduce_window",), weight=weight, family=fam))
    out += [Entry(f"lax.top_k[{i}]", f"lax.top_k({{a}}, anp.shape({{a}})[-1])[{i}]", AL, "same_rank1",
                  covers=("lax.top_k",), weight=weight / 2, family=fam) for i in (0, 1)]
    return out


def like(name: str, fill: bool, weight: float = 1.0) -> list[Entry]:
    head = f"anp.{name}({{a}}, " + ("{s}, " if fill else "")
    slots: tuple[tuple[str, str], ...] = (("a", "arraylike"),) + ((("s", "scalar"),) if fill else ())
    covers = (f"numpy.{name}",)
    return [
        Entry(f"anp.{name}(a)", head.rstrip(", ") + ")", slots, "same", covers=covers, weight=weight),
        Entry(f"anp.{name}(a, dtype)", head + "dtype={d})", slots + (("d", "dtype"),), "same", covers=covers,
              weight=weight),
    ]


def conversion(name: str, weight: float = 1.0) -> list[Entry]:
    covers = (f"numpy.{name}",)
    return [
        Entry(f"anp.{name}(a)", f"anp.{name}({{a}})", (("a", "arraylike"),), "same", covers=covers, weight=weight),
        Entry(f"anp.{name}(a, dtype)", f"anp.{name}({{a}}, dtype={{d}})", (("a", "arraylike"), ("d", "dtype")),
              "same", covers=covers, weight=weight),
    ]


def scalar_constructors(weight: float) -> list[Entry]:
    """``anp.float32(2)`` (a 0-d array, as ``jnp.float32(2)``) and ``anp.float32(x)`` (a conversion)."""
    out = []
    for n in lattice.DTYPE_NAMES:
        cls = "bool_" if n == "bool" else n
        covers = (f"numpy.{cls}",)
        out.append(Entry(f"anp.{cls}(scalar)", f"anp.{cls}({{s}})", (("s", "scalar"),), "same", covers=covers,
                         weight=weight))
        out.append(Entry(f"anp.{cls}(array)", f"anp.{cls}({{a}})", AL, "same", covers=covers, weight=weight / 2))
    for alias in ("single", "double", "csingle", "cdouble", "float_", "int_", "uint", "complex_", "bool"):
        out.append(Entry(f"anp.{alias}(scalar)", f"anp.{alias}({{s}})", (("s", "scalar"),), "same",
                         covers=(f"numpy.{alias}",), weight=weight / 4))
        out.append(Entry(f"anp.{alias}(array)", f"anp.{alias}({{a}})", AL, "same", covers=(f"numpy.{alias}",),
                         weight=weight / 8))
    return out


def _entries() -> list[Entry]:
    out: list[Entry] = []
    for sym, dunder in BINARY_OPERATORS.items():
        reflected = dunder not in ("lt", "le", "gt", "ge", "eq", "ne")  # comparisons reflect to each other
        covers = (f"Array.__{dunder}__",) + ((f"Array.__r{dunder}__",) if reflected else ())
        out.append(Entry(f"operator {sym}", f"{{a}} {sym} {{b}}", AB, "elementwise", "operator", covers=covers,
                         needs_array=True, weight=4.0 if sym in ("+", "-", "*", "/") else 1.5))
    out += [
        Entry("operator @", "{a} @ {b}", (("a", "tensor"), ("b", "tensor")), "matmul", "operator",
              covers=("Array.__matmul__", "Array.__rmatmul__"), needs_array=True, weight=1.5),
        Entry("divmod()[0]", "divmod({a}, {b})[0]", AB, "elementwise", covers=("Array.__divmod__",
              "Array.__rdivmod__"), needs_array=True, weight=0.5),
        Entry("divmod()[1]", "divmod({a}, {b})[1]", AB, "elementwise", covers=("Array.__divmod__",
              "Array.__rdivmod__"), needs_array=True, weight=0.5),
        Entry("operator unary -", "-{a}", A, "same", "operator", covers=("Array.__neg__",), weight=1.5),
        Entry("operator unary +", "+{a}", A, "same", "operator", covers=("Array.__pos__",), weight=0.5),
        Entry("operator ~", "~{a}", A, "same", "operator", covers=("Array.__invert__",), weight=1.0),
        Entry("abs()", "abs({a})", A, "same", covers=("Array.__abs__",), weight=1.0),
        # Methods and properties
        Entry("Array.astype", "{a}.astype({d})", AD, "same", "method", covers=("Array.astype",), weight=4.0),
        Entry("Array.reshape(shape)", "{a}.reshape({shape})", A, "reshape", "method", covers=("Array.reshape",)),
        Entry("Array.reshape(*dims)", "{a}.reshape({dims})", A, "reshape_varargs", "method",
              covers=("Array.reshape",), weight=0.5),
        Entry("Array.reshape(-1)", "{a}.reshape(-1)", A, "reshape_flat", "method", covers=("Array.reshape",),
              weight=0.5),
        Entry("Array.transpose()", "{a}.transpose()", A, "transpose", "method", covers=("Array.transpose",),
              weight=0.5),
        Entry("Array.transpose(axes)", "{a}.transpose({perm})", A, "transpose_perm", "method",
              covers=("Array.transpose",), weight=0.5),
        Entry("Array.T", "{a}.T", A, "transpose", "method", covers=("Array.T",)),
        Entry("Array.mT", "{a}.mT", A, "swap_last", "method", covers=("Array.mT",), weight=0.3),
        Entry("Array.ravel()", "{a}.ravel()", A, "reshape_flat", "method", covers=("Array.ravel",), weight=0.3),
        Entry("Array.flatten('F')", "{a}.flatten('F')", A, "reshape_flat", "method", covers=("Array.flatten",),
              weight=0.3),
        Entry("Array.squeeze(axis)", "{a}.squeeze({axis})", A, "squeeze_axis", "method", covers=("Array.squeeze",),
              weight=0.3),
        Entry("Array.swapaxes(0, -1)", "{a}.swapaxes(0, -1)", A, "swap_ends", "method", covers=("Array.swapaxes",),
              weight=0.3),
        Entry("Array.copy()", "{a}.copy()", A, "same", "method", covers=("Array.copy",), weight=0.3),
        Entry("Array.sort()", "{a}.sort()", A, "same_rank1", "method", covers=("Array.sort",),
              family="shape method", weight=0.3),
        Entry("Array.take(0)", "{a}.take(0)", A, "reduce_all", "method", covers=("Array.take",),
              family="shape method", weight=0.3),
        Entry("Array.repeat(1, axis=0)", "{a}.repeat(1, axis=0)", A, "same_rank1", "method",
              covers=("Array.repeat",), family="shape method", weight=0.3),
        Entry("Array.diagonal()", "{a}.diagonal()", A, "diagonal", "method", covers=("Array.diagonal",),
              family="shape method", weight=0.3),
        Entry("Array.searchsorted(b)", "{a}.searchsorted({b})", (("a", "array"), ("b", "arraylike")), "searchsorted",
              "method", covers=("Array.searchsorted",), family="shape method", weight=0.2),
        Entry("Array.conj()", "{a}.conj()", A, "same", "method", covers=("Array.conj",), weight=0.3),
        Entry("Array.conjugate()", "{a}.conjugate()", A, "same", "method", covers=("Array.conjugate",), weight=0.2),
        Entry("Array.real", "{a}.real", A, "same", "method", covers=("Array.real",), weight=0.3),
        Entry("Array.imag", "{a}.imag", A, "same", "method", covers=("Array.imag",), weight=0.2),
        Entry("Array.round()", "{a}.round()", A, "same", "method", covers=("Array.round",), weight=0.3),
        Entry("Array.round(1)", "{a}.round(1)", A, "same", "method", covers=("Array.round",), weight=0.2),
        Entry("Array.clip(0, 1)", "{a}.clip(0, 1)", A, "same", "method", covers=("Array.clip",), weight=0.3),
        Entry("Array.clip(0.5)", "{a}.clip(0.5)", A, "same", "method", covers=("Array.clip",), weight=0.2),
        Entry("Array.clip(max=b)", "{a}.clip(max={b})", (("a", "array"), ("b", "arraylike")), "elementwise", "method",
              covers=("Array.clip",), weight=0.2),
        Entry("Array.view()", "{a}.view()", A, "same", "method", covers=("Array.view",), weight=0.2),
        Entry("Array.view(a.dtype)", "{a}.view({a}.dtype)", A, "same", "method", covers=("Array.view",), weight=0.2),
        Entry("Array.dot(b)", "{a}.dot({b})", (("a", "array"), ("b", "tensor")), "dot", "method",
              covers=("Array.dot",), weight=0.3),
        Entry("Array.dot(s)", "{a}.dot({b})", (("a", "array"), ("b", "scalar")), "same", "method",
              covers=("Array.dot",), weight=0.2),
        Entry("x[0]", "{a}[0]", A, "index_int", "method", covers=("Array.__getitem__",)),
        Entry("x[None]", "{a}[None]", A, "index_none", "method", covers=("Array.__getitem__",), weight=0.5),
        Entry("x[...]", "{a}[...]", A, "same", "method", covers=("Array.__getitem__",), weight=0.3),
        Entry("x[1:]", "{a}[1:]", A, "index_slice", "method", covers=("Array.__getitem__",), weight=0.5),
        Entry("x[:, 0]", "{a}[:, 0]", A, "index_column", "method", covers=("Array.__getitem__",), weight=0.5),
        Entry("Array.dtype", "{a}.dtype", A, "any_shape", "method", result="dtype", covers=("Array.dtype",)),
    ]
    for name in DTYPE_REDUCTIONS:
        out += reduction(name, method=True, with_dtype=True, weight=0.6)
        out += reduction(name, method=False, with_dtype=True, weight=0.3)
    for name in REDUCTIONS:
        out += reduction(name, method=True, with_dtype=False, weight=0.4)
        out += reduction(name, method=False, with_dtype=False, weight=0.2)
    for name in FUNCTION_ONLY_REDUCTIONS:
        out += reduction(name, method=False, with_dtype=False, weight=0.1)
    out += method_reductions()
    out += [binary(n, 0.5) for n in BINARY_FUNCTIONS]
    out += [unary(n, 0.5) for n in UNARY_FUNCTIONS]
    out += [
        Entry("anp.matmul", "anp.matmul({a}, {b})", (("a", "tensor"), ("b", "tensor")), "matmul",
              covers=("numpy.matmul",), weight=0.5),
        Entry("anp.dot", "anp.dot({a}, {b})", (("a", "tensor"), ("b", "tensor")), "dot", covers=("numpy.dot",),
              weight=0.5),
        Entry("anp.where", "anp.where({c}, {a}, {b})", (("c", "cond"),) + AB, "elementwise",
              covers=("numpy.where",), weight=2.5),
        Entry("anp.astype", "anp.astype({a}, {d})", (("a", "arraylike"), ("d", "dtype")), "same",
              covers=("numpy.astype",), weight=1.0),
        Entry("anp.reshape", "anp.reshape({a}, {shape})", (("a", "jaxlike"),), "reshape", covers=("numpy.reshape",),
              weight=0.5),
        Entry("anp.transpose", "anp.transpose({a})", AL, "transpose", covers=("numpy.transpose",), weight=0.3),
        Entry("anp.transpose(axes)", "anp.transpose({a}, {perm})", AL, "transpose_perm",
              covers=("numpy.transpose",), weight=0.3),
        Entry("anp.broadcast_to", "anp.broadcast_to({a}, {shape})", AL, "broadcast_to",
              covers=("numpy.broadcast_to",), weight=0.5),
        Entry("anp.arange(n)", "anp.arange({n})", (), "create_1d", covers=("numpy.arange",), weight=0.5),
        Entry("anp.arange(n, dtype)", "anp.arange({n}, dtype={d})", (("d", "dtype"),), "create_1d",
              covers=("numpy.arange",), weight=0.5),
        Entry("anp.arange(0.0, n)", "anp.arange(0.0, {n})", (), "create_1d", covers=("numpy.arange",), weight=0.3),
        Entry("anp.linspace", "anp.linspace(0, 1, {n})", (), "create_1d", covers=("numpy.linspace",), weight=0.3),
        Entry("anp.linspace(dtype)", "anp.linspace(0, 1, {n}, dtype={d})", (("d", "dtype"),), "create_1d",
              covers=("numpy.linspace",), weight=0.3),
        Entry("anp.promote_types", "anp.promote_types({d}, {e})", (("d", "dtype"), ("e", "dtype")), "any_shape",
              result="dtype", covers=("numpy.promote_types", "promote_types"), weight=0.5),
        Entry("at.promote_types", "at.promote_types({d}, {e})", (("d", "dtype"), ("e", "dtype")), "any_shape",
              result="dtype", covers=("promote_types",), weight=0.3),
        Entry("anp.result_type", "anp.result_type({a}, {b})", AB, "any_shape", result="dtype",
              covers=("numpy.result_type", "result_type"), weight=0.5),
        Entry("at.result_type(x, dtype)", "at.result_type({a}, {d})", (("a", "arraylike"), ("d", "dtype")),
              "any_shape", result="dtype", covers=("result_type",), weight=0.3),
    ]
    out += creation("zeros", fill=False, weight=0.6) + creation("ones", fill=False, weight=0.4)
    out += creation("full", fill=True, weight=0.5)
    out += like("zeros_like", False, 0.4) + like("ones_like", False, 0.3) + like("full_like", True, 0.3)
    out += conversion("asarray", 0.8) + conversion("array", 0.4)
    out += scalar_constructors(weight=0.06)
    # jax.nn: typed by their rule (op_rules.NN_STATIC) when their other arguments are left out
    out += [Entry(f"nn.{n}", f"nn.{n}({{a}})", AL, "same", covers=(f"nn.{n}",), weight=0.2, family="nn function")
            for n in ("relu", "sigmoid", "silu", "swish", "softplus", "gelu")]
    out += [Entry(f"nn.{n}", f"nn.{n}({{a}})", AL, "same_rank1", covers=(f"nn.{n}",), weight=0.1,
                  family="nn function") for n in ("softmax", "log_softmax", "standardize")]  # axis=-1
    out.append(Entry("nn.logsumexp", "nn.logsumexp({a})", AL, "reduce_all", covers=("nn.logsumexp",),
                     weight=0.1, family="nn function"))
    activations = [n for n in op_rules.NN_ACTIVATIONS if n != "glu"] + ["hard_swish", "tanh"]
    out += [Entry(f"nn.{n}", f"nn.{n}({{a}})", AL, "same", covers=(f"nn.{n}",), weight=0.05, family="nn function")
            for n in activations]
    # a parameter given: a Python scalar (typed by the rule for elu's and celu's alpha, gradual otherwise)
    out += [Entry(f"nn.{n}", f"nn.{n}({{a}}, {p})", AL, "same", covers=(f"nn.{n}",), weight=0.05,
                  family="nn function")
            for n, p in (("elu", "0.5"), ("celu", "2"), ("leaky_relu", "0.2"), ("squareplus", "2.0"))]
    out += samplers()
    out += fft_transforms()
    out += linalg_functions()
    out += lax_functions()
    from .api_surface import surface_entries  # noqa: PLC0415 - it builds on this module's helpers
    out += surface_entries()
    return out


def _family(e: Entry) -> str:
    """The family of an entry the helpers did not name one for, from its name."""
    n = e.name
    if n.startswith("operator "):
        sym = n.split(" ", 1)[1]
        if sym in OPERATOR_FAMILY:
            return f"{OPERATOR_FAMILY[sym]} operator"
        return "matmul operator" if sym == "@" else "unary operator"
    if n.startswith("divmod"):
        return "arithmetic operator"
    if n == "abs()":
        return "unary operator"
    base = n.split("(")[0]
    method = base.startswith("Array.") or base.startswith("x[")
    short = base.removeprefix("Array.").removeprefix("anp.").removeprefix("at.")
    if short in DTYPE_REDUCTIONS + REDUCTIONS + FUNCTION_ONLY_REDUCTIONS:
        return "reduction " + ("method" if method else "function")
    if short in ("reshape", "transpose", "T", "broadcast_to") or base.startswith("x["):
        return "shape " + ("method" if method else "function")
    if short in ("dtype", "promote_types", "result_type"):
        return "dtype " + ("property" if method else "function")
    if short in ("zeros", "ones", "full", "arange", "linspace"):
        return "creation function"
    if short.endswith("_like"):
        return "creation-like function"
    if short in ("asarray", "array"):
        return "conversion function"
    if short in ("matmul", "dot"):
        return "matmul " + ("method" if method else "function")
    if method and short in ("conj", "conjugate", "real", "imag", "round", "clip", "copy"):
        return "elementwise method"
    if short in ("astype", "where"):
        return short + (" method" if method else " function")
    return "scalar constructor"


ENTRIES: Final[tuple[Entry, ...]] = tuple(e if e.family else replace(e, family=_family(e)) for e in _entries())

NOT_FUZZED: Final[dict[str, str]] = {
    "numpy.ndarray": "an alias of Array (the annotations use Array)",
    "numpy.ndim": "an int result, no dtype",
    "numpy.shape": "a tuple result, no dtype",
    "numpy.size": "an int result, no dtype",
    "numpy.broadcast_shapes": "a tuple of ints, no dtype",
    "numpy.ediff1d": ("a flat array one shorter than its operand's size, which the generator has no shape rule for; "
                      "its dtype rule is held to JAX by jax_numpy_reference and the hand-written cases"),
    **{f"numpy.{n}": ("a batched product over core dimensions (inner sizes that match) the generator's operand shapes "
                      "do not make; vdot's dtype rule (FUNCTIONS_AS), held by jax_linalg_reference")
       for n in ("vecdot", "matvec", "vecmat")},
    "numpy.vectorize": "takes a function and returns one (Callable[..., Any]: its batched shapes are no signature's)",
    **{f"numpy.{n}": "a Python bool about an object's type, no array result"
       for n in ("isscalar", "iscomplexobj", "isrealobj")},
    **{f"numpy.{n}": "a Python float constant: an operand the Python-float operands of the fuzzer stand for"
       for n in ("e", "euler_gamma", "inf", "nan", "pi")},
    "numpy.newaxis": "None, used in an index: no value with a dtype",
    "numpy.__array_api_version__": "the Array API standard's version string, no array",
    "numpy.__array_namespace_info__": "the Array API standard's inspection object (dicts of dtypes, devices), no array",
    "numpy.from_dlpack": ("another library's array through DLPack, in its own dtype canonicalized (Array[Any] in the "
                          "stubs: no dtype rule); held to JAX by jax_array_api_names_reference.json"),
    **{f"numpy.{n}": "numpy's own (as in jax.numpy): an index expression, a type check or warning class, no array"
       for n in ("s_", "index_exp", "iterable", "ComplexWarning", "character", "flexible", "object_")},
    **{f"numpy.{n}": "numpy's own (as in jax.numpy): text or a file of an array, no array result"
       for n in ("array_repr", "array_str", "save", "savez")},
    **{f"numpy.{n}": "a dtype query (a bool, a dtype or machine limits), no array result"
       for n in ("finfo", "iinfo", "isdtype", "issubdtype", "can_cast", "dtype")},
    "random.multinomial": ("counts of shape p.shape (outcomes last), typed Array[Any] from the runtime's signature "
                           "(its dtype any the counts are cast to): no dtype rule in the stubs; values held bit for "
                           "bit by tools/jax_api_ext_reference.py (random_dists)"),
    "numpy.einsum_path": "a contraction path (a list of tuples of ints) and a PathInfo: no array result",
    **{f"numpy.{n}": ("a class wrapping a function of scalars (its call typed Any, its methods Array[Any]: no dtype "
                      "rule in the stubs); held to JAX by tools/jax_numpy_more_reference.py")
       for n in ("ufunc", "frompyfunc")},
    "random.random_gamma_p": "a primitive (gamma's), bound on keys and shape parameters: no function signature",
    **{f"random.{n}": "keys and key arrays: no dtype of an array operand to promote (typed PRNGKeyArray or uint32)"
       for n in ("KeyDType", "PRNGKey", "PRNGKeyArray", "fold_in", "key", "key_data", "split", "wrap_key_data")},
    **{f"lax.{n}": "control flow: takes functions (typed by the transformations' signatures)"
       for n in ("cond", "switch", "fori_loop", "while_loop", "scan", "map", "custom_linear_solve")},
    "lax.ConvDimensionNumbers": "a named tuple of dimension numbers, no dtype",
    **{f"numpy.fft.{n}": ("typed Array[Any]: over no axes (a 0-d operand) JAX returns the operand made inexact "
                          "(rfftn) or complex (irfftn), so no dtype holds for every rank; values and dtypes held to "
                          "JAX by tools/jax_api_ext_reference.py")
       for n in ("rfftn", "irfftn")},
    **{f"numpy.fft.{n}": ("a roll: typed Array[Any] (the operand's dtype and weak flag, held to JAX by "
                          "tools/jax_api_ext_reference.py)") for n in ("fftshift", "ifftshift")},
    **{f"numpy.{n}": ("typed Array[Any] (in named tuples: unique's dtypes, held to JAX by "
                      "tools/jax_numpy_reference.py); a data-dependent length")
       for n in ("unique_all", "unique_counts", "unique_inverse", "unique_values")},
    "nn.logmeanexp": ("typed Array[Any] from the runtime's signature (no dtype rule in the stubs: nothing to be "
                      "wrong about); values, dtypes and weak flags held to JAX by tools/jax_modules_reference.py"),
    "nn.dot_product_attention": ("typed Array[Any] (a tuple of two with return_residual=True) from the runtime's "
                                 "signature: operands of (B, T, N, H) shapes the generator does not make; values, "
                                 "dtypes and errors held to JAX by tools/jax_modules_reference.py"),
    "nn.glu": "halves an axis: typed Array[Any] (the gated product's dtype is sigmoid's, held by the nn reference)",
    "lax.RoundingMethod": "an enum of rounding modes, no dtype",
    "lax.select": ("lax.max's dtype rule after a predicate (max's entry fuzzes it; handwritten/lax_elementwise.py "
                   "its signature); a Python-scalar case beside an array one is a shape error of select_n"),
    **{f"lax.{n}": ("a collective over a named axis: it runs only under vmap(..., axis_name=...), which the fuzzer's "
                    "single expressions do not build; typed gradual (Any) except those keeping the dtype (Array[_G] -> "
                    "Array[_G]: pmax, pmin, ppermute, pshuffle, all_gather, psum_scatter, all_to_all, pswapaxes) and "
                    "axis_index (Array[int32]); values, dtypes and weak types held to JAX by test_collectives "
                    "(tools/collectives_reference.py)")
       for n in ("psum", "pmean", "pmax", "pmin", "axis_index", "axis_size", "ppermute", "pshuffle", "all_gather",
                 "psum_scatter", "all_to_all", "pswapaxes", "pbroadcast", "pcast")},
    "lax.stop_gradient": "the identity on any pytree, typed (x: T) -> T: every checker answers the operand's type",
    "random.categorical": "the default integer whatever the logits, which must be real floating (generated cases)",
    **{f"random.{n}": ("typed Array[Any]: the result is the dtype promoted with the parameters' (or, for "
                       "multivariate_normal, theirs by default); values and dtypes held by the random_dists "
                       "reference") for n in ("weibull_min", "double_sided_maxwell", "multivariate_normal")},
    **{f"random.{n}": ("a batch shape followed by fixed trailing axes (the shape argument is not the result's): "
                       "dtypes held by the generated typing cases, values by the random_dists reference")
       for n in ("dirichlet", "ball", "orthogonal")},
    **{f"random.{n}": "key utilities: a name, the key dtype or the key itself, no dtype rule"
       for n in ("key_impl", "key_dtype", "clone")},
    **{f"numpy.{n}": "an abstract class: used in annotations (type variables' bounds, aliases), not called"
       for n in ("generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
                 "complexfloating")},
    **{f"numpy.{n}": ("typed Array[Any] for now (no dtype rule in the stubs: nothing to be wrong about); values, "
                      "dtypes and weak flags held to JAX by tools/jax_scipy_reference.py")
       for n in ("convolve", "correlate")},
    "nn.initializers": "a module of initializer factories (functions returning functions), held to JAX's draws by "
                       "tools/example_libraries_reference.py",
    **{f"lax.{n}": ("typed Array[Any] from the runtime's signature (no dtype rule: nothing to be wrong about); values "
                    "held to JAX by tools/example_libraries_reference.py")
       for n in ("conv", "conv_transpose", "conv_with_general_padding", "dynamic_slice_in_dim",
                 "dynamic_update_slice_in_dim")},
    **{f"lax.{n}": "a shape or layout helper: tuples of ints, no dtype"
       for n in ("conv_dimension_numbers", "conv_general_permutations", "conv_general_shape_tuple",
                 "conv_shape_tuple", "conv_transpose_shape_tuple", "padtype_to_pads", "reduce_window_shape_tuple")},
    **{f"lax.{n}": "a primitive (JAX's name, held by tests/runtime/test_extend.py): an object that binds, no dtype"
       for n in (
                 "abs_p", "all_gather_p", "all_to_all_p", "axis_index_p", "pmax_p", "pmin_p", "ppermute_p", "psum_p", "acos_p", "acosh_p", "add_p", "and_p", "argmax_p", "argmin_p", "asin_p", "asinh_p", "atan2_p",
                 "atan_p", "atanh_p", "bitcast_convert_type_p", "broadcast_in_dim_p", "cbrt_p", "ceil_p", "clamp_p",
                 "clz_p", "complex_p", "concatenate_p", "cond_p", "conj_p", "conv_general_dilated_p",
                 "convert_element_type_p", "copy_p", "cos_p", "cosh_p", "cummax_p", "cummin_p", "cumprod_p", "cumsum_p",
                 "digamma_p", "div_p", "dot_general_p", "dynamic_slice_p", "dynamic_update_slice_p", "eq_p", "eq_to_p",
                 "erf_inv_p", "erf_p", "erfc_p", "exp2_p", "exp_p", "expm1_p", "fft_p", "floor_p", "gather_p", "ge_p",
                 "gt_p", "imag_p", "integer_pow_p", "iota_p", "is_finite_p", "le_p", "le_to_p", "lgamma_p",
                 "linear_solve_p", "log1p_p", "log_p", "logistic_p", "lt_p", "lt_to_p", "max_p", "min_p", "mul_p",
                 "ne_p", "neg_p", "nextafter_p", "population_count_p", "mulhi_p", "reduce_xor_p",
                 "optimization_barrier_p", "not_p", "or_p", "pad_p", "polygamma_p", "pow_p", "real_p",
                 "reduce_and_p", "reduce_max_p", "reduce_min_p", "reduce_or_p", "reduce_precision_p", "reduce_prod_p",
                 "reduce_sum_p", "reduce_window_max_p", "reduce_window_min_p", "reduce_window_p", "reduce_window_sum_p",
                 "rem_p", "reshape_p", "rev_p", "round_p", "rsqrt_p", "scan_p", "scatter_add_p", "scatter_max_p",
                 "scatter_min_p", "scatter_mul_p", "scatter_p", "select_n_p", "shift_left_p", "shift_right_arithmetic_p",
                 "shift_right_logical_p", "sign_p", "sin_p", "sinh_p", "slice_p", "sort_p", "split_p", "sqrt_p",
                 "square_p", "squeeze_p", "stack_p", "stop_gradient_p", "sub_p", "tan_p", "tanh_p", "tile_p", "top_k_p",
                 "transpose_p", "unstack_p", "while_p", "xor_p",
                 "bessel_i0e_p", "bessel_i1e_p", "igamma_p", "igammac_p", "igamma_grad_a_p",
                 "regularized_incomplete_beta_p", "zeta_p", "cumlogsumexp_p", "scatter_sub_p")},
    **{f"lax.{n}": ("a special function typed Array[Any] from the runtime's signature (no dtype rule in the stubs: "
                    "nothing to be wrong about); values, dtypes, weak flags, derivatives and errors held to JAX by "
                    "tools/jax_special_reference.py")
       for n in ("bessel_i0e", "bessel_i1e", "betainc", "igamma", "igammac", "igamma_grad_a", "polygamma",
                 "random_gamma_grad", "zeta")},
    **{f"lax.{n}": ("typed Array[Any] from the runtime's signature (no dtype rule in the stubs: nothing to be wrong "
                    "about); values, dtypes, weak flags and errors held to JAX by tools/jax_api_ext_reference.py")
       for n in (
                 "abs", "argmax", "argmin", "broadcasted_iota", "clz", "collapse", "concatenate", "conj", "cummax",
                 "cummin", "cumprod", "cumsum", "eq", "expand_dims", "full", "full_like", "ge", "gt", "imag",
                 "is_finite", "le", "lt", "ne", "pow", "real", "reciprocal", "reduce_and", "reduce_max", "reduce_min",
                 "reduce_or", "reduce_prod", "reduce_sum", "reshape", "rev", "select_n", "slice", "sort", "squeeze",
                 "transpose")},
    **{f"lax.{n}": ("typed by the operand's own dtype (Array[_G] -> Array[_G], as JAX keeps it) or Array[Any] "
                    "from the runtime's signature; values, dtypes, weak flags and errors held to JAX by "
                    "tools/jax_lax_more_reference.py")
       for n in ("batch_matmul", "bitcast_convert_type", "broadcast", "broadcast_to_rank", "complex",
                 "dynamic_index_in_dim", "dynamic_update_index_in_dim", "gather", "index_in_dim", "index_take",
                 "scatter", "scatter_add", "scatter_max", "scatter_min", "scatter_mul", "slice_in_dim", "sort_key_val",
                 "split", "stack", "tile", "unstack", "population_count", "mulhi", "reduce_xor", "reduce_precision",
                 "dot")},
    "lax.broadcast_shapes": "a tuple of ints, no dtype",
    "lax.with_sharding_constraint": ("the identity on any pytree (its layout on devices aside), typed (x: T) -> T; "
                                     "held to JAX on 8 CPU devices by tools/sharding_reference.py"),
    "lax.sharding_constraint_p": "a primitive (JAX's name): an object that binds, no dtype",
    "lax.optimization_barrier": ("the identity on any pytree, typed (operand: T) -> T; held to JAX by "
                                 "tools/jax_lax_more_reference.py"),
    "lax.associative_scan": ("takes a function: typed (fn, elems: T) -> T (JAX keeps the structure, shapes and dtypes); values, dtypes and "
                             "weak flags held to JAX by tools/jax_lax_more_reference.py"),
    **{f"lax.{n}": "a named tuple of dimension numbers or an enum of modes, no dtype"
       for n in ("GatherDimensionNumbers", "ScatterDimensionNumbers", "GatherScatterMode")},
    **{f"lax.{n}": ("an option type (an enum, a named tuple, a frozen dataclass, a class of tolerances or a type "
                    "alias), no dtype; members and printed forms held to JAX by tools/jax_lax_more_reference.py")
       for n in ("AccuracyMode", "ConvGeneralDilatedDimensionNumbers", "DotAlgorithm", "DotAlgorithmPreset",
                 "DotDimensionNumbers", "FftType", "Precision", "PrecisionLike", "RaggedDotDimensionNumbers",
                 "RandomAlgorithm", "Tolerance")},
    **{f"lax.{n}": ("typed by the operand's own dtype (Array[_G] -> Array[_G], as JAX keeps it) or Array[Any] "
                    "from the runtime's signature; values, dtypes, weak flags and errors held to JAX by "
                    "tools/jax_lax_more_reference.py")
       for n in ("broadcast_like", "cumlogsumexp", "scatter_sub")},
    **{f"lax.{n}": ("typed Array[Any] from the runtime's signature (no dtype rule in the stubs: nothing to be wrong "
                    "about); values, dtypes, weak flags and errors held to JAX by tools/jax_lax_more_reference.py")
       for n in ("empty", "fft", "conv_general_dilated_patches", "conv_general_dilated_local")},
    "lax.dtype": "returns a NumPy dtype (np.dtype[Any]), not an array; held to JAX by tools/jax_lax_more_reference.py",
    "lax.shape_as_value": ("returns a NumPy int32 array (an array of the runtime for the empty shape), typed Any; "
                           "held to JAX by tools/jax_lax_more_reference.py"),
    "lax.reduce": ("takes a computation over pytrees of operands: typed Any (JAX's result has the operands' "
                   "structure); values, dtypes, weak flags, jaxprs and errors held to JAX by "
                   "tools/jax_lax_more_reference.py"),
    **{f"lax.{n}": "a primitive (JAX's name): an object that binds, no dtype"
       for n in ("reduce_p", "rng_bit_generator_p", "rng_uniform_p", "approx_top_k_p", "dce_sink_p")},
    **{f"lax.{n}": ("typed (Array[Any], Array[Any]) from the runtime's signature (no dtype rule in the stubs: "
                    "nothing to be wrong about); values, dtypes, weak flags, jaxprs and errors held to JAX by "
                    "tools/jax_lax_more_reference.py")
       for n in ("rng_bit_generator", "approx_max_k", "approx_min_k")},
    "lax.rng_uniform": ("typed Array[Any] from the runtime's signature; dtypes, weak flags, the range and errors held "
                        "to JAX by tools/jax_lax_more_reference.py (its values are XLA's stateful generator's)"),
    "lax.dce_sink": "returns None (an effect only); held to JAX's jaxprs by tools/jax_lax_more_reference.py",
    "lax.custom_root": ("takes functions over pytrees: typed Any (JAX's result has initial_guess's structure); "
                        "values, derivatives and errors held to JAX by tools/jax_lax_more_reference.py"),
    **{f"numpy.{n}": ("typed Array[Any] (or a tuple of Array[Any]) from the runtime's signature: no dtype rule in "
                      "the stubs, nothing to be wrong about; dtypes, weak flags, values and errors held to JAX by "
                      "tools/jax_numpy_more_reference.py")
       for n in ("apply_along_axis", "apply_over_axes", "argpartition", "block", "corrcoef", "cov", "diagflat",
                 "extract", "geomspace", "interp", "intersect1d", "ix_", "lexsort", "partition", "polyadd", "polyder",
                 "polydiv", "polyint", "polymul", "polysub", "polyval", "setdiff1d", "setxor1d", "sort_complex",
                 "trapezoid", "trim_zeros", "union1d", "unwrap", "vander", "c_", "r_", "mgrid", "ogrid", "put",
                 "place", "put_along_axis", "fill_diagonal", "mask_indices", "frombuffer", "fromstring", "fromfunction",
                 "load", "histogram", "histogram2d", "histogram_bin_edges", "histogramdd", "gradient", "packbits",
                 "unpackbits", "piecewise", "frexp", "ldexp", "bitwise_count", "i0", "insert", "kaiser", "poly",
                 "polyfit", "roots")},
    **{f"numpy.{n}": "JAX's NotImplementedError (not pure): raises whatever it is given, no array result"
       for n in ("fromfile", "fromiter")},
    **{f"numpy.{n}": "numpy's own (as jax.numpy's wrappers return it): print options, no array result"
       for n in ("get_printoptions", "printoptions", "set_printoptions")},
    **{f"numpy.linalg.{n}": ("typed Array[Any] (or a named tuple or tuple of Array[Any]) from the runtime's "
                             "signature: no dtype rule in the stubs, nothing to be wrong about; dtypes, weak flags, "
                             "values and errors held to JAX by tools/jax_linalg_reference.py")
       for n in ("EigResult", "cond", "cross", "diagonal", "eig", "eigvals", "eigvalsh", "lstsq", "matmul",
                 "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose", "multi_dot", "outer", "pinv",
                 "svdvals", "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm")},
    **{f"lax.linalg.{n}": ("typed Array[Any] (tuples and lists of Array[Any]) from the runtime's signature: no dtype "
                           "rule in the stubs, nothing to be wrong about; values, dtypes, weak flags and errors held "
                           "to JAX by tools/jax_scipy_linalg_reference.py")
       for n in ("cholesky", "cholesky_update", "eig", "eigh", "hessenberg", "householder_product", "lu",
                 "lu_pivots_to_permutation", "ormqr", "qr", "schur", "svd", "symmetric_product", "triangular_solve",
                 "tridiagonal", "tridiagonal_solve")},
    **{f"lax.linalg.{n}": "an enum of algorithms, no dtype"
       for n in ("EigImplementation", "EighImplementation", "SvdAlgorithm")},
    **{f"lax.linalg.{n}": ("a primitive (JAX's name and parameters): an object that binds, no dtype; held by "
                           "tools/jax_scipy_linalg_reference.py through the functions that bind it")
       for n in ("cholesky_p", "cholesky_update_p", "eig_p", "eigh_p", "hessenberg_p", "householder_product_p",
                 "lu_p", "lu_pivots_to_permutation_p", "ormqr_p", "qr_p", "schur_p", "svd_p", "symmetric_product_p",
                 "triangular_solve_p", "tridiagonal_p", "tridiagonal_solve_p")},
    **{f"scipy.linalg.{n}": ("typed Array[Any] (tuples of Array[Any]) from the runtime's signature: no dtype rule in "
                             "the stubs, nothing to be wrong about; values, dtypes, weak flags and errors held to JAX "
                             "by tools/jax_scipy_linalg_reference.py")
       for n in ("block_diag", "cho_factor", "cho_solve", "cholesky", "circulant", "companion", "convolution_matrix",
                 "det", "dft", "eigh", "eigh_tridiagonal", "expm", "expm_frechet", "fiedler", "fiedler_companion",
                 "funm", "hadamard", "hankel", "helmert", "hessenberg", "hilbert", "inv", "invhilbert",
                 "invpascal", "leslie", "lu", "lu_factor", "lu_solve", "pascal", "polar", "qr", "qr_multiply",
                 "rsf2csf", "schur", "solve", "solve_sylvester", "solve_triangular", "sqrtm", "svd", "toeplitz")},
}
"""Public names the registry leaves out on purpose, and why."""


def covered() -> set[str]:
    return {c for e in ENTRIES for c in e.covers}


def uncovered() -> list[str]:
    """Public names of :data:`MODULES` that no entry covers and :data:`NOT_FUZZED` does not explain."""
    import importlib

    have = covered() | set(NOT_FUZZED)
    missing = []
    for module in MODULES:
        short = module.removeprefix("arraytyping.")
        for name in importlib.import_module(module).__all__:
            if f"{short}.{name}" not in have:
                missing.append(f"{short}.{name}")
    return missing
