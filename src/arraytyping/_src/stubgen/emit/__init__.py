"""The writers of the stub files: the ``Array`` class (``array``), ``arraytyping.numpy`` (``numpy``), the modules that
re-export runtime functions (``reexports``), the scalar classes (``scalars``) and the small modules (``modules``)."""
