"""The browser interface: `automa serve` and `automa play ... --web` (see `server`)."""
