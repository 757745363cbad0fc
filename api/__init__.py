"""HTTP API (FastAPI) over the built knowledge base and the rules core."""
