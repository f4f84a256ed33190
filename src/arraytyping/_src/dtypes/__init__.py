"""The dtype system: the registry of dtypes, the scalar type classes, the configuration (x64, promotion mode), promotion
(with a C fast path for ``promote_types``) and the dtype queries, all applying the rule modules (``lattice``,
``op_rules``, ``shape_rules``). Nothing here imports the runtime; ``rules_by_path`` loads the rule modules by path for
the mypy plugin and the stub generator."""
