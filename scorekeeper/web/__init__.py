"""What every screen shares, whichever feature draws it: how a screen answers
(``rendering``: the page, or the htmx partial), the request type (``http``),
the phone's tables cookie and the middleware that writes it
(``phone_tables``), what a poll says it shows (``polls``), small shared forms
(``forms``, ``house_rules``), display pieces (``display``, ``charts``,
``referee_links``), the other middleware, and the site's own pages (``views``:
the front page and ``/healthz``; ``pwa``: the manifest and service worker).

The features (``games``, ``history``, ``private_tables``, ``nights``,
``files``) import this package and the models; this package imports no
feature (pyproject.toml, import-linter).
"""
