"""Checks shared by the web server's adversarial tests (tests/test_web_secrets.py and
tests/test_web_fuzz.py): what a clean error answer looks like, and every text a response
carries."""

from __future__ import annotations

import json
from typing import Any

#: what an error message must never show: a traceback, a source file, a server path, or
#: Python's own words for a failed conversion or lookup
INTERNALS = (
    "Traceback",
    'File "',
    "/work/",
    "/tmp/",
    "site-packages",
    "invalid literal",
    "int_max_str_digits",
    "could not convert",
    "NoneType",
    "object has no attribute",
    "not subscriptable",
    "unhashable type",
)


def error_problem(response) -> str | None:
    """Why `response` is not an acceptable answer to a bad request, or None when it is: no
    5xx ever, and a 4xx carries a JSON object whose `error` is one line free of internals."""
    status = response.status_code
    if status >= 500:
        return f"{status} (a server error): {response.text[:200]!r}"
    if status < 400:
        return None
    try:
        body = response.json()
    except ValueError:
        return f"{status} with a body that is not JSON: {response.text[:200]!r}"
    if not isinstance(body, dict) or not isinstance(body.get("error"), str):
        return f"{status} without a JSON 'error' text: {response.text[:200]!r}"
    message = body["error"]
    if not message.strip():
        return f"{status} with an empty error"
    if "\n" in message or "\r" in message:
        return f"{status} with an error of several lines: {message[:200]!r}"
    for word in INTERNALS:
        if word in message:
            return f"{status} with server internals ({word!r}) in its error: {message[:200]!r}"
    return None


def strings_of(value: Any) -> list[str]:
    """Every string in a decoded JSON value (keys included), depth first."""
    out: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            for k, v in item.items():
                out.append(str(k))
                stack.append(v)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def texts_of(response) -> list[str]:
    """Everything a response shows a reader: its raw body, every string inside it when it is
    JSON (or JSON lines: a record file), with escapes decoded, and its headers."""
    raw = response.text
    out = [raw]
    out.extend(f"{k}: {v}" for k, v in response.headers.items())
    try:
        out.extend(strings_of(json.loads(raw)))
    except ValueError:
        for line in raw.splitlines():
            try:
                out.extend(strings_of(json.loads(line)))
            except ValueError:
                pass
    return out
