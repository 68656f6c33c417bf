"""Export and import: matches to a JSON file and back, results to CSV, match codes.

The JSON file's schema is described in docs/export-format.md. In short:

    {"format": "companion-export", "version": 1, "exported_at": "...Z", "app": "...",
     "content": {"matches": [...], "players": [...]},
     "digest": "sha256:<hex of the canonical JSON of content>"}

The digest is a checksum, not a signature: it catches a file damaged on the way or edited
by hand (which would otherwise merge half-understood data), not a forger.

Importing checks the whole file first (format, version, digest, every field) and then
writes in one transaction: a refused file leaves the database exactly as it was. Matches
are merged by uid (one already present is skipped, never duplicated) and players by name
(compared without case, as the store compares them).

One module per job: `refusals` (what an import refuses), `fileformat` (the file's name,
version and what reading and writing hand back), `export` (streaming JSON and CSV),
`atomic` (a file that appears whole or not at all), `checker` (reading a file and checking
every field), `merge` (importing a checked file) and `codes` (match codes). The names below
are the package's public API; import them from `db.exchange`.
"""

from db.exchange.checker import content_bytes, content_digest, read_export
from db.exchange.codes import PALETTE, import_match_code, import_summary, match_code
from db.exchange.export import CSV_COLUMNS, export_csv, export_json, write_csv, write_export
from db.exchange.fileformat import FORMAT, VERSION, ExportFile, ExportSummary, ImportReport
from db.exchange.merge import import_export, import_json
from db.exchange.refusals import (
    EXPECTED,
    BadField,
    BadNumber,
    BadText,
    DigestMismatch,
    DigestMissing,
    Disagrees,
    DuplicatePlayer,
    DuplicateUid,
    ExchangeError,
    FileUnreadable,
    LogOutOfOrder,
    LogRefused,
    NewerExport,
    NoLog,
    NotAnExport,
    NotFinished,
    NotJsonFile,
    SetupRefused,
    TooDeep,
    UnknownGameInFile,
    UnknownPlayerName,
)

__all__ = [
    "CSV_COLUMNS",
    "EXPECTED",
    "FORMAT",
    "PALETTE",
    "VERSION",
    "BadField",
    "BadNumber",
    "BadText",
    "DigestMismatch",
    "DigestMissing",
    "Disagrees",
    "DuplicatePlayer",
    "DuplicateUid",
    "ExchangeError",
    "ExportFile",
    "ExportSummary",
    "FileUnreadable",
    "ImportReport",
    "LogOutOfOrder",
    "LogRefused",
    "NewerExport",
    "NoLog",
    "NotAnExport",
    "NotFinished",
    "NotJsonFile",
    "SetupRefused",
    "TooDeep",
    "UnknownGameInFile",
    "UnknownPlayerName",
    "content_bytes",
    "content_digest",
    "export_csv",
    "export_json",
    "import_export",
    "import_json",
    "import_match_code",
    "import_summary",
    "match_code",
    "read_export",
    "write_csv",
    "write_export",
]
