"""`python -m db <alembic command...>`: Alembic for developers, without an alembic.ini."""

import sys

from db.migrate import main

main(sys.argv[1:])
