"""The static soundness fuzzer (``tools/static_fuzz.py`` runs it; ``tests/typing/test_fuzz.py`` runs a sample).

It generates random well-typed expressions over every operand kind and the public API, writes them as functions of
generated modules, asks five checkers for each expression's type (``reveal_type``) and errors, asks the runtime for
its dtype, weak flag and shape (or its error) in the same configuration, and classifies each checker's answer: its
dtype, and its shape (half the ``Array`` operands are declared with their literal shape, ``Array[float32,
tuple[Literal[2], Literal[3]]]``; the rest ``Array[float32]``, any shape).

Modules, in the order a run uses them:

* ``universe``: the dtypes a configuration inhabits, abstract classes, dtype spellings (computed, not listed);
* ``expressions``: operands (``Param``, with a ``Dim`` of runtime values), literals, calls; rendering;
* ``operands``: the operand kinds (how each is annotated and which values inhabit it);
* ``api``: the registry of operations (data: templates, slot roles, shape rules);
* ``shapes``: the shape rules that make every operand fit by construction;
* ``generate``: random cases, top-down, depth 1-3, a fifth of them generic;
* ``oracle``: the runtime's answers (abstract evaluation; eager on a sample, compared);
* ``modules``: generated modules and where each case's line is;
* ``checkers``: running mypy (with and without the plugin), pyright, pyrefly, ty; reading their output;
* ``typestrings``: normalising each checker's spelling of a type;
* ``classify``: exact / gradual / wrong / false error / missed rejection / correct rejection; for the shape, exact /
  gradual / wrong / false error;
* ``driver``: a run (chunks in parallel, checkers in parallel); errors attributed to shapes (a case checked again
  with its operands' shapes left out);
* ``slow``: the expressions a checker is known to take minutes on (kept from it by the CI sample and by
  ``--skip-known-slow``);
* ``shrink``: minimal reproducers of wrong answers and false errors;
* ``report``: the table, the findings grouped by pattern, JSON.

Extending it: a new function or method is one :class:`~.api.Entry` in ``api`` (see its docstring; a test fails while
a public name of ``arraytyping.numpy`` has no entry and no reason in ``api.NOT_FUZZED``); a new operand kind is a
function in ``operands`` added to one of its tables; a new shape behaviour is a rule in ``shapes``; a new checker is
a method of ``checkers.Checker`` and a name in ``checkers.NAMES``; a new configuration is a line of
``universe.CONFIGS``.

Known limits: a parameter annotated ``float`` is given a ``float`` (the typing spec lets callers pass an ``int``,
which JAX promotes differently: no checker can tell the two apart, so that hole is left out); in-place operators are
not generated (``Array`` defines none, so ``x += y`` is ``x = x + y`` and its check is the binary operator's).
"""
