"""Finding catalog items by name as the cashier types: in Cyrillic, or in the Latin letters people type for it.

**Spellings.** `transliterate(text)` gives the Latin spellings of a Mongolian Cyrillic text, lower-cased: at
most four, one for each way of writing it in Latin letters that people use, without duplicates (a name with
none of х, е, ө, ү, ц, ы, ь, ъ has one):

* *simple*, as on shop signs and in most typing: х → h, ө → o, ү → u, е → e, ь and ъ dropped
  ("Талх" talh, "Өндөг" ondog, "Сүү" suu);
* *strict*, MNS 5217:2012 and BGN/PCGN without their diacritics: х → kh, е → ye, ь and ъ → i
  ("Талх" talkh);
* *spoken*, the vowels as they sound: ө → u, ү → u, ы → ii ("Өндөг" undug, "Угаалгын" ugaalgiin);
* *chat*, as in text messages: ө → u, ү → v (the letter it looks like), ц → c ("Сүү" svv, "Цай" cai).

The rest is common to all four: а a, б b, в v, г g, д d, ё yo, ж j, з z, и i, й i, к k, л l, м m, н n,
о o, п p, р r, с s, т t, у u, ф f, ц ts, ч ch, ш sh, щ sh, ы y, э e, ю yu, я ya. Latin letters, digits,
punctuation and any other character pass through lower-cased (`str.casefold`).

**Finding.** `CatalogSearch(items)` keeps, for each item, its name lower-cased (whitespace runs made one
space) and its Latin spellings, sorted by name once. `find(query, limit)` splits the query at whitespace;
every word must occur somewhere in the item: a word with a Cyrillic letter in the name, any other word in
one of its spellings (each word may match a different spelling, so "talkh undug" mixes two). A query with
fewer than two letters returns nothing: one letter matches most of a catalog, and a code of digits is for
the entry to add at once, not to search.

**Ranking.** First the items whose name (or one of its spellings) starts with the whole query, then those
where each query word starts a word of the name, then the rest; ties by name in the order of the Mongolian
alphabet (ө after о, ү after у). A linear scan over the precomputed keys: for 10,000 items a key takes
0.8–1.4 ms (median) and 1.25–2.4 ms (p95) on 2 shared cores (benchmarks/catalog_search.py), so no index is needed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice

from .catalog import CatalogItem

__all__ = ["DEFAULT_LIMIT", "MIN_LETTERS", "CatalogSearch", "transliterate"]

DEFAULT_LIMIT = 20
MIN_LETTERS = 2

_COMMON = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "j", "з": "z", "и": "i",
    "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "ө": "o", "п": "p", "р": "r", "с": "s",
    "т": "t", "у": "u", "ү": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sh", "ъ": "",
    "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}
_SPELLINGS = (
    _COMMON,                                               # simple
    _COMMON | {"х": "kh", "е": "ye", "ь": "i", "ъ": "i"},  # strict
    _COMMON | {"ө": "u", "ү": "u", "ы": "ii"},             # spoken
    _COMMON | {"ө": "u", "ү": "v", "ц": "c"},              # chat
)
_TABLES = tuple(str.maketrans(spelling) for spelling in _SPELLINGS)

# Ties go by name in the Mongolian alphabet's order: Unicode puts ө and ү after я. Each letter becomes a
# character of the private use area, in that order (above every other letter, as Cyrillic is in Unicode).
_ALPHABET = "абвгдеёжзийклмноөпрстуүфхцчшщъыьэюя"
_ALPHABET_ORDER = str.maketrans({letter: chr(0xE000 + place) for place, letter in enumerate(_ALPHABET)})


def transliterate(text: str) -> tuple[str, ...]:
    """The Latin spellings of `text` (simple, strict, spoken, chat; see the module), lower-cased, without
    duplicates, the simple one first."""
    folded = text.casefold()
    return tuple(dict.fromkeys(folded.translate(table) for table in _TABLES))


def _is_cyrillic(word: str) -> bool:
    return any("\u0400" <= char <= "\u04ff" for char in word)


class CatalogSearch:
    """The catalog's items by name, built once (`CatalogSearch(catalog)`); `find` as the cashier types.

    Immutable once built, so any thread may call `find`.
    """

    def __init__(self, items: Iterable[CatalogItem]) -> None:
        named = sorted(((" ".join(item.name.casefold().split()), item) for item in items),
                       key=lambda pair: (pair[0].translate(_ALPHABET_ORDER), pair[1].barcode))
        self._items = [item for _, item in named]
        self._names = [name for name, _ in named]
        # The spellings joined by newlines: a query word holds no whitespace, so it never spans two.
        self._latin = ["\n".join(transliterate(name)) for name, _ in named]

    def __len__(self) -> int:
        return len(self._items)

    def find(self, query: str, limit: int = DEFAULT_LIMIT) -> list[CatalogItem]:
        """Up to `limit` items whose name holds every word of `query`, best first (see the module); [] for a
        query of fewer than two letters (a code of digits among them)."""
        text = " ".join(query.casefold().split())
        if limit < 1 or sum(char.isalpha() for char in text) < MIN_LETTERS:
            return []
        words = text.split(" ")
        columns = [self._names if _is_cyrillic(word) else self._latin for word in words]
        # The longest word first: it rules out the most items, so the others test fewer.
        order = sorted(range(len(words)), key=lambda number: -len(words[number]))
        keys, word = columns[order[0]], words[order[0]]
        found = [index for index, key in enumerate(keys) if word in key]
        for number in order[1:]:
            keys, word = columns[number], words[number]
            found = [index for index in found if word in keys[index]]
        return [self._items[index] for index in self._ranked(found, text, words, columns, limit)]

    def _ranked(self, found: list[int], text: str, words: list[str], columns: list[list[str]],
                limit: int) -> list[int]:
        """The first `limit` of `found` (in name order) by rank. Each rank takes, in name order, only as many
        items as the limit leaves it, so a short query that many names hold stops early."""
        # Where the whole query may start: the names for a Cyrillic word, the spellings for another.
        whole = [keys for keys in (self._names, self._latin) if any(keys is used for used in columns)]
        line_start = "\n" + text
        if len(whole) == 1:   # one script: the common case, without a loop inside the loop
            keys = whole[0]
            first = [index for index in found if keys[index].startswith(text) or line_start in keys[index]]
        else:
            first = [index for index in found
                     if any(keys[index].startswith(text) or line_start in keys[index] for keys in whole)]
        if len(first) >= limit:
            return first[:limit]
        ranked = set(first)
        word_starts = [(re.compile(r"(?<!\w)" + re.escape(word)).search, keys)
                       for word, keys in zip(words, columns, strict=True)]
        second: list[int] = []
        for index in found:
            if index not in ranked and all(search(keys[index]) for search, keys in word_starts):
                second.append(index)
                if len(first) + len(second) == limit:
                    break
        ranked.update(second)
        third = list(islice((index for index in found if index not in ranked), limit - len(first) - len(second)))
        return first + second + third
