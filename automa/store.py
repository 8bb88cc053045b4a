"""What lasts: one SQLite database (the standard library's `sqlite3`) in the state folder.

Why SQLite: a player's games must survive a restart, a crash or `kill -9`, and the server
must be able to hand a seat an opaque save (a reference to a record kept here) instead of a
file full of other seats' secrets.  One file, no server to install, WAL so that readers never
wait on the writer, foreign keys on, and a schema version with its migrations in code.

Every move is written in the same transaction as the game's ply (`record`), so a crash loses
at most the move being made.  The database holds whole games, hidden parts included: nothing
read from it leaves the server for a seat but what that seat's observation allows (the web
layer's job, see `automa.web.game`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: the schema this code writes; `MIGRATIONS[v]` takes a database from version v to v + 1
SCHEMA_VERSION = 1


def _v0_to_v1(db: sqlite3.Connection) -> None:
    _run_script(
        db,
        """
        CREATE TABLE games (
            id TEXT PRIMARY KEY,          -- the game's id (the web's game id)
            game TEXT NOT NULL,           -- the game's registered name
            params TEXT NOT NULL,         -- the parameters, JSON
            seed INTEGER NOT NULL,        -- the game's seed (secret while unfinished)
            bot_seed INTEGER NOT NULL,    -- the bots' seed (secret while unfinished)
            seats TEXT NOT NULL,          -- JSON list of seat specs ('human' or a bot spec)
            keys TEXT NOT NULL,           -- JSON {seat: key}: the human seats' keys
            chosen INTEGER NOT NULL,      -- 1 when the creator chose the seed (open to them)
            status TEXT NOT NULL,         -- 'in_progress' or 'finished'
            ply INTEGER NOT NULL,         -- the number of actions played
            extra TEXT NOT NULL,          -- JSON: bots' generators, narration, aliases
            created REAL NOT NULL,
            updated REAL NOT NULL
        );
        CREATE TABLE actions (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,         -- 0 for the first action
            action TEXT NOT NULL,         -- the action, JSON (rules.core.action_to_json)
            text TEXT NOT NULL,           -- its full text (secret while unfinished)
            seat INTEGER NOT NULL,
            PRIMARY KEY (game_id, ply)
        );
        CREATE TABLE saves (
            ref TEXT PRIMARY KEY,         -- the secret reference an opaque save file carries
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,        -- the only seat the save may hand back
            ply INTEGER NOT NULL,
            created REAL NOT NULL
        );
        """,
    )


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of `script` inside the caller's transaction (`executescript` would
    commit it first).  The statements hold no semicolons but their separators."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _v0_to_v1}


class StoreError(Exception):
    """The database cannot be opened or is from a newer automa."""


def state_dir() -> Path:
    """automa's folder in the user's state directory: $XDG_STATE_HOME/automa
    (~/.local/state/automa), for the database, saves, records and companion states."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "automa"


def default_path() -> Path:
    """`$XDG_STATE_HOME/automa/automa.db` (~/.local/state/automa/automa.db)."""
    return state_dir() / "automa.db"


class Store:
    """One connection, shared by the server's threads under a lock (SQLite serialises writers
    anyway; the lock keeps one transaction per caller)."""

    def __init__(self, path: str | Path = ":memory:"):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the database {self.path}: {err}") from None
        self.lock = threading.RLock()
        self.db.execute("PRAGMA foreign_keys = ON")
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode = WAL")
        self.db.execute("PRAGMA synchronous = NORMAL")
        self._migrate()

    def _migrate(self) -> None:
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer automa (schema {version}; this one knows "
                    f"{SCHEMA_VERSION}): upgrade automa or give another --db"
                )
            while version < SCHEMA_VERSION:
                MIGRATIONS[version](db)
                version += 1
                db.execute(f"PRAGMA user_version = {version}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # ---- games
    def record(
        self,
        game_id: str,
        head: dict[str, Any],
        actions: Sequence[tuple[Any, str, int]],
        extra: dict[str, Any],
    ) -> None:
        """Write a game as it stands: its head row, its actions (those past the stored ply
        added, those an undo took back removed) and its extra state, in one transaction."""
        now = time.time()
        with self.transaction() as db:
            row = db.execute("SELECT ply FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO games (id, game, params, seed, bot_seed, seats, keys, chosen, status, ply, "
                    "extra, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '{}', ?, ?)",
                    (
                        game_id,
                        head["game"],
                        json.dumps(head["params"]),
                        int(head["seed"]),
                        int(head["bot_seed"]),
                        json.dumps(head["seats"]),
                        json.dumps({str(k): v for k, v in head["keys"].items()}),
                        int(bool(head.get("chosen"))),
                        head.get("status", "in_progress"),
                        now,
                        now,
                    ),
                )
                stored = 0
            else:
                stored = int(row[0])
            ply = len(actions)
            # an undo: the stored actions past the ply were taken back
            db.execute("DELETE FROM actions WHERE game_id = ? AND ply >= ?", (game_id, min(stored, ply)))
            db.executemany(
                "INSERT INTO actions (game_id, ply, action, text, seat) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, i, json.dumps(encoded), text, seat)
                    for i, (encoded, text, seat) in enumerate(actions)
                    if i >= min(stored, ply)
                ],
            )
            db.execute(
                "UPDATE games SET ply = ?, status = ?, extra = ?, updated = ? WHERE id = ?",
                (ply, head.get("status", "in_progress"), json.dumps(extra), now, game_id),
            )

    def load(self, game_id: str) -> dict[str, Any] | None:
        """A stored game as {head fields, 'actions': [[encoded, text, seat]...], 'extra'}."""
        with self.lock:
            row = self.db.execute(
                "SELECT game, params, seed, bot_seed, seats, keys, chosen, status, ply, extra FROM games "
                "WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            actions = self.db.execute(
                "SELECT action, text, seat FROM actions WHERE game_id = ? ORDER BY ply", (game_id,)
            ).fetchall()
        game, params, seed, bot_seed, seats, keys, chosen, status, ply, extra = row
        return {
            "id": game_id,
            "game": game,
            "params": json.loads(params),
            "seed": seed,
            "bot_seed": bot_seed,
            "seats": json.loads(seats),
            "keys": {int(k): v for k, v in json.loads(keys).items()},
            "chosen": bool(chosen),
            "status": status,
            "ply": ply,
            "actions": [[json.loads(a), text, seat] for a, text, seat in actions],
            "extra": json.loads(extra),
        }

    def unfinished(self) -> list[str]:
        with self.lock:
            rows = self.db.execute(
                "SELECT id FROM games WHERE status = 'in_progress' ORDER BY updated DESC"
            ).fetchall()
        return [r[0] for r in rows]

    # ---- opaque saves
    def add_save(self, ref: str, game_id: str, seat: int, ply: int) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO saves (ref, game_id, seat, ply, created) VALUES (?, ?, ?, ?, ?)",
                (ref, game_id, seat, ply, time.time()),
            )

    def find_save(self, ref: str) -> tuple[str, int, int] | None:
        """(game id, seat, ply) of an opaque save's reference, or None."""
        with self.lock:
            row = self.db.execute("SELECT game_id, seat, ply FROM saves WHERE ref = ?", (ref,)).fetchone()
        return (row[0], int(row[1]), int(row[2])) if row else None
