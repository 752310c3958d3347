"""Reads and writes evidence-cache files as litlab signs them (for tests that plant or edit one).

A file is a line "litlab-mac HEX" (HMAC-SHA256 with the user's secret over its path below the
cache folder, a NUL, and the rest), then the record or memo itself. A record is a JSON object, a
newline, then the paths of the files and folders it depends on, one a line (split, join).
"""
import hashlib
import hmac
import json
import os


def split(record):
    """A record's JSON object (a dict) and what follows it (bytes: the newline and the paths)."""
    text = record.decode() if isinstance(record, bytes) else record
    d, end = json.JSONDecoder().raw_decode(text)
    return d, text[end:].encode()


def join(d, rest, **dumps):
    """The record of the JSON object d and the paths rest (as split returned them)."""
    return json.dumps(d, **dumps).encode() + rest


def body(path):
    """The record or memo in the file at path, without its signature line."""
    data = open(path, "rb").read()
    return data.split(b"\n", 1)[1] if data.startswith(b"litlab-mac ") else data


def write(path, root, secret_path, text):
    """Writes text (bytes) to path, signed as litlab signs what it keeps under root."""
    name = os.path.relpath(path, root).encode()
    secret = open(secret_path, "rb").read()
    mac = hmac.new(secret, name + b"\0" + text, hashlib.sha256).hexdigest()
    open(path, "wb").write(b"litlab-mac " + mac.encode() + b"\n" + text)
