"""``arraytyping.typecheck``: the dtypes and shapes of ``Array[...]`` annotations, checked at run time."""
