"""The real-code conformance corpus: JAX 0.10.2's own tutorials (``docs/``, MyST notebooks) and example programs
(``examples/``), run cell by cell under JAX and under arraytyping, and checked by the type checkers.

Modules (standard library only: they run in JAX's venv as well as in the project's):

``manifest``  the corpus's units (``tests/data/jax_corpus/manifest.json``): each source, its documented rewrites
              (iteration caps, synthetic data), tolerances, and the units left out with their reasons
``cells``     a unit's cells: MyST ``{code-cell}`` blocks (or a whole program), IPython magics turned into Python
``rewrite``   the import rewriting (``import jax`` -> ``import arraytyping as jax``...), and nothing else
``execute``   runs one unit in a fresh process, cell after cell in one namespace, recording what a notebook shows
``compare``   one cell's outcome against JAX's: numbers within a tolerance, the rest of the text exactly
``classify``  why a cell fails (a missing name, a differing behaviour, an earlier cell it depends on), and the
              ranking of causes by what they block
``static``    pyright and mypy (with the plugin) on the corpus: errors by kind, ours against JAX's own types
``shims/``    what the corpus imports instead of downloads and plots: ``examples.datasets`` (synthetic MNIST of the
              same shapes) and a ``matplotlib`` that draws nothing
"""
