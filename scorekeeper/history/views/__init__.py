"""The history's screens: ``game_list`` (every game by game night, one game
night's page), ``players`` (the players, one player's record, renaming and
merging, ``players.csv``) and ``sheet`` (a game's score sheet, its
``hands.csv``)."""
