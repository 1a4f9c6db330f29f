"""Games, seats, hands, their change log, and the players (app label
``scorekeeper``): one module each, imported here so Django and every caller
find them as ``scorekeeper.models``. Each change a game goes through is a
``Game`` method (``scorekeeper/models/games.py``, which names its helpers);
players' records are counted in ``scorekeeper/models/records.py``. The modules
import one another one way only, type hints included (tests/test_model_imports.py)."""

from scorekeeper.models.euchre_nights import EuchreNight
from scorekeeper.models.game_base import GameBase
from scorekeeper.models.game_documents import GameAlreadyStored
from scorekeeper.models.game_hands import (
    EndMovesEarlier,
    GameOver,
    HandAlreadyThere,
    StaleGame,
    TokenUsed,
)
from scorekeeper.models.game_nights import GameNight
from scorekeeper.models.game_versions import ShownVersions, shown_versions
from scorekeeper.models.games import Game
from scorekeeper.models.hands import Hand, HandChange, HandInProgress
from scorekeeper.models.new_games import RematchRefused
from scorekeeper.models.night_boards import BoardRound, NightBoard
from scorekeeper.models.night_players import NightPlayer
from scorekeeper.models.night_rounds import NightRound
from scorekeeper.models.once import AlreadyStarted
from scorekeeper.models.players import Player, PlayerChange, PlayerChangeRefused, PlayerQuerySet
from scorekeeper.models.private_tables import PrivateTable
from scorekeeper.models.ratings import Rating, table_ratings
from scorekeeper.models.seasons import Season, SeasonOverlaps
from scorekeeper.models.seats import Seat, SeatPair
from scorekeeper.models.table_starts import PrivateTableKeyReplaced, TableStart
from scorekeeper.models.used_tokens import HandTaken, UsedToken

__all__ = [
    "AlreadyStarted",
    "BoardRound",
    "EndMovesEarlier",
    "EuchreNight",
    "Game",
    "GameAlreadyStored",
    "GameBase",
    "GameNight",
    "GameOver",
    "Hand",
    "HandAlreadyThere",
    "HandChange",
    "HandInProgress",
    "HandTaken",
    "NightBoard",
    "NightPlayer",
    "NightRound",
    "Player",
    "PlayerChange",
    "PlayerChangeRefused",
    "PlayerQuerySet",
    "PrivateTable",
    "PrivateTableKeyReplaced",
    "Rating",
    "RematchRefused",
    "Season",
    "SeasonOverlaps",
    "Seat",
    "SeatPair",
    "ShownVersions",
    "StaleGame",
    "TableStart",
    "TokenUsed",
    "UsedToken",
    "shown_versions",
    "table_ratings",
]
