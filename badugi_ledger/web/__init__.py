"""The local web app of ``badugi-ledger serve``: organisers browse the club's ledger (events,
hands, standings, settle-up, players) and record hands from a phone.

Layer: ``web`` sits on the top layer beside ``cli`` (docs/architecture.md); it calls the ledger
and report libraries and holds no rules and no SQL of its own.  Starlette and uvicorn are
imported only by this package (Jinja2 also by the season report), which only ``serve``
imports.

Modules: :mod:`.app` (``create_app``: routes, static files, the guard), :mod:`.common`
(the ledger per request, rendering; the one module that opens the ledger by its path),
:mod:`.security` (token, CSRF, read-only, body size, headers), :mod:`.browse` (the pages that
only read), :mod:`.record` (recording hands).

CONTRACT for the pages (``web/record.py`` and any other):

* ``badugi_ledger/web/record.py`` exposes ``routes: list[starlette.routing.BaseRoute]``;
  :func:`.app.create_app` mounts them at the app's root (so ``Route("/record", ...)`` serves
  ``/record``, the nav's "Record" link).
* A page renders with ``common.render(request, "web/NAME.html", **context)``; the template
  lives in ``badugi_ledger/templates/web/`` and starts with ``{% extends "base.html" %}``,
  filling ``{% block title %}`` and ``{% block content %}`` (and ``{% block head %}`` for a
  page's own ``<link rel="stylesheet">``); ``active="record"`` in the context marks the nav
  entry.  Every template gets ``csrf_token``, ``read_only`` and ``request``.
  The environment autoescapes, and undefined names are errors (StrictUndefined).
* Money: ``{{ amount|money(unit) }}`` (``12.34 USD``, ``28 chips``), never raw cents.
* The ledger: ``await common.in_ledger(request, work)`` runs ``work(db)`` in a worker thread
  (never on the event loop, which must go on answering every page while a ledger is locked),
  ``db`` a plain ``sqlite3`` connection of :func:`badugi_ledger.ledger.store.open_ledger`
  opened for it and closed after; ``work`` returns finished values.
* Other long work (a check of a text, the reading of a file): read what the request carries
  on the event loop, then ``await starlette.concurrency.run_in_threadpool(work, ...)`` (as
  ``record.record_check`` does), so that one long check does not hold up every other page.
* A write is a ``POST`` whose form carries
  ``<input type="hidden" name="csrf_token" value="{{ csrf_token }}">`` (a script sends the
  ``X-CSRF-Token`` header instead: ``badugiFetch`` of ``static/app.js``); its handler calls
  ``security.require_write(request)`` first (403 when read-only or not checked).  The guard
  (:mod:`.security`) has already refused cross-site, token-less, read-only and oversized
  requests.
* No inline ``<script>`` or ``on…=`` attribute, and no inline ``style`` (the
  Content-Security-Policy blocks them): scripts and styles live in ``badugi_ledger/static/``
  (``/static/NAME``), shipped with the package.
* A library error (:class:`badugi_ledger.model.errors.BadugiError`) raised by a page becomes
  a 400 page with its message (the app's exception handler), never a traceback; any other
  exception a 500 answer with the security headers and no detail (the traceback goes to the
  server's log).
"""
