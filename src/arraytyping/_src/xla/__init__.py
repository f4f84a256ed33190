"""The XLA side: PJRT plugins and backends, arrays held in device buffers, lowering jaxprs to StableHLO, and
compiling and running them (eager dispatch and ``jit``)."""
