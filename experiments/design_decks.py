"""The published automaton decks: designs each with `automa design`, copies the deck into
automa/decks/ and its table (knob settings, every level, decks tried) into
experiments/results/design_<game>_<seat>.md, then re-measures the shipped deck at its
default setting with fresh deals if --check-games asks.  The knob's table and the level
table take --knob-games games per cell (the issue's 40).

    python experiments/design_decks.py --decks nixon --against level:easy --games 8 --budget 4 \
        --knob-games 40 --seed 1 --jobs 1 [--target 0.5] [--check-games 0] [--work DIR]

(the published decks: once with --decks nixon, once with --decks editor).  Each design is
`automa design watergate --seat S --target T --against A --games G --budget B --seed SEED
--start automa/decks/watergate-<seat>.toml --out WORK/<deck>`: the search starts from the
deck shipped now.  Every game is kept as JSON lines in WORK, so an interrupted run resumes
where it stopped.
"""
import shutil
import time
from pathlib import Path

from common import RESULTS, ROOT, parser

from automa.decks import load_deck
from automa.rules.core import load_game
from automa.search.design import design, deck_stem, measure

#: deck -> its seat
DECKS = {"nixon": 1, "editor": 0}
SHIPPED = ROOT / "automa" / "decks"


def main() -> None:
    p = parser("Design and measure the published Watergate automaton decks.", games=10, seed=1)
    p.add_argument("--decks", default="nixon,editor")
    p.add_argument("--budget", type=int, default=7)
    p.add_argument("--knob-games", type=int, default=40, help="games per difficulty setting and level")
    p.add_argument("--check-games", type=int, default=0, help="fresh deals at the default setting (0: none)")
    p.add_argument("--target", type=float, default=0.5)
    p.add_argument("--against", default="level:normal")
    p.add_argument("--work", type=Path, default=Path("design-work"))
    p.set_defaults(jobs=1)
    args = p.parse_args()
    game = load_game("watergate")
    for name in args.decks.split(","):
        seat = DECKS[name]
        stem = deck_stem(game, seat)
        start = load_deck(str(SHIPPED / f"{stem}.toml"), game) if (SHIPPED / f"{stem}.toml").exists() else None
        began = time.perf_counter()
        result = design("watergate", seat, args.target, args.against, args.games, args.budget, args.seed,
                        args.work / name, args.jobs, start=start, say=print, knob_games=args.knob_games)
        deck = load_deck(str(result.files["deck"]), game)
        table = result.files["table"].read_text()
        if args.check_games:
            check = measure(deck, "watergate", args.against, args.check_games, args.seed + 1000,
                            args.work / name / "check", args.jobs, label="check")
            low, high = check.interval
            table += (f"\n## Re-measured\n\nThe shipped deck at its default setting {deck.knob_default}, "
                      f"{check.games} new deals (seed {args.seed + 1000}) against `{args.against}`: "
                      f"{check.rate:.3f} [{low:.3f}, {high:.3f}]; the target {args.target:g} is "
                      f"{'inside' if low <= args.target <= high else 'outside'} the interval.\n")
        minutes = (time.perf_counter() - began) / 60
        shutil.copy(result.files["deck"], SHIPPED / f"{stem}.toml")
        table += (f"\nRegenerate with `python experiments/design_decks.py --decks {name} --against {args.against} "
                  f"--target {args.target:g} --games {args.games} --knob-games {args.knob_games} "
                  f"--budget {args.budget} --check-games {args.check_games} --seed {args.seed}` "
                  f"({minutes:.0f} minutes on this machine, one process).\n")
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"design_watergate_{name}.md").write_text(table)
        print(f"wrote {SHIPPED / f'{stem}.toml'} and {RESULTS / f'design_watergate_{name}.md'}")


if __name__ == "__main__":
    main()
