/* C fast paths: the cache-hit path of arraytyping.promote_types (here) and of jitted calls (JitBase, below).
 *
 * promote_types is called in hot loops with the same few dtype objects. In pure Python its cost is dominated by
 * interpreter overhead (building and hashing a key), which alone exceeds numpy.promote_types. Here a hit costs two
 * pointer compares in a small open-addressing table keyed by the identities of the two inputs.
 *
 * Semantics stay in Python: a miss, or any call while a configuration context manager is open anywhere, goes to the
 * Python function registered with set_fallback (which computes, validates and raises). Each entry holds strong
 * references to its two inputs, so an identity cannot be reused by another object while its entry exists; entries
 * only ever hold correct answers for their lattice, so clearing the table is always safe. The GIL guards the tables.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define N_LATTICES 4
#define TABLE_BITS 10
#define TABLE_SIZE (1 << TABLE_BITS)
#define MAX_PROBE 8

typedef struct {
    PyObject *a;
    PyObject *b;
    PyObject *result;
} Entry;

static Entry tables[N_LATTICES][TABLE_SIZE];
static int current_index = 0;
static int overrides_active = 0;
static PyObject *fallback = NULL;
static PyObject *global_lattice = NULL; /* config.STATE.lattice, as published by set_state */

static void clear_scalar_cache(void);

static inline size_t slot_of(PyObject *a, PyObject *b) {
    size_t h = ((size_t)a >> 4) * 0x9E3779B97F4A7C15ULL ^ ((size_t)b >> 4) * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h >> 17) & (TABLE_SIZE - 1);
}

static void clear_table(Entry *table) {
    for (size_t i = 0; i < TABLE_SIZE; i++) {
        Py_CLEAR(table[i].a);
        Py_CLEAR(table[i].b);
        Py_CLEAR(table[i].result);
    }
}

static PyObject *call_fallback(PyObject *a, PyObject *b) {
    if (fallback == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "arraytyping._src._speedups: no fallback registered");
        return NULL;
    }
    PyObject *args[2] = {a, b};
    return PyObject_Vectorcall(fallback, args, 2, NULL);
}

static PyObject *promote_types(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "promote_types() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *a = args[0], *b = args[1];
    if (overrides_active) {
        return call_fallback(a, b);
    }
    Entry *table = tables[current_index];
    size_t slot = slot_of(a, b);
    for (int probe = 0; probe < MAX_PROBE; probe++) {
        Entry *e = &table[(slot + probe) & (TABLE_SIZE - 1)];
        if (e->a == a && e->b == b) {
            Py_INCREF(e->result);
            return e->result;
        }
        if (e->a == NULL) {
            break;
        }
    }
    int index = current_index;
    PyObject *result = call_fallback(a, b);
    if (result == NULL || index != current_index || overrides_active) {
        return result;
    }
    for (int probe = 0; probe < MAX_PROBE; probe++) {
        Entry *e = &table[(slot + probe) & (TABLE_SIZE - 1)];
        if (e->a == NULL) {
            Py_INCREF(a);
            Py_INCREF(b);
            Py_INCREF(result);
            e->a = a;
            e->b = b;
            e->result = result;
            return result;
        }
    }
    /* The neighbourhood is full: start this lattice's table afresh (rare: only many distinct inputs do this). */
    clear_table(table);
    Entry *e = &table[slot];
    Py_INCREF(a);
    Py_INCREF(b);
    Py_INCREF(result);
    e->a = a;
    e->b = b;
    e->result = result;
    return result;
}

static PyObject *set_state(PyObject *self, PyObject *args) {
    int index, active;
    PyObject *lattice = NULL;
    if (!PyArg_ParseTuple(args, "ii|O", &index, &active, &lattice)) {
        return NULL;
    }
    if (index < 0 || index >= N_LATTICES) {
        PyErr_Format(PyExc_ValueError, "lattice index must be in [0, %d), got %d", N_LATTICES, index);
        return NULL;
    }
    current_index = index;
    overrides_active = active;
    if (lattice != NULL) {
        Py_INCREF(lattice);
        Py_XSETREF(global_lattice, lattice);
    }
    Py_RETURN_NONE;
}

static PyObject *set_fallback(PyObject *self, PyObject *fn) {
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "set_fallback needs a callable");
        return NULL;
    }
    Py_INCREF(fn);
    Py_XSETREF(fallback, fn);
    Py_RETURN_NONE;
}

static PyObject *clear(PyObject *self, PyObject *unused) {
    for (int i = 0; i < N_LATTICES; i++) {
        clear_table(tables[i]);
    }
    clear_scalar_cache();
    Py_RETURN_NONE;
}

static PyObject *cache_size(PyObject *self, PyObject *unused) {
    Py_ssize_t n = 0;
    for (int i = 0; i < N_LATTICES; i++) {
        for (size_t j = 0; j < TABLE_SIZE; j++) {
            n += tables[i][j].a != NULL;
        }
    }
    return PyLong_FromSsize_t(n);
}

/* ---------------------------------------------------------------------------------------------------------------
 * JitBase: the cache-hit path of a jitted call, the base class of arraytyping._src.runtime.dispatch.JitFunction.
 *
 * Every eager operation and every call of a jitted function goes through JitFunction.__call__. Its hit path (the
 * call matches the inline cache `_last = (cfg, sigs, exe, handlers, out_aval)` of the previous call without keyword
 * arguments) is done here, exactly as dispatch._PyJitBase.__call__ does it in Python: no trace is being recorded in
 * this thread, the configuration in force is `cfg`, each argument is an ArrayImpl whose aval is (or equals) its
 * signature entry, a Python scalar of the cached type, or a list or tuple (of the type that begins its signature
 * entry, a tuple) of ArrayImpls whose avals are the rest of that entry, then
 *     outs = exe.execute_sharded(bufs).consume_with_handlers(handlers)
 * and the result is a new ArrayImpl(buf=outs[0], aval=out_aval), allocated with tp_alloc and its two slots stored
 * at the offsets of their member descriptors. Anything else (a miss, keyword arguments, an error while checking)
 * calls the Python method self._call(args, kwargs), which holds all the semantics. A failed execution is explained
 * by dispatch._raise_if_deleted(bufs) (chained to the original error, as `except: ...; raise` does in Python).
 *
 * `_last` is a member slot written by Python (a tuple replaced as a whole); the hit path holds a reference to the
 * tuple it read, so another thread replacing it meanwhile is harmless.
 */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *last;
} JitBase;

/* Registered by jit_setup(). */
static PyTypeObject *array_type = NULL;
static Py_ssize_t buf_offset = -1;
static Py_ssize_t aval_offset = -1;
static PyObject *current_fn = NULL;
static PyObject *scalar_buffer_fn = NULL;
static PyObject *raise_if_deleted_fn = NULL;
static PyObject *trace_state = NULL;

static PyObject *str_execute_sharded = NULL;
static PyObject *str_consume_with_handlers = NULL;
static PyObject *str_call = NULL;
static PyObject *str_dynamic = NULL;
static PyObject *str_x64 = NULL;

#define SLOT(o, off) (*(PyObject **)((char *)(o) + (off)))

/* Python scalar arguments: the device buffer of recently seen scalar objects under a configuration, keyed by the
 * identities of both (a literal such as the 2.0 of `x * 2.0` is the same object on every call). Each entry holds
 * references to its scalar and configuration, so their identities cannot be reused while it exists; scalars are
 * immutable and buffers too, so an entry is always the buffer scalar_buffer(obj, type(obj), cfg.x64) gives. */
#define SCALAR_CACHE_SIZE 64

typedef struct {
    PyObject *obj;
    PyObject *cfg;
    PyObject *buf;
} ScalarEntry;

static ScalarEntry scalar_cache[SCALAR_CACHE_SIZE];

static PyObject *scalar_arg_buffer(PyObject *a, PyObject *tp, PyObject *cfg) {
    ScalarEntry *e = &scalar_cache[(((size_t)a >> 4) ^ ((size_t)cfg >> 6)) & (SCALAR_CACHE_SIZE - 1)];
    if (e->obj == a && e->cfg == cfg) {
        Py_INCREF(e->buf);
        return e->buf;
    }
    PyObject *x64 = PyObject_GetAttr(cfg, str_x64);
    if (x64 == NULL) {
        return NULL;
    }
    PyObject *sargs[3] = {a, tp, x64};
    PyObject *buf = PyObject_Vectorcall(scalar_buffer_fn, sargs, 3, NULL);
    Py_DECREF(x64);
    if (buf == NULL) {
        return NULL;
    }
    PyObject *old_obj = e->obj, *old_cfg = e->cfg, *old_buf = e->buf;
    Py_INCREF(a);
    Py_INCREF(cfg);
    Py_INCREF(buf);
    e->obj = a;
    e->cfg = cfg;
    e->buf = buf;
    Py_XDECREF(old_obj); /* last: a deallocation may run arbitrary code */
    Py_XDECREF(old_cfg);
    Py_XDECREF(old_buf);
    return buf;
}

static void clear_scalar_cache(void) {
    for (int i = 0; i < SCALAR_CACHE_SIZE; i++) {
        ScalarEntry *e = &scalar_cache[i];
        PyObject *obj = e->obj, *cfg = e->cfg, *buf = e->buf;
        e->obj = e->cfg = e->buf = NULL;
        Py_XDECREF(obj);
        Py_XDECREF(cfg);
        Py_XDECREF(buf);
    }
}

/* An executable failed: if one of its arguments is a deleted buffer, raise _raise_if_deleted's explanation with the
 * original error as its context; otherwise leave the original error set. */
static void explain_failure(PyObject *bufs) {
    if (!PyErr_ExceptionMatches(PyExc_Exception)) {
        return;
    }
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    PyErr_NormalizeException(&t, &v, &tb);
    if (tb != NULL) {
        PyException_SetTraceback(v, tb);
    }
    PyObject *r = PyObject_CallOneArg(raise_if_deleted_fn, bufs);
    if (r != NULL) {
        Py_DECREF(r);
        PyErr_Restore(t, v, tb);
        return;
    }
    PyObject *t2, *v2, *tb2;
    PyErr_Fetch(&t2, &v2, &tb2);
    PyErr_NormalizeException(&t2, &v2, &tb2);
    if (v2 != NULL && v2 != v) {
        PyException_SetContext(v2, v); /* steals v */
    } else {
        Py_XDECREF(v);
    }
    Py_XDECREF(t);
    Py_XDECREF(tb);
    PyErr_Restore(t2, v2, tb2);
}

/* Append the buffer of ArrayImpl `a` to `bufs` if its aval is (or equals) `s`: 1, or 0 on a miss, -1 on an error. */
static int array_buffer(PyObject *a, PyObject *s, PyObject *bufs) {
    PyObject *aval = SLOT(a, aval_offset);
    if (aval == NULL) {
        return 0;
    }
    if (aval != s) {
        Py_INCREF(aval);
        int eq = PyObject_RichCompareBool(aval, s, Py_EQ);
        Py_DECREF(aval);
        if (eq <= 0) {
            return eq;
        }
    }
    PyObject *buf = SLOT(a, buf_offset); /* read after the comparison, which may run Python code */
    if (buf == NULL) {
        return 0;
    }
    return PyList_Append(bufs, buf) < 0 ? -1 : 1;
}

/* The hit path. Returns 1 with *result set (a new reference, or NULL with an error set), or 0 on a miss (no error
 * set). `last` is a 5-tuple the caller holds a reference to. */
static int jit_hit(PyObject *last, PyObject *const *args, Py_ssize_t n, PyObject **result) {
    PyObject *dynamic = PyObject_GetAttr(trace_state, str_dynamic);
    if (dynamic == NULL) {
        PyErr_Clear(); /* the Python path raises it again */
        return 0;
    }
    Py_DECREF(dynamic); /* only its identity with None is needed */
    if (dynamic != Py_None) {
        return 0;
    }
    PyObject *cfg = PyTuple_GET_ITEM(last, 0);
    PyObject *sigs = PyTuple_GET_ITEM(last, 1);
    if (!PyTuple_CheckExact(sigs) || PyTuple_GET_SIZE(sigs) != n) {
        return 0;
    }
    if (overrides_active || global_lattice == NULL) {
        PyObject *cur = PyObject_CallNoArgs(current_fn);
        if (cur == NULL) {
            *result = NULL;
            return 1;
        }
        Py_DECREF(cur); /* configurations are interned: only the identity matters */
        if (cur != cfg) {
            return 0;
        }
    } else if (global_lattice != cfg) {
        return 0;
    }
    PyObject *bufs = PyList_New(0);
    if (bufs == NULL) {
        *result = NULL;
        return 1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = args[i];
        PyObject *s = PyTuple_GET_ITEM(sigs, i);
        if (Py_TYPE(a) == array_type) {
            int m = array_buffer(a, s, bufs);
            if (m < 0) {
                goto error;
            }
            if (m == 0) {
                goto miss;
            }
        } else if ((PyObject *)Py_TYPE(a) == s) { /* a Python scalar of the cached type */
            PyObject *buf = scalar_arg_buffer(a, s, cfg);
            if (buf == NULL) {
                goto error;
            }
            int r = PyList_Append(bufs, buf);
            Py_DECREF(buf);
            if (r < 0) {
                goto error;
            }
        } else if (PyTuple_CheckExact(s) && PyTuple_GET_SIZE(s) > 0 && (PyObject *)Py_TYPE(a) == PyTuple_GET_ITEM(s, 0)
                   && (PyList_CheckExact(a) || PyTuple_CheckExact(a))) {
            /* a flat list or tuple of arrays: (its type, the arrays' types...) */
            Py_ssize_t k = PyTuple_GET_SIZE(s) - 1;
            for (Py_ssize_t j = 0; j < k; j++) {
                if (Py_SIZE(a) != k) { /* re-read: an aval comparison may run Python code */
                    goto miss;
                }
                PyObject *item = PyList_CheckExact(a) ? PyList_GET_ITEM(a, j) : PyTuple_GET_ITEM(a, j);
                if (Py_TYPE(item) != array_type) {
                    goto miss;
                }
                Py_INCREF(item);
                int m = array_buffer(item, PyTuple_GET_ITEM(s, j + 1), bufs);
                Py_DECREF(item);
                if (m < 0) {
                    goto error;
                }
                if (m == 0) {
                    goto miss;
                }
            }
            if (Py_SIZE(a) != k) {
                goto miss;
            }
        } else {
            goto miss;
        }
    }

    PyObject *margs[3] = {NULL, PyTuple_GET_ITEM(last, 2), bufs};
    PyObject *executed = PyObject_VectorcallMethod(str_execute_sharded, margs + 1,
                                                   2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (executed == NULL) {
        explain_failure(bufs);
        goto error;
    }
    margs[0] = NULL;
    margs[1] = executed;
    margs[2] = PyTuple_GET_ITEM(last, 3);
    PyObject *outs = PyObject_VectorcallMethod(str_consume_with_handlers, margs + 1,
                                               2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(executed);
    if (outs == NULL) {
        explain_failure(bufs);
        goto error;
    }
    Py_DECREF(bufs);
    PyObject *out0;
    if (PyList_CheckExact(outs) && PyList_GET_SIZE(outs) > 0) {
        out0 = PyList_GET_ITEM(outs, 0);
        Py_INCREF(out0);
    } else {
        out0 = PySequence_GetItem(outs, 0);
    }
    Py_DECREF(outs);
    if (out0 == NULL) {
        *result = NULL;
        return 1;
    }
    PyObject *out = array_type->tp_alloc(array_type, 0);
    if (out == NULL) {
        Py_DECREF(out0);
        *result = NULL;
        return 1;
    }
    PyObject *out_aval = PyTuple_GET_ITEM(last, 4);
    Py_INCREF(out_aval);
    SLOT(out, buf_offset) = out0;
    SLOT(out, aval_offset) = out_aval;
    *result = out;
    return 1;

miss:
    Py_DECREF(bufs);
    return 0;
error:
    Py_DECREF(bufs);
    *result = NULL;
    return 1;
}

static inline int usable(PyObject *last) {
    return last != NULL && array_type != NULL && PyTuple_CheckExact(last) && PyTuple_GET_SIZE(last) == 5;
}

static PyObject *call_slow(PyObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *margs[4] = {NULL, self, args, kwargs};
    return PyObject_VectorcallMethod(str_call, margs + 1, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

static PyObject *JitBase_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    JitBase *self = (JitBase *)callable;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *last = self->last;
    if (nkw == 0 && usable(last)) {
        PyObject *result;
        Py_INCREF(last);
        int hit = jit_hit(last, args, n, &result);
        Py_DECREF(last);
        if (hit) {
            return result;
        }
    }
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(args[i]);
        PyTuple_SET_ITEM(tuple, i, args[i]);
    }
    PyObject *kwargs = PyDict_New();
    if (kwargs == NULL) {
        Py_DECREF(tuple);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[n + i]) < 0) {
            Py_DECREF(tuple);
            Py_DECREF(kwargs);
            return NULL;
        }
    }
    PyObject *result = call_slow(callable, tuple, kwargs);
    Py_DECREF(tuple);
    Py_DECREF(kwargs);
    return result;
}

static PyObject *JitBase_call(PyObject *callable, PyObject *args, PyObject *kwargs) {
    JitBase *self = (JitBase *)callable;
    PyObject *last = self->last;
    int has_kwargs = kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0;
    if (!has_kwargs && usable(last)) {
        PyObject *result;
        Py_INCREF(last);
        int hit = jit_hit(last, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args), &result);
        Py_DECREF(last);
        if (hit) {
            return result;
        }
    }
    if (kwargs != NULL) {
        return call_slow(callable, args, kwargs);
    }
    PyObject *empty = PyDict_New();
    if (empty == NULL) {
        return NULL;
    }
    PyObject *result = call_slow(callable, args, empty);
    Py_DECREF(empty);
    return result;
}

static PyObject *JitBase_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    JitBase *self = (JitBase *)type->tp_alloc(type, 0);
    if (self != NULL) {
        self->vectorcall = JitBase_vectorcall;
        self->last = NULL;
    }
    return (PyObject *)self;
}

static int JitBase_traverse(JitBase *self, visitproc visit, void *arg) {
    Py_VISIT(self->last);
    return 0;
}

static int JitBase_clear(JitBase *self) {
    Py_CLEAR(self->last);
    return 0;
}

static void JitBase_dealloc(JitBase *self) {
    PyObject_GC_UnTrack(self);
    Py_CLEAR(self->last);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMemberDef JitBase_members[] = {
    {"_last", T_OBJECT, offsetof(JitBase, last), 0,
     "The inline cache: (cfg, sigs, exe, handlers, out_aval) of the last call without keyword arguments, or None."},
    {NULL},
};

static PyTypeObject JitBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arraytyping._src._speedups.JitBase",
    .tp_doc = PyDoc_STR("The cache-hit path of a jitted call in C; misses call self._call(args, kwargs)."),
    .tp_basicsize = sizeof(JitBase),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = JitBase_new,
    .tp_dealloc = (destructor)JitBase_dealloc,
    .tp_traverse = (traverseproc)JitBase_traverse,
    .tp_clear = (inquiry)JitBase_clear,
    .tp_call = JitBase_call,
    .tp_vectorcall_offset = offsetof(JitBase, vectorcall),
    .tp_members = JitBase_members,
};

static Py_ssize_t slot_offset(PyTypeObject *tp, const char *name) {
    PyObject *d = PyDict_GetItemString(tp->tp_dict, name);
    if (d == NULL || !Py_IS_TYPE(d, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a __slots__ member", tp->tp_name, name);
        return -1;
    }
    PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
    if (m->type != T_OBJECT_EX || (m->flags & READONLY) || m->offset <= 0 ||
        m->offset + (Py_ssize_t)sizeof(PyObject *) > tp->tp_basicsize) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a writable object slot", tp->tp_name, name);
        return -1;
    }
    return m->offset;
}

static PyObject *jit_setup(PyObject *self, PyObject *args) {
    PyObject *tp, *cur, *scal, *raise_fn, *ts;
    if (!PyArg_ParseTuple(args, "O!OOOO", &PyType_Type, &tp, &cur, &scal, &raise_fn, &ts)) {
        return NULL;
    }
    if (!PyCallable_Check(cur) || !PyCallable_Check(scal) || !PyCallable_Check(raise_fn)) {
        PyErr_SetString(PyExc_TypeError, "jit_setup needs callables for current, scalar_buffer and raise_if_deleted");
        return NULL;
    }
    PyTypeObject *type = (PyTypeObject *)tp;
    if (type->tp_alloc == NULL || (type->tp_flags & Py_TPFLAGS_IS_ABSTRACT)) {
        PyErr_Format(PyExc_TypeError, "%s cannot be allocated", type->tp_name);
        return NULL;
    }
    Py_ssize_t b = slot_offset(type, "buf");
    if (b < 0) {
        return NULL;
    }
    Py_ssize_t a = slot_offset(type, "aval");
    if (a < 0) {
        return NULL;
    }
    Py_INCREF(tp);
    Py_XSETREF(array_type, type);
    buf_offset = b;
    aval_offset = a;
    Py_INCREF(cur);
    Py_XSETREF(current_fn, cur);
    Py_INCREF(scal);
    Py_XSETREF(scalar_buffer_fn, scal);
    Py_INCREF(raise_fn);
    Py_XSETREF(raise_if_deleted_fn, raise_fn);
    Py_INCREF(ts);
    Py_XSETREF(trace_state, ts);
    Py_RETURN_NONE;
}

static PyObject *enable_vectorcall(PyObject *self, PyObject *cls) {
    /* Python 3.11 gives a subclass defined in Python (a mutable type) tp_call but not the vectorcall protocol of its
     * base; set it, when the subclass does not override __call__. (3.12 and later inherit it themselves.) */
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &JitBaseType)) {
        PyErr_SetString(PyExc_TypeError, "enable_vectorcall needs a subclass of JitBase");
        return NULL;
    }
    PyTypeObject *tp = (PyTypeObject *)cls;
    if (tp->tp_call != JitBase_call) {
        PyErr_Format(PyExc_TypeError, "%s overrides __call__", tp->tp_name);
        return NULL;
    }
    tp->tp_vectorcall_offset = offsetof(JitBase, vectorcall);
    tp->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"promote_types", (PyCFunction)(void (*)(void))promote_types, METH_FASTCALL,
     "promote_types($module, a, b, /)\n--\n\n"
     "The dtype to which a binary operation casts a and b (JAX's jnp.promote_types).\n\n"
     "int, float and complex are weak and do not widen a strong dtype: promote_types('uint8', int) is uint8.\n"
     "The result is not canonicalized for x64. Raises TypePromotionError when there is no promotion path and\n"
     "TypeError when an input is not a dtype."},
    {"set_state", set_state, METH_VARARGS, "set_state(lattice_index, overrides_active, lattice=None)"},
    {"set_fallback", set_fallback, METH_O, "set_fallback(fn): the Python function computing misses."},
    {"clear", clear, METH_NOARGS, "clear(): drop every cached entry (promote_types and scalar argument buffers)."},
    {"cache_size", cache_size, METH_NOARGS, "cache_size(): number of cached entries (for tests)."},
    {"jit_setup", jit_setup, METH_VARARGS,
     "jit_setup(array_type, current, scalar_buffer, raise_if_deleted, trace_state): what JitBase's hit path uses."},
    {"enable_vectorcall", enable_vectorcall, METH_O,
     "enable_vectorcall(cls): give a Python subclass of JitBase the vectorcall protocol (Python 3.11)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups", "C fast paths: arraytyping.promote_types and the cache-hit path of jitted calls.", -1, methods,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    str_execute_sharded = PyUnicode_InternFromString("execute_sharded");
    str_consume_with_handlers = PyUnicode_InternFromString("consume_with_handlers");
    str_call = PyUnicode_InternFromString("_call");
    str_dynamic = PyUnicode_InternFromString("dynamic");
    str_x64 = PyUnicode_InternFromString("x64");
    if (str_execute_sharded == NULL || str_consume_with_handlers == NULL || str_call == NULL || str_dynamic == NULL ||
        str_x64 == NULL) {
        return NULL;
    }
    if (PyType_Ready(&JitBaseType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&JitBaseType);
    if (PyModule_AddObject(m, "JitBase", (PyObject *)&JitBaseType) < 0) {
        Py_DECREF(&JitBaseType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
