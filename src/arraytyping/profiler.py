"""Profiling (as ``jax.profiler``): traces of what the program does (host activity, Python calls, compilations,
executions) for TensorBoard and Perfetto, named spans on their timeline, the profiler server, and device memory
profiles for ``pprof``.

Example::

    import arraytyping
    import arraytyping.numpy as anp

    x = anp.ones((256, 256))
    with arraytyping.profiler.trace("/tmp/arraytyping-trace"):
        with arraytyping.profiler.TraceAnnotation("matmul"):
            (x @ x).block_until_ready()
    # /tmp/arraytyping-trace/plugins/profile/<run>/<host>.xplane.pb: open it in TensorBoard
"""

from arraytyping._src.api.profiler import (
    ProfileData, ProfileEvent, ProfileOptions, ProfilePlane, StepTraceAnnotation, TraceAnnotation, annotate_function,
    device_memory_profile, register_subprocess, save_device_memory_profile, start_server, start_trace, stop_server,
    stop_trace, trace,
)

__all__ = ["ProfileData", "ProfileEvent", "ProfileOptions", "ProfilePlane", "StepTraceAnnotation", "TraceAnnotation",
           "annotate_function", "device_memory_profile", "register_subprocess", "save_device_memory_profile",
           "start_server", "start_trace", "stop_server", "stop_trace", "trace"]
