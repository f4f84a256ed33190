"""Registry entries for the jax.numpy surface beyond the operators, reductions and creation functions of
:mod:`.api`: the elementwise, reduction, shape, joining, selection, sorting, product and creation functions,
``nn.one_hot`` and the samplers of an array's elements (one entry per common call form). Most are typed by their
rule in the stubs and the plugin, some gradually (``Array[Any]``: the joining functions in the stubs); what the
fuzzer holds them to is what it holds every entry to: no wrong dtype, no false error.
"""

from __future__ import annotations

from .api import AB, AL, Entry

__all__ = ["NOT_FUZZED_SURFACE", "surface_entries"]

UNARY: tuple[str, ...] = (
    "angle", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "around", "cbrt", "ceil", "conj",
    "conjugate", "cosh", "deg2rad", "exp2", "expm1", "fabs", "floor", "imag", "isfinite", "isinf", "isnan", "log10",
    "log1p", "log2", "nan_to_num", "rad2deg", "real", "reciprocal", "rint", "round", "signbit", "sinc", "sinh",
    "square", "tan", "trunc", "copy", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bitwise_invert", "degrees",
    "radians", "isposinf", "isneginf", "isreal", "iscomplex", "spacing",
)
BINARY: tuple[str, ...] = (
    "arctan2", "copysign", "float_power", "fmax", "fmin", "fmod", "gcd", "heaviside", "hypot", "isclose", "lcm",
    "logaddexp", "logaddexp2", "nextafter", "atan2",
)
REDUCTIONS_WITH_DTYPE: tuple[str, ...] = ("var", "std", "nansum", "nanmean", "nanprod", "nanvar", "nanstd")
REDUCTIONS: tuple[str, ...] = ("nanmax", "nanmin", "ptp", "count_nonzero", "average")

ONE = (("a", "array"),)


def _e(name: str, template: str, slots: tuple[tuple[str, str], ...], shape: str, family: str,
       weight: float = 0.15, covers: tuple[str, ...] | None = None) -> Entry:
    short = name.split("(")[0]
    return Entry(f"anp.{name}", template, slots, shape, covers=covers or (f"numpy.{short}",), weight=weight,
                 family=family)


def _reduction(name: str, with_dtype: bool) -> list[Entry]:
    f = "reduction function"
    out = [_e(f"{name}()", f"anp.{name}({{a}})", AL, "reduce_all", f),
           _e(f"{name}(axis)", f"anp.{name}({{a}}, axis={{axis}})", AL, "reduce_axis", f),
           _e(f"{name}(axis, keepdims)", f"anp.{name}({{a}}, axis={{axis}}, keepdims=True)", AL,
              "reduce_axis_keepdims", f, 0.08)]
    if with_dtype:
        out.append(_e(f"{name}(dtype)", f"anp.{name}({{a}}, dtype={{d}})", AL + (("d", "dtype"),), "reduce_all", f))
    return out


def surface_entries() -> list[Entry]:
    out: list[Entry] = []
    out += [_e(n, f"anp.{n}({{a}})", AL, "same", "unary function") for n in UNARY]
    out += [_e(n, f"anp.{n}({{a}}, {{b}})", AB, "elementwise", "elementwise function") for n in BINARY]
    out += [_e(n, f"anp.{n}({{a}}, {{b}})", AB, "pair_scalar", "comparison function") for n in
            ("allclose", "array_equal")]
    out += [_e("array_equiv", "anp.array_equiv({a}, {b})", AB, "pair_scalar", "comparison function")]
    out += [_e("modf()[0]", "anp.modf({a})[0]", AL, "same", "unary function"),
            _e("modf()[1]", "anp.modf({a})[1]", AL, "same", "unary function", 0.05),
            _e("divmod()[0]", "anp.divmod({a}, {b})[0]", AB, "elementwise", "elementwise function"),
            _e("divmod()[1]", "anp.divmod({a}, {b})[1]", AB, "elementwise", "elementwise function", 0.05)]
    for n in REDUCTIONS_WITH_DTYPE:
        out += _reduction(n, with_dtype=True)
    for n in REDUCTIONS:
        out += _reduction(n, with_dtype=False)
    out += _reduction("median", with_dtype=False)
    out += _reduction("nanmedian", with_dtype=False)
    for n, q in (("quantile", "0.25"), ("nanquantile", "0.75"), ("percentile", "25.0"), ("nanpercentile", "90")):
        f = "reduction function"
        out += [_e(f"{n}(q)", f"anp.{n}({{a}}, {q})", AL, "reduce_all", f),
                _e(f"{n}(q, axis)", f"anp.{n}({{a}}, {q}, axis={{axis}})", AL, "reduce_axis", f),
                _e(f"{n}(q, axis, keepdims)", f"anp.{n}({{a}}, {q}, axis={{axis}}, keepdims=True)", AL,
                   "reduce_axis_keepdims", f, 0.08)]
    for n in ("argmax", "argmin", "nanargmax", "nanargmin"):
        out += _reduction(n, with_dtype=False)
    for n in ("cumulative_sum", "cumulative_prod"):
        out += [_e(f"{n}(axis)", f"anp.{n}({{a}}, axis=-1)", ONE, "same_rank1", "cumulative function"),
                _e(f"{n}(axis, dtype)", f"anp.{n}({{a}}, axis=-1, dtype={{d}})", ONE + (("d", "dtype"),),
                   "same_rank1", "cumulative function")]
    for n in ("cumsum", "cumprod", "nancumsum", "nancumprod"):
        out += [_e(f"{n}()", f"anp.{n}({{a}})", AL, "reshape_flat", "cumulative function"),
                _e(f"{n}(axis)", f"anp.{n}({{a}}, axis=-1)", AL, "same_rank1", "cumulative function"),
                _e(f"{n}(axis, dtype)", f"anp.{n}({{a}}, axis=-1, dtype={{d}})", AL + (("d", "dtype"),),
                   "same_rank1", "cumulative function")]
    s = "shape function"
    out += [
        _e("ravel", "anp.ravel({a})", AL, "reshape_flat", s),
        _e("swapaxes", "anp.swapaxes({a}, 0, -1)", ONE, "swap_ends", s),
        _e("moveaxis", "anp.moveaxis({a}, 0, -1)", ONE, "move_first_last", s),
        _e("expand_dims", "anp.expand_dims({a}, {axis})", AL, "expand_axis", s),
        _e("squeeze", "anp.squeeze({a}, axis={axis})", ONE, "squeeze_axis", s),
        _e("broadcast_arrays", "anp.broadcast_arrays({a}, {b})[0]", AB, "elementwise", s),
        _e("tile", "anp.tile({a}, 1)", ONE, "same_rank1", s),
        _e("resize", "anp.resize({a}, anp.size({a}))", AL, "reshape_flat", s, 0.08),
        _e("delete", "anp.delete(anp.append({a}, 0), -1)", AL, "reshape_flat", s, 0.08),
        _e("delete(slice)", "anp.delete({a}, anp.s_[:0], axis=0)", ONE, "same_rank1", s, 0.05),
        _e("repeat", "anp.repeat({a}, 1, axis=0)", ONE, "same_rank1", s),
        _e("flip", "anp.flip({a})", AL, "same", s),
        _e("fliplr", "anp.fliplr({a})", ONE, "same_rank2", s),
        _e("flipud", "anp.flipud({a})", ONE, "same_rank1", s),
        _e("permute_dims", "anp.permute_dims({a}, {perm})", ONE, "transpose_perm", s),
        _e("matrix_transpose", "anp.matrix_transpose({a})", ONE, "swap_last", s),
        _e("rollaxis", "anp.rollaxis({a}, -1)", ONE, "move_last_first", s),
        _e("roll", "anp.roll({a}, 1)", AL, "same", s),
        _e("rot90", "anp.rot90({a})", ONE, "rot90", s),
        _e("pad", "anp.pad({a}, 1)", ONE, "pad1", s),
        _e("atleast_1d", "anp.atleast_1d({a})", ONE, "same_rank1", s),
        _e("atleast_2d", "anp.atleast_2d({a})", ONE, "same_rank2", s),
        _e("atleast_3d", "anp.atleast_3d({a})", ONE, "same_rank3", s),
    ]
    j = "joining function"
    out += [
        _e("concatenate", "anp.concatenate([{a}, {b}])", AB, "concat_first", j),
        _e("stack", "anp.stack([{a}, {b}])", AB, "stack_first", j),
        _e("concatenate(tuple)", "anp.concatenate(({a}, {b}))", AB, "concat_first", j),
        _e("stack(tuple)", "anp.stack(({a}, {b}))", AB, "stack_first", j),
        _e("vstack", "anp.vstack([{a}, {b}])", AB, "concat_first2", j),
        _e("hstack", "anp.hstack([{a}, {b}])", AB, "concat_1d", j),
        _e("column_stack", "anp.column_stack([{a}, {b}])", AB, "column_stack", j),
        _e("concat", "anp.concat([{a}, {b}])", AB, "concat_first", j),
        _e("concat(tuple)", "anp.concat(({a}, {b}))", AB, "concat_first", j),
        _e("dstack", "anp.dstack([{a}, {b}])", AB, "dstack", j),
        _e("dstack(tuple)", "anp.dstack(({a}, {b}))", AB, "dstack", j),
        _e("append(axis)", "anp.append({a}, {b}, axis=0)", AB, "concat_first", j),
        _e("unstack", "anp.unstack({a})[0]", ONE, "unstack_first", j),
        _e("hsplit", "anp.hsplit({a}, 1)[0]", ONE, "same_rank1", j),
        _e("vsplit", "anp.vsplit({a}, 1)[0]", ONE, "same_rank1", j),
        _e("dsplit", "anp.dsplit({a}, 1)[0]", ONE, "same_rank3", j),
        _e("split", "anp.split({a}, 1)[0]", ONE, "same_rank1", j),
        _e("array_split", "anp.array_split({a}, 1)[0]", ONE, "same_rank1", j),
    ]
    x = "selection function"
    out += [
        _e("clip", "anp.clip({a}, 0, 1)", AL, "same", x),
        _e("clip(array bound)", "anp.clip({a}, {b})", AB, "elementwise", x),
        _e("clip(float bound)", "anp.clip({a}, 0.5, None)", AL, "same", x),
        _e("select", "anp.select([{c}], [{a}])", (("c", "cond"), ("a", "arraylike")), "elementwise", x),
        _e("select(tuple)", "anp.select(({c}, {c}), ({a}, {b}))", (("c", "cond"), ("a", "arraylike"), ("b", "arraylike")),
           "elementwise", x),
        _e("select(default)", "anp.select([{c}], [{a}], {b})", (("c", "cond"), ("a", "arraylike"), ("b", "arraylike")),
           "elementwise", x),
        _e("choose", "anp.choose(0, [{a}, {b}])", AB, "elementwise", x),
        _e("choose(tuple, wrap)", "anp.choose(1, ({a}, {b}), mode='wrap')", AB, "elementwise", x),
        _e("choose(method)", "anp.asarray(0).choose([{a}, {b}])", AB, "elementwise", x, 0.1,
           covers=("Array.choose",)),
        _e("compress", "anp.compress(anp.ones({n}, anp.bool_), {a})", AL, "compressed", x),
        _e("compress(size)", "anp.compress(anp.ones({n}, anp.bool_), {a}, size={n})", AL, "compressed", x),
        Entry("Array.compress", "{a}.compress(anp.ones({n}, anp.bool_))", (("a", "array"),), "compressed", "method",
              covers=("Array.compress",), weight=0.1, family=x),
        _e("take", "anp.take({a}, 0)", AL, "reduce_all", x),
        _e("take_along_axis", "anp.take_along_axis({a}, anp.argsort({a}, axis=-1), axis=-1)", ONE, "same_rank1", x),
        _e("diagonal", "anp.diagonal({a})", ONE, "diagonal", x),
        _e("diag", "anp.diag({a})", ONE, "diagonal", x),
        _e("trace", "anp.trace({a})", ONE, "trace", x),
        _e("tril", "anp.tril({a})", ONE, "same_rank2", x),
        _e("triu", "anp.triu({a})", ONE, "same_rank2", x),
        _e("sort", "anp.sort({a})", ONE, "same_rank1", x),
        _e("argsort", "anp.argsort({a})", ONE, "same_rank1", x),
        _e("argsort(dtype)", "anp.argsort({a}, dtype={d})", (*ONE, ("d", "dtype")), "same_rank1", x),
        _e("searchsorted", "anp.searchsorted({a}, {b})", (("a", "array"), ("b", "arraylike")), "searchsorted", x),
        _e("digitize", "anp.digitize({a}, {b})", AB, "digitize", x),
        _e("isin", "anp.isin({a}, {b})", AB, "isin", x),
        _e("bincount", "anp.bincount({a}, length={n})", AL, "bincount", x),
        _e("bincount(weights)", "anp.bincount({a}, {b}, length={n})", AB, "bincount", x, 0.1),
        _e("nonzero", "anp.nonzero({a}, size={n})[0]", ONE, "sized_1d", x),
        _e("flatnonzero", "anp.flatnonzero({a}, size={n})", ONE, "sized_1d", x),
        _e("argwhere", "anp.argwhere({a}, size={n})", ONE, "argwhere_rows", x),
        _e("diff", "anp.diff({a})", ONE, "diff_last", x),
        _e("diff(prepend)", "anp.diff({a}, prepend=0)", ONE, "same_rank1", x),
        _e("unique", "anp.unique({a}, size={n})", ONE, "sized_1d", x),
        _e("unravel_index()[0]", "anp.unravel_index({a}, (3, 4))[0]", AL, "same", x),
        _e("unravel_index(bool size)[1]", "anp.unravel_index({a}, (4, True))[1]", AL, "same", x, 0.05),
        _e("unravel_index(one size)[0]", "anp.unravel_index({a}, 5)[0]", AL, "same", x, 0.05),
        _e("ravel_multi_index", "anp.ravel_multi_index(({a}, {b}), (7, 8), mode='clip')", AB, "elementwise", x),
        _e("ravel_multi_index(dtype)", "anp.ravel_multi_index(({a},), (9,), mode='wrap', dtype={d})",
           AL + (("d", "dtype"),), "same", x, 0.05),
    ]
    p = "product function"
    out += [
        _e("vdot", "anp.vdot({a}, {b})", AB, "vdot", p),
        _e("inner", "anp.inner({a}, {b})", AB, "inner", p),
        _e("outer", "anp.outer({a}, {b})", AB, "outer", p),
        _e("tensordot", "anp.tensordot({a}, {b}, 1)", AB, "dot", p),
        _e("einsum", "anp.einsum('ij,jk->ik', {a}, {b})", AB, "matrix_product", p),
        _e("kron", "anp.kron({a}, {b})", AB, "kron", p),
        _e("cross", "anp.cross({a}, {b})", AB, "cross", p),
    ]
    out += [
        Entry("nn.one_hot", "nn.one_hot({a}, {n})", AL, "one_hot", covers=("nn.one_hot",), weight=0.15,
              family="nn function"),
        Entry("nn.one_hot(dtype)", "nn.one_hot({a}, {n}, dtype={d})", (*AL, ("d", "dtype")), "one_hot",
              covers=("nn.one_hot",), weight=0.1, family="nn function"),
        Entry("random.permutation", "random.permutation(random.key(0), {a})", ONE, "same_rank1",
              covers=("random.permutation",), weight=0.15, family="random function"),
        Entry("random.choice", "random.choice(random.key(0), {a}, ({n},))", ONE, "choice_1d",
              covers=("random.choice",), weight=0.15, family="random function"),
        # A scalar count (its value fixed, its type kept: a bool becomes an int, a float stays one): arange of it
        Entry("random.permutation(count)", "random.permutation(random.key(0), {s} * 0 + {n})", (("s", "scalar"),),
              "create_1d", covers=("random.permutation",), weight=0.1, family="random function"),
        Entry("random.choice(count)", "random.choice(random.key(0), {s} * 0 + 2)", (("s", "scalar"),), "same",
              covers=("random.choice",), weight=0.1, family="random function"),
    ]
    c = "creation function"
    out += [
        _e("empty(shape)", "anp.empty({shape})", (), "create", c),
        _e("empty(shape, dtype)", "anp.empty({shape}, dtype={d})", (("d", "dtype"),), "create", c),
        _e("empty_like", "anp.empty_like({a})", AL, "same", c),
        _e("empty_like(dtype)", "anp.empty_like({a}, dtype={d})", (*AL, ("d", "dtype")), "same", c),
        _e("eye", "anp.eye({n}, {m})", (), "create_2d", c),
        _e("eye(dtype)", "anp.eye({n}, {m}, dtype={d})", (("d", "dtype"),), "create_2d", c),
        _e("tri", "anp.tri({n}, {m})", (), "create_2d", c),
        _e("tri(dtype)", "anp.tri({n}, {m}, dtype={d})", (("d", "dtype"),), "create_2d", c),
        _e("identity", "anp.identity({n})[0]", (), "create_1d", c),
        _e("identity(dtype)", "anp.identity({n}, {d})[0]", (("d", "dtype"),), "create_1d", c),
        _e("logspace", "anp.logspace(0, 1, {n})", (), "create_1d", c),
        *(_e(fn, f"anp.{fn}({{n}})", (), "create_1d", c, 0.05) for fn in ("bartlett", "blackman", "hamming", "hanning")),
        _e("logspace(dtype)", "anp.logspace(0, 1, {n}, dtype={d})", (("d", "dtype"),), "create_1d", c),
        _e("meshgrid", "anp.meshgrid({a}, {b})[0]", (("a", "array"), ("b", "array")), "meshgrid", c),
        # index arrays: the default integer (shapes chosen to be n long: a column's lower triangle, a row's upper)
        _e("indices", "anp.indices(({n},))[0]", (), "create_1d", c),
        _e("indices(dtype)", "anp.indices(({n},), dtype={d})[0]", (("d", "dtype"),), "create_1d", c),
        _e("indices(sparse)", "anp.indices(({n},), sparse=True)[0]", (), "create_1d", c, 0.05),
        _e("diag_indices", "anp.diag_indices({n})[0]", (), "create_1d", c),
        _e("tril_indices", "anp.tril_indices({n}, 0, 1)[0]", (), "create_1d", c),
        _e("triu_indices", "anp.triu_indices(1, 0, {n})[1]", (), "create_1d", c),
        _e("diag_indices_from", "anp.diag_indices_from(anp.ones(({n}, {n})))[1]", (), "create_1d", c, 0.05),
        _e("tril_indices_from", "anp.tril_indices_from(anp.ones(({n}, 1)))[0]", (), "create_1d", c, 0.05),
        _e("triu_indices_from", "anp.triu_indices_from(anp.ones((1, {n})))[1]", (), "create_1d", c, 0.05),
    ]
    return out


NOT_FUZZED_SURFACE: dict[str, str] = {}
"""Surface names the registry leaves out on purpose, and why (none: every one has an entry)."""
