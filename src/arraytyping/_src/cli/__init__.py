"""The renderers behind the ``arraytyping`` command-line tool (:mod:`arraytyping.cli` is the thin front end).

* :mod:`.names`: display labels (long and JAX-style short) and operand parsing;
* :mod:`.table_format`: the binary promotion table as text, Markdown, HTML or CSV;
* :mod:`.lattice_picture`: the Hasse diagram as SVG, Graphviz DOT or PNG;
* :mod:`.explain`: the paths inputs take up the lattice to their join.

Everything is computed from :mod:`arraytyping.lattice`.
"""
