"""`make load` (docs/decisions.md, D26): phones at card tables against the server people run.

``python -m benchmarks.load`` (``__main__``) seeds the tables (``seed``), starts
the server (``servers``) and the phones' process (``phones``, locust: each
phone a ``phone``, reading the pages as a browser does with ``pages``, counted
by ``tally``) in network namespaces joined by the wire (``network``, ``wire``)
and prints the figures (``report``). The traffic of a table is ``mix``.
"""
