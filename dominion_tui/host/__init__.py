"""`dominion host`: one game played by players at their own computers, over SSH (issue 24)."""
