"""BERT uncased WordPiece tokenizer in pure Python (no ``tokenizers`` wheel exists for Pyodide).

It reproduces, token for token, the Hugging Face ``tokenizers`` pipeline that
sentence-transformers/all-MiniLM-L6-v2 ships in ``tokenizer.json``:

1. added (special) tokens such as ``[MASK]`` are matched verbatim in the raw text first;
2. ``BertNormalizer`` (clean_text, handle_chinese_chars, strip_accents = lowercase = True):
   drop NUL / U+FFFD / control characters, map whitespace to a space, pad CJK ideographs with
   spaces, NFD + drop non-spacing marks, lowercase character by character;
3. ``BertPreTokenizer``: split on whitespace and isolate every punctuation character;
4. greedy longest-match-first WordPiece (``##`` continuation, words over 100 chars -> ``[UNK]``);
5. ``[CLS] ... [SEP]``, truncated to the model's ``max_seq_length`` (256 for this model).

Why memoised ``str.translate`` tables: one C-level pass per string is the fastest thing Pyodide
can do, and each code point's fate is decided once. Why shipped character classes instead of
``unicodedata.category``: see the comment above ``_REMOVED``. Only NFD and ``str.lower`` come from
``unicodedata``/``str``; they differ between Unicode versions only for characters that are
``[UNK]`` either way.
"""
from __future__ import annotations

import unicodedata
from bisect import bisect_right
from typing import Callable, Dict, List, Optional, Sequence, Tuple

SPECIAL_TOKENS: Tuple[str, ...] = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


def _ranges(spec: str) -> Tuple[List[int], List[int]]:
    starts: List[int] = []
    ends: List[int] = []
    for item in spec.split():
        lo, _, hi = item.partition("-")
        starts.append(int(lo, 16))
        ends.append(int(hi or lo, 16))
    return starts, ends


def _in(table: Tuple[List[int], List[int]], cp: int) -> bool:
    i = bisect_right(table[0], cp) - 1
    return i >= 0 and cp <= table[1][i]


# Character classes of the reference (Rust ``tokenizers`` 0.23, BertNormalizer + BertPreTokenizer),
# probed code point by code point. Shipping them, instead of asking ``unicodedata``, keeps the
# tokenizer identical on CPython 3.11 (Unicode 14) and Pyodide 3.12 (Unicode 15): the Rust crate
# classifies with an older Unicode table, so ~500 marks and punctuation signs assigned since then
# are plain letters to it. Hex code point ranges, "A-B" inclusive.

# removed by clean_text: controls, format characters, private use, NUL, U+FFFD
_REMOVED = _ranges(
    "0-8 B-C E-1F 7F-9F AD 600-605 61C 6DD 70F 180E 200B-200F 202A-202E 2060-2064 2066-206F E000-F8FF "
    "FEFF FFF9-FFFB FFFD 110BD 1BCA0-1BCA3 1D173-1D17A E0001 E0020-E007F F0000-FFFFD 100000-10FFFD "
)
# whitespace, mapped to " " by clean_text
_SPACE = _ranges(
    "9-A D 20 A0 1680 2000-200A 2028-2029 202F 205F 3000 "
)
# CJK ideographs, padded with spaces
_CJK = _ranges(
    "3400-4DBF 4E00-9FFF F900-FAFF 20000-2A6DF 2A700-2B81F 2B920-2CEAF 2F800-2FA1F "
)
# non-spacing marks, dropped by strip_accents after NFD
_MARK = _ranges(
    "300-36F 483-487 591-5BD 5BF 5C1-5C2 5C4-5C5 5C7 610-61A 64B-65F 670 6D6-6DC 6DF-6E4 6E7-6E8 "
    "6EA-6ED 711 730-74A 7A6-7B0 7EB-7F3 816-819 81B-823 825-827 829-82D 859-85B 8E3-902 93A 93C "
    "941-948 94D 951-957 962-963 981 9BC 9C1-9C4 9CD 9E2-9E3 A01-A02 A3C A41-A42 A47-A48 A4B-A4D A51 "
    "A70-A71 A75 A81-A82 ABC AC1-AC5 AC7-AC8 ACD AE2-AE3 B01 B3C B3F B41-B44 B4D B56 B62-B63 B82 BC0 "
    "BCD C00 C3E-C40 C46-C48 C4A-C4D C55-C56 C62-C63 C81 CBC CBF CC6 CCC-CCD CE2-CE3 D01 D41-D44 D4D "
    "D62-D63 DCA DD2-DD4 DD6 E31 E34-E3A E47-E4E EB1 EB4-EB9 EBB-EBC EC8-ECD F18-F19 F35 F37 F39 "
    "F71-F7E F80-F84 F86-F87 F8D-F97 F99-FBC FC6 102D-1030 1032-1037 1039-103A 103D-103E 1058-1059 "
    "105E-1060 1071-1074 1082 1085-1086 108D 109D 135D-135F 1712-1714 1732-1734 1752-1753 1772-1773 "
    "17B4-17B5 17B7-17BD 17C6 17C9-17D3 17DD 180B-180D 18A9 1920-1922 1927-1928 1932 1939-193B "
    "1A17-1A18 1A1B 1A56 1A58-1A5E 1A60 1A62 1A65-1A6C 1A73-1A7C 1A7F 1AB0-1ABD 1B00-1B03 1B34 "
    "1B36-1B3A 1B3C 1B42 1B6B-1B73 1B80-1B81 1BA2-1BA5 1BA8-1BA9 1BAB-1BAD 1BE6 1BE8-1BE9 1BED "
    "1BEF-1BF1 1C2C-1C33 1C36-1C37 1CD0-1CD2 1CD4-1CE0 1CE2-1CE8 1CED 1CF4 1CF8-1CF9 1DC0-1DF5 "
    "1DFC-1DFF 20D0-20DC 20E1 20E5-20F0 2CEF-2CF1 2D7F 2DE0-2DFF 302A-302D 3099-309A A66F A674-A67D "
    "A69E-A69F A6F0-A6F1 A802 A806 A80B A825-A826 A8C4 A8E0-A8F1 A926-A92D A947-A951 A980-A982 A9B3 "
    "A9B6-A9B9 A9BC A9E5 AA29-AA2E AA31-AA32 AA35-AA36 AA43 AA4C AA7C AAB0 AAB2-AAB4 AAB7-AAB8 AABE- "
    "AABF AAC1 AAEC-AAED AAF6 ABE5 ABE8 ABED FB1E FE00-FE0F FE20-FE2F 101FD 102E0 10376-1037A "
    "10A01-10A03 10A05-10A06 10A0C-10A0F 10A38-10A3A 10A3F 10AE5-10AE6 11001 11038-11046 1107F-11081 "
    "110B3-110B6 110B9-110BA 11100-11102 11127-1112B 1112D-11134 11173 11180-11181 111B6-111BE "
    "111CA-111CC 1122F-11231 11234 11236-11237 112DF 112E3-112EA 11300-11301 1133C 11340 11366-1136C "
    "11370-11374 114B3-114B8 114BA 114BF-114C0 114C2-114C3 115B2-115B5 115BC-115BD 115BF-115C0 "
    "115DC-115DD 11633-1163A 1163D 1163F-11640 116AB 116AD 116B0-116B5 116B7 1171D-1171F 11722-11725 "
    "11727-1172B 16AF0-16AF4 16B30-16B36 16F8F-16F92 1BC9D-1BC9E 1D167-1D169 1D17B-1D182 1D185-1D18B "
    "1D1AA-1D1AD 1D242-1D244 1DA00-1DA36 1DA3B-1DA6C 1DA75 1DA84 1DA9B-1DA9F 1DAA1-1DAAF 1E8D0-1E8D6 "
    "E0100-E01EF "
)
# punctuation isolated by BertPreTokenizer (ASCII punctuation + Unicode P*)
_PUNCT = _ranges(
    "21-2F 3A-40 5B-60 7B-7E A1 A7 AB B6-B7 BB BF 37E 387 55A-55F 589-58A 5BE 5C0 5C3 5C6 5F3-5F4 "
    "609-60A 60C-60D 61B 61E-61F 66A-66D 6D4 700-70D 7F7-7F9 830-83E 85E 964-965 970 AF0 DF4 E4F "
    "E5A-E5B F04-F12 F14 F3A-F3D F85 FD0-FD4 FD9-FDA 104A-104F 10FB 1360-1368 1400 166D-166E "
    "169B-169C 16EB-16ED 1735-1736 17D4-17D6 17D8-17DA 1800-180A 1944-1945 1A1E-1A1F 1AA0-1AA6 "
    "1AA8-1AAD 1B5A-1B60 1BFC-1BFF 1C3B-1C3F 1C7E-1C7F 1CC0-1CC7 1CD3 2010-2027 2030-2043 2045-2051 "
    "2053-205E 207D-207E 208D-208E 2308-230B 2329-232A 2768-2775 27C5-27C6 27E6-27EF 2983-2998 "
    "29D8-29DB 29FC-29FD 2CF9-2CFC 2CFE-2CFF 2D70 2E00-2E2E 2E30-2E42 3001-3003 3008-3011 3014-301F "
    "3030 303D 30A0 30FB A4FE-A4FF A60D-A60F A673 A67E A6F2-A6F7 A874-A877 A8CE-A8CF A8F8-A8FA A8FC "
    "A92E-A92F A95F A9C1-A9CD A9DE-A9DF AA5C-AA5F AADE-AADF AAF0-AAF1 ABEB FD3E-FD3F FE10-FE19 "
    "FE30-FE52 FE54-FE61 FE63 FE68 FE6A-FE6B FF01-FF03 FF05-FF0A FF0C-FF0F FF1A-FF1B FF1F-FF20 "
    "FF3B-FF3D FF3F FF5B FF5D FF5F-FF65 10100-10102 1039F 103D0 1056F 10857 1091F 1093F 10A50-10A58 "
    "10A7F 10AF0-10AF6 10B39-10B3F 10B99-10B9C 11047-1104D 110BB-110BC 110BE-110C1 11140-11143 "
    "11174-11175 111C5-111C9 111CD 111DB 111DD-111DF 11238-1123D 112A9 114C6 115C1-115D7 11641-11643 "
    "1173C-1173E 12470-12474 16A6E-16A6F 16AF5 16B37-16B3B 16B44 1BC9F 1DA87-1DA8B "
)


class _Table(dict):  # type: ignore[type-arg]
    """A ``str.translate`` table that computes and memoises each code point's mapping on first use."""

    def __init__(self, fn: Callable[[int], str]) -> None:
        super().__init__()
        self._fn = fn

    def __missing__(self, cp: int) -> str:
        out = self._fn(cp)
        self[cp] = out
        return out


class WordPieceTokenizer:
    """Text -> token ids exactly like the reference BERT tokenizer (see module docstring)."""

    def __init__(
        self,
        vocab: Sequence[str],
        max_length: int = 256,
        lowercase: bool = True,
        max_input_chars_per_word: int = 100,
    ) -> None:
        self.vocab: Dict[str, int] = {tok: i for i, tok in enumerate(vocab)}
        self.max_length = max_length
        self.lowercase = lowercase
        self.max_input_chars_per_word = max_input_chars_per_word
        self.unk_id = self.vocab["[UNK]"]
        self.cls_id = self.vocab["[CLS]"]
        self.sep_id = self.vocab["[SEP]"]
        self.pad_id = self.vocab["[PAD]"]
        self._special = {t: self.vocab[t] for t in SPECIAL_TOKENS if t in self.vocab}
        self._clean = _Table(self._clean_char)
        self._post = _Table(self._post_char)
        self._word_cache: Dict[str, List[int]] = {}

    @classmethod
    def from_files(cls, vocab_path: str, max_length: int = 256, lowercase: bool = True,
                   max_input_chars_per_word: int = 100) -> "WordPieceTokenizer":
        with open(vocab_path, encoding="utf-8") as fh:
            vocab = [line.rstrip("\n") for line in fh]
        return cls(vocab, max_length=max_length, lowercase=lowercase, max_input_chars_per_word=max_input_chars_per_word)

    # -- normalisation ---------------------------------------------------------------------
    def _clean_char(self, cp: int) -> str:
        """clean_text + handle_chinese_chars for one code point (before NFD)."""
        if _in(_REMOVED, cp):
            return ""
        if _in(_SPACE, cp):
            return " "
        if _in(_CJK, cp):
            return f" {chr(cp)} "
        return chr(cp)

    def _post_char(self, cp: int) -> str:
        """strip accents (after NFD), lowercase, then isolate punctuation, for one code point."""
        text = chr(cp)
        if self.lowercase:
            if _in(_MARK, cp):
                return ""
            text = text.lower()  # per character, like Rust: no final-sigma context rule
        return "".join(f" {c} " if _in(_PUNCT, ord(c)) else c for c in text)

    def _pretokenize(self, text: str) -> List[str]:
        text = text.translate(self._clean)
        if self.lowercase and not text.isascii():
            text = unicodedata.normalize("NFD", text)
        return [w for w in text.translate(self._post).split(" ") if w]

    # -- WordPiece ---------------------------------------------------------------------------
    def _word_ids(self, word: str) -> List[int]:
        cached = self._word_cache.get(word)
        if cached is not None:
            return cached
        ids: List[int] = []
        if len(word) > self.max_input_chars_per_word:
            ids = [self.unk_id]
        else:
            start, n, vocab = 0, len(word), self.vocab
            while start < n:
                end = n
                found: Optional[int] = None
                while start < end:
                    piece = word[start:end] if start == 0 else "##" + word[start:end]
                    found = vocab.get(piece)
                    if found is not None:
                        break
                    end -= 1
                if found is None:
                    ids = [self.unk_id]
                    break
                ids.append(found)
                start = end
        if len(self._word_cache) < 200_000:
            self._word_cache[word] = ids
        return ids

    def _split_special(self, text: str) -> List[Tuple[str, bool]]:
        """Split raw text around verbatim special tokens (the reference matches them before normalising)."""
        parts: List[Tuple[str, bool]] = [(text, False)]
        if "[" not in text:
            return parts
        for tok in self._special:
            nxt: List[Tuple[str, bool]] = []
            for seg, is_special in parts:
                if is_special or tok not in seg:
                    nxt.append((seg, is_special))
                    continue
                pieces = seg.split(tok)
                for i, piece in enumerate(pieces):
                    if i:
                        nxt.append((tok, True))
                    if piece:
                        nxt.append((piece, False))
            parts = nxt
        return parts

    def tokenize_ids(self, text: str) -> List[int]:
        """Token ids of ``text`` without [CLS]/[SEP] and without truncation."""
        out: List[int] = []
        for seg, is_special in self._split_special(text):
            if is_special:
                out.append(self._special[seg])
                continue
            for word in self._pretokenize(seg):
                out.extend(self._word_ids(word))
        return out

    def encode(self, text: str) -> List[int]:
        """``[CLS] tokens [SEP]`` truncated to ``max_length`` ids, as sentence-transformers feeds the model."""
        ids = self.tokenize_ids(text)[: self.max_length - 2]
        return [self.cls_id, *ids, self.sep_id]
