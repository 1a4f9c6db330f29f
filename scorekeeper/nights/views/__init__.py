"""A euchre night's screens: ``night`` (the list, starting one, its seating
board, the next round, players leaving and arriving, a past round) and
``live`` (the standings, the watch link, the score cards)."""
