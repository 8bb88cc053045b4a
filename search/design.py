"""The automaton designer: search the decks a game's vocabulary can print for one whose
win rate against a given player is near a target, keeping it simple for a person to run.

Search: a steady-state evolutionary search (a (mu + 1) scheme, the simple end of NTBEA's
family) over decks: which cards, which rules on each card in which order, and the
tie-breakers.  A child is its parent with one mutation (add, drop, replace or swap a
rule; add or drop a card; new tie-breakers).  Every deck is measured by the same
tournament (`search/arena.py`: one JSON line per game, resumable, parallel with --jobs)
against the same deals (common random numbers), the deck in its seat at its *plain*
setting (no copy of the weak card, no bonus): the search looks for the best play the
cards can print, and the knob then moves the win rate both ways, down with copies of a
weak card, up with a bonus in the game's own terms taken once a round (the vocabulary's
`DESIGN_KNOB` for the seat, e.g. "move the momentum token N steps toward your end").

Fitness: shortfall (target - win rate at the plain setting, 0 when the deck reaches the
target) + SIMPLICITY_WEIGHT x rules printed, so among decks strong enough the simplest
wins, and among decks too weak the strongest.  The simplicity
measure is the deck's printed size: distinct cards and the rules printed on them
(`Deck.complexity`); the difficulty card is one card of one rule in every deck, so it
does not separate decks.  The weight is small beside the sampling error, so simplicity
settles near-ties.

Then the knob.  The vocabulary's scale for the seat (`DESIGN_KNOB`: many settings, easiest
first, each some copies of the weak card and some size of bonus) is swept, the best deck
measured at every setting (--knob-games each).  A monotone fit of the sweep (pool adjacent
violators, weighted by games) picks the setting nearest each mark, 0.3 / 0.5 / 0.7; each
pick is confirmed on fresh deals (--mark-games each), then the next setting toward the mark,
until two confirmed settings bracket it (at most three a mark), keeping the one nearest.
The printed knob is those confirmed settings, easiest first, its default the one nearest
the target; whether each interval holds its mark and whether the printed settings'
intervals are disjoint is stated, and the deck is measured against every difficulty level
at its default, all with Wilson intervals.  At 150 games a setting, rates of 0.3, 0.5 and
0.7 have disjoint 95% intervals; at 40 they cannot.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, TypedDict

from automa.decks import Card, Deck, deck_toml, vocabulary
from automa.rules.core import load_game
from automa.search import arena
from automa.search.stats import wilson_interval

SIMPLICITY_WEIGHT = 0.005
#: copies of the difficulty card per setting, easiest first (beside two copies of each of
#: two other cards: a weak card on 67%, 50%, 33% and 0% of turns), for a vocabulary that
#: names no `DESIGN_KNOB`
KNOB_COPIES = (8, 4, 2, 0)
COPIES = 2
KNOB_CARD = "Dither"
KNOB_RULE = "dither"
MAX_CARDS = 5
MAX_RULES = 4
LEVELS = ("easy", "normal", "hard", "expert")
MARKS = (0.3, 0.5, 0.7)
#: the fresh deals a mark's confirmation plays on are the design's seed plus this
MARK_SEED = 500
#: settings measured at most per mark: the fit's pick and up to two neighbours toward it
MARK_TRIES = 3


@dataclass(frozen=True)
class Knob:
    """A difficulty knob: copies of the weak card and the bonus's size per setting."""

    copies: tuple[int, ...]
    bonus: str = ""
    steps: tuple[int, ...] = ()

    @property
    def settings(self) -> int:
        return max(len(self.copies), len(self.steps))


def knob_for(game, seat: int) -> Knob:
    """The vocabulary's knob for the seat (`DESIGN_KNOB[seat]` = (copies, bonus, steps)),
    else copies of the weak card alone."""
    spec = getattr(vocabulary(game), "DESIGN_KNOB", {}).get(seat)
    return Knob(*spec) if spec else Knob(KNOB_COPIES)


@dataclass(frozen=True)
class Measure:
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def text(self) -> str:
        low, high = self.interval
        return f"{self.rate:.2f} [{low:.2f}, {high:.2f}] ({self.wins:g}/{self.games})"


@dataclass
class Candidate:
    deck: Deck
    measure: Measure
    fitness: float


@dataclass
class Design:
    """What a design run found and measured."""

    #: the printed deck: its knob is the confirmed settings, easiest first
    deck: Deck
    #: the deck at its default setting, and how far that lies from the target
    measure: Measure
    miss: float
    #: the printed settings' confirmations, easiest first
    knob: list[Measure]
    levels: dict[str, Measure]
    #: mark -> the printed setting confirmed for it
    marks: dict[float, int]
    tried: list[Candidate] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)
    #: the best deck on the vocabulary's whole scale, its sweep (one Measure a setting),
    #: the sweep's monotone fit, and each printed setting's place on the scale
    scale_deck: Deck | None = None
    sweep: list[Measure] = field(default_factory=list)
    fitted: list[float] = field(default_factory=list)
    scale_of: list[int] = field(default_factory=list)
    #: every confirmation measured, by scale setting (picks and their neighbours)
    confirmed: dict[int, Measure] = field(default_factory=dict)


# --------------------------------------------------------------------------- decks as genomes


def card_rules(vocab) -> list[str]:
    return sorted(n for n in vocab.RULES if n not in vocab.STANDING and n != KNOB_RULE)


def make_deck(
    game,
    seat: int,
    cards: Sequence[tuple[str, ...]],
    ties: Sequence[str],
    path: str = "",
    knob: Knob | None = None,
) -> Deck:
    """A deck of these cards (rule lists) plus the difficulty card, named from the
    vocabulary's card names for the seat; its default setting is the hardest."""
    knob = knob or knob_for(game, seat)
    vocab = vocabulary(game)
    names = list(getattr(vocab, "CARD_NAMES", {}).get(seat, ()))
    named = [
        Card(names[i] if i < len(names) else f"Card {i + 1}", tuple(rules), COPIES)
        for i, rules in enumerate(cards)
    ]
    if knob.copies:
        named.append(Card(KNOB_CARD, (KNOB_RULE,)))
    seats = getattr(vocab, "SEATS", ())
    title = f"{seats[seat]} automaton" if seat < len(seats) else f"Seat {seat} automaton"
    return Deck(
        path,
        game.name,
        seat,
        title,
        tuple(named),
        tuple(ties),
        KNOB_CARD if knob.copies else "",
        knob.copies,
        knob.settings - 1,
        knob_bonus=knob.bonus,
        knob_steps=knob.steps,
    )


def knob_of(deck: Deck) -> Knob:
    return Knob(deck.knob_copies, deck.knob_bonus, deck.knob_steps)


def plain(deck: Deck) -> Deck:
    """The deck with a one-setting knob: no weak card, no bonus (the cards' own play)."""
    return replace(
        deck,
        knob_copies=(0,) if deck.knob_copies else (),
        knob_steps=(0,) if deck.knob_steps else (),
        knob_default=0,
    )


def genome(deck: Deck) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    return tuple(c.rules for c in deck.cards if c.name != deck.knob_card), deck.tie_breakers


def random_deck(game, seat: int, rng: random.Random, knob: Knob | None = None) -> Deck:
    vocab = vocabulary(game)
    rules = card_rules(vocab)
    cards = [tuple(rng.sample(rules, rng.randint(2, 3))) for _ in range(rng.randint(2, 3))]
    return make_deck(game, seat, cards, random_ties(vocab, rng), knob=knob)


def random_ties(vocab, rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.sample(sorted(vocab.TIE_BREAKERS), rng.randint(1, 2)))


def mutate(deck: Deck, game, rng: random.Random) -> Deck:
    """The deck with one change (a change that would break a limit is skipped for another)."""
    vocab = vocabulary(game)
    rules = card_rules(vocab)
    printed, ties = genome(deck)
    cards = [list(c) for c in printed]
    while True:
        kind = rng.choice(("replace", "swap", "drop_rule", "add_rule", "add_card", "drop_card", "ties"))
        card = rng.choice(cards)
        unused = [r for r in rules if r not in card]
        if kind == "replace" and unused:
            card[rng.randrange(len(card))] = rng.choice(unused)
        elif kind == "swap" and len(card) > 1:
            i = rng.randrange(len(card) - 1)
            card[i], card[i + 1] = card[i + 1], card[i]
        elif kind == "drop_rule" and len(card) > 1:
            card.pop(rng.randrange(len(card)))
        elif kind == "add_rule" and len(card) < MAX_RULES and unused:
            card.insert(rng.randrange(len(card) + 1), rng.choice(unused))
        elif kind == "add_card" and len(cards) < MAX_CARDS:
            cards.append(rng.sample(rules, rng.randint(1, 3)))
        elif kind == "drop_card" and len(cards) > 1:
            cards.remove(card)
        elif kind == "ties":
            ties = random_ties(vocab, rng)
        else:
            continue
        return make_deck(game, deck.seat, [tuple(c) for c in cards], ties, knob=knob_of(deck))


def deck_key(deck: Deck) -> str:
    """A name for the deck's play (rules, copies, knob), for its files of games."""
    play: list[Any] = [genome(deck), [c.copies for c in deck.cards], deck.knob_copies]
    if deck.knob_bonus:
        play += [deck.knob_bonus, deck.knob_steps]
    return hashlib.sha256(json.dumps(play).encode()).hexdigest()[:10]


# --------------------------------------------------------------------------- measuring


class _Pool(TypedDict):
    """Where `measure` plays its games (passed on to every call of one design run)."""

    backend: str
    scheduler: str | None


def measure(
    deck: Deck,
    game_name: str,
    against: str,
    games: int,
    seed: int,
    work: Path,
    jobs: int,
    knob: int | None = None,
    label: str = "",
    backend: str = "loky",
    scheduler: str | None = None,
) -> Measure:
    """The deck's wins in `games` games against `against` (the deck in its own seat, the
    other seats `against`), played through the arena (`jobs` workers of `backend`, as
    `automa tournament` runs them) into a resumable file in `work`."""
    work.mkdir(parents=True, exist_ok=True)
    path = work / f"deck-{deck_key(deck)}.toml"
    if not path.exists():
        path.write_text(deck_toml(deck, "a candidate of automa design"))
    spec = f"automaton:{path},knob={deck.knob_default if knob is None else knob}"
    game = load_game(game_name)
    line = [against] * game.num_players
    line[deck.seat] = spec
    params = arena.resolve_params(game_name, None, None, line)
    tasks = arena.schedule(game_name, params, line, games, seed, rotation="fixed", duplicate=False)
    out = (
        work / f"games-{deck_key(deck)}-{label or 'k' + str(knob)}-{against.replace(':', '_')}-{games}.jsonl"
    )
    result = arena.run(tasks, out, jobs=jobs, resume=True, backend=backend, scheduler=scheduler)
    done = [r for r in result.records if r.get("status") != "error"]
    if not done:
        errors = [r.get("error") for r in result.records]
        raise arena.TournamentError(f"every game of {path} ended in an error, e.g.: {errors[:1]}")
    wins = sum(arena.win_credit(r, [deck.seat], False) for r in done)
    return Measure(wins, len(done))


def fitness(deck: Deck, m: Measure, target: float) -> float:
    return max(0.0, target - m.rate) + SIMPLICITY_WEIGHT * deck.complexity()[1]


def monotone_fit(sweep: Sequence[Measure]) -> list[float]:
    """The sweep's win rates made non-decreasing along the scale (pool adjacent violators,
    each setting weighted by its games), so one unlucky setting does not pick a mark."""
    blocks: list[list[float]] = []  # [wins, games, settings pooled]
    for m in sweep:
        blocks.append([m.wins, max(m.games, 1), 1])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            wins, games, count = blocks.pop()
            blocks[-1][0] += wins
            blocks[-1][1] += games
            blocks[-1][2] += count
    return [wins / games for wins, games, count in blocks for _ in range(int(count))]


def pick_setting(sweep: Sequence[Measure], fitted: Sequence[float], mark: float) -> int:
    """The scale setting whose fitted rate is nearest `mark` (within a pooled run, the one
    whose own rate is nearest; then the easier)."""
    return min(
        range(len(sweep)), key=lambda k: (round(abs(fitted[k] - mark), 9), abs(sweep[k].rate - mark), k)
    )


def confirm_mark(
    mark: float, first: int, settings: int, measure_at: Callable[[int], Measure], tries: int = MARK_TRIES
) -> dict[int, Measure]:
    """Measures the pick on fresh deals, then the next setting toward the mark, until two
    measured settings bracket it (at most `tries` settings), so that the nearer of the two is
    printed: a pick whose interval merely touches the mark, with a neighbour nearer it, is
    what fails a re-measurement on other deals.  Returns every setting measured."""
    tried: dict[int, Measure] = {}
    k = first
    while True:
        m = tried[k] = measure_at(k)
        if m.rate == mark:
            return tried
        step = 1 if m.rate < mark else -1
        if not 0 <= k + step < settings or k + step in tried or len(tried) >= tries:
            return tried
        k += step


def cut_knob(deck: Deck, scale: Sequence[int], default: int = 0) -> Deck:
    """The deck with its knob cut to these settings of its own, easiest first."""
    return replace(
        deck,
        knob_copies=tuple(deck.knob_copies[k] for k in scale) if deck.knob_copies else (),
        knob_steps=tuple(deck.knob_steps[k] for k in scale) if deck.knob_steps else (),
        knob_default=default,
    )


def one_setting(deck: Deck, k: int) -> Deck:
    """The deck with its knob cut to setting `k` alone: what the sweep and the marks measure,
    so that a setting's games are named by its own play, not by the scale around it (editing
    the scale keeps the games of the settings it keeps)."""
    return cut_knob(deck, (k,))


def printed_deck(deck: Deck, scale: Sequence[int], default: int) -> Deck:
    """The deck with its knob cut to these scale settings (easiest first); with no copy of
    the weak card at any of them, the weak card is not printed at all."""
    cut = cut_knob(deck, scale, default)
    if cut.knob_copies and not any(cut.knob_copies) and cut.knob_steps:
        return replace(
            cut, cards=tuple(c for c in cut.cards if c.name != cut.knob_card), knob_card="", knob_copies=()
        )
    return cut


def design(
    game_name: str,
    seat: int,
    target: float,
    against: str,
    games: int,
    budget: int,
    seed: int,
    out: Path | str,
    jobs: int = 1,
    levels: Sequence[str] = LEVELS,
    start: Deck | None = None,
    say: Callable[[str], None] = lambda text: None,
    knob_games: int | None = None,
    backend: str = "loky",
    scheduler: str | None = None,
    mark_games: int | None = None,
) -> Design:
    """Search `budget` decks for seat `seat` of `game_name` (`games` games each against
    `against`), sweep the best along the vocabulary's knob scale (`knob_games` games a
    setting, default `games`), confirm the settings for 0.3 / 0.5 / 0.7 (`mark_games` fresh
    games each, default `knob_games`), measure the printed deck against every level
    (`games` each; the level it was designed against is its confirmation), and write the
    deck, its table and its printables into `out`."""
    knob_games = knob_games or games
    mark_games = mark_games or knob_games
    pool: _Pool = {"backend": backend, "scheduler": scheduler}
    out = Path(out)
    work = out / "work"
    game = load_game(game_name)
    rng = random.Random(seed)
    tried: dict[str, Candidate] = {}

    def evaluate(deck: Deck) -> Candidate:
        key = deck_key(deck)
        if key not in tried:
            m = measure(plain(deck), game_name, against, games, seed, work, jobs, label="search", **pool)
            tried[key] = Candidate(deck, m, fitness(deck, m, target))
            cards, rules = deck.complexity()
            say(
                f"  deck {len(tried)}/{budget}: {m.text()}, {cards} cards, {rules} rules, "
                f"fitness {tried[key].fitness:.3f}"
            )
        return tried[key]

    dial = knob_for(game, seat)  # the whole scale; the printed knob is cut from it
    population = [evaluate(make_deck(game, seat, *genome(start), knob=dial))] if start is not None else []
    while len(population) < min(4, budget):
        population.append(evaluate(random_deck(game, seat, rng, dial)))
    attempts = 0
    while len(tried) < budget and attempts < 50 * budget:
        attempts += 1
        population.sort(key=lambda c: (c.fitness, c.deck.complexity()))
        parent = population[min(rng.randrange(3), len(population) - 1)]
        child = mutate(parent.deck, game, rng)
        if deck_key(child) in tried:
            continue
        population.append(evaluate(child))
        population.sort(key=lambda c: (c.fitness, c.deck.complexity()))
        del population[6:]
    best = min(tried.values(), key=lambda c: (c.fitness, c.deck.complexity()))
    say(
        f"best: {best.measure.text()} with no weak card and no bonus; now the knob's scale, the marks and "
        "the levels"
    )
    vocab = vocabulary(game)
    scale_deck = best.deck
    sweep = []
    for k in range(scale_deck.settings):
        sweep.append(
            measure(
                one_setting(scale_deck, k),
                game_name,
                against,
                knob_games,
                seed,
                work,
                jobs,
                label="sweep",
                **pool,
            )
        )
        say(f"  scale {k} ({scale_deck.setting_text(k, vocab)}): {sweep[-1].text()}")
    fitted = monotone_fit(sweep)
    confirmed: dict[int, Measure] = {}
    chosen: dict[float, int] = {}

    def confirm_at(k: int) -> Measure:
        if k not in confirmed:
            confirmed[k] = measure(
                one_setting(scale_deck, k),
                game_name,
                against,
                mark_games,
                seed + MARK_SEED,
                work,
                jobs,
                label="mark",
                **pool,
            )
            say(f"  confirming scale {k} on fresh deals: {confirmed[k].text()}")
        return confirmed[k]

    for mark in MARKS:
        measured = confirm_mark(mark, pick_setting(sweep, fitted, mark), len(sweep), confirm_at)
        chosen[mark] = min(measured, key=lambda k: (abs(measured[k].rate - mark), k))
    scale_of = sorted(set(chosen.values()))
    knob = [confirmed[k] for k in scale_of]
    default = min(range(len(knob)), key=lambda i: (abs(knob[i].rate - target), i))
    deck = printed_deck(scale_deck, scale_of, default)
    marks = {mark: scale_of.index(k) for mark, k in chosen.items()}
    level_rates = {}
    for level in levels:
        level_rates[level] = (
            knob[default]
            if f"level:{level}" == against
            else measure(deck, game_name, f"level:{level}", games, seed, work, jobs, label="table", **pool)
        )
        say(f"  against level:{level}: {level_rates[level].text()}")
    result = Design(
        deck,
        knob[default],
        abs(knob[default].rate - target),
        knob,
        level_rates,
        marks,
        sorted(tried.values(), key=lambda c: c.fitness),
        scale_deck=scale_deck,
        sweep=sweep,
        fitted=fitted,
        scale_of=scale_of,
        confirmed=confirmed,
    )
    result.files = write_outputs(
        result, game, target, against, games, budget, seed, out, knob_games, mark_games
    )
    return result


# --------------------------------------------------------------------------- output


def deck_stem(game, seat: int) -> str:
    seats = getattr(vocabulary(game), "SEATS", ())
    return f"{game.name}-{seats[seat].lower() if seat < len(seats) else f'seat{seat}'}"


def write_outputs(
    result: Design,
    game,
    target: float,
    against: str,
    games: int,
    budget: int,
    seed: int,
    out: Path,
    knob_games: int,
    mark_games: int,
) -> dict[str, Path]:
    from automa.decks.printable import write_printables

    stem = deck_stem(game, result.deck.seat)
    command = (
        f"automa design {game.name} --seat {result.deck.seat} --target {target:g} --against {against} "
        f"--games {games} --knob-games {knob_games} --mark-games {mark_games} --budget {budget} --seed {seed}"
    )
    deck_file = out / f"{stem}.toml"
    cards, rules = result.deck.complexity()
    header = (
        f"{result.deck.title} for {game.title}, made by\n  {command}\n"
        f"win rate against {against} at the default setting: {result.measure.text()}\n"
        f"simplicity: {cards} cards, {rules} rules printed (see {stem}.md)"
    )
    deck_file.write_text(deck_toml(replace(result.deck, path=str(deck_file)), header))
    table = out / f"{stem}.md"
    table.write_text(table_text(result, game, target, against, command))
    files = {"deck": deck_file, "table": table}
    from automa.decks import load_deck

    printed = load_deck(str(deck_file), game)
    files.update(write_printables(printed, game, out / "print"))
    return files


def ordering_text(knob: Sequence[Measure]) -> str:
    """Whether each setting's interval lies wholly above the one before."""
    steps = [a.interval[1] < b.interval[0] for a, b in pairwise(knob)]
    if all(steps):
        return (
            "Ordering: every setting's interval lies wholly above the one before "
            "(disjoint, easiest to hardest)."
        )
    overlaps = ", ".join(f"{k}-{k + 1}" for k, ok in enumerate(steps) if not ok)
    return f"Ordering: the intervals of settings {overlaps} overlap."


def table_text(result: Design, game, target: float, against: str, command: str) -> str:
    deck = result.deck
    cards, rules = deck.complexity()
    lines = [
        f"# {deck.title} ({game.title}): designed deck",
        "",
        f"    {command}",
        "",
        f"Target: the deck wins {target:g} of its games against `{against}`.  "
        f"Win rates are the deck's, with Wilson 95% intervals.  "
        f"Simplicity: {cards} cards, {rules} rules printed (the designer's measure: rules printed; "
        f"search fitness = shortfall below the target with no weak card and no bonus + {SIMPLICITY_WEIGHT} "
        "x rules).",
        "",
        "## The deck",
        "",
    ]
    for card in deck.cards:
        copies = "by setting" if card.name == deck.knob_card else f"{card.copies}"
        lines.append(f"- **{card.name}** ({copies}): " + " → ".join(card.rules))
    lines.append(f"- tie-breakers: {', '.join(deck.tie_breakers) or 'none'}")
    vocab = vocabulary(game)
    lines += [
        "",
        f"## Difficulty knob (printed, easiest first) against `{against}`",
        "",
        "Each printed setting is a setting of the scale below confirmed on fresh deals.",
        "",
        "| setting | for the mark | what it sets | win rate | 95% interval | holds the mark | games |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, m in enumerate(result.knob):
        low, high = m.interval
        default = " (default)" if i == deck.knob_default else ""
        marks = [mark for mark, j in result.marks.items() if j == i]
        holds = ", ".join("yes" if low <= mark <= high else "**no**" for mark in marks) or "-"
        lines.append(
            f"| {i}{default} | {', '.join(f'{mark:g}' for mark in marks) or '-'} | "
            f"{deck.setting_text(i, vocab)} | {m.rate:.3f} | [{low:.3f}, {high:.3f}] | {holds} | {m.games} |"
        )
    lines += ["", ordering_text(result.knob)]
    missed = [
        mark
        for mark, i in result.marks.items()
        if not result.knob[i].interval[0] <= mark <= result.knob[i].interval[1]
    ]
    if missed:
        lines += [
            "",
            f"**Marks missed**: no setting of the scale measured gives {', '.join(f'{m:g}' for m in missed)} "
            f"within its interval; the table gives the nearest.",
        ]
    if not any(m.interval[0] <= target <= m.interval[1] for m in result.knob):
        lines += [
            "",
            f"**Target missed**: no setting's interval holds {target:g}; the best the search "
            f"found wins {max(m.rate for m in result.knob):.2f} at most.",
        ]
    if result.sweep and result.scale_deck is not None:
        lines += [
            "",
            f"## The knob's scale, swept against `{against}`",
            "",
            "Every setting the vocabulary offers, easiest first.  The fit makes the rates "
            "non-decreasing along the scale (pool adjacent violators, weighted by games); the setting "
            "whose fitted rate is nearest a mark is confirmed on fresh deals, then the next setting "
            "toward the mark until two confirmed settings bracket it; the nearer is printed.",
            "",
            "| scale | what it sets | win rate | 95% interval | fitted | games "
            "| confirmed on fresh deals | printed as |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for k, m in enumerate(result.sweep):
            low, high = m.interval
            conf = result.confirmed[k].text() if k in result.confirmed else ""
            printed = str(result.scale_of.index(k)) if k in result.scale_of else ""
            lines.append(
                f"| {k} | {result.scale_deck.setting_text(k, vocab)} | {m.rate:.3f} | [{low:.3f}, "
                f"{high:.3f}] "
                f"| {result.fitted[k]:.3f} | {m.games} | {conf} | {printed} |"
            )
    lines.append("")
    if result.levels:
        lines += [
            f"## Against every level (setting {deck.knob_default})",
            "",
            "| opponent | win rate | 95% interval | games |",
            "|---|---|---|---|",
        ]
        for level, m in result.levels.items():
            low, high = m.interval
            lines.append(f"| level:{level} | {m.rate:.3f} | [{low:.3f}, {high:.3f}] | {m.games} |")
        lines.append("")
    lines += [
        "## Decks tried (best first, with no weak card and no bonus)",
        "",
        "| win rate | cards | rules | fitness | cards' rules |",
        "|---|---|---|---|---|",
    ]
    for c in result.tried[:12]:
        n_cards, n_rules = c.deck.complexity()
        rules_text = " / ".join(
            " → ".join(card.rules) for card in c.deck.cards if card.name != c.deck.knob_card
        )
        lines.append(f"| {c.measure.rate:.3f} | {n_cards} | {n_rules} | {c.fitness:.3f} | {rules_text} |")
    return "\n".join(lines) + "\n"
