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

Then the best deck is measured at every difficulty setting (easiest first), the setting
nearest the target becomes its default, the settings nearest 0.3 / 0.5 / 0.7 are named,
whether neighbouring settings' intervals are disjoint is stated, and it is measured
against every difficulty level, all with Wilson intervals.
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Sequence

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
    deck: Deck
    #: the deck at its default setting, and how far that lies from the target
    measure: Measure
    miss: float
    knob: list[Measure]
    levels: dict[str, Measure]
    marks: dict[float, int]
    tried: list[Candidate] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)


# --------------------------------------------------------------------------- decks as genomes

def card_rules(vocab) -> list[str]:
    return sorted(n for n in vocab.RULES if n not in vocab.STANDING and n != KNOB_RULE)


def make_deck(game, seat: int, cards: Sequence[tuple[str, ...]], ties: Sequence[str], path: str = "",
              knob: Knob | None = None) -> Deck:
    """A deck of these cards (rule lists) plus the difficulty card, named from the
    vocabulary's card names for the seat; its default setting is the hardest."""
    knob = knob or knob_for(game, seat)
    vocab = vocabulary(game)
    names = list(getattr(vocab, "CARD_NAMES", {}).get(seat, ()))
    named = [Card(names[i] if i < len(names) else f"Card {i + 1}", tuple(rules), COPIES)
             for i, rules in enumerate(cards)]
    if knob.copies:
        named.append(Card(KNOB_CARD, (KNOB_RULE,)))
    seats = getattr(vocab, "SEATS", ())
    title = f"{seats[seat]} automaton" if seat < len(seats) else f"Seat {seat} automaton"
    return Deck(path, game.name, seat, title, tuple(named), tuple(ties), KNOB_CARD if knob.copies else "",
                knob.copies, knob.settings - 1,
                knob_bonus=knob.bonus, knob_steps=knob.steps)


def knob_of(deck: Deck) -> Knob:
    return Knob(deck.knob_copies, deck.knob_bonus, deck.knob_steps)


def plain(deck: Deck) -> Deck:
    """The deck with a one-setting knob: no weak card, no bonus (the cards' own play)."""
    return replace(deck, knob_copies=(0,) if deck.knob_copies else (), knob_steps=(0,) if deck.knob_steps else (),
                   knob_default=0)


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
    cards, ties = genome(deck)
    cards = [list(c) for c in cards]
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
    play = [genome(deck), [c.copies for c in deck.cards], deck.knob_copies]
    if deck.knob_bonus:
        play += [deck.knob_bonus, deck.knob_steps]
    return hashlib.sha256(json.dumps(play).encode()).hexdigest()[:10]


# --------------------------------------------------------------------------- measuring

def measure(deck: Deck, game_name: str, against: str, games: int, seed: int, work: Path, jobs: int,
            knob: int | None = None, label: str = "", backend: str = "loky",
            scheduler: str | None = None) -> Measure:
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
    out = work / f"games-{deck_key(deck)}-{label or 'k' + str(knob)}-{against.replace(':', '_')}-{games}.jsonl"
    result = arena.run(tasks, out, jobs=jobs, resume=True, backend=backend, scheduler=scheduler)
    done = [r for r in result.records if r.get("status") != "error"]
    if not done:
        errors = [r.get("error") for r in result.records]
        raise arena.TournamentError(f"every game of {path} ended in an error, e.g.: {errors[:1]}")
    wins = sum(arena.win_credit(r, [deck.seat], False) for r in done)
    return Measure(wins, len(done))


def fitness(deck: Deck, m: Measure, target: float) -> float:
    return max(0.0, target - m.rate) + SIMPLICITY_WEIGHT * deck.complexity()[1]


def design(game_name: str, seat: int, target: float, against: str, games: int, budget: int, seed: int,
           out: Path | str, jobs: int = 1, levels: Sequence[str] = LEVELS, start: Deck | None = None,
           say: Callable[[str], None] = lambda text: None, knob_games: int | None = None,
           backend: str = "loky", scheduler: str | None = None) -> Design:
    """Search `budget` decks for seat `seat` of `game_name` (`games` games each against
    `against`), then measure the best at every knob setting (`knob_games` games each,
    default `games`) and against every level (`games` each; the level it was designed
    against at `knob_games`), and write the deck, its table and its printables into `out`."""
    knob_games = knob_games or games
    pool = dict(backend=backend, scheduler=scheduler)
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
            say(f"  deck {len(tried)}/{budget}: {m.text()}, {cards} cards, {rules} rules, "
                f"fitness {tried[key].fitness:.3f}")
        return tried[key]

    dial = knob_of(start) if start is not None else knob_for(game, seat)
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
    say(f"best: {best.measure.text()} with no weak card and no bonus; now every setting and level")
    vocab = vocabulary(game)
    knob = []
    for k in range(best.deck.settings):
        knob.append(measure(best.deck, game_name, against, knob_games, seed, work, jobs, knob=k,
                            label=f"k{k}", **pool))
        say(f"  setting {k} ({best.deck.setting_text(k, vocab)}): {knob[-1].text()}")
    default = min(range(len(knob)), key=lambda k: abs(knob[k].rate - target))
    marks = {mark: min(range(len(knob)), key=lambda k: abs(knob[k].rate - mark)) for mark in MARKS}
    deck = replace(best.deck, knob_default=default)
    level_rates = {}
    for level in levels:
        level_rates[level] = knob[default] if f"level:{level}" == against else \
            measure(deck, game_name, f"level:{level}", games, seed, work, jobs, label="table", **pool)
        say(f"  against level:{level}: {level_rates[level].text()}")
    result = Design(deck, knob[default], abs(knob[default].rate - target), knob, level_rates, marks,
                    sorted(tried.values(), key=lambda c: c.fitness))
    result.files = write_outputs(result, game, target, against, games, budget, seed, out, knob_games)
    return result


# --------------------------------------------------------------------------- output

def deck_stem(game, seat: int) -> str:
    seats = getattr(vocabulary(game), "SEATS", ())
    return f"{game.name}-{seats[seat].lower() if seat < len(seats) else f'seat{seat}'}"


def write_outputs(result: Design, game, target: float, against: str, games: int, budget: int, seed: int,
                  out: Path, knob_games: int) -> dict[str, Path]:
    from automa.decks.printable import write_printables
    stem = deck_stem(game, result.deck.seat)
    command = (f"automa design {game.name} --seat {result.deck.seat} --target {target:g} --against {against} "
               f"--games {games} --knob-games {knob_games} --budget {budget} --seed {seed}")
    deck_file = out / f"{stem}.toml"
    cards, rules = result.deck.complexity()
    header = (f"{result.deck.title} for {game.title}, made by\n  {command}\n"
              f"win rate against {against} at the default setting: {result.measure.text()}\n"
              f"simplicity: {cards} cards, {rules} rules printed (see {stem}.md)")
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
    steps = [a.interval[1] < b.interval[0] for a, b in zip(knob, knob[1:])]
    if all(steps):
        return "Ordering: every setting's interval lies wholly above the one before (disjoint, easiest to hardest)."
    overlaps = ", ".join(f"{k}-{k + 1}" for k, ok in enumerate(steps) if not ok)
    return f"Ordering: the intervals of settings {overlaps} overlap."


def table_text(result: Design, game, target: float, against: str, command: str) -> str:
    deck = result.deck
    cards, rules = deck.complexity()
    lines = [f"# {deck.title} ({game.title}): designed deck", "", f"    {command}", "",
             f"Target: the deck wins {target:g} of its games against `{against}`.  "
             f"Win rates are the deck's, with Wilson 95% intervals.  "
             f"Simplicity: {cards} cards, {rules} rules printed (the designer's measure: rules printed; "
             f"search fitness = shortfall below the target with no weak card and no bonus + {SIMPLICITY_WEIGHT} x rules).", "",
             "## The deck", ""]
    for card in deck.cards:
        copies = "by setting" if card.name == deck.knob_card else f"{card.copies}"
        lines.append(f"- **{card.name}** ({copies}): " + " → ".join(card.rules))
    lines.append(f"- tie-breakers: {', '.join(deck.tie_breakers) or 'none'}")
    vocab = vocabulary(game)
    lines += ["", f"## Difficulty knob (easiest first) against `{against}`", "",
              "| setting | what it sets | win rate | 95% interval | games |", "|---|---|---|---|---|"]
    for k, m in enumerate(result.knob):
        low, high = m.interval
        mark = " (default)" if k == deck.knob_default else ""
        lines.append(f"| {k}{mark} | {deck.setting_text(k, vocab)} | {m.rate:.3f} | [{low:.3f}, {high:.3f}] "
                     f"| {m.games} |")
    lines += ["", ordering_text(result.knob)]
    if not any(m.interval[0] <= target <= m.interval[1] for m in result.knob):
        lines += ["", f"**Target missed**: no setting's interval holds {target:g}; the best the search "
                      f"found wins {max(m.rate for m in result.knob):.2f} at most."]
    lines += ["", "Settings nearest the marks: " + ", ".join(
        f"{mark:g} → setting {k} ({result.knob[k].rate:.2f})" for mark, k in result.marks.items()), ""]
    if result.levels:
        lines += [f"## Against every level (setting {deck.knob_default})", "",
                  "| opponent | win rate | 95% interval | games |", "|---|---|---|---|"]
        for level, m in result.levels.items():
            low, high = m.interval
            lines.append(f"| level:{level} | {m.rate:.3f} | [{low:.3f}, {high:.3f}] | {m.games} |")
        lines.append("")
    lines += ["## Decks tried (best first, with no weak card and no bonus)", "",
              "| win rate | cards | rules | fitness | cards' rules |", "|---|---|---|---|---|"]
    for c in result.tried[:12]:
        n_cards, n_rules = c.deck.complexity()
        rules_text = " / ".join(" → ".join(card.rules) for card in c.deck.cards if card.name != c.deck.knob_card)
        lines.append(f"| {c.measure.rate:.3f} | {n_cards} | {n_rules} | {c.fitness:.3f} | {rules_text} |")
    return "\n".join(lines) + "\n"
