"""The foreign function interface (as ``jax.ffi``): call compiled C++ (or CUDA) functions registered with XLA from
array code, eagerly, under ``jit`` and ``vmap``.

Example (a kernel jaxlib registers: LAPACK's Cholesky factorization, column-major)::

    import numpy as np
    import arraytyping
    import arraytyping.numpy as anp

    x = anp.array([[4.0, 2.0], [2.0, 3.0]])
    call = arraytyping.ffi.ffi_call(
        "lapack_spotrf_ffi",
        (arraytyping.ShapeDtypeStruct((2, 2), anp.float32), arraytyping.ShapeDtypeStruct((), anp.int32)),
        input_layouts=[(1, 0)], output_layouts=[(1, 0), ()], input_output_aliases={0: 0})
    factor, info = call(x, uplo=np.uint8(ord("L")))
    print(factor[1, 0], info)   # 1.0 0
"""

from arraytyping._src.api.ffi import (
    TypeRegistration, build_ffi_lowering_function, ffi_call, ffi_lowering, include_dir, pycapsule,
    register_ffi_target, register_ffi_target_as_batch_partitionable, register_ffi_type, register_ffi_type_id,
)

__all__ = ["TypeRegistration", "build_ffi_lowering_function", "ffi_call", "ffi_lowering", "include_dir",
           "pycapsule", "register_ffi_target", "register_ffi_target_as_batch_partitionable", "register_ffi_type",
           "register_ffi_type_id"]
