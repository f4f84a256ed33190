"""A small model and its training, written as JAX's tutorials write it: parameters as lists of pairs, unannotated
helpers, `jax.Array` on a few signatures, a jitted training step, and numpy on the host for the data.

The benchmark runs this file against real JAX (these imports) and against arraytyping (`import arraytyping as jax`,
`import arraytyping.numpy as jnp`); the code is the same.
"""

import time
from functools import partial

import numpy as np

import jax
import jax.numpy as jnp
from jax import lax, nn, random

LAYER_SIZES = [784, 512, 512, 10]
STEP_SIZE = 0.01
NUM_EPOCHS = 3
BATCH_SIZE = 128
N_TARGETS = 10
LEARNING_RATE = 0.001


# --- Parameters ----------------------------------------------------------------------------------------------------


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def glorot(key, shape):
    fan_in, fan_out = shape[0], shape[1]
    limit = jnp.sqrt(6.0 / (fan_in + fan_out))
    return random.uniform(key, shape, minval=-limit, maxval=limit)


def init_linear(key, d_in, d_out):
    return {"w": glorot(key, (d_in, d_out)), "b": jnp.zeros((d_out,))}


# --- The model -----------------------------------------------------------------------------------------------------


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    # per-example predictions
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)

    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - nn.logsumexp(logits)


batched_predict = jax.vmap(predict, in_axes=(None, 0))


def one_hot(x, k, dtype=jnp.float32):
    """Create a one-hot encoding of x of size k."""
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def accuracy(params, images, targets):
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(batched_predict(params, images), axis=1)
    return jnp.mean(predicted_class == target_class)


def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)


@jax.jit
def update(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return [(w - STEP_SIZE * dw, b - STEP_SIZE * db) for (w, b), (dw, db) in zip(params, grads)]


# --- A layer with normalization and attention ----------------------------------------------------------------------


def layer_norm(x: jax.Array, gamma: jax.Array, beta: jax.Array, eps: float = 1e-5) -> jax.Array:
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return gamma * (x - mean) / jnp.sqrt(var + eps) + beta


def attention(q: jax.Array, k: jax.Array, v: jax.Array, mask=None) -> jax.Array:
    d = q.shape[-1]
    scores = jnp.einsum("...qd,...kd->...qk", q, k) / jnp.sqrt(d)
    if mask is not None:
        scores = jnp.where(mask, scores, -1e9)
    weights = nn.softmax(scores, axis=-1)
    return jnp.einsum("...qk,...kd->...qd", weights, v)


def init_block(key, d_model, d_ff):
    k1, k2, k3, k4, k5 = random.split(key, 5)
    return {
        "wq": glorot(k1, (d_model, d_model)),
        "wk": glorot(k2, (d_model, d_model)),
        "wv": glorot(k3, (d_model, d_model)),
        "w1": init_linear(k4, d_model, d_ff),
        "w2": init_linear(k5, d_ff, d_model),
        "ln1": (jnp.ones((d_model,)), jnp.zeros((d_model,))),
        "ln2": (jnp.ones((d_model,)), jnp.zeros((d_model,))),
    }


def block(params, x: jax.Array, mask=None) -> jax.Array:
    h = layer_norm(x, *params["ln1"])
    q, k, v = h @ params["wq"], h @ params["wk"], h @ params["wv"]
    x = x + attention(q, k, v, mask)
    h = layer_norm(x, *params["ln2"])
    h = nn.gelu(h @ params["w1"]["w"] + params["w1"]["b"])
    return x + h @ params["w2"]["w"] + params["w2"]["b"]


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))


# --- Regression, by hand and with grad ------------------------------------------------------------------------------


def linear_model(theta, x):
    w, b = theta
    return w * x + b


def squared_error(theta, x, y):
    prediction = linear_model(theta, x)
    return jnp.mean((prediction - y) ** 2)


@jax.jit
def sgd_step(theta, x, y, lr=0.1):
    value, grads = jax.value_and_grad(squared_error)(theta, x, y)
    new_theta = jax.tree_util.tree_map(lambda p, g: p - lr * g, theta, grads)
    return new_theta, value


def fit_line(key, n=100, steps=200):
    k1, k2 = random.split(key)
    x = random.normal(k1, (n,))
    noise = 0.1 * random.normal(k2, (n,))
    y = 3.0 * x - 1.0 + noise
    theta = (jnp.array(1.0), jnp.array(0.0))
    for _ in range(steps):
        theta, value = sgd_step(theta, x, y)
    return theta


def logistic_loss(w, x, y):
    logits = x @ w
    log_p = nn.log_sigmoid(logits)
    log_not_p = nn.log_sigmoid(-logits)
    return -jnp.mean(y * log_p + (1 - y) * log_not_p)


# --- Adam, by hand over a pytree ------------------------------------------------------------------------------------


def adam_init(params):
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    return {"m": zeros, "v": zeros, "step": 0}


def adam_update(grads, state, params, lr=LEARNING_RATE, b1=0.9, b2=0.999, eps=1e-8):
    step = state["step"] + 1
    m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
    m_hat = jax.tree_util.tree_map(lambda m: m / (1 - b1**step), m)
    v_hat = jax.tree_util.tree_map(lambda v: v / (1 - b2**step), v)
    new_params = jax.tree_util.tree_map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), params, m_hat, v_hat)
    return new_params, {"m": m, "v": v, "step": step}


def clip_by_global_norm(grads, max_norm=1.0):
    leaves = jax.tree_util.tree_leaves(grads)
    norm = jnp.sqrt(sum(jnp.sum(g**2) for g in leaves))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree_util.tree_map(lambda g: g * scale, grads)


def cosine_schedule(step, total, base_lr=LEARNING_RATE, warmup=100):
    warm = base_lr * step / warmup
    progress = jnp.clip((step - warmup) / max(1, total - warmup), 0.0, 1.0)
    cosine = 0.5 * base_lr * (1 + jnp.cos(jnp.pi * progress))
    return jnp.where(step < warmup, warm, cosine)


# --- A recurrent cell with scan -------------------------------------------------------------------------------------


def rnn_cell(carry, x_t):
    h, w_h, w_x = carry
    h = jnp.tanh(h @ w_h + x_t @ w_x)
    return (h, w_h, w_x), h


def run_rnn(key, xs, hidden=32):
    k1, k2 = random.split(key)
    w_h = glorot(k1, (hidden, hidden))
    w_x = glorot(k2, (xs.shape[-1], hidden))
    h0 = jnp.zeros((hidden,))
    _, hs = lax.scan(rnn_cell, (h0, w_h, w_x), xs)
    return hs


def power_iteration(a, num_iters=20):
    v = jnp.ones(a.shape[0]) / jnp.sqrt(a.shape[0])

    def body(i, v):
        v = a @ v
        return v / jnp.linalg.norm(v)

    v = lax.fori_loop(0, num_iters, body, v)
    return v @ a @ v


# --- Data on the host -----------------------------------------------------------------------------------------------


def synthetic_mnist(n, seed=0):
    rng = np.random.default_rng(seed)
    images = rng.normal(size=(n, 784)).astype(np.float32)
    labels = rng.integers(0, N_TARGETS, size=n)
    return images, labels


def batches(images, labels, batch_size=BATCH_SIZE, seed=0):
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(images))
    for i in range(0, len(images) - batch_size + 1, batch_size):
        idx = perm[i:i + batch_size]
        yield images[idx], labels[idx]


def normalize(images):
    mean = images.mean(axis=0, keepdims=True)
    std = images.std(axis=0, keepdims=True) + 1e-6
    return (images - mean) / std


# --- Training ------------------------------------------------------------------------------------------------------


@jax.jit
def train_step(params, opt_state, x, y):
    def loss_fn(p):
        logits = batched_predict(p, x)
        labels = one_hot(y, N_TARGETS)
        value = -jnp.mean(jnp.sum(logits * labels, axis=-1))
        return value, logits

    (value, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
    grads = clip_by_global_norm(grads)
    params, opt_state = adam_update(grads, opt_state, params)
    acc = jnp.mean(jnp.argmax(logits, axis=-1) == y)
    return params, opt_state, value, acc


@partial(jax.jit, static_argnums=2)
def evaluate(params, images, n_classes):
    logits = batched_predict(params, images)
    probs = nn.softmax(logits, axis=-1)
    confidence = jnp.max(probs, axis=-1)
    entropy = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)
    return jnp.argmax(logits, axis=-1) % n_classes, confidence, entropy


def train(num_epochs=NUM_EPOCHS, seed=0):
    key = random.PRNGKey(seed)
    params = init_network_params(LAYER_SIZES, key)
    opt_state = adam_init(params)
    images, labels = synthetic_mnist(1024, seed)
    images = normalize(images)
    history = []
    for epoch in range(num_epochs):
        start_time = time.time()
        for x, y in batches(images, labels):
            params, opt_state, value, acc = train_step(params, opt_state, jnp.asarray(x), jnp.asarray(y))
            history.append((float(value), float(acc)))
        epoch_time = time.time() - start_time
        train_acc = accuracy(params, jnp.asarray(images), one_hot(jnp.asarray(labels), N_TARGETS))
        print(f"Epoch {epoch} in {epoch_time:0.2f} sec: accuracy {float(train_acc):.3f}")
    return params, history


def ema(params, ema_params, decay=0.99):
    return jax.tree_util.tree_map(lambda e, p: decay * e + (1 - decay) * p, ema_params, params)


def mixed_precision_step(params, x, y):
    half = jax.tree_util.tree_map(lambda p: p.astype(jnp.bfloat16), params)
    logits = batched_predict(half, x.astype(jnp.bfloat16))
    labels = one_hot(y, N_TARGETS).astype(jnp.bfloat16)
    value = -jnp.mean(jnp.sum(logits.astype(jnp.float32) * labels, axis=-1))
    return value


def summarize(x: jax.Array) -> dict:
    return {
        "mean": float(jnp.mean(x)),
        "std": float(jnp.std(x)),
        "min": float(jnp.min(x)),
        "max": float(jnp.max(x)),
        "norm": float(jnp.linalg.norm(x)),
    }


def main():
    params, history = train()
    x = jnp.ones((4, 784))
    labels, confidence, entropy = evaluate(params, x, N_TARGETS)
    print(summarize(confidence), summarize(entropy), labels)
    theta = fit_line(random.PRNGKey(1))
    print(theta)
    xs = random.normal(random.PRNGKey(2), (16, 8))
    print(run_rnn(random.PRNGKey(3), xs).shape)
    print(power_iteration(jnp.eye(4) * 2.0))
    blk = init_block(random.PRNGKey(4), 16, 64)
    tokens = random.normal(random.PRNGKey(5), (8, 16))
    print(block(blk, tokens, causal_mask(8)).shape)
    print(mixed_precision_step(params, x, jnp.zeros((4,), dtype=jnp.int32)))


if __name__ == "__main__":
    main()
