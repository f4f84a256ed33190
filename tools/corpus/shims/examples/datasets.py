# Copyright 2018 The JAX Authors.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     https://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.


"""JAX's ``examples/datasets.py`` (jax-v0.10.2) for the arraytyping corpus: ``mnist_raw`` makes synthetic data of
MNIST's shapes and dtypes (seeded) instead of downloading it; the rest is JAX's code, unchanged."""


import numpy as np


def _partial_flatten(x):
  """Flatten all but the first dimension of an ndarray."""
  return np.reshape(x, (x.shape[0], -1))


def _one_hot(x, k, dtype=np.float32):
  """Create a one-hot encoding of x of size k."""
  return np.array(x[:, None] == np.arange(k), dtype)


def mnist_raw():
  """Synthetic MNIST: uint8 images (60000 and 10000 of 28 x 28) and uint8 labels in [0, 10), seeded."""
  rng = np.random.RandomState(0)
  train_images = rng.randint(0, 256, size=(60000, 28, 28)).astype(np.uint8)
  train_labels = rng.randint(0, 10, size=(60000,)).astype(np.uint8)
  test_images = rng.randint(0, 256, size=(10000, 28, 28)).astype(np.uint8)
  test_labels = rng.randint(0, 10, size=(10000,)).astype(np.uint8)
  return train_images, train_labels, test_images, test_labels


def mnist(permute_train=False):
  """Download, parse and process MNIST data to unit scale and one-hot labels."""
  train_images, train_labels, test_images, test_labels = mnist_raw()

  train_images = _partial_flatten(train_images) / np.float32(255.)
  test_images = _partial_flatten(test_images) / np.float32(255.)
  train_labels = _one_hot(train_labels, 10)
  test_labels = _one_hot(test_labels, 10)

  if permute_train:
    perm = np.random.RandomState(0).permutation(train_images.shape[0])
    train_images = train_images[perm]
    train_labels = train_labels[perm]

  return train_images, train_labels, test_images, test_labels
