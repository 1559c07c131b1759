"""RigVeda Scholar application package: runs unchanged in CPython 3.11 and in Pyodide 0.27.7.

Only stdlib, numpy, pydantic 1.10 and the vendored pure wheels may be imported here; only
``pyapp.bridge`` touches browser APIs."""
