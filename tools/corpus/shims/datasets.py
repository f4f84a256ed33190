"""``import datasets``, as ``examples/spmd_mnist_classifier_fromscratch.py`` writes it (run from JAX's ``examples/``
folder): the same synthetic MNIST as ``examples.datasets``."""

from examples.datasets import mnist, mnist_raw

__all__ = ["mnist", "mnist_raw"]
