"""Rules engines: pure Python, headless. See `games.api` for the shared state API."""
from games.api import CHANCE, TERMINAL, Event, IllegalAction, Step  # noqa: F401
from games.registry import available_games, get_game  # noqa: F401
