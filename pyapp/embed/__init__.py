"""Query embeddings in the browser: a pure-Python BERT WordPiece tokenizer and a numpy port of
all-MiniLM-L6-v2, matching the PyTorch model that embedded the verses at build time."""
from __future__ import annotations

from .encoder import MiniLMEncoder
from .tokenizer import WordPieceTokenizer

__all__ = ["MiniLMEncoder", "WordPieceTokenizer"]
