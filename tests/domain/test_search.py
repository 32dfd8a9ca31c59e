"""Finding catalog items by name: Cyrillic in any case, the Latin spellings people type, the ranking, the
limit, queries that find nothing on purpose, and any text at all."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pos_app import RESOURCES
from pos_app.domain.catalog import CatalogItem, load_catalog
from pos_app.domain.search import CatalogSearch, transliterate

SAMPLE = CatalogSearch(load_catalog(RESOURCES / "catalog.csv"))


def _item(name: str, barcode: str = "") -> CatalogItem:
    return CatalogItem(barcode or name, name, Decimal(1000), "8401", "0122", False)


def _names(search: CatalogSearch, query: str, limit: int = 20) -> list[str]:
    return [item.name for item in search.find(query, limit)]


@pytest.mark.parametrize("query,name", [
    ("suu", "Сүү 1л (Сүү ХК)"),
    ("svv", "Сүү 1л (Сүү ХК)"),
    ("talh", "Талх (Талх Чихэр)"),
    ("talkh", "Талх (Талх Чихэр)"),
    ("undug", "Өндөг 10ш"),
    ("ondog", "Өндөг 10ш"),
    ("tarag", "Тараг 500г"),
    ("Tarag", "Тараг 500г"),
    ("tsai", "Цай (Байхуу) 100г"),
    ("cai", "Цай (Байхуу) 100г"),
    ("ugaalgyn", "Угаалгын нунтаг 1кг"),
    ("ugaalgiin", "Угаалгын нунтаг 1кг"),
    ("shokolad", "Шоколад 90г"),
    ("hiam", "Хиам 500г"),
    ("khiam", "Хиам 500г"),
])
def test_latin_spellings_find_the_cyrillic_name(query: str, name: str) -> None:
    assert _names(SAMPLE, query)[0] == name


@pytest.mark.parametrize("query", ["сүү", "СҮҮ", "Сүү", "сҮү", "  сүү  "])
def test_cyrillic_in_any_case(query: str) -> None:
    assert _names(SAMPLE, query) == ["Сүү 1л (Сүү ХК)"]


@pytest.mark.parametrize("query", ["Өндөг", "өндөг", "ӨНДӨГ", "өнд"])
def test_cyrillic_letters_beyond_russian(query: str) -> None:
    assert _names(SAMPLE, query) == ["Өндөг 10ш"]


def test_every_word_of_a_query_must_occur() -> None:
    assert _names(SAMPLE, "элсэн чих") == ["Элсэн чихэр 1кг"]
    assert _names(SAMPLE, "чихэр талх") == ["Талх (Талх Чихэр)"]
    assert _names(SAMPLE, "elsen chiher") == ["Элсэн чихэр 1кг"]
    assert _names(SAMPLE, "talkh undug") == []
    assert _names(SAMPLE, "тараг 500g") == ["Тараг 500г"]  # Cyrillic and Latin words together
    assert _names(SAMPLE, "ус 0.5") == ["Ус 0.5л"]


def test_a_word_may_match_any_spelling() -> None:
    search = CatalogSearch([_item("Өндөгтэй талх")])
    assert _names(search, "undugtei talkh") == ["Өндөгтэй талх"]


def test_names_where_a_word_starts_with_the_query_tie_by_name() -> None:
    assert _names(SAMPLE, "чихэр") == ["Талх (Талх Чихэр)", "Элсэн чихэр 1кг"]


def test_ranking_start_of_name_then_start_of_a_word_then_anywhere() -> None:
    search = CatalogSearch([_item(name) for name in
                            ("Айрагсүү", "Хүүхдийн сүү", "Сүү 1л", "Бяслагсүү", "Аарц сүүтэй", "Сүүтэй цай")])
    assert _names(search, "сүү") == ["Сүү 1л", "Сүүтэй цай", "Аарц сүүтэй", "Хүүхдийн сүү", "Айрагсүү",
                                     "Бяслагсүү"]
    assert _names(search, "suu") == _names(search, "сүү")


def test_ranking_counts_the_start_of_every_spelling() -> None:
    search = CatalogSearch([_item(name) for name in ("Бор талх", "Талх", "Хар өндөг", "Өндөг")])
    assert _names(search, "talkh") == ["Талх", "Бор талх"]     # the strict spelling, not the first
    assert _names(search, "undug") == ["Өндөг", "Хар өндөг"]   # the spoken one


def test_ranking_of_two_words() -> None:
    search = CatalogSearch([_item(name) for name in ("Цай сүүтэй", "Сүүтэй цай", "Ногоон цайсүүтэй")])
    assert _names(search, "сүүтэй ц") == ["Сүүтэй цай", "Цай сүүтэй", "Ногоон цайсүүтэй"]


def test_ties_go_by_name_in_the_mongolian_alphabet() -> None:
    search = CatalogSearch([_item(f"{name} бараа") for name in ("Сүү", "Сэв", "Сод", "Сөөг", "Суг")])
    # ө after о and ү after у, not after я as in Unicode
    assert _names(search, "бараа") == ["Сод бараа", "Сөөг бараа", "Суг бараа", "Сүү бараа", "Сэв бараа"]


def test_equal_names_keep_a_fixed_order() -> None:
    search = CatalogSearch([_item("Ус", "2"), _item("Ус", "1"), _item("ус", "3")])
    assert [item.barcode for item in search.find("ус")] == ["1", "2", "3"]


def test_the_limit() -> None:
    search = CatalogSearch([_item(f"Сүү {number:02d}") for number in range(30)])
    assert _names(search, "сүү", 5) == [f"Сүү {number:02d}" for number in range(5)]
    assert len(search.find("сүү")) == 20
    assert len(search.find("сүү", 100)) == 30
    assert search.find("сүү", 0) == [] and search.find("сүү", -1) == []


@pytest.mark.parametrize("query", ["", "   ", "8656000010011", "86560 00010011", "3*8656000010011", "0.5", "1л",
                                   "с", "s", "Ө", "12 л"])
def test_codes_and_single_letters_find_nothing(query: str) -> None:
    assert SAMPLE.find(query) == []


def test_two_letters_are_enough() -> None:
    assert _names(SAMPLE, "ус") == ["Ус 0.5л"]
    assert "Сүү 1л (Сүү ХК)" in _names(SAMPLE, "su")


@pytest.mark.parametrize("text,spellings", [
    ("Талх", {"talh", "talkh"}),
    ("Өндөг", {"ondog", "undug"}),
    ("Сүү", {"suu", "svv"}),
    ("Тараг", {"tarag"}),
    ("Цай", {"tsai", "cai"}),
    ("Ерөнхий", {"eronhii", "yeronkhii", "erunhii"}),
    ("Хонь", {"hon", "khoni"}),
    ("Угаалгын", {"ugaalgyn", "ugaalgiin"}),
    ("Жимс, ёотон, чанамал, шүүс, щ, юм, ямаа, эм, ъ",
     {"jims, yooton, chanamal, shuus, sh, yum, yamaa, em, ", "jims, yooton, chanamal, shuus, sh, yum, yamaa, em, i",
      "jims, yooton, chanamal, shvvs, sh, yum, yamaa, em, "}),
])
def test_transliterate(text: str, spellings: set[str]) -> None:
    assert set(transliterate(text)) == spellings


def test_transliterate_passes_latin_and_digits_through_lower_cased() -> None:
    assert transliterate("Coca-Cola 1.5L") == ("coca-cola 1.5l",)
    assert transliterate("") == ("",)
    assert transliterate("Pepsi 0.5л") == ("pepsi 0.5l",)


def test_transliterate_is_simple_first() -> None:
    assert transliterate("Хүүхдийн өндөг")[0] == "huuhdiin ondog"


MONGOLIAN = "абвгдеёжзийклмноөпрстуүфхцчшщъыьэюя"
NAME_TEXT = st.text(alphabet=MONGOLIAN + MONGOLIAN.upper() + "abcdefghkostuvxy0123456789 .-()", max_size=40)


@given(st.text(max_size=200))
@example("\ud800сүү")
@example("ӨӨ")
def test_transliterate_is_bounded_and_lower_case(text: str) -> None:
    spellings = transliterate(text)
    assert 1 <= len(spellings) <= 4 and len(set(spellings)) == len(spellings)
    assert all(spelling == spelling.casefold() for spelling in spellings)
    assert not any(char in MONGOLIAN for spelling in spellings for char in spelling)


def _matches(item: CatalogItem, word: str) -> bool:
    if any("\u0400" <= char <= "\u04ff" for char in word):
        return word in item.name.casefold()
    return any(word in spelling for spelling in transliterate(item.name))


def _rank(item: CatalogItem, query: str) -> int:
    text = " ".join(query.casefold().split())
    keys = [" ".join(item.name.casefold().split()), *transliterate(" ".join(item.name.casefold().split()))]
    if any(key.startswith(text) for key in keys):
        return 0
    starts = [(" " + key.replace("\n", " ")) for key in keys]
    if all(any(_word_start(key, word) for key in starts) for word in text.split()):
        return 1
    return 2


def _word_start(key: str, word: str) -> bool:
    at = key.find(word)
    while at != -1:
        if not key[at - 1].isalnum() and key[at - 1] != "_":
            return True
        at = key.find(word, at + 1)
    return False


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(NAME_TEXT.filter(str.strip), min_size=0, max_size=25), st.one_of(NAME_TEXT, st.text(max_size=50)),
       st.integers(min_value=-2, max_value=30))
@example(["Сүү 1л", "Хүүхдийн сүү"], "suu", 1)
@example(["Бор талх", "Талх"], "talkh", 1)
@example(["Талх"], "\x00\ud800 та", 3)
def test_any_text_finds_only_what_holds_every_word(names: list[str], query: str, limit: int) -> None:
    search = CatalogSearch([_item(name, str(number)) for number, name in enumerate(names)])
    found = search.find(query, limit)
    assert len(found) <= max(limit, 0)
    words = query.casefold().split()
    for item in found:
        assert all(_matches(item, word) for word in words)
    # The limit cuts the full ranking, whose ranks never go down.
    everything = search.find(query, 1000)
    assert found == everything[:max(limit, 0)]
    ranks = [_rank(item, query) for item in everything]
    assert ranks == sorted(ranks)
    # Nothing that matches is left out.
    if everything:
        assert len(everything) == sum(all(_matches(_item(name), word) for word in words) for name in names)
