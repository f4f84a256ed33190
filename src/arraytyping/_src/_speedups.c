/* The cache-hit path of arraytyping.promote_types, in C.
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
    if (!PyArg_ParseTuple(args, "ii", &index, &active)) {
        return NULL;
    }
    if (index < 0 || index >= N_LATTICES) {
        PyErr_Format(PyExc_ValueError, "lattice index must be in [0, %d), got %d", N_LATTICES, index);
        return NULL;
    }
    current_index = index;
    overrides_active = active;
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

static PyMethodDef methods[] = {
    {"promote_types", (PyCFunction)(void (*)(void))promote_types, METH_FASTCALL,
     "promote_types($module, a, b, /)\n--\n\n"
     "The dtype to which a binary operation casts a and b (JAX's jnp.promote_types).\n\n"
     "int, float and complex are weak and do not widen a strong dtype: promote_types('uint8', int) is uint8.\n"
     "The result is not canonicalized for x64. Raises TypePromotionError when there is no promotion path and\n"
     "TypeError when an input is not a dtype."},
    {"set_state", set_state, METH_VARARGS, "set_state(lattice_index, overrides_active)"},
    {"set_fallback", set_fallback, METH_O, "set_fallback(fn): the Python function computing misses."},
    {"clear", clear, METH_NOARGS, "clear(): drop every cached entry."},
    {"cache_size", cache_size, METH_NOARGS, "cache_size(): number of cached entries (for tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups", "C fast path for arraytyping.promote_types.", -1, methods,
};

PyMODINIT_FUNC PyInit__speedups(void) { return PyModule_Create(&module); }
