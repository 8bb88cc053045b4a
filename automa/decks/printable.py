"""Printables from a deck file: one PNG per card at playing-card size (63 x 88 mm), a
one-page rule sheet (A4), and a PDF of them all, every card on its own page at its real
size so a print shop (or a home printer at 100%) gives cards to cut and sleeve.

Everything is drawn with Pillow from the deck and its game's vocabulary (each rule's
printed text), so a designed deck is printable the moment it is written.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from . import Deck, vocabulary
from .shown import rule_text

DPI = 300
CARD_MM = (63, 88)
SHEET_MM = (210, 297)
INK = (40, 36, 32)
MUTED = (110, 102, 88)
PAPER = (250, 246, 236)
ACCENT = ((39, 80, 110), (142, 43, 43))  # by seat: the Editor's blue, Nixon's red
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu")


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def font(size_pt: float, bold: bool = False):
    """DejaVu Sans where installed, else Pillow's own font, at `size_pt` points."""
    size = round(size_pt / 72 * DPI)
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in FONT_DIRS:
        path = Path(folder) / name
        if path.exists():
            return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def wrap(draw: ImageDraw.ImageDraw, text: str, face, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and draw.textlength(trial, font=face) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def write_lines(draw, xy, text: str, face, width: int, fill=INK, gap: float = 1.25) -> int:
    """Draw wrapped text from xy; returns the y below it."""
    x, y = xy
    step = round(face.size * gap)
    for line in wrap(draw, text, face, width):
        draw.text((x, y), line, font=face, fill=fill)
        y += step
    return y


def card_image(deck: Deck, index: int, game) -> Image.Image:
    """One card: the deck's title, the card's name, its rules numbered in priority order."""
    vocab = vocabulary(game)
    card = deck.cards[index]
    w, h = px(CARD_MM[0]), px(CARD_MM[1])
    img = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(img)
    accent = ACCENT[deck.seat % len(ACCENT)]
    margin = px(4)
    d.rounded_rectangle(
        (px(1.5), px(1.5), w - px(1.5), h - px(1.5)), radius=px(3), outline=accent, width=px(0.8)
    )
    d.rectangle((px(1.5), px(1.5), w - px(1.5), px(14)), fill=accent)
    d.text((margin, px(3)), deck.title.upper(), font=font(7, True), fill=PAPER)
    d.text((margin, px(7.5)), card.name, font=font(10, True), fill=PAPER)
    y = px(18)
    d.text((margin, y), "Do the first rule you can:", font=font(6.5), fill=MUTED)
    y += px(5)
    body = font(7.5)
    for n, rule in enumerate(card.rules, 1):
        d.text((margin, y), f"{n}.", font=font(7.5, True), fill=accent)
        y = write_lines(
            d, (margin + px(4), y), rule_text(vocab, rule, deck.seat), body, w - 2 * margin - px(4)
        ) + px(2)
    if card.name == deck.knob_card:
        d.text((margin, h - px(11)), "difficulty card: copies by setting", font=font(5.5), fill=MUTED)
        d.text(
            (margin, h - px(8)),
            " / ".join(map(str, deck.knob_copies)) + " (easiest first)",
            font=font(5.5),
            fill=MUTED,
        )
    else:
        d.text(
            (margin, h - px(8)),
            f"{card.copies} cop{'y' if card.copies == 1 else 'ies'} in the deck",
            font=font(5.5),
            fill=MUTED,
        )
    return img


def rule_sheet(deck: Deck, game) -> Image.Image:
    """One A4 page: how to run the deck, the tie-breakers, the standing rules, the knob."""
    vocab = vocabulary(game)
    w, h = px(SHEET_MM[0]), px(SHEET_MM[1])
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    margin = px(18)
    width = w - 2 * margin
    seats = getattr(vocab, "SEATS", ())
    seat_name = seats[deck.seat] if deck.seat < len(seats) else f"seat {deck.seat}"
    d.text((margin, margin), f"{deck.title}", font=font(20, True), fill=ACCENT[deck.seat % len(ACCENT)])
    y = margin + px(11)
    y = write_lines(
        d,
        (margin, y),
        f"A printed automaton for {game.title}: it plays {seat_name} against you.",
        font(10),
        width,
    ) + px(4)
    head, body = font(12, True), font(9.5)

    def section(title: str, paragraphs: list[str]) -> None:
        nonlocal y
        d.text((margin, y), title, font=head, fill=INK)
        y += px(7)
        for text in paragraphs:
            y = write_lines(d, (margin, y), text, body, width) + px(1.5)
        y += px(3)

    seating = getattr(vocab, "SETUP", "") or (
        f"Set up {game.title} as usual, the automaton in the {seat_name}'s seat; it draws and holds cards as "
        "the rules say. Keep its hand face down and look at it only when a rule asks which card to play."
    )
    section(
        "Setup",
        [f"Shuffle the automaton deck: {_mix_text(deck)}. {seating}"]
        + ([vocab.CASE_KEEPER] if getattr(vocab, "CASE_KEEPER", "") else []),
    )
    section(
        "Its turn",
        [
            "At the start of each of its turns, flip the top card of the automaton deck onto "
            "its discard (reshuffle the discard when the deck runs out). Do the first rule on "
            "the card that can be done. The rule that picked the card also picks where it goes. "
            "If no rule can be done, follow the standing rules below."
        ],
    )
    ties = [vocab.TIE_BREAKERS[t].text for t in deck.tie_breakers]
    section(
        "Ties",
        [
            "When a rule leaves several plays equal, prefer "
            + ", then ".join(ties)
            + "; if still equal, the card further left in its hand (sorted by card number)."
            if ties
            else "When a rule leaves several plays equal, take the card further left in "
            "its hand (sorted by card number)."
        ],
    )
    section("Standing rules", [f"• {rule_text(vocab, name, deck.seat)}" for name in vocab.STANDING])
    section(
        "Difficulty",
        [
            f"Setting {k}: {deck.setting_text(k, vocab)}" + (" (default)" if k == deck.knob_default else "")
            for k in range(deck.settings)
        ]
        + ["Settings run from easiest (0) to hardest; a bonus is taken before anybody plays."],
    )
    if deck.notes:
        section("Notes", [deck.notes])
    return img


def _mix_text(deck: Deck) -> str:
    parts = []
    for card in deck.cards:
        n = deck.knob_copies[deck.knob_default] if card.name == deck.knob_card else card.copies
        if n:
            parts.append(f"{n} × {card.name}")
    return ", ".join(parts) + f" at the default setting {deck.knob_default}"


def write_printables(deck: Deck, game, out: Path | str) -> dict[str, Path]:
    """Write card PNGs, the rule-sheet PNG and one PDF (rule sheet, then every card at
    63 x 88 mm) into `out`; returns their paths by role."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    stem = Path(deck.path).stem
    sheet = rule_sheet(deck, game)
    paths = {"sheet": out / f"{stem}-rules.png"}
    sheet.save(paths["sheet"], dpi=(DPI, DPI))
    cards = []
    for i in range(len(deck.cards)):
        img = card_image(deck, i, game)
        path = out / f"{stem}-card-{i + 1}.png"
        img.save(path, dpi=(DPI, DPI))
        paths[f"card {i + 1}"] = path
        cards.append(img)
    paths["pdf"] = out / f"{stem}.pdf"
    sheet.save(
        paths["pdf"],
        "PDF",
        resolution=DPI,
        save_all=True,
        append_images=cards,
        title=deck.title,
        author="automa design",
    )
    return paths
