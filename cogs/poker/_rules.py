"""`/poker rules [variant]`: a short card of each game, written from RULES.md, whose sections
the cards cite. Defaults are those of `/poker new` (§2.3, §4.3, §5.3); a table may change
them."""

from __future__ import annotations

COMMON = (
    "**Fixed limit** (§1.2-1.3): every bet and raise is exactly the round's size; one bet and"
    " three raises per round. All-in for less does not reopen the betting (§1.5); side pots"
    " (§1.6). Ties split; odd chips from the left of the button (§1.7)."
)

CARDS = {
    "seven_card_stud": "\n".join(
        [
            "**Seven Card Stud**",
            "**Forced bets:** everyone antes (a tenth of the small bet); the lowest up card"
            " brings in (a quarter of the small bet). Aces are high; equal ranks: clubs <"
            " diamonds < hearts < spades.",
            "**Deal:** two down and one up; then 4th, 5th and 6th street up, 7th down (§2.2,"
            " §2.5). If the deck runs short, one community card is shared (§2.7).",
            "**Who acts first:** the bring-in on 3rd street (they may post it or complete, not"
            " fold); from 4th street the best showing hand (pairs and trips count, not"
            " straights or flushes), ties to the lowest seat.",
            "**Limits:** small bet on 3rd and 4th, big bet on 5th, 6th and 7th (§2.6).",
            "**Showdown:** best five of your seven cards, high (§2.8). The last to bet or raise"
            " shows first; with no bet, the first to check.",
        ]
    ),
    "stud_hi_lo": "\n".join(
        [
            "**Seven Card Stud Hi-Lo, eight or better**",
            "**Forced bets:** ante and bring-in as in Seven Card Stud (§3, §2.3); 2 to 6 players.",
            "**Deal:** two down and one up; then three up and the last down, as in Seven Card"
            " Stud (§2.2, §2.5).",
            "**Who acts first:** the bring-in on 3rd street; then the best showing hand; equal"
            " boards are split by the best single up card, by rank then suit (spades >"
            " hearts > diamonds > clubs).",
            "**Limits:** small bet on 3rd and 4th, big bet on 5th to 7th (§2.6).",
            "**Showdown:** each pot is halved between the best high and the best low (§3.4)."
            " A low is five different ranks, 8 or lower, aces low, straights and flushes"
            " allowed: A-2-3-4-5 is best. No low: the high takes the whole pot. One hand may"
            " scoop both halves.",
        ]
    ),
    "five_card_stud": "\n".join(
        [
            "**Five Card Stud**",
            "**Forced bets:** no ante by default (§4.1); the lowest up card brings in, half"
            " the small bet (aces high; clubs < diamonds < hearts < spades).",
            "**Deal:** one down and one up; then three more up, one per round: four betting"
            " rounds.",
            "**Who acts first:** the bring-in in the first round; then the best showing hand,"
            " ties to the lowest seat.",
            "**Limits:** small bet in rounds 1 and 2, big bet in rounds 3 and 4. **Open pair:**"
            " if someone shows a pair in round 2, anyone may bet or raise the big bet there.",
            "**Showdown:** best five cards, high. The last raiser shows first, else the first"
            " bettor, else the best open hand.",
        ]
    ),
    "triple_draw": "\n".join(
        [
            "**2-7 Triple Draw**",
            "**Forced bets:** small blind left of the button (half the small bet), big blind"
            " left of it (the small bet). The button moves one seat a hand; heads-up, the"
            " button posts the small blind.",
            "**Deal:** five down cards; three draws, after rounds 1, 2 and 3: throw away 0 to 5"
            " cards and get as many. If the deck runs out, earlier discards are shuffled in,"
            " never the cards just thrown.",
            "**Who acts first:** left of the big blind in round 1 (the big blind counts as the"
            " bet); from round 2, the first player left of the button.",
            "**Limits:** small bet in rounds 1 and 2, big bet in rounds 3 and 4 (§5.3).",
            "**Showdown:** the lowest hand wins (§5.7-5.8): aces high, straights and flushes"
            " count against you; 7-5-4-3-2 is best, any no-pair beats any pair.",
        ]
    ),
}


def rules_card(variant: str) -> str:
    return f"{CARDS[variant]}\n{COMMON}"


def overview() -> str:
    return (
        "Four games are dealt here: Seven Card Stud, Stud Hi-Lo (eight or better), Five Card"
        " Stud and 2-7 Triple Draw, all fixed limit. `/poker rules variant` shows one."
    )
