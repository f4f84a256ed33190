"""``einsum`` as JAX 0.10.2 computes it: opt_einsum's contraction path (``optimize="auto"``: the exhaustive
``optimal`` search for up to four operands), then one step per contraction, each a reduction of one operand or a
``dot_general`` of two with ``preferred_element_type`` the operands' ``result_type`` (so every intermediate has the
result's dtype, and the order of the path decides which dtypes meet in ``dot_general``'s checks).

The path follows opt_einsum 3.4's ``contract_path``: the subscripts parsed (``...`` replaced by unused letters, the
implicit output the letters seen once, sorted), each step contracting the pair of operands (or the single operand)
the path names, its result indexed in first-seen order of its inputs' letters, the last step's by the output.
"""

from __future__ import annotations

import collections
import itertools
from decimal import Decimal
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from arraytyping._src.dtypes import registry
from arraytyping._src.dtypes.config import config
from arraytyping._src.core.array import Array
from arraytyping._src.core.arraylike import not_arraylike
from arraytyping._src.lax import lax
from arraytyping._src.numpy._promotion import ArrayLike, jitted, operand, shape_of
from arraytyping._src.numpy.contractions import contraction_result, ensure_array
from arraytyping._src.dtypes.promotion import lattice_result

__all__ = ["PathInfo", "einsum", "einsum_path"]

_SYMBOLS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

Contraction = tuple[tuple[int, ...], frozenset[str], str]
"""One step: the positions of the operands it takes (popped in this order), the letters it sums out, and its
``in,in->out`` subscripts."""


def _output_of(subscripts: str) -> str:
    letters = subscripts.replace(",", "")
    return "".join(sorted(c for c in set(letters) if letters.count(c) == 1))


def _parse(subscripts: str, shapes: Sequence[tuple[int, ...]]) -> tuple[list[str], str]:
    """The input subscripts (one per operand, ``...`` made explicit) and the output subscript."""
    subscripts = subscripts.replace(" ", "")
    if "-" in subscripts or ">" in subscripts:
        if subscripts.count("-") > 1 or subscripts.count(">") > 1 or subscripts.count("->") != 1:
            raise ValueError("Subscripts can only contain one '->'.")
    if "." in subscripts:
        used = subscripts.replace(".", "").replace(",", "").replace("->", "")
        unused = [c for c in _SYMBOLS if c not in used]
        width = max((len(s) for s in shapes), default=0)
        if width > len(unused):
            raise ValueError("einsum: too many dimensions under '...'")
        ellipsis = "".join(unused[:width])
        has_output = "->" in subscripts
        inputs_part, _, output_part = subscripts.partition("->")
        pieces = inputs_part.split(",")
        longest = 0
        for num, sub in enumerate(pieces):
            if "." not in sub:
                continue
            if sub.count(".") != 3 or sub.count("...") != 1:
                raise ValueError("Invalid Ellipses.")
            count = 0 if num >= len(shapes) or shapes[num] == () else max(len(shapes[num]), 1) - (len(sub) - 3)
            longest = max(longest, count)
            if count < 0:
                raise ValueError("Ellipses lengths do not match.")
            pieces[num] = sub.replace("...", ellipsis[len(ellipsis) - count:] if count else "")
        subscripts = ",".join(pieces)
        out_ellipsis = ellipsis[len(ellipsis) - longest:] if longest else ""
        if has_output:
            subscripts += "->" + output_part.replace("...", out_ellipsis)
        else:
            implicit = _output_of(subscripts)
            subscripts += "->" + out_ellipsis + "".join(sorted(set(implicit) - set(out_ellipsis)))
    if "->" in subscripts:
        inputs, output = subscripts.split("->")
    else:
        inputs, output = subscripts, _output_of(subscripts)
    for c in output:
        if output.count(c) != 1:
            raise ValueError(f"Output character '{c}' appeared more than once in the output.")
        if c not in inputs:
            raise ValueError(f"Output character '{c}' did not appear in the input")
    terms = inputs.split(",")
    if len(terms) != len(shapes):
        raise ValueError("Number of einsum subscripts must be equal to the number of operands.")
    return terms, output


def _flops(indices: frozenset[str], inner: bool, terms: int, sizes: dict[str, int]) -> int:
    size = 1
    for c in indices:
        size *= sizes[c]
    return size * (max(1, terms - 1) + inner)


def _optimal(inputs: list[frozenset[str]], output: frozenset[str], sizes: dict[str, int]) -> list[tuple[int, ...]]:
    """opt_einsum's ``optimal`` path (no memory limit): depth-first over every pairing, the first path of least
    cost kept; returned in linear form (positions in the shrinking operand list)."""
    best: dict[str, Any] = {"flops": float("inf"), "path": (tuple(range(len(inputs))),)}
    cache: dict[tuple[frozenset[str], frozenset[str]], tuple[frozenset[str], int]] = {}

    def pair(terms: tuple[frozenset[str], ...], remaining: set[int], i: int, j: int) -> tuple[frozenset[str], int]:
        k1, k2 = terms[i], terms[j]
        either, shared = k1 | k2, k1 & k2
        keep = output.union(*(terms[r] for r in remaining - {i, j}))
        return either & keep, _flops(either, bool(shared - keep), 2, sizes)

    def search(path: tuple[tuple[int, ...], ...], remaining: set[int], terms: tuple[frozenset[str], ...],
               flops: int) -> None:
        if len(remaining) == 1:
            best["flops"], best["path"] = flops, path
            return
        for i, j in itertools.combinations(remaining, 2):
            if i > j:
                i, j = j, i
            key = (terms[i], terms[j])
            if key not in cache:
                cache[key] = pair(terms, remaining, i, j)
            k12, cost = cache[key]
            if flops + cost >= best["flops"]:
                continue
            search(path + ((i, j),), remaining - {i, j} | {len(terms)}, terms + (k12,), flops + cost)

    search((), set(range(len(inputs))), tuple(inputs), 0)
    ssa_path: tuple[tuple[int, ...], ...] = best["path"]
    ids = list(range(sum(map(len, ssa_path)) - len(ssa_path) + 1))
    linear: list[tuple[int, ...]] = []
    ssa = len(ids)
    for step in ssa_path:
        positions = sorted(ids.index(s) for s in step)
        for p in reversed(positions):
            ids.pop(p)
        ids.append(ssa)
        linear.append(tuple(positions))
        ssa += 1
    return linear


def contraction_path(subscripts: str, shapes: Sequence[tuple[int, ...]]) -> list[Contraction]:
    """The steps JAX's ``einsum`` takes (opt_einsum's ``contract_path(..., optimize="auto")``)."""
    terms, output = _parse(subscripts, shapes)
    sizes: dict[str, int] = {}
    for num, (term, shape) in enumerate(zip(terms, shapes)):
        if len(shape) != len(term):
            raise ValueError(f"Einstein sum subscript '{term}' does not contain the correct number of indices for "
                             f"operand {num}.")
        for c, d in zip(term, shape):
            if c in sizes and sizes[c] != 1 and d not in (1, sizes[c]):
                raise ValueError(f"Size of label '{c}' for operand {num} ({sizes[c]}) does not match previous "
                                 f"terms ({d}).")
            if c not in sizes or sizes[c] == 1:
                sizes[c] = d
    n = len(terms)
    if n <= 2:
        path: list[tuple[int, ...]] = [tuple(range(n))]
    elif n <= 4:
        path = _optimal([frozenset(t) for t in terms], frozenset(output), sizes)
    else:
        raise NotImplementedError("einsum of more than four operands (JAX's opt_einsum path search for them is not "
                                  "implemented); contract them in steps")
    sets = [frozenset(t) for t in terms]
    names = list(terms)
    steps: list[Contraction] = []
    for num, positions in enumerate(path):
        positions = tuple(sorted(positions, reverse=True))
        taken = [sets.pop(p) for p in positions]
        contracted = frozenset[str]().union(*taken)
        result_set = contracted & frozenset(output).union(*sets)
        sets.append(result_set)
        inputs = [names.pop(p) for p in positions]
        if num == len(path) - 1:
            result = output
        else:
            seen = "".join(inputs)
            result = "".join(sorted(result_set, key=seen.find))
        names.append(result)
        steps.append((positions, contracted - result_set, ",".join(inputs) + "->" + result))
    return steps


def _remove(s: str, chars: str | Sequence[str]) -> str:
    return s.translate(str.maketrans(dict.fromkeys(chars)))


def _einsum_body(*operands: Any, contractions: tuple[Contraction, ...]) -> Any:
    ops = [ensure_array(x, "einsum") for x in operands]
    dtype, weak = contraction_result("einsum", *ops)
    preferred = registry.INFO[registry.info_of_dtype(dtype).name].dtype  # type: ignore[union-attr]

    def total(x: Any, axes: Sequence[int]) -> Any:
        name, _ = lattice_result((operand(x), (registry.info_of_dtype(preferred).name, False)),  # type: ignore
                                 config.lattice_config)
        if registry.INFO[name].dtype != lax.aval_of(x).dtype:
            x = lax.convert_element_type(x, preferred, False)
        return lax.reduce("or" if lax.aval_of(x).dtype == np.dtype(bool) else "sum", x, axes)

    def sum_uniques(x: Any, names: str, uniques: Sequence[str]) -> tuple[Any, str]:
        if uniques:
            x = total(x, [names.index(c) for c in uniques])
            names = _remove(names, uniques)
        return x, names

    def sum_repeats(x: Any, names: str, counts: collections.Counter[str], keep: str) -> tuple[Any, str]:
        for c, count in counts.items():
            if count > 1:
                axes = [i for i, n in enumerate(names) if n == c]
                x = lax.select_n(_delta(shape_of(x), axes), lax.full(shape_of(x), 0, lax.aval_of(x).dtype,
                                                                     lax.aval_of(x).weak_type), x)
                if c not in keep:
                    x = total(x, axes)
                    names = names.replace(c, "")
                else:
                    x = total(x, axes[:-1])
                    names = names.replace(c, "", count - 1)
        return x, names

    def filter_singletons(x: Any, names: str, other_shape: tuple[int, ...], other_names: str) -> tuple[Any, str]:
        shape = shape_of(x)
        keep = [shape[i] != 1 or j == -1 or other_shape[j] == 1 for i, j in enumerate(map(other_names.find, names))]
        return (lax.squeeze(x, [i for i, k in enumerate(keep) if not k]),
                "".join(n for n, k in zip(names, keep) if k))

    for positions, contracted_set, spec in contractions:
        contracted = sorted(contracted_set)
        input_str, result_names = spec.split("->")
        input_names = input_str.split(",")
        if len(positions) == 1:
            x = ops.pop(positions[0])
            (names,) = input_names
            counts = collections.Counter(names)
            x, names = sum_uniques(x, names, [c for c in contracted if counts[c] == 1])
            x, names = sum_repeats(x, names, counts, result_names)
        else:
            lhs, rhs = ops.pop(positions[0]), ops.pop(positions[1])
            lhs_names, rhs_names = input_names
            lhs, lhs_names = filter_singletons(lhs, lhs_names, shape_of(rhs), rhs_names)
            rhs, rhs_names = filter_singletons(rhs, rhs_names, shape_of(lhs), lhs_names)
            lc, rc = collections.Counter(lhs_names), collections.Counter(rhs_names)
            lhs, lhs_names = sum_uniques(lhs, lhs_names, [c for c in contracted if lc[c] == 1 and rc[c] == 0])
            rhs, rhs_names = sum_uniques(rhs, rhs_names, [c for c in contracted if rc[c] == 1 and lc[c] == 0])
            lhs, lhs_names = sum_repeats(lhs, lhs_names, lc, result_names + rhs_names)
            rhs, rhs_names = sum_repeats(rhs, rhs_names, rc, result_names + lhs_names)
            either = set(lhs_names) | set(rhs_names)
            contracted = [c for c in contracted if c in either]
            both = set(lhs_names) & set(rhs_names)
            batch = [c for c in result_names if c in both]
            lb = tuple(lhs_names.find(c) for c in batch)
            rb = tuple(rhs_names.find(c) for c in batch)
            lcont = tuple(lhs_names.index(c) for c in contracted)
            rcont = tuple(rhs_names.index(c) for c in contracted)
            deleted = "".join(batch) + "".join(contracted)
            rest_l, rest_r = _remove(lhs_names, deleted), _remove(rhs_names, deleted)
            names = "".join(batch) + rest_r + rest_l
            if names == result_names:
                x = lax.dot_general(rhs, lhs, ((rcont, lcont), (rb, lb)), preferred)
            else:
                names = "".join(batch) + rest_l + rest_r
                x = lax.dot_general(lhs, rhs, ((lcont, rcont), (lb, rb)), preferred)
        if names != result_names:
            x = lax.transpose(x, tuple(names.index(c) for c in result_names))
        ops.append(x)
    return lax.convert_element_type(ops[0], preferred, weak)


def _delta(shape: tuple[int, ...], axes: Sequence[int]) -> Any:
    """A bool mask of ``shape``: true where the indices along ``axes`` are all equal (JAX's ``lax._delta``)."""
    base = tuple(shape[a] for a in axes)
    iotas = [lax.iota(np.dtype("uint32"), base, i) for i in range(len(base))]
    mask = lax.eq(iotas[0], iotas[1])
    for a, b in zip(iotas[1:], iotas[2:]):
        mask = lax.bitwise_and(mask, lax.eq(a, b))
    return lax.broadcast_in_dim(mask, shape, tuple(axes))


_einsum = jitted(_einsum_body, "einsum")


def einsum(subscripts: str, /, *operands: ArrayLike, out: None = None, optimize: str | bool = "auto") -> Array:
    """The Einstein summation ``subscripts`` (``"ij,jk->ik"``, with ``...`` and an implicit output as numpy's) of
    ``operands``, contracted pairwise along opt_einsum's path as JAX's ``einsum`` (``optimize="auto"`` or
    ``True``); its dtype is the operands' ``result_type``. The interleaved form and JAX's ``precision``/
    ``preferred_element_type`` are not supported."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.einsum is not supported.")
    if not isinstance(cast(object, subscripts), str):  # checked at run time whatever the annotation says
        raise NotImplementedError("einsum's interleaved form (operand, axes, operand, axes...) is not supported")
    if optimize not in ("auto", True, "optimal"):
        raise NotImplementedError(f"einsum with optimize={optimize!r}: only 'auto' is supported")
    for i, x in enumerate(operands):
        if isinstance(x, (list, tuple)):
            raise not_arraylike("einsum", x, i)
        operand(x)
    path = tuple(contraction_path(subscripts, [shape_of(x) for x in operands]))
    result: Array = _einsum(*operands, contractions=path)
    return result



class PathInfo:
    """What :func:`einsum_path` describes a contraction with (opt_einsum's ``PathInfo``, which JAX's
    ``einsum_path`` returns): the equation, the path, each step's contraction, the naive and optimized FLOP
    counts, and a printable table (``print(info)``)."""

    def __init__(self, contraction_list: list[tuple[tuple[int, ...], frozenset[str], str, tuple[str, ...] | None,
                                                    str | bool]],
                 input_subscripts: str, output_subscript: str, indices: frozenset[str],
                 path: list[tuple[int, ...]], scale_list: list[int], naive_cost: int, opt_cost: int,
                 size_list: list[int], size_dict: dict[str, int]) -> None:
        self.contraction_list = contraction_list
        self.input_subscripts = input_subscripts
        self.output_subscript = output_subscript
        self.path = path
        self.indices = indices
        self.scale_list = scale_list
        self.naive_cost = Decimal(naive_cost)
        self.opt_cost = Decimal(opt_cost)
        self.speedup = self.naive_cost / max(self.opt_cost, Decimal(1))
        self.size_list = size_list
        self.size_dict = size_dict
        self.shapes = [tuple(size_dict[k] for k in ks) for ks in input_subscripts.split(",")]
        self.eq = f"{input_subscripts}->{output_subscript}"
        self.largest_intermediate = Decimal(max(size_list, default=1))

    def __repr__(self) -> str:
        header = ("scaling", "BLAS", "current", "remaining")
        lines = [
            f"  Complete contraction:  {self.eq}\n",
            f"         Naive scaling:  {len(self.indices)}\n",
            f"     Optimized scaling:  {max(self.scale_list, default=0)}\n",
            f"      Naive FLOP count:  {self.naive_cost:.3e}\n",
            f"  Optimized FLOP count:  {self.opt_cost:.3e}\n",
            f"   Theoretical speedup:  {self.speedup:.3e}\n",
            f"  Largest intermediate:  {self.largest_intermediate:.3e} elements\n",
            "-" * 80 + "\n",
            "{:>6} {:>11} {:>22} {:>37}\n".format(*header),
            "-" * 80,
        ]
        for n, (_, _, einsum_str, remaining, do_blas) in enumerate(self.contraction_list):
            remaining_str = "..." if remaining is None else ",".join(remaining) + "->" + self.output_subscript
            size_remaining = max(0, 56 - max(22, len(einsum_str)))
            lines.append("\n{:>4} {:>14} {:>22}    {:>{}}".format(self.scale_list[n], do_blas, einsum_str,
                                                                   remaining_str, size_remaining))
        return "".join(lines)


def _can_blas(inputs: list[str], result: str, idx_removed: frozenset[str], shapes: list[tuple[int, ...]]
              ) -> str | bool:
    """opt_einsum's ``can_blas``: the BLAS routine a pairwise contraction maps to, or False."""
    if len(inputs) != 2:
        return False
    left, right = inputs
    for c in set(left + right):
        nl, nr = left.count(c), right.count(c)
        if nl > 1 or nr > 1 or nl + nr > 2:
            return False
        if nl + nr - 1 == int(c in result):
            return False
    for c in idx_removed:
        if shapes[0][left.find(c)] != shapes[1][right.find(c)]:
            return False
    if not idx_removed:
        return "OUTER/EINSUM"
    sets = [set(x) for x in inputs]
    keep_left, keep_right = sets[0] - idx_removed, sets[1] - idx_removed
    rs = len(idx_removed)
    if left == right:
        return "DOT"
    if sets[0] == sets[1]:
        return "DOT/EINSUM"
    if left[-rs:] == right[:rs] or left[:rs] == right[-rs:] or left[-rs:] == right[-rs:] or left[:rs] == right[:rs]:
        return "GEMM"
    if not keep_left or not keep_right:
        return "GEMV/EINSUM"
    return "TDOT"


def _size(indices: Any, sizes: dict[str, int]) -> int:
    out = 1
    for c in indices:
        out *= sizes[c]
    return out


_PATH_OPTIONS: tuple[str, ...] = ("auto", "auto-hq", "optimal", "branch-all", "branch-2", "branch-1", "greedy", "eager",
                                  "opportunistic", "dp", "dynamic-programming", "random-greedy",
                                  "random-greedy-128")
"""opt_einsum's path searches by name."""


def einsum_path(subscripts: str, /, *operands: Any, optimize: bool | str | list[tuple[int, ...]] = "auto"
                ) -> tuple[list[tuple[int, ...]], PathInfo]:
    """The contraction path :func:`einsum` would take for ``subscripts`` on operands of these shapes, without
    contracting anything, as JAX's ``jnp.einsum_path`` (opt_einsum's ``contract_path``): the path (the positions
    contracted at each step, in the shrinking list of operands) and a :class:`PathInfo` (printable).

    ``optimize``: ``"auto"`` or ``"optimal"`` (the exhaustive search; ``"auto"`` is it for up to four operands),
    ``True`` (``"optimal"``), ``False`` (left to right, pairwise) or an explicit path. opt_einsum's other searches
    (``"greedy"``, ``"branch-*"``, ``"dp"``, and ``"auto"`` for five operands or more) are not implemented.

    Args:
        subscripts: the Einstein summation, as :func:`einsum` takes it.
        operands: the arrays (only their shapes matter).
        optimize: how the path is searched.

    Example:
        >>> import arraytyping.numpy as jnp
        >>> path, info = jnp.einsum_path("ij,jk,kl->il", jnp.ones((2, 3)), jnp.ones((3, 4)), jnp.ones((4, 5)))
        >>> path
        [(0, 1), (0, 1)]
        >>> info.opt_cost
        Decimal('128')
    """
    shapes = [tuple(int(d) for d in (x.shape if hasattr(x, "shape") else np.shape(x))) for x in operands]
    terms, output = _parse(subscripts, shapes)
    input_subscripts = ",".join(terms)
    sizes: dict[str, int] = {}
    for num, (term, shape) in enumerate(zip(terms, shapes)):
        if len(shape) != len(term):
            raise ValueError(f"Einstein sum subscript '{term}' does not contain the correct number of indices for "
                             f"operand {num}.")
        for c, d in zip(term, shape):
            if c in sizes:
                if sizes[c] == 1:
                    sizes[c] = d
                elif d not in (1, sizes[c]):
                    raise ValueError(f"Size of label '{c}' for operand {num} ({sizes[c]}) does not match previous "
                                     f"terms ({d}).")
            else:
                sizes[c] = d
    n = len(terms)
    indices = frozenset(input_subscripts.replace(",", ""))
    inner = sum(len(set(t)) for t in terms) - len(indices) > 0
    naive_cost = _flops(indices, inner, n, sizes)
    input_sets = [frozenset(t) for t in terms]
    path: list[tuple[int, ...]]
    method: str | None = None  # None: JAX's Unoptimized (optimize=False)
    explicit: list[tuple[int, ...]] | None = None
    if isinstance(optimize, bool):
        method = "optimal" if optimize else None
    elif isinstance(optimize, str):
        method = optimize
    else:
        explicit = [tuple(p) for p in optimize]
    if explicit is not None:
        path = explicit
    elif n <= 2:
        path = [tuple(range(n))]
    elif method is None:
        path = [(0, 1)] * (n - 1)  # left to right
    else:
        name = method.lower()
        if name not in _PATH_OPTIONS:
            raise KeyError(f"Path optimizer '{name}' not found, valid options are {set(_PATH_OPTIONS)}.")
        if not (name == "optimal" or (name in ("auto", "auto-hq") and n <= 4)):
            raise NotImplementedError(f"einsum_path with optimize={optimize!r} for {n} operands: only the "
                                      "exhaustive 'optimal' search (and 'auto' up to four operands) is implemented")
        path = _optimal(input_sets, frozenset(output), sizes)
    scale_list: list[int] = []
    step_sizes: list[int] = []
    costs: list[int] = []
    contraction_list: list[tuple[tuple[int, ...], frozenset[str], str, tuple[str, ...] | None, str | bool]] = []
    names = list(terms)
    term_shapes = list(shapes)
    sets = list(input_sets)
    output_set = frozenset(output)
    for num, step in enumerate(path):
        positions = tuple(sorted(step, reverse=True))
        taken = [sets.pop(p) for p in positions]
        idx_contract = frozenset[str]().union(*taken)
        new_result = idx_contract & output_set.union(*sets)
        idx_removed = idx_contract - new_result
        sets.append(new_result)
        costs.append(_flops(idx_contract, bool(idx_removed), len(positions), sizes))
        scale_list.append(len(idx_contract))
        step_sizes.append(_size(new_result, sizes))
        inputs = [names.pop(p) for p in positions]
        in_shapes = [term_shapes.pop(p) for p in positions]
        do_blas = _can_blas(inputs, "".join(new_result), idx_removed, in_shapes)
        if num == len(path) - 1:
            result = output
        else:
            seen = "".join(inputs)
            result = "".join(sorted(new_result, key=seen.find))
        result_shape = tuple(max(s[loc] for s, loc in zip(in_shapes, [x.find(c) for x in inputs]) if loc >= 0)
                             for c in result)
        names.append(result)
        term_shapes.append(result_shape)
        contraction_list.append((positions, idx_removed, ",".join(inputs) + "->" + result,
                                 tuple(names) if len(names) <= 20 else None, do_blas))
    info = PathInfo(contraction_list, input_subscripts, output, indices, path, scale_list, naive_cost, sum(costs),
                    step_sizes, sizes)
    return path, info
