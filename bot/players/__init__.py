"""Computer players (RULES §8): a seat's view, the policies, and the match runner of the strength
benchmark. Pure, like the engine: no discord, no asyncio, no database."""
