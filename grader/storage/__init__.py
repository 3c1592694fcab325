"""Where results are kept: one database layer (database.py) over SQLite or PostgreSQL, for the
gradebook and the service's tables alike, and what SQLite's file needs (sqlite_file.py: its
disk's free space, its journal)."""
