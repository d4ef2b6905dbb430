"""The history of games played in the app (SQLite), and the statistics made from it. No Textual here."""

from .games import GameEntry, HandScore, Seat
from .store import HistoryStore, stored_analysis

__all__ = ["GameEntry", "HandScore", "HistoryStore", "Seat", "stored_analysis"]
