# English: the default language. Every key here is also in fr.ftl (a test checks it).
# Numbers passed as numbers are formatted for the language (1,000); ids are passed as text.

## Games, ranks and hand values

game-seven-card-stud = Seven Card Stud
game-razz = Razz
game-stud-hi-lo = Stud Hi-Lo
game-five-card-stud = Five Card Stud
game-triple-draw = 2-7 Triple Draw
game-mixed = Mixed games
game-dealers-choice = Dealer's choice
game-all = All games

title-stud = { $game } { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}, bring-in { $bring_in }
title-blinds = { $game } { $small }/{ $big }, blinds { $sb }/{ $bb }
title-practice = { $title } · practice chips
title-mix = { $mix } { $small }/{ $big }

rank-2 = Two
rank-3 = Three
rank-4 = Four
rank-5 = Five
rank-6 = Six
rank-7 = Seven
rank-8 = Eight
rank-9 = Nine
rank-10 = Ten
rank-11 = Jack
rank-12 = Queen
rank-13 = King
rank-14 = Ace
rank-small-2 = two
rank-small-3 = three
rank-small-4 = four
rank-small-5 = five
rank-small-6 = six
rank-small-7 = seven
rank-small-8 = eight
rank-small-9 = nine
rank-small-10 = ten
rank-small-11 = jack
rank-small-12 = queen
rank-small-13 = king
rank-small-14 = ace
ranks-2 = Twos
ranks-3 = Threes
ranks-4 = Fours
ranks-5 = Fives
ranks-6 = Sixes
ranks-7 = Sevens
ranks-8 = Eights
ranks-9 = Nines
ranks-10 = Tens
ranks-11 = Jacks
ranks-12 = Queens
ranks-13 = Kings
ranks-14 = Aces

hand-high-card = { $name } high
hand-pair = Pair of { $names }
hand-two-pair = Two pair, { $names } and { $second_names }
hand-trips = Three of a kind, { $names }
hand-straight = Straight, { $name } high
hand-flush = Flush, { $name } high
hand-full-house = Full house, { $names } over { $second_names }
hand-quads = Four of a kind, { $names }
hand-straight-flush = Straight flush, { $name } high
hand-royal-flush = Royal flush
hand-low = { $cards } low
hand-no-low = no low
hand-no-low-yet = no low yet
hand-deuce-seven = { $name }-{ $second } low ({ $cards })
hand-deuce-seven-ace = Ace high, no pair ({ $cards })
hand-unknown = hand not shown
## A hand's value inside a sentence ("wins 30 with ..."): the same facts, with their article
hand-high-card-with = { $name } high
hand-pair-with = a pair of { $names }
hand-two-pair-with = two pair, { $names } and { $second_names }
hand-trips-with = three { $names }
hand-straight-with = a straight, { $name } high
hand-flush-with = a flush, { $name } high
hand-full-house-with = a full house, { $names } over { $second_names }
hand-quads-with = four { $names }
hand-straight-flush-with = a straight flush, { $name } high
hand-royal-flush-with = a royal flush
hand-low-with = { $cards }
hand-deuce-seven-with = a { $name }-{ $second } low ({ $cards })
hand-deuce-seven-ace-with = ace high, no pair ({ $cards })

## Streets

street-seven-card-stud-0 = 3rd street
street-seven-card-stud-1 = 4th street
street-seven-card-stud-2 = 5th street
street-seven-card-stud-3 = 6th street
street-seven-card-stud-4 = 7th street
street-razz-0 = 3rd street
street-razz-1 = 4th street
street-razz-2 = 5th street
street-razz-3 = 6th street
street-razz-4 = 7th street
street-stud-hi-lo-0 = 3rd street
street-stud-hi-lo-1 = 4th street
street-stud-hi-lo-2 = 5th street
street-stud-hi-lo-3 = 6th street
street-stud-hi-lo-4 = 7th street
street-five-card-stud-0 = 2nd street
street-five-card-stud-1 = 3rd street
street-five-card-stud-2 = 4th street
street-five-card-stud-3 = 5th street
street-triple-draw-0 = Before the first draw
street-triple-draw-1 = After the first draw
street-triple-draw-2 = After the second draw
street-triple-draw-3 = After the third draw
street-triple-draw-drawing-1 = First draw
street-triple-draw-drawing-2 = Second draw
street-triple-draw-drawing-3 = Third draw

## Actions

act = { $act }{ $all_in ->
    [yes] {" "}(all-in)
   *[no] {""}
}{ $clock ->
    [yes] {" "}(time)
   *[no] {""}
}
act-fold = folds
act-check = checks
act-call = calls { $amount }
act-bet = bets { $amount }
act-raise = raises to { $amount }
act-complete = completes to { $amount }
act-bring-in = brings in for { $amount }
act-draw = { $count ->
    [0] stands pat
   *[other] draws { $count }
}
forced-ante = posts the ante ({ $amount })
forced-small-blind = posts the small blind ({ $amount })
forced-big-blind = posts the big blind ({ $amount })
forced-bring-in = posts the bring-in ({ $amount })
recent-action = { $name } { $what }

button-fold = Fold
button-check = Check
button-call = Call { $amount }
button-bet = Bet { $amount }
button-raise = Raise to { $amount }
button-complete = Complete to { $amount }
button-bring-in = Bring-in { $amount }
button-draw = Draw
button-join = Join
button-leave = Leave
button-start = Start
button-my-cards = My cards
button-choose = Choose the game
button-stand-pat = Stand pat
button-confirm = Confirm
button-cancel = Cancel
button-leave-fold = Leave anyway
button-stay = Stay
button-previous = Previous
button-next = Next
draw-placeholder = Cards to throw away
choose-placeholder = The game of the next round

## The table message

hand-number = Hand #{ $hand }
seat-line = { $pointer } Seat { $number } **{ $name }** { $stack }
seat-folded = folded
seat-bet = bet { $amount }
seat-all-in = all-in
seat-sitting-out = sitting out
seat-leaving = leaving
seat-button = button
seat-drew = { $count ->
    [0] pat
   *[other] { $count }
}
seat-draws = drew: { $draws }
table-board = Community card: { $cards }
table-pot = Pot: { $amount }
table-side-pot = side pot { $number }: { $amount }
table-recent = Recent: { $more ->
    [yes] …{" "}
   *[no] {""}
}{ $actions }
table-recent-before = -# { $street }: { $actions }
turn = { $mention }, it's your turn{ $need ->
    [draw] : draw
    [call] : { $amount } to call
   *[none] {""}
}{ $clock ->
    [bank] {" "}· time bank { $deadline }
    [clock] {" "}· clock { $deadline }
   *[none] {""}
}.
table-commitment = -# Commitment: { $commitment }
table-next-commitment = -# Next hand's commitment: { $commitment }
# in a DM, read on a phone: the fingerprint first, so the line folds once, not into three
private-next-commitment = -# { $commitment } · next hand's commitment
table-restarted = The dealer restarted; the game goes on from where it was.
turn-notice = { $mention }, it's your turn (Hand #{ $hand }): { $link }
turn-notice-here = { $mention }, it's your turn (Hand #{ $hand }).
turn-computer = { $name } is thinking.
status-closed = This table is closed.
status-closing = Closing after this hand.
status-next-hand = Next hand in a moment.
status-choosing = Dealer's choice: { $mention } chooses the game of the next round · clock { $deadline }.
status-ready = Ready: press Start to deal.
status-computers = Computer players are seated: press Start to sit down and deal.
status-person-needed = Computer players don't play alone: a person must be dealt in.{ $why ->
    [sitting] {" "}Sitting out: { $names } (/poker back to play).
    [short] {" "}Can't cover the forced bets: { $names } (/poker join tops up).
   *[none] {" "}Press Join.
}
status-waiting = { $seated ->
    [0] Need 2 players: press Join.
   *[other] Need { $missing } more { $missing ->
        [one] player
       *[other] players
    }: press Join.
}{ $sitting ->
    [none] {""}
   *[other] {" "}Sitting out: { $sitting } (/poker back to play).
}
status-short = Need { $missing } more { $missing ->
    [one] player
   *[other] players
}: press Join. { $names } can't cover the forced bets ({ $minimum } { $minimum ->
    [one] chip
   *[other] chips
}): /poker join tops up.

## Private hands (DMs and ephemeral replies)

card-down = { $card } (down)
private-hand = { $channel } · Hand #{ $hand } · { $street }
    Your cards: { $cards }
    { $value }{ $has_low ->
        [yes] {" "}· { $low }
       *[no] {""}
    }
private-swap = Your draw: { $thrown } → { $got }
private-pat = You stood pat.
draw-now = Your cards: { $cards }
dm-refused = { $mention }, I can't DM you: use My cards or /poker cards.
dm-try-again = -# Your next cards will come by DM again, if your DMs are open to this server's members.
player-settings = { $saved ->
        [yes] Saved. Your settings:
       *[no] Your settings:
    }
    Four-colour deck: { $four_colour ->
        [yes] on (♠ black, ♥ red, ♦ blue, ♣ green)
       *[no] off (♠ ♣ black, ♥ ♦ red)
    }, in the pictures of your own cards (DMs, My cards, the draw). Summaries keep two colours: everyone sees them.
    Your DMs are in { $language ->
        [fr] French
       *[en] English
    }: the language of your Discord when you last used the bot.
    Change: /poker settings four_colour
draw-prompt = Pick the cards to throw away, or stand pat.
choose-prompt = Your choice: the game of the next round (a hand for each player dealt in) · clock { $deadline }.
choose-timed-out = Time ran out: { $game } is dealt, the next game in the list.
choose-done = You chose { $game }.
picture-down = down
picture-seat = { $acting ->
    [yes] ▶{" "}
   *[no] {""}
}{ $number } · { $name } · { $stack }
picture-pot = Pot { $amount }
picture-board = Community card
picture-shared = Community card, shared by every hand
draw-done = { $count ->
    [0] You stand pat.
   *[other] You threw away { $count }.
}

## Summaries and notices

summary-head = **Hand #{ $hand }** · { $title }
summary-folded-out = Everyone else folded: no cards shown.
summary-board = Community card, shared by every hand: { $cards }
summary-shows = { $name } shows { $cards }: { $value }{ $has_low ->
    [yes] {" "}· { $low }
   *[no] {""}
}
summary-no-low = No low: no hand has five different cards of 8 or lower, so the high takes { $pots ->
    [one] the whole pot
   *[other] each pot
}.
summary-pot-name = { $which ->
    [main] Main pot
   *[side] Side pot { $number }
}:{" "}
summary-wins = { $pot }{ $names } { $count ->
    [one] wins
   *[other] split
} { $amount }{ $has_value ->
    [yes] {" "}with { $value }
   *[no] {""}
}.
summary-uncalled = { $names } takes back the bet nobody called: there was no pot to win.
summary-scoops = { $pot }{ $names } scoops { $amount }: the high and the low.
summary-halves = { $pot }{ $high_names } { $high_count ->
    [one] takes
   *[other] split
} the high half ({ $high_amount }) with { $high_value }, { $low_names } the low ({ $low_amount }) with { $low_value }.
summary-stacks = Stacks: { $stacks }
name-chips = { $name } { $chips }
notice-left = { $name } left with { $chips } { $chips ->
    [one] chip
   *[other] chips
}.
notice-sat-out = { $name } ran out of time twice and sits out: /poker back to play again.
notice-closing = The table closes after this hand.
notice-choosing = { $mention }, dealer's choice: press **Choose the game** on the table message.
notice-game-chosen = { $clock ->
        [yes] Time: { $game } is dealt, the next game in the list
       *[no] { $name } chooses { $game }
    }, for { $hands } { $hands ->
        [one] hand
       *[other] hands
    }.
notice-closed = Table closed. Back to wallets: { $anyone ->
    [yes] { $paid }
   *[no] nobody seated
}.
notice-closed-idle = Table closed: no hand was dealt for { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
}. Back to wallets: { $anyone ->
    [yes] { $paid }
   *[no] nobody seated
}.
notice-hand-voided = The dealer restarted and could not resume Hand #{ $hand }: it is void, every chip bet in it went back (stacks are as they were before it).
notice-halted = This table cannot save its changes any more, so it has stopped dealing: every chip stays where the last saved change left it. A server admin should tell the bot's operator (docs/operations.md: Backups).
picture-value = { $value }{ $has_low ->
    [yes] {" "}· { $low }
   *[no] {""}
}{ $won ->
    [0] {""}
   *[other] {" "}· { $half ->
        [both] scoops { $won }
        [high] wins { $won } (high)
        [low] wins { $won } (low)
       *[all] wins { $won }
    }
}

## Refusals

error-refused = That cannot be done now; nothing was changed.
error-internal = Something went wrong; nothing was changed.
error-table-elsewhere = This table is being dealt by another process of the bot: try again in a few seconds.
error-slow-down = Slow down: this server allows { $limit } commands and clicks a minute. Nothing was done; try again { $retry }.
error-bots-practice = Computer players play for practice chips, and the players here hold wallet chips: open a table with computers (/poker new bots:3) to play them. Nothing was changed.
error-seat-limit = You already sit at { $limit } { $limit ->
    [one] table
   *[other] tables
} on this server: leave one first (/poker leave), or ask an admin to raise the limit.
error-host-limit = You already host { $limit } { $limit ->
    [one] table
   *[other] tables
} on this server: end one first (/poker end), or ask an admin to raise the limit.
error-table-halted = This table has stopped dealing: it cannot save its changes. Nothing was done; a server admin should tell the bot's operator.
error-option-choice = `{ $option }` must be one of { $choices }: nothing was done.
error-option-range = `{ $option }` must be from { $low } to { $high }: nothing was done.
error-unknown-button = That button is no longer in use.
error-server-only = Poker tables live in server channels.
error-wallets-server-only = Wallets belong to servers: ask in a server channel.
error-not-seated = You are not seated at this table: use Join or /poker join.
error-not-dealt-current = You're watching this hand: only its players have cards. To play, /poker join now (or Join between hands): you are dealt in from the next hand.
error-no-hand-now = No hand is being played: your cards come with the next deal.
error-dealt-next = You are seated: you are dealt in from the next hand.
error-closing-no-buy-in = This table is closing: no new buy-ins.
error-table-full = The table is full ({ $seats } { $seats ->
    [one] seat
   *[other] seats
}).
error-buy-in-short = You have { $balance } { $balance ->
    [one] chip
   *[other] chips
}; the minimum buy-in here is { $minimum } { $minimum ->
    [one] chip
   *[other] chips
}.
error-buy-in-range = The buy-in here is from { $low } to { $high } { $high ->
    [one] chip
   *[other] chips
}.
error-already-seated = You are already seated (seat { $seat }, { $stack } { $stack ->
    [one] chip
   *[other] chips
}). To top up between hands: /poker join buy_in (up to { $room }).
error-top-up-in-hand = You can top up between hands, not during one you are dealt in.
error-top-up-range = You can add 1 to { $room } { $room ->
    [one] chip
   *[other] chips
} (the maximum is { $high }).
error-already-leaving = You are already leaving: your stack goes back after this hand.
error-already-sitting-out = You are already sitting out: /poker back to play again.
error-not-sitting-out = You are not sitting out.
error-table-closing = This table is closing.
error-already-running = The game is already running.
error-host-starts = Only the host can start before two players are seated.
error-two-players = Two seated players who can cover the forced bets ({ $minimum } { $minimum ->
    [one] chip
   *[other] chips
}) are needed to start.
error-host-ends = Only the host or someone with Manage Server can end the table.
error-host-bots = Only the host or someone with Manage Server can seat computer players.
error-bots-room = There is room for { $most } computer { $most ->
    [one] player
   *[other] players
} here: a seat stays for each person seated, and one at least.
error-person-needed = Computer players don't play alone: a person must be seated and not sitting out.
error-computers-in-hand = The table is full and its computer players are all in this hand: press Join once it is over, and one of them gives you its seat.
error-already-closing = This table already closes after the current hand.
error-no-hand-prompt = There is no hand in progress: that prompt is over.
error-not-dealt = You're watching this hand: only its players act in it. To play, /poker join now (or Join between hands): you are dealt in from the next hand.
error-not-your-turn = It is not your turn.
error-not-your-choice = It is { $name }'s choice.
error-not-a-game = That game is not dealt at this table.
error-stale-prompt = That prompt is out of date: the table has moved on.
error-channel-has-table = This channel already has a table: use it, or /poker end it first.
error-see-table = { $reason }
    { $link }
error-no-table = There is no table in this channel: start one with /poker new.
error-restarting = The dealer is restarting: try again in a few seconds.
error-table-closed = This table is closed: start a new one with /poker new.
error-old-table-button = That button belongs to a table that is no longer here.
error-not-saved = The dealer could not save that, so nothing changed. Please try again.
error-no-draw = There is no draw in this game or at this point.
error-pick-cards = Pick 1 to { $most } of your cards.
error-hand-over = The hand is over.
error-cap-reached = The betting is capped this round: one bet and three raises.
error-wrong-amount = That amount is not allowed at this limit.
error-invalid-draw = You can only throw away cards you hold, each once.
error-action-not-allowed = That action is not allowed now.
error-invalid-card = That is not one of your cards.
error-insufficient-chips = You have { $balance } { $balance ->
    [one] chip
   *[other] chips
} and asked for { $asked }.
error-give-yourself = You cannot give chips to yourself.
error-give-nothing = Give at least 1 chip.
error-gift-made = That gift was already made.
error-give-bot = Bots have no wallets: give your chips to a player.
error-give-too-much = You have { $wallet } { $wallet ->
    [one] chip
   *[other] chips
}: you cannot give { $amount }.
error-gift-not-yours = Only the giver can confirm or cancel this gift.
error-gift-forged = This gift offer is not valid: make a new one with /poker give.
error-daily-too-soon = You already had your daily chips: the next are due { $due }.
error-ledger-others = Only members with Manage Server can read another's ledger.
error-permissions = I can't deal here: I need { $missing } in this channel. Ask a server admin to give me what is missing, or open the table elsewhere.
permission-view-channel = View Channel
permission-send-messages = Send Messages
permission-send-in-threads = Send Messages in Threads
permission-embed-links = Embed Links
permission-attach-files = Attach Files
permission-read-history = Read Message History
error-tables-elsewhere = On this server, tables are opened in { $channels }.
error-settings = Those settings don't work: { $problems }
error-no-such-hand = There is no Hand #{ $hand } on this server.
error-hand-voided = Hand #{ $hand } was voided after a restart: it has no history.
error-history-in-play = Hand #{ $hand } is still being played: its history is ready when it ends.
error-hand-unreadable = Hand #{ $hand } cannot be replayed, sorry.
error-not-your-hand = You were not dealt in Hand #{ $hand }: only its players may read its history or verify its deal.
error-no-hands-yet = You have no finished hand at this channel's tables yet.
error-last-range = Ask for 1 to { $limit } { $limit ->
    [one] hand
   *[other] hands
}.
error-verify-in-play = Hand #{ $hand } is still being played: its seeds are revealed when it ends, so nobody can know the cards to come.
engine-small-bet-minimum = the small bet must be at least 2 chips
engine-bring-in-range = the bring-in must be from 1 to { $high } { $high ->
    [one] chip
   *[other] chips
} (less than the small bet)
engine-ante-range = the ante must be from 0 to { $high } { $high ->
    [one] chip
   *[other] chips
}
engine-blinds-only = { $game } has blinds, not an ante or a bring-in
engine-small-bet-even = the small bet (the big blind) must be even: the small blind is half of it
engine-seed-format = A seed is 1 to { $limit } characters: letters, digits and punctuation, without spaces or backquotes.
stakes-small-bet-minimum = { engine-small-bet-minimum }
stakes-bring-in-range = { engine-bring-in-range }
stakes-ante-range = { engine-ante-range }
stakes-blinds-only = { engine-blinds-only }
stakes-small-bet-even = { engine-small-bet-even }
option-max-players = max_players must be from { $low } to { $high } in { $game }
option-min-buy-in = min_buy_in must be at least { $minimum } (the forced bets)
option-max-buy-in = max_buy_in must be at least min_buy_in ({ $minimum })
option-buy-in = the buy-in must be at least { $minimum } chips
option-time-zone = { $zone } is not a time zone: give its IANA name, such as Europe/Paris or America/New_York
option-start-one = give the start as starts_at (YYYY-MM-DD HH:MM) or starts_in (minutes), one of the two
option-starts-at = { $given } is not a start: write it as YYYY-MM-DD HH:MM, such as 2026-12-04 21:00
option-start-past = the start must be in the future
option-start-far = the start must be within { $days } days
option-bots = bots must be at most { $most } (a seat stays for a person)
option-games = games must name two games or more, each once
option-games-unknown = { $name } is not a game here; the games: { $games }
option-at-least = { $option }: must be at least { $limit }
option-at-most = { $option }: must be at most { $limit }
option-other = { $option }: { $problem }
setting-small-bet = the small bet of { $game } must be from 2 to { $high }
setting-clock = the action clock of { $game } must be from 10 to 600 seconds
setting-game-defaults = { $game }: { $problems }

## Answers

seated = You are in seat { $seat } with { $chips } { $chips ->
    [one] chip
   *[other] chips
}.
seated-ahead = You are in seat { $seat } with { $chips } { $chips ->
    [one] chip
   *[other] chips
}, dealt in from the next hand.
    -# Next hand's commitment: { $commitment }
left-after-hand = You leave after this hand: your stack goes back to your wallet then.
left-now = You left the table: your stack is back in your wallet.
leave-confirm = You are still in this hand: if you leave, the dealer acts for you at your turn (checks when it costs nothing, else folds), and your stack goes back to your wallet when the hand ends.
leave-stayed = You stay.
help-menu = Another topic
help-title-start = Start a table
help-title-play = Play a hand
help-title-chips = Chips
help-title-fairness = Fair deals
help-title-admins = For server admins
help-start = **Start a table**
    1. In a channel, `/poker new` and pick a game: Seven Card Stud, Razz, Stud Hi-Lo, Five Card Stud or 2-7 Triple Draw. The stakes, buy-ins, seats and clock have sensible defaults. `variant:mixed` deals the games in turn (`games`, `hands_per_game`); `variant:dealers_choice` lets each player in turn choose the next round's game.
    2. Everyone who plays presses **Join** on the table message (or `/poker join`): chips move from your wallet to the table.
    3. Once two are seated, **Start** deals the first hand; hands then follow each other by themselves.
    4. The host's `/poker end` closes the table after the hand; `/poker leave` takes you away with your stack.
    Alone? `/poker new bots:3`, then **Start**: you play against three computer players (🤖), `easy`, `standard` or `strong` (`/poker bots` changes how many and how well they play).
    A sit & go? `/poker tournament new`: everyone presses **Register** (the buy-in goes into the prize pool), the stakes rise every few hands, and the last player with chips wins the pool.
    The rules of each game: `/poker rules`, and the bot's rules pages (docs/rules/en/).
help-play = **Play a hand**
    · The table message shows the seats, the up cards, the pot and what happened this round. When it is your turn a message pings you and your buttons appear: **Fold**, **Check**, **Call**, **Bet**, **Raise**, **Bring-in**, **Complete** or **Draw**, with their amounts.
    · Your cards come by DM, with a picture; **My cards** (or `/poker cards`) shows them again, privately, at any time.
    · The clock under the turn line counts down; when it runs out your time bank starts, then the dealer checks for you if it costs nothing, else folds. Twice in a row and you sit out (`/poker back` to play again).
    · `/poker notify off` stops the pings on this server; `/poker notify on` brings them back.
    · `/poker sitout` skips hands from the next one; `/poker leave` asks first if you are still in the hand.
help-chips = **Chips**
    · Each member has a wallet on each server, opened with a starting balance. `/poker balance` shows it, with the chips you have on tables.
    · `/poker daily` adds chips once every 24 hours; `/poker give` gives some of yours to another member (you confirm first).
    · `/poker leaderboard`, `/poker stats` and `/poker ledger` show the richest, how you play, and every movement of your wallet.
    · Chips are only for fun: they cannot be bought or cashed out.
    · A table or sit & go with computer players plays for practice chips: nothing leaves or reaches your wallet, and it counts apart in your stats. A server's admins may choose real stakes instead (`/poker-admin config`): then what a member wins at such tables is capped each day, and the rest goes back to the house.
help-fairness = **Fair deals**
    · Before a hand is dealt, the table message shows its commitment: a fingerprint of the dealer's secret seed, fixed before anyone's part of the shuffle.
    · Each player's part is their own `/poker seed`, else the id of their last click at the table: the dealer cannot know it in advance.
    · After the hand, `/poker verify hand_id` shows the seeds and the whole deck, so anyone dealt in can check the commitment and shuffle again. It shows every card, folded ones too: only the hand's players may ask.
    · `/poker history` gives a hand you played as a replay and a PHH file.
help-admins = **For server admins** (Manage Server)
    · `/poker-admin config` shows and changes the server's settings: starting balance, daily chips, default game and stakes, the action clock, where tables may open, the language of public messages, table pictures, limits per member and when idle tables close.
    · `/poker-admin grant` and `/poker-admin take` move chips between the house and a member; every movement is in the ledger.
    · `/poker-admin season start` and `/poker-admin season end`: seasons of the leaderboards (`/poker leaderboard board:points` or `board:cash`), each counting from zero, wallets reset if you choose.
    · `/poker end` closes any table after its hand. In its channel the bot needs View Channel, Send Messages, Embed Links, Attach Files and Read Message History (Send Messages in Threads for a thread): `/poker new` says what is missing.
welcome = Hello! I deal poker in this server's channels: Seven Card Stud, Razz, Stud Hi-Lo, Five Card Stud and 2-7 Triple Draw. To play, type `/poker new` in a channel, then press Join; `/poker help` explains the rest.
ended-after-hand = Done: the channel has been told.
tournament-cancel-done = Done: the sit & go is cancelled, and the channel is told what each entrant gets back.
ended-now = The table is closed; every stack is back in its wallet.
sat-out = You sit out from the next hand: /poker back to play again.
welcome-back = Welcome back: you are dealt in from the next hand.
seed-random = Your seed is now random for each hand.
seed-set = From your next hand, your seed is `{ $seed }`: /poker verify shows it.
notify-state = { $on ->
    [yes] When it is your turn at a table of this server, a message pings you (the one before goes away). Turn it off: /poker notify off
   *[no] You are not pinged when it is your turn on this server: watch the table's turn line. Turn it on: /poker notify on
}
verify-no-seeds = Hand #{ $hand } was dealt before provably fair deals existed here: it has no seeds to reveal. Its deck was: { $deck }
verify = **Hand #{ $hand }**: the deal revealed
    Server seed: `{ $server }`
    Commitment: `{ $commitment }`
    Player seeds, in dealing order: { $seeds }
    Hand id in the shuffle: { $shuffle_hand }
    Algorithm: `{ $version }` (docs/fairness.md)
    Deck, in dealing order: { $deck }
    Check the commitment: `printf { $server } | xxd -r -p | sha256sum`
    The deck shows every card of the hand, folded and discarded ones too: only the hand's players and the server's managers may see it.
    { $check ->
        [same] I shuffled again from these seeds: the same deck.
        [other] I shuffled again from these seeds and got ANOTHER deck: please report it.
       *[broken] These seeds could not be shuffled again: please report it.
    }

## Wallets

wallet-chips = { $chips } { $chips ->
    [one] chip
   *[other] chips
}{ $on_tables ->
    [0] {""}
   *[other] {" "}({ $on_tables } more on tables)
}
wallet-of = { $mention }: { $wallet }
daily-claimed = +{ $amount } { $amount ->
    [one] chip
   *[other] chips
}: you have { $wallet } { $wallet ->
    [one] chip
   *[other] chips
}. Next daily chips { $due }.
gift-offer = Give { $amount } { $amount ->
    [one] chip
   *[other] chips
} to { $mention }? This offer expires { $due }.
gift-cancelled = Gift cancelled.
gift-expired = This offer expired: nothing was given. Use /poker give again.
gift-given = You gave { $amount } { $amount ->
    [one] chip
   *[other] chips
} to { $mention }: you have { $wallet } { $wallet ->
    [one] chip
   *[other] chips
}.
board-head = **Leaderboard** · page { $page } of { $pages }
board-line = { $rank }. { $mention } { $chips } { $chips ->
    [one] chip
   *[other] chips
}{ $on_tables ->
    [0] {""}
   *[other] {" "}({ $on_tables } on tables)
}
board-empty = No wallets yet: /poker daily or /poker join opens one.
board-you = You: #{ $rank }, { $chips } { $chips ->
    [one] chip
   *[other] chips
}
ledger-head = **Ledger of { $mention }** · page { $page } of { $pages }
ledger-tournament = sit & go #{ $tournament }
ledger-after = { $balance } after
signed = { $sign ->
    [plus] +{ $amount }
   *[minus] -{ $amount }
}
signed-decimal = { $sign ->
    [plus] +{ NUMBER($amount, minimumFractionDigits: 1, maximumFractionDigits: 1) }
   *[minus] -{ NUMBER($amount, minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
reason-open = wallet opened
reason-daily = daily chips
reason-give = gift to
reason-gift = gift from
reason-grant = granted by
reason-take = taken by
reason-buy-in = buy-in
reason-cash-out = back from the table
reason-house-cap = past the day's cap on winnings against computer players
reason-hand-voided = hand void
stats-head = **Stats of { $mention }**
stats-empty = No finished hands yet.
stats-line = { $game }: { $hands } { $hands ->
    [one] hand
   *[other] hands
} · played { $played }% · won { $won } · showdowns { $showdowns } (won { $showdowns_won }) · net { $net } ({ $per_100 } big bets / 100 hands) · biggest pot won { $biggest }

## Rules cards (RULES.md)

rules-common = **Fixed limit**: every bet and raise is exactly the round's size; one bet and three raises per round. All-in for less does not reopen the betting; side pots. Ties split; odd chips from the left of the button.
rules-read = -# The whole rules, in the bot's repository: { $page } (sections 1 to 8) and { $house } (the table's rules: the clock, absent players, leaving, restarts).
rules-read-mixed = -# The whole rules, in the bot's repository: { $mix } (mixed games), { $page } (this game, sections 1 to 8) and { $house } (the table's rules: the clock, absent players, leaving, restarts).
rules-mixed = **Mixed games**: { $games }, { $hands } { $hands ->
        [one] hand
       *[other] hands
    } each, in turn; the game changes only between hands. One small bet for every game (the big bet twice it), each game with its own forced bets; the button moves every hand, stud hands too. The game dealt now:
rules-dealers-choice = **Dealer's choice** of { $games }: before each round (a hand for each player dealt in), a player chooses its game, in turn round the table, with the action clock; when it runs out, the next game in the list is dealt. One small bet for every game (the big bet twice it), each game with its own forced bets. The game dealt now:
rules-seven-card-stud = **Seven Card Stud**
    {"**"}Forced bets:** everyone antes (a tenth of the small bet); the lowest up card brings in (a quarter of the small bet). Aces are high; equal ranks: clubs < diamonds < hearts < spades.
    {"**"}Deal:** two down and one up; then 4th, 5th and 6th street up, 7th down. If the deck runs short, one community card is shared.
    {"**"}Who acts first:** the bring-in on 3rd street (they may post it or complete, not fold); from 4th street the best showing hand (pairs and trips count, not straights or flushes), ties to the lowest seat.
    {"**"}Limits:** small bet on 3rd and 4th, big bet on 5th, 6th and 7th.
    {"**"}Showdown:** best five of your seven cards, high. The last to bet or raise shows first; with no bet, the first to check.
rules-razz = **Razz** (Seven Card Stud for the lowest hand)
    {"**"}Forced bets:** everyone antes; the *highest* up card brings in (aces are low, so a King is highest; equal ranks: spades bring in before hearts, diamonds, clubs). 2 to 8 players.
    {"**"}Deal:** as in Seven Card Stud: two down and one up; 4th, 5th and 6th street up, 7th down.
    {"**"}Who acts first:** the bring-in on 3rd street; from 4th street the best *low* showing hand: the lowest cards, aces low, pairs count against it; ties to the lowest seat.
    {"**"}Limits:** small bet on 3rd and 4th, big bet on 5th, 6th and 7th.
    {"**"}Showdown:** the lowest five different cards of your seven win, aces low; straights and flushes do not count, so A-2-3-4-5 is best. A pair counts only when you cannot make five different ranks.
rules-stud-hi-lo = **Seven Card Stud Hi-Lo, eight or better**
    {"**"}Forced bets:** ante and bring-in as in Seven Card Stud; 2 to 6 players.
    {"**"}Deal:** two down and one up; then three up and the last down, as in Seven Card Stud.
    {"**"}Who acts first:** the bring-in on 3rd street; then the best showing hand; equal boards are split by the best single up card, by rank then suit (spades > hearts > diamonds > clubs).
    {"**"}Limits:** small bet on 3rd and 4th, big bet on 5th to 7th.
    {"**"}Showdown:** each pot is halved between the best high and the best low. A low is five different ranks, 8 or lower, aces low, straights and flushes allowed: A-2-3-4-5 is best. No low: the high takes the whole pot. One hand may scoop both halves.
rules-five-card-stud = **Five Card Stud**
    {"**"}Forced bets:** no ante by default; the lowest up card brings in, half the small bet (aces high; clubs < diamonds < hearts < spades).
    {"**"}Deal:** one down and one up; then three more up, one per round: four betting rounds.
    {"**"}Who acts first:** the bring-in on 2nd street; then the best showing hand, ties to the lowest seat.
    {"**"}Limits:** small bet on 2nd and 3rd street, big bet on 4th and 5th. **Open pair:** if someone shows a pair on 3rd street, anyone may bet or raise the big bet there.
    {"**"}Showdown:** best five cards, high. The last raiser shows first, else the first bettor, else the best open hand.
rules-triple-draw = **2-7 Triple Draw**
    {"**"}Forced bets:** small blind left of the button (half the small bet), big blind left of it (the small bet). The button moves one seat a hand; heads-up, the button posts the small blind.
    {"**"}Deal:** five down cards; three draws, after rounds 1, 2 and 3: throw away 0 to 5 cards and get as many. If the deck runs out, earlier discards are shuffled in, never the cards just thrown.
    {"**"}Who acts first:** left of the big blind in round 1 (the big blind counts as the bet); from round 2, the first player left of the button.
    {"**"}Limits:** small bet in rounds 1 and 2, big bet in rounds 3 and 4.
    {"**"}Showdown:** the lowest hand wins: aces high, straights and flushes count against you; 7-5-4-3-2 is best, any no-pair beats any pair.
rules-overview = Five games are dealt here: Seven Card Stud, Razz, Stud Hi-Lo (eight or better), Five Card Stud and 2-7 Triple Draw, all fixed limit. `/poker rules variant` shows one.

## Hand histories

replay-head = **Hand #{ $hand }** · { $game } { $small }/{ $big } · { $started }
replay-tournament = Sit & go #{ $tournament } · level { $level }
replay-night = { $name } · Table { $number } · level { $level }
replay-seat = { $seat } { $name } { $stack }
replay-seats = Seats: { $seats }
replay-forced = Forced bets: { $bets }
replay-board = community card { $cards }
replay-dealt = { $name } { $cards }
replay-uncalled = takes back { $amount } uncalled
replay-reshuffled = discards reshuffled into the stub
replay-result = Result
error-history-both = Ask for one hand (hand_id) or your last hands (last), not both.
history-file-note = ?? is a card you were never shown. /poker verify reveals every card of a hand, folded and discarded ones too, to its players only.
history-last = { $count ->
    [one] Your last hand here, Hand #{ $newest }, in a PHH file
   *[other] Your last { $count } { $count ->
    [one] hand
   *[other] hands
} here, Hand #{ $oldest } to #{ $newest }, in one PHH file
} (down cards you never saw are written ??).

## Server admins

error-admin-only = Only members with Manage Server can do that.
error-bot-wallet = Bots have no wallets.
error-amount-range = The amount is from 1 to { $high } { $high ->
    [one] chip
   *[other] chips
}.
error-forbid-anywhere = Tables are allowed anywhere: allow the channels where they may be opened (tables: allow tables here), and the others are closed to them.
granted = Granted { $amount } { $amount ->
    [one] chip
   *[other] chips
} to { $mention }: their wallet holds { $wallet } { $wallet ->
    [one] chip
   *[other] chips
}.
taken = Took { $amount } { $amount ->
    [one] chip
   *[other] chips
} from { $mention }: their wallet holds { $wallet } { $wallet ->
    [one] chip
   *[other] chips
}.
game-amount = { $game } { $amount }
game-seconds = { $game } { $seconds } s
settings = **Poker settings of this server**
    Starting balance: { $balance } { $balance ->
    [one] chip
   *[other] chips
}{ $bot_default ->
        [yes] {" "}(the bot's default)
       *[no] {""}
    }
    Daily chips: { $daily }
    Default game: { $game }
    Small bets: { $has_bets ->
        [yes] { $bets }
       *[no] the defaults of each game
    }
    Action clock: { $has_clocks ->
        [yes] { $clocks }
       *[no] 60 s in every game
    }
    Tables may be opened: { $anywhere ->
        [yes] anywhere
       *[no] { $channels }
    }
    Language of public messages: { $language ->
        [en] English
        [fr] French
       *[auto] the server's locale
    }
    Table pictures: { $pictures ->
        [yes] on (stud tables: a picture of the seats and their cards at each street, one more message edit per street)
       *[no] off
    }
    Tables a member may host at once: { $host_tables }
    Seats a member may hold at once: { $member_seats }
    Commands and clicks a member may send a minute: { $per_minute }
    A table where no hand is dealt closes after: { $idle } { $idle ->
    [one] minute
   *[other] minutes
}
    Tables with computer players: { $stakes ->
        [real] real stakes; a member's net winnings there are capped at { $cap } { $cap ->
            [one] chip
           *[other] chips
        } a day{ $cap_daily ->
            [yes] {" "}(the daily chips)
           *[no] {""}
        }, and what passes the cap goes back to the house
       *[practice] practice chips (nothing won or lost there reaches a wallet)
    }
    Time zone of tournament nights' starts: { $time_zone }
    Who may schedule tournament nights: members who may manage the server{ $host_role ->
        [none] {""}
       *[other] {" "}and members of { $host_role }
    }
language-en = English
language-fr = French
choice-tables-allow = allow tables here
choice-tables-forbid = no tables here
choice-tables-anywhere = tables anywhere
choice-stakes-practice = practice chips
choice-stakes-real = real stakes, capped per day
choice-variant-mixed = Mixed games (in rotation)
choice-variant-dealers-choice = Dealer's choice
choice-on = on
bot-level-easy = easy
bot-level-standard = standard
bot-level-strong = strong
bots-set = { $count ->
    [0] No computer players sit here now (any in a hand stand up after it).
    [one] One computer player ({ $level }) sits here (any extra stand up after the hand in progress).
   *[other] { $count } computer players ({ $level }) sit here (any extra stand up after the hand in progress).
}
choice-off = off

## Sit & go tournaments (RULES §7)

title-night = Tournament · { $game }
title-tournament = Sit & go · { $game }
stakes-stud = { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}, bring-in { $bring_in }
stakes-mixed = { $small }/{ $big }{ $ante ->
    [0] {""}
   *[other] , ante { $ante }
}
stakes-blinds = { $small }/{ $big }, blinds { $sb }/{ $bb }
place = { ORDINAL($place) ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
tournament-terms = { $buy_in ->
    [0] Practice chips: no buy-in, no prizes
   *[other] Buy-in { $buy_in }
} · starting stack { $chips } tournament chips · { $seats } seats
tournament-levels = First levels ({ $hands } { $hands ->
    [one] hand
   *[other] hands
} each): { $levels }
tournament-level-item = { $level } ({ $stakes })
tournament-prizes = Prizes for { $entrants } { $entrants ->
    [one] entrant
   *[other] entrants
}: { $prizes }
tournament-prize-item = { $place }: { $chips }
tournament-level = **Level { $level }**: { $stakes } · { $left ->
    [0] last hand of the level
    [one] 1 more hand
   *[other] { $left } more hands
} · next level: { $next }
tournament-level-last = **Level { $level }** (last level: the stakes rise no more): { $stakes }
rotation-line = { $now ->
        [yes] { $game } · { $left ->
            [0] last hand
            [one] 1 more hand
           *[other] { $left } more hands
        } · next: { $next }
       *[no] Next: { $game }, { $left ->
            [one] 1 hand
           *[other] { $left } hands
        } · then { $next }
    }
choice-games = The games: { $games } · each player in turn chooses the game of a round
choice-line = { $game }, { $clock ->
        [yes] picked by the clock for { $chooser }
       *[no] { $chooser }'s choice
    } · { $now ->
        [yes] { $left ->
            [0] last hand
            [one] 1 more hand
           *[other] { $left } more hands
        }
       *[no] { $left ->
            [one] 1 hand
           *[other] { $left } hands
        } to come
    }
status-registering = { $entrants } of { $seats } registered. Press **Register** to enter{ $practice ->
    [yes] {""}
   *[no] {" "}(the buy-in goes into the prize pool)
}. The host presses **Start** once two or more have entered; a full table starts at once.
button-register = Register
button-unregister = Unregister
button-tournament-leave = Leave the tournament
summary-knocked-out = { $name } is out in { $place } place.
tournament-results = **Sit & go over: { $game }** · { $entrants } entrants{ $pool ->
    [0] {""}
   *[other] {" "}· prize pool { $pool }
} · { $hands } { $hands ->
    [one] hand
   *[other] hands
} in { $minutes } min
tournament-result-line = { $place }. { $name }{ $chips ->
    [0] {""}
    [one] {" "}· { $chips } chip
   *[other] {" "}· { $chips } chips
}
tournament-abandoned = Nobody still in the sit & go has played for { $minutes } minutes: it ends here.
tournament-cancelled-practice = Sit & go cancelled (practice chips: nothing to pay back).
tournament-cancelled = Sit & go cancelled. { $started ->
    [yes] The prize pool is shared by chip counts: { $paid }.
   *[no] Buy-ins refunded: { $paid }.
}
tournament-finish-dm = You finished { $place } of { $entrants } in the sit & go in { $channel }.
tournament-prize-dm = The sit & go in { $channel } is over: you finished { $place } and { $chips } { $chips ->
    [one] chip is
   *[other] chips are
} in your wallet.
tournament-registered = You are registered: { $buy_in } { $buy_in ->
    [one] chip
   *[other] chips
} went into the prize pool. Good luck!
tournament-unregistered = You are unregistered: { $chips } { $chips ->
    [one] chip is
   *[other] chips are
} back in your wallet.
tournament-left = You have left the sit & go: the dealer acts for you (checks when it is free, else folds) until your chips are gone.
tournament-leave-confirm = Leaving a sit & go cannot be undone: you stay dealt in, the dealer posts your forced bets and checks or folds for you until your chips are gone, and you keep the place you reach.
tournament-opened = Sit & go open: the registration message is in this channel.
tournament-standings-head = **{ $title }** · level { $level } · { $left } of { $entrants } still in
tournament-standings-registering = **{ $title }** · registration: { $entrants } of { $seats }
tournament-standings-line = { $place }. { $name } · { $chips } { $chips ->
    [one] chip
   *[other] chips
}
tournament-standings-out = { $place }. { $name } · out
stats-practice-head = Practice tables (against computer players, for practice chips):
stats-tournaments = Sit & go: { $played } played · { $wins } won · { $paid } in the money · net { $net }
reason-entry = sit & go buy-in
reason-refund = sit & go refund
reason-prize = sit & go prize
error-tournament-registered = You are already registered for this sit & go.
error-tournament-not-registered = You are not registered for this sit & go.
error-tournament-started = This sit & go has started: registration is closed.
error-tournament-full = This sit & go is full: every seat is taken.
error-tournament-host-starts = Only the host can start the sit & go before every seat is taken.
error-tournament-two = A sit & go needs at least two entrants to start.
error-tournament-join = This table is a sit & go: entrants press **Register** before it starts, and nobody joins after.
error-tournament-end = A sit & go ends when one player has every chip; `/poker tournament cancel` stops it.
error-tournament-bots = A sit & go's computer players register when it opens (`/poker tournament new bots:`).
error-tournament-cancel-started = Once a sit & go has started, only someone with Manage Server can cancel it.
error-tournament-cancel-host = Only the host or someone with Manage Server can cancel this sit & go.
error-tournament-left = You left this sit & go for good: the dealer plays for you until your chips are gone.
error-no-tournament = There is no sit & go in this channel.

## Slash commands (descriptions in English; names are the code's, translated in fr.ftl)

cmd-desc-poker = Deal stud and 2-7 Triple Draw at this channel's table
cmd-desc-poker-admin = Server admins: chips and settings
cmd-desc-new = Open a table in this channel
cmd-desc-join = Take a seat (chips move from your wallet)
cmd-desc-leave = Leave the table (your stack goes back)
cmd-desc-start = Deal the first hand
cmd-desc-end = Close the table after this hand
cmd-desc-sitout = Sit out from the next hand
cmd-desc-back = Play again after sitting out
cmd-desc-balance = A wallet on this server, and chips on tables
cmd-desc-daily = Your daily chips, once every 24 hours
cmd-desc-rules = A short card of a game's rules
cmd-desc-stats = A player's hands, wins and net chips
cmd-desc-leaderboard = The richest players of this server
cmd-desc-ledger = The last chip movements of a wallet
cmd-desc-give = Give chips from your wallet to another player
cmd-desc-history = A hand you played, as a PHH file and a replay
cmd-desc-cards = See your cards in the current hand
cmd-desc-settings = Your own settings: the four-colour deck
cmd-desc-notify = Be pinged when it is your turn (on this server)
cmd-desc-bots = Seat computer players at this table (host or Manage Server)
cmd-desc-help = How to start a table, play, and the rest
cmd-desc-seed = Set your own seed for the shuffle of every hand
cmd-desc-verify = Reveal the seeds and deck of a finished hand
cmd-desc-grant = Give a member chips from the house
cmd-desc-take = Take chips from a member's wallet
cmd-desc-config = Show or change this server's poker settings
opt-desc-new-variant = The game
opt-desc-new-small_bet = Small bet (the big bet is twice it)
opt-desc-new-ante = Ante (stud games)
opt-desc-new-bring_in = Bring-in (stud games)
opt-desc-new-min_buy_in = Smallest buy-in
opt-desc-new-max_buy_in = Largest stack a player may bring
opt-desc-new-max_players = Seats at the table
opt-desc-new-action_seconds = Seconds to act (10 to 600)
opt-desc-new-time_bank = Extra seconds each player may use when the clock runs out (0 to 600)
opt-desc-new-bots = Computer players to seat (0 to 7; a seat stays for you; practice chips by default)
opt-desc-new-games = Mixed games: the games in turn, e.g. razz, stud_hi_lo, triple_draw (default: all five)
opt-desc-new-hands_per_game = Mixed games: hands of each game before the next (1 to 50, default 6)
opt-desc-new-bot_level = How well the computer players play (default: standard)
opt-desc-join-buy_in = Chips to bring (default: the table's default buy-in)
opt-desc-whose = Whose (default: yours)
opt-desc-rules-variant = The game (default: this channel's table)
opt-desc-stats-variant = One game (default: all)
opt-desc-ledger-user = Whose (default: yours; others' need Manage Server)
opt-desc-give-user = Who gets them
opt-desc-take-user = From whom
opt-desc-amount = How many
opt-desc-reason = Why (kept in the ledger)
opt-desc-history-hand_id = The number after Hand # (default: your last hand here)
opt-desc-history-last = Instead: your last 1 to 50 hands here, in one .phhs file
opt-desc-seed-text = Up to 64 letters, digits or punctuation; leave out for random
opt-desc-notify-state = on: a message pings you at each turn; off: none (default: show your choice)
opt-desc-bots-count = How many computer players sit here (0 to the number of free seats)
opt-desc-bots-level = How well they play (default: the current level, standard at first)
opt-desc-help-topic = The topic (default: start a table)
opt-desc-verify-hand_id = The number after Hand # in a summary
opt-desc-settings-four_colour = The pictures of your cards in four colours (♦ blue, ♣ green)
opt-desc-config-starting_balance = Chips a new wallet opens with
opt-desc-config-daily_amount = Chips of /poker daily
opt-desc-config-default_game = The game /poker new deals when none is named
opt-desc-config-game = The game small_bet and action_seconds apply to (default: the default game)
opt-desc-config-small_bet = Default small bet of that game
opt-desc-config-action_seconds = Default action clock of that game (10 to 600)
opt-desc-config-tables = Where /poker new may open tables
opt-desc-config-language = Language of public messages
opt-desc-config-table_pictures = A picture of stud tables at each street (one more message edit per street)
opt-desc-config-idle_minutes = A table where no hand is dealt this long closes (5 to 1440 minutes)
opt-desc-config-commands_per_minute = Commands and clicks a member may send a minute (5 to 600)
opt-desc-config-member_seats = Seats a member may hold at once, over all tables (1 to 50)
opt-desc-config-host_tables = Tables a member may host at once (1 to 50)
opt-desc-config-computer_stakes = What tables with computer players play for (default: practice chips)
opt-desc-config-house_cap = With real stakes: a member's net winnings a day at such tables (default: the daily chips)

cmd-desc-tournament = Sit & go tournaments
cmd-desc-tournament-new = Open a sit & go here: registration, then play down to one winner
cmd-desc-tournament-standings = Places and chip counts of this channel's sit & go
cmd-desc-tournament-cancel = Cancel this channel's sit & go (refunds; once started, Manage Server)
opt-desc-tournament-new-variant = The game
opt-desc-tournament-new-seats = Seats, so the most entrants (2 to the game's maximum)
opt-desc-tournament-new-buy_in = Chips each entrant pays into the prize pool (default 500)
opt-desc-tournament-new-starting_chips = Tournament chips each entrant starts with (100 to 1,000,000; default 1,500)
opt-desc-tournament-new-level_hands = Hands a level lasts before the stakes rise (1 to 100; default 8)
opt-desc-tournament-new-bots = Computer players to register at once (then practice chips by default)
opt-desc-tournament-new-games = Mixed games: the games in turn, e.g. razz, stud_hi_lo, triple_draw (default: all five)
opt-desc-tournament-new-hands_per_game = Mixed games: hands of each game before the next (1 to 50, default 6)
opt-desc-tournament-new-bot_level = How well the computer players play (default: standard)

## Names of commands and options (English: as in the code)

cmd-name-poker = poker
cmd-name-poker-tournament = tournament
cmd-name-poker-tournament-new = new
cmd-name-poker-tournament-standings = standings
cmd-name-poker-tournament-cancel = cancel
opt-name-seats = seats
opt-name-starting_chips = starting_chips
opt-name-level_hands = level_hands
cmd-name-poker-admin = poker-admin
cmd-name-poker-admin-config = config
cmd-name-poker-admin-grant = grant
cmd-name-poker-admin-take = take
cmd-name-poker-back = back
cmd-name-poker-balance = balance
cmd-name-poker-cards = cards
cmd-name-poker-daily = daily
cmd-name-poker-end = end
cmd-name-poker-give = give
cmd-name-poker-history = history
cmd-name-poker-help = help
cmd-name-poker-join = join
cmd-name-poker-leaderboard = leaderboard
cmd-name-poker-leave = leave
cmd-name-poker-ledger = ledger
cmd-name-poker-new = new
cmd-name-poker-notify = notify
cmd-name-poker-bots = bots
cmd-name-poker-rules = rules
cmd-name-poker-seed = seed
cmd-name-poker-settings = settings
cmd-name-poker-sitout = sitout
cmd-name-poker-start = start
cmd-name-poker-stats = stats
cmd-name-poker-verify = verify
opt-name-action_seconds = action_seconds
opt-name-amount = amount
opt-name-ante = ante
opt-name-bring_in = bring_in
opt-name-buy_in = buy_in
opt-name-daily_amount = daily_amount
opt-name-default_game = default_game
opt-name-four_colour = four_colour
opt-name-game = game
opt-name-hand_id = hand_id
opt-name-language = language
opt-name-last = last
opt-name-max_buy_in = max_buy_in
opt-name-max_players = max_players
opt-name-min_buy_in = min_buy_in
opt-name-reason = reason
opt-name-small_bet = small_bet
opt-name-starting_balance = starting_balance
opt-name-state = state
opt-name-table_pictures = table_pictures
opt-name-idle_minutes = idle_minutes
opt-name-commands_per_minute = commands_per_minute
opt-name-member_seats = member_seats
opt-name-host_tables = host_tables
opt-name-computer_stakes = computer_stakes
opt-name-house_cap = house_cap
opt-name-tables = tables
opt-name-text = text
opt-name-time_bank = time_bank
opt-name-bots = bots
opt-name-bot_level = bot_level
opt-name-games = games
opt-name-hands_per_game = hands_per_game
opt-name-count = count
opt-name-level = level
opt-name-topic = topic
opt-name-user = user
opt-name-variant = variant

## tournament nights (issue 44, RULES §11)
cmd-desc-tournament-schedule = Schedule a multi-table tournament in this channel (Manage Server)
cmd-desc-tournament-list = The server's tournament nights to come and under way
cmd-desc-tournament-results = The server's last tournament nights and their winners
opt-desc-tournament-schedule-variant = The game, or mixed with games
opt-desc-tournament-schedule-starts_at = The start, YYYY-MM-DD HH:MM in the server's time zone (or starts_in)
opt-desc-tournament-schedule-starts_in = The start, in minutes from now (or starts_at)
opt-desc-tournament-schedule-buy_in = Chips each entrant pays into the prize pool (default 500)
opt-desc-tournament-schedule-starting_chips = Tournament chips each entrant starts with (default 1,500)
opt-desc-tournament-schedule-level_minutes = Minutes a level lasts, one clock for every table (default 12)
opt-desc-tournament-schedule-late_levels = Registration stays open until the end of this level (default 2)
opt-desc-tournament-schedule-seats = A table's most players (default: the game's)
opt-desc-tournament-schedule-name = The tournament's name
opt-desc-tournament-schedule-bots = Computer players to enter at once
opt-desc-tournament-schedule-bot_level = How well the computer players play (default: standard)
opt-desc-tournament-schedule-games = Mixed games: the games in turn, e.g. razz, stud_hi_lo, triple_draw
opt-desc-tournament-schedule-hands_per_game = Mixed games: hands of each game before the next (1 to 50)
opt-desc-config-time_zone = The time zone of tournament nights' starts, e.g. Europe/Paris (default UTC)
opt-desc-config-host_role = A role whose members may schedule and cancel tournament nights
opt-desc-config-no_host_role = Only members who may manage the server schedule tournament nights
button-night-register = Register
button-night-unregister = Unregister
night-lobby-head = **{ $name }** · { $game } · multi-table tournament
night-lobby-terms = Starts { $start } · { $buy_in ->
    [0] free entry
   *[other] buy-in { $buy_in }
} · { $chips } chips to start · levels of { $minutes } { $minutes ->
    [one] minute
   *[other] minutes
} · { $seats } players a table
night-lobby-entrants = Entrants ({ $count }): { $players }
night-more = {" "}and { $count ->
    [one] one more
   *[other] { $count } more
}
night-board-level = Level { $level } · next level { $next }
night-board-left = Players left: { $left } of { $entrants } · average stack { $average }
night-board-paid = { $paid ->
    [one] Place paid
   *[other] Places paid
}: { $paid }{ $pool ->
    [0] {""}
   *[other] {" "}· prize pool { $pool }
}
night-board-hand-for-hand = Hand for hand: every table deals one hand at a time.
night-board-table = Table { $number }: { $players }
night-board-ended = Over: the results are below.
night-board-cancelled = Cancelled: every buy-in was paid back.
night-no-event = I may not manage this server's events, so the tournament has no Discord event (grant me Manage Events for the next ones). Everything else works.
night-event-description = A multi-table poker tournament: register on its message in the channel.
night-registered = You are registered for { $name }{ $buy_in ->
    [0] {""} (free entry).
   *[other] : { $buy_in } { $buy_in ->
        [one] chip
       *[other] chips
    } from your wallet.
}
night-unregistered = You are unregistered: { $chips } { $chips ->
    [one] chip
   *[other] chips
} back to your wallet.
night-already-registered = You are already registered.
night-not-registered = You are not registered.
night-registration-closed = Registration for this tournament is closed.
error-night-host = Only a member who may manage the server, a member of the role the server named for tournament nights, or the tournament's host may do this.
night-cancel-done = Done: the tournament is cancelled and every buy-in paid back.
night-list-none = No tournament night is scheduled on this server.
night-past-head = Played { $day }
night-past-none = No tournament night has ended on this server yet.
night-list-line = **{ $name }** · { $start } · { $channel } · { $entrants } { $entrants ->
    [one] entrant
   *[other] entrants
}{ $playing ->
    [yes] {" "}· under way
   *[no] {""}
}
night-reminder = **{ $name }** starts { $start }: get ready.
night-thread-name = { $title } · Table { $number }
notice-night-moved-in = { $mention } was moved to this table.
notice-night-moved-out = { $name } moved to Table { $number }.
notice-night-broken = This table is broken up: its players move to other tables.
notice-night-final = Final table: everyone still in moves to Table { $number }.
notice-night-abandoned = Nobody still in the tournament has played for { $minutes } minutes: it ends here, the prize pool shared by chip counts.
night-abandoned = Nobody still in had played for { $minutes } minutes: the tournament ended there, the prize pool shared by chip counts.
night-board-abandoned = Over: nobody still in was playing any more; the results are below.
night-moved-dm = { $name }: you were moved to Table { $number }, { $thread }. Your chips go with you.
night-finish-dm = You finished { $place } of { $entrants } in { $name } ({ $channel }).
night-prize-dm = { $name } is over: you finished { $place } and { $chips } { $chips ->
    [one] chip is
   *[other] chips are
} in your wallet.
night-results = **Tournament over: { $name }** · { $entrants } entrants{ $pool ->
    [0] {""}
   *[other] {" "}· prize pool { $pool }
}
cmd-name-poker-tournament-schedule = schedule
cmd-name-poker-tournament-list = list
cmd-name-poker-tournament-results = results
opt-name-starts_at = starts_at
opt-name-starts_in = starts_in
opt-name-level_minutes = level_minutes
opt-name-late_levels = late_levels
opt-name-name = name
opt-name-time_zone = time_zone
opt-name-host_role = host_role
opt-name-no_host_role = no_host_role
night-default-name = Tournament night
permission-create-threads = Create Public Threads
error-night-in-thread = A tournament night is scheduled in a channel, not in a thread: its tables are threads of that channel.
error-night-table-cancel = This table is one of a tournament night's: it cannot be cancelled on its own.
night-registered-late = You are in { $name }: your seat is at { $table }, dealt in from its next hand.
cmd-name-poker-admin-season = season
cmd-name-poker-admin-season-start = start
cmd-name-poker-admin-season-end = end
cmd-desc-season = This server's seasons: leaderboards count what happens inside one
cmd-desc-season-start = Start a season now: its leaderboards count from zero
cmd-desc-season-end = End the running season now: its leaderboards freeze
opt-name-ends = ends
opt-name-reset_wallets = reset_wallets
opt-name-board = board
opt-name-season = season
opt-desc-season-start-name = The season's name, e.g. Winter 2026
opt-desc-season-start-ends = Its last day, YYYY-MM-DD in the server's time zone (it then ends by itself)
opt-desc-season-start-reset_wallets = Set every wallet back to the starting balance (default: no)
opt-desc-leaderboard-board = Which board: tournament points or cash tables (default: the richest wallets)
opt-desc-leaderboard-season = A season's name (default: the running season)
choice-board-points = tournament points
choice-board-cash = cash tables
reason-season-reset = wallet reset for the new season
season-started = **Season { $name }** starts now{ $ends ->
        [none] {""}
       *[other] {" "}and ends on { $ends }
    }: its leaderboards count from zero (/poker leaderboard).{ $reset ->
        [yes] {" "}Every wallet was set to { $balance } { $balance ->
            [one] chip
           *[other] chips
        }.
       *[no] {""}
    }
season-ended = **Season { $name }** is over: its leaderboards are frozen (/poker leaderboard season:{ $name }).
error-season-running = Season { $name } is running: end it first (/poker-admin season end).
error-season-name = A season is already called { $name }: choose another name.
error-season-ends = A season's last day must be today or later.
error-season-date = { $given } is not a date: write it as YYYY-MM-DD.
error-season-none = No season is running.
error-season-unknown = No season is called { $name }.{ $count ->
        [0] {" "}This server has had no season yet.
       *[other] {" "}Seasons: { $names }.
    }
board-points-head = **Tournament points** · { $span }
board-cash-head = **Cash tables** · { $span }
board-span-season = season { $name }, { $from } to { $to }
board-span-running = season { $name }, since { $from }
board-span-since = since { $from }
board-span-ever = since the first hand
board-points = { $points } { $points ->
    [one] point
   *[other] points
}
board-season-line = { $rank }. { $name } · { $value }
board-season-you = You: #{ $rank } · { $value }
board-season-empty = Nobody is on this board yet.
board-picture-title-points = Tournament points
board-picture-title-cash = Cash tables
stats-season = { $span }: { $points }{ $rank ->
        [0] {""}
       *[other] {" "}· rank { $rank } in points
    }{ $cash ->
        [none] {""}
       *[other] {" "}· cash tables { $cash }
    }
season-chart-title = { $name } · this season
season-chart-cash = Cash tables: { $net } in { $hands } { $hands ->
    [one] hand
   *[other] hands
}
notice-invited = { $name } is invited to this private table.
notice-uninvited = { $name } is no longer invited here; one playing a hand finishes it, then leaves with their stack.
error-private-table = This is private: only its host and the members they invite may sit or register here (ask the host for /poker invite).
error-not-private = This table is not private: anyone may sit here.
error-private-host = Only this private table's host may invite or uninvite members.
error-already-invited = { $name } is already invited.
error-not-invited = { $name } is not invited here.
error-invited-full = A private table invites at most { $most } members.
error-private-in-thread = A private table opens its own private thread: use this command in a text channel, not in a thread.
error-invite-bot = Computer players and bots need no invitation.
permission-create-private-threads = Create Private Threads
private-thread-name = { $host }'s private table
private-opened = Your private table is open in { $thread }: only you and the members you invite see it. Invite them there with /poker invite.
private-invited = { $name } is invited: they can now see this thread and sit down.
private-uninvited = { $name } is no longer invited.
cmd-name-poker-invite = invite
cmd-name-poker-uninvite = uninvite
cmd-desc-invite = Invite a member to your private table (host only)
cmd-desc-uninvite = Take back a member's invitation to your private table (host only)
opt-name-member = member
opt-name-private = private
opt-desc-invite-member = The member to invite
opt-desc-uninvite-member = The member whose invitation you take back
opt-desc-new-private = Open it in a private thread that only you and those you invite see (default: no)
opt-desc-tournament-new-private = Open it in a private thread that only you and those you invite see (default: no)
private-night-opened = Your private tournament night is in { $thread }: its lobby, its board and its results are there, its tables in private threads. Invite members there with /poker invite.
opt-desc-tournament-schedule-private = Its lobby and tables in private threads that only you and those you invite see (default: no)
