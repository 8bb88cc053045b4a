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

import getpass
import hmac
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from automa.rules.core import AutomaError

#: the schema this code writes; `MIGRATIONS[v]` takes a database from version v to v + 1
SCHEMA_VERSION = 2


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


def _v1_to_v2(db: sqlite3.Connection) -> None:
    """Players: who sat at each human seat, each finished game's result per player, and
    which games came from the terminal or from the JSONL history."""
    _run_script(
        db,
        """
        ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT 'web';  -- web, terminal, import
        ALTER TABLE games ADD COLUMN players TEXT NOT NULL DEFAULT '{}';  -- JSON {seat: player}
        ALTER TABLE games ADD COLUMN auto TEXT;            -- JSON: the adaptive choice, if any
        ALTER TABLE games ADD COLUMN result TEXT;          -- JSON {scores, ranks, winners, reason}
        ALTER TABLE games ADD COLUMN finished REAL;
        CREATE TABLE results (
            game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            player TEXT NOT NULL,
            won REAL NOT NULL,            -- 1 a win, 0 a loss, a share of a first place tied
            score REAL,                   -- the seat's first score figure
            rank INTEGER,
            finished REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX results_by_player ON results (player, finished);
        CREATE TABLE meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )
        """,
    )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _v0_to_v1, 1: _v1_to_v2}


class StoreError(AutomaError):
    """The database cannot be opened, read or written (one line naming the file and what to
    do), or it is from a newer automa."""


def state_dir() -> Path:
    """automa's folder in the user's state directory: $XDG_STATE_HOME/automa
    (~/.local/state/automa), for the database, saves, records and companion states."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "automa"


def default_path() -> Path:
    """`$XDG_STATE_HOME/automa/automa.db` (~/.local/state/automa/automa.db)."""
    return state_dir() / "automa.db"


def default_player() -> str:
    """The player a game belongs to when none is named: the login name of the user."""
    try:
        name = getpass.getuser()
    except (KeyError, OSError):  # no name for this uid (a container)
        name = ""
    return player_name(name) if name and name.isprintable() else "player"


#: a player's name: what the lobby and `--player` accept
PLAYER_NAME_CHARS = 40


def player_name(name: str) -> str:
    """A player's name as stored, or ValueError with one line saying what is allowed."""
    name = " ".join(str(name).split())
    if not name:
        raise ValueError("a player's name may not be empty")
    if len(name) > PLAYER_NAME_CHARS or not name.isprintable():
        raise ValueError(f"a player's name is 1 to {PLAYER_NAME_CHARS} printable characters")
    return name


#: how long a writer waits for another process's transaction before giving up
BUSY_SECONDS = 10.0


class Store:
    """One connection, shared by the server's threads under a lock (SQLite serialises writers
    anyway; the lock keeps one transaction per caller).  Other processes (a second terminal
    game, `automa stats`) share the file through SQLite's own locking; a writer waits up to
    BUSY_SECONDS for another's transaction.

    A database this user cannot write is opened for reading (`stats`, `replay ID` still
    work) and any write is refused with one line: nothing stored is ever touched."""

    def __init__(self, path: str | Path = ":memory:"):
        self.path = str(path)
        self.read_only = False
        memory = self.path == ":memory:"
        try:
            if not memory:
                file = Path(self.path)
                if file.is_dir():
                    raise StoreError(f"{self.path} is a folder: give --db a file name")
                if file.exists() and not os.access(file, os.W_OK):
                    self.read_only = True
                else:
                    file.parent.mkdir(parents=True, exist_ok=True)
            if self.read_only:
                uri = f"{Path(self.path).resolve().as_uri()}?mode=ro"
                self.db = sqlite3.connect(
                    uri, uri=True, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS
                )
            else:
                self.db = sqlite3.connect(
                    self.path, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS
                )
        except OSError as err:
            raise StoreError(f"cannot open the database {self.path}: {err.strerror or err}") from None
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the database {self.path}: {err}") from None
        self.lock = threading.RLock()
        try:
            self.db.execute("PRAGMA foreign_keys = ON")
            if not memory and not self.read_only:
                self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except sqlite3.Error as err:
            self.db.close()
            raise self._error(err) from None
        except StoreError:
            self.db.close()
            raise

    def _error(self, err: sqlite3.Error) -> StoreError:
        """One line for what SQLite said, naming the file and what to do."""
        text = str(err)
        if isinstance(err, sqlite3.DatabaseError) and (
            "not a database" in text or "malformed" in text or "corrupt" in text
        ):
            return StoreError(
                f"{self.path} is not an automa database or is damaged ({text}): "
                "move it aside (nothing in it is changed) or give another --db"
            )
        if "locked" in text or "busy" in text:
            return StoreError(
                f"{self.path} is locked by another program for over {BUSY_SECONDS:g} s: "
                "close it, or give another --db"
            )
        if "readonly" in text or "read-only" in text or self.read_only:
            return StoreError(
                f"{self.path} is read-only: nothing can be written to it (make it writable, or give "
                "another --db)"
            )
        return StoreError(f"the database {self.path}: {text}")

    def _migrate(self) -> None:
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer automa (schema {version}; this one knows "
                f"{SCHEMA_VERSION}): upgrade automa or give another --db"
            )
        if version == SCHEMA_VERSION:
            self.db.execute("SELECT count(*) FROM games").fetchone()  # a damaged file shows here
            return
        if self.read_only:
            raise StoreError(
                f"{self.path} is read-only and from an older automa (schema {version}): "
                "make it writable once so it can be brought up to date"
            )
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have done it
            while version < SCHEMA_VERSION:
                MIGRATIONS[version](db)
                version += 1
                db.execute(f"PRAGMA user_version = {version}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; any SQLite failure becomes a StoreError, and what was
        written inside it is rolled back."""
        if self.read_only:
            raise StoreError(
                f"{self.path} is read-only: nothing can be written to it (make it writable, or give "
                "another --db)"
            )
        with self.lock:
            try:
                self.db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as err:
                raise self._error(err) from None
            try:
                yield self.db
            except BaseException as err:
                self.db.execute("ROLLBACK")
                if isinstance(err, sqlite3.Error):
                    raise self._error(err) from None
                raise
            try:
                self.db.execute("COMMIT")
            except sqlite3.Error as err:
                self.db.execute("ROLLBACK")
                raise self._error(err) from None

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        with self.lock:
            try:
                return self.db.execute(sql, args).fetchall()
            except sqlite3.Error as err:
                raise self._error(err) from None

    def close(self) -> None:
        with self.lock:
            self.db.close()
        if self._serving is not None:
            self._serving.close()
            self._serving = None

    _serving: Any = None

    def claim_serving(self) -> None:
        """Be the only `automa serve` on this database, or StoreError naming the other.

        Two servers would each hold the same game in memory and overwrite each other's
        moves; a second one is refused.  The claim is an OS lock on `<db>.serving`, so it
        ends with the process however it ends (kill -9 included).  Other programs (a
        terminal game, `automa stats`) share the database through SQLite's own locking."""
        if self.path == ":memory:" or self._serving is not None:
            return
        try:
            import fcntl
        except ImportError:  # no advisory locks here (Windows): SQLite's locking alone
            return
        marker = Path(f"{self.path}.serving")
        try:
            handle = open(marker, "a+", encoding="utf-8")
        except OSError as err:
            raise StoreError(
                f"cannot claim {self.path} for serving ({marker}: {err.strerror or err})"
            ) from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            other = handle.read().strip() or "?"
            handle.close()
            raise StoreError(
                f"another automa serve (pid {other}) is serving {self.path}: stop it, "
                "or give this one another --db"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._serving = handle

    # ---- games
    def record(
        self,
        game_id: str,
        head: dict[str, Any],
        actions: Sequence[tuple[Any, str, int]],
        extra: dict[str, Any],
    ) -> None:
        """Write a game as it stands: its head row, its actions (those past the stored ply
        added, those an undo took back removed) and its extra state, in one transaction.
        A finished game (`head['result']` given) writes each human seat's result with it.

        `head`: game, params, seed, bot_seed, seats, keys, chosen, status; optionally
        source ('web', 'terminal', 'import'), players ({seat: name}), auto (the adaptive
        choice) and result ({scores, ranks, winners, reason, team})."""
        now = time.time()
        status = head.get("status", "in_progress")
        result = head.get("result") if status == "finished" else None
        players = {int(k): v for k, v in (head.get("players") or {}).items()}
        with self.transaction() as db:
            row = db.execute("SELECT ply FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                db.execute(
                    "INSERT INTO games (id, game, params, seed, bot_seed, seats, keys, chosen, status, ply, "
                    "extra, created, updated, source, players, auto) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, '{}', ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        head["game"],
                        json.dumps(head["params"]),
                        int(head["seed"]),
                        int(head["bot_seed"]),
                        json.dumps(head["seats"]),
                        json.dumps({str(k): v for k, v in head["keys"].items()}),
                        int(bool(head.get("chosen"))),
                        status,
                        head.get("created", now),
                        now,
                        head.get("source", "web"),
                        json.dumps({str(k): v for k, v in players.items()}),
                        json.dumps(head["auto"]) if head.get("auto") else None,
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
            finished = head.get("finished", now) if result is not None else None
            db.execute(
                "UPDATE games SET ply = ?, status = ?, extra = ?, updated = ?, result = ?, finished = ? "
                "WHERE id = ?",
                (
                    ply,
                    status,
                    json.dumps(extra),
                    now,
                    json.dumps(result) if result is not None else None,
                    finished,
                    game_id,
                ),
            )
            db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            if result is not None:
                db.executemany(
                    "INSERT INTO results (game_id, seat, player, won, score, rank, finished) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (game_id, seat, name, *_seat_result(result, seat), finished)
                        for seat, name in sorted(players.items())
                    ],
                )

    def delete(self, game_id: str) -> None:
        """Forget a game (its actions, results and saves go with it)."""
        with self.transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def load(self, game_id: str) -> dict[str, Any] | None:
        """A stored game as {head fields, 'actions': [[encoded, text, seat]...], 'extra'}."""
        rows = self._read(f"SELECT {_HEAD} FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        actions = self._read(
            "SELECT action, text, seat FROM actions WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        out = _head_of(rows[0])
        out["actions"] = [[json.loads(a), text, seat] for a, text, seat in actions]
        return out

    def unfinished(self, source: str | None = None) -> list[str]:
        """The ids of the games in progress, the latest played first."""
        sql = "SELECT id FROM games WHERE status = 'in_progress'"
        args: tuple = ()
        if source:
            sql += " AND source = ?"
            args = (source,)
        return [r[0] for r in self._read(sql + " ORDER BY updated DESC", args)]

    def games(
        self,
        player: str | None = None,
        game: str | None = None,
        status: str | None = None,
        source: str | None = None,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Stored games' heads (no actions), the latest played first; `player` keeps the games
        where that player held a seat."""
        sql = f"SELECT {_HEAD} FROM games WHERE 1"
        args: list[Any] = []
        if player is not None:
            sql += " AND EXISTS (SELECT 1 FROM json_each(games.players) WHERE json_each.value = ?)"
            args.append(player)
        for column, value in (("game", game), ("status", status), ("source", source)):
            if value is not None:
                sql += f" AND {column} = ?"
                args.append(value)
        sql += " ORDER BY updated DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(int(limit))
        return [_head_of(row) for row in self._read(sql, args)]

    def finished_games(self, player: str, game: str | None = None) -> list[dict[str, Any]]:
        """One row per finished game and seat the player held, the oldest first: what the
        player's statistics and the adaptive difficulty rest on.  Keys: id, game, params,
        seats, seat, won, score, rank, scores, finished, auto, source."""
        sql = (
            "SELECT g.id, g.game, g.params, g.seats, r.seat, r.won, r.score, r.rank, g.result, r.finished, "
            "g.auto, g.source FROM results r JOIN games g ON g.id = r.game_id WHERE r.player = ?"
        )
        args: list[Any] = [player]
        if game is not None:
            sql += " AND g.game = ?"
            args.append(game)
        out = []
        for gid, name, params, seats, seat, won, score, rank, result, finished, auto, source in self._read(
            sql + " ORDER BY r.finished, g.id, r.seat", args
        ):
            out.append(
                {
                    "id": gid,
                    "game": name,
                    "params": json.loads(params),
                    "seats": json.loads(seats),
                    "seat": seat,
                    "won": won,
                    "score": score,
                    "rank": rank,
                    "scores": json.loads(result)["scores"] if result else [],
                    "finished": finished,
                    "auto": json.loads(auto) if auto else None,
                    "source": source,
                }
            )
        return out

    def players(self) -> list[str]:
        """Every player with a finished game, by name."""
        return [r[0] for r in self._read("SELECT DISTINCT player FROM results ORDER BY player")]

    def seat_games(self, held: Sequence[tuple[str, int, str]]) -> list[dict[str, Any]]:
        """Of (game id, seat, key) triples a browser holds, the unfinished games whose seat
        key matches: a browser is shown only the seats it holds the keys of."""
        out = []
        for game_id, seat, key in held:
            rows = self._read(f"SELECT {_HEAD} FROM games WHERE id = ?", (game_id,))
            if not rows:
                continue
            head = _head_of(rows[0])
            mine = head["keys"].get(int(seat))
            if (
                head["status"] != "in_progress"
                or mine is None
                or not hmac.compare_digest(mine.encode(), str(key).encode("utf-8", "surrogateescape"))
            ):
                continue
            head["seat"] = int(seat)
            out.append(head)
        return out

    # ---- opaque saves
    def add_save(self, ref: str, game_id: str, seat: int, ply: int) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO saves (ref, game_id, seat, ply, created) VALUES (?, ?, ?, ?, ?)",
                (ref, game_id, seat, ply, time.time()),
            )

    def find_save(self, ref: str) -> tuple[str, int, int] | None:
        """(game id, seat, ply) of an opaque save's reference, or None."""
        rows = self._read("SELECT game_id, seat, ply FROM saves WHERE ref = ?", (ref,))
        return (rows[0][0], int(rows[0][1]), int(rows[0][2])) if rows else None

    # ---- small facts
    def get_meta(self, key: str) -> str | None:
        rows = self._read("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))


_HEAD = (
    "id, game, params, seed, bot_seed, seats, keys, chosen, status, ply, extra, source, players, auto, "
    "result, created, updated, finished"
)


def _head_of(row: tuple) -> dict[str, Any]:
    (gid, game, params, seed, bot_seed, seats, keys, chosen, status, ply, extra, source, players, auto,
     result, created, updated, finished) = row  # fmt: skip
    return {
        "id": gid,
        "game": game,
        "params": json.loads(params),
        "seed": seed,
        "bot_seed": bot_seed,
        "seats": json.loads(seats),
        "keys": {int(k): v for k, v in json.loads(keys).items()},
        "chosen": bool(chosen),
        "status": status,
        "ply": ply,
        "extra": json.loads(extra),
        "source": source,
        "players": {int(k): v for k, v in json.loads(players).items()},
        "auto": json.loads(auto) if auto else None,
        "result": json.loads(result) if result else None,
        "created": created,
        "updated": updated,
        "finished": finished,
    }


def _seat_result(result: dict[str, Any], seat: int) -> tuple[float, float | None, int | None]:
    """(won, score, rank) of one seat: a whole win for a seat of the winning side in a game won
    by sides (`team`), else its share of a first place several seats split."""
    winners = list(result.get("winners") or [])
    if seat in winners:
        won = 1.0 if result.get("team") else 1.0 / len(winners)
    else:
        won = 0.0
    scores = result.get("scores") or []
    score = scores[seat][0] if seat < len(scores) and scores[seat] else None
    ranks = result.get("ranks") or []
    rank = ranks[seat] if seat < len(ranks) else None
    return won, score, rank
