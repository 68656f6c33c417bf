"""companion: rule engines, the match session and the referee protocol.

Pure Python: nothing here imports Flet, SQLAlchemy, `views` or `db`.
"""

__version__ = "0.1.0"
