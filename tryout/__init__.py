"""The local try-out (issue 24): `python -m bot try` serves the real bot (its cogs, dealer, store
and catalogues, unchanged) to a browser page on 127.0.0.1, through SimCord's simulated Discord
and its preview page. Nothing in ``bot`` or ``cogs`` imports this package."""
