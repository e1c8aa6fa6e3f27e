"""A ``dask worker --preload`` module: the worker then claims another genplan version than the driver.

Used by tests/test_cluster.py to check that such a worker is refused. It changes nothing on disk.
"""

import genplan

genplan.__version__ = "0.0.0-stale"
