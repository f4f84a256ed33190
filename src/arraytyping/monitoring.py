"""Events a program reports to listeners (as ``jax.monitoring``): register a listener, and it is called at every
report of its kind. The runtime reports the steps of compiling each ``jit`` function, as JAX does
(``/jax/core/compile/jaxpr_trace_duration``, ``.../jaxpr_to_mlir_module_duration``,
``.../backend_compile_duration``, each with ``fun_name``).

Example (how long each compilation step takes)::

    import arraytyping
    import arraytyping.numpy as anp

    steps = []
    def listener(event, duration_secs, **kwargs):
        steps.append((event.rsplit("/", 1)[-1], kwargs["fun_name"]))
    arraytyping.monitoring.register_event_duration_secs_listener(listener)
    arraytyping.jit(lambda x: x * 2)(anp.ones(3))
    print(steps)   # [('jaxpr_trace_duration', '<lambda>'), ('jaxpr_to_mlir_module_duration', 'jit(<lambda>)'), ...
    arraytyping.monitoring.unregister_event_duration_listener(listener)
"""

from arraytyping._src.monitoring import (
    clear_event_listeners, record_event, record_event_duration_secs, record_event_time_span, record_scalar,
    register_event_duration_secs_listener, register_event_listener, register_event_time_span_listener,
    register_scalar_listener, unregister_event_duration_listener, unregister_event_listener,
    unregister_event_time_span_listener, unregister_scalar_listener,
)

__all__ = ["clear_event_listeners", "record_event", "record_event_duration_secs", "record_event_time_span",
           "record_scalar", "register_event_duration_secs_listener", "register_event_listener",
           "register_event_time_span_listener", "register_scalar_listener", "unregister_event_duration_listener",
           "unregister_event_listener", "unregister_event_time_span_listener", "unregister_scalar_listener"]
