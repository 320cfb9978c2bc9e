"""Card encoding and text parsing (razzmatazz.core.cards)."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core.cards import (
    ANY_SUIT,
    UNKNOWN,
    CardError,
    card,
    card_str,
    cards_str,
    parse_cards,
    parse_hand,
    rank_of,
    resolve_suits,
    suit_of,
)


def test_encoding_constants():
    # card = rank * 4 + suit, ranks A=0..K=12, suits c, d, h, s = 0..3
    assert card(0, 3) == 3  # As
    assert card(1, 0) == 4  # 2c
    assert card(12, 3) == 51  # Ks
    for c in range(52):
        assert card(rank_of(c), suit_of(c)) == c
    assert [card_str(c) for c in (0, 1, 2, 3, 4, 51)] == ["Ac", "Ad", "Ah", "As", "2c", "Ks"]
    assert card_str(UNKNOWN) == "x"


def test_every_card_round_trips():
    text = "".join(r + s for r in "A23456789TJQK" for s in "cdhs")
    cards = parse_cards(text)
    assert cards.dtype == np.int8
    assert cards.tolist() == list(range(52))
    assert cards_str(cards) == text


@pytest.mark.parametrize(
    "text",
    ["As2h3d", "As 2h 3d", " As  2h 3d ", "as2H3D", "AS2h3D", "a s 2 h 3 d", "As2h 3d"],
)
def test_parse_formats(text):
    assert parse_cards(text).tolist() == [3, 6, 9]


@pytest.mark.parametrize(
    "text, words", [("As,2h,3d", "comma"), ("As2h 3d4c", "several hands"), ("xx8 xx9", "several hands")]
)
def test_text_that_looks_like_several_hands_is_refused(text, words):
    with pytest.raises(CardError, match=words):
        parse_hand(text, allow_unknown=True)


def test_ten_written_as_10_or_t():
    assert parse_cards("10s").tolist() == [39]
    assert parse_cards("Ts").tolist() == [39]
    assert parse_cards("tS").tolist() == [39]
    assert parse_cards("10c 10d").tolist() == [36, 37]
    assert cards_str(parse_cards("10h")) == "Th"


def test_rank_only_cards_take_lowest_free_suit():
    (hand,) = resolve_suits([parse_hand("A23")])
    assert cards_str(hand) == "Ac2c3c"
    (hand,) = resolve_suits([parse_hand("AAA")])
    assert cards_str(hand) == "AcAdAh"
    # explicit cards anywhere are placed before rank-only cards take their suits
    first, second = resolve_suits([parse_hand("A 2 2"), parse_hand("AcAd2c")])
    assert cards_str(first) == "Ah2d2h"
    assert cards_str(second) == "AcAd2c"
    # mixed in one hand
    (hand,) = resolve_suits([parse_hand("K Kc K")])
    assert cards_str(hand) == "KdKcKh"


def test_parsed_hand_fields():
    h = parse_hand("xx8", allow_unknown=True)
    assert h.ranks == (UNKNOWN, UNKNOWN, 7)
    assert h.suits == (UNKNOWN, UNKNOWN, ANY_SUIT)
    assert len(h) == 3 and h.n_known == 1
    h = parse_hand("As 9")
    assert h.ranks == (0, 8) and h.suits == (3, ANY_SUIT)
    (cards,) = resolve_suits([parse_hand("xX5h", allow_unknown=True)])
    assert cards.tolist() == [UNKNOWN, UNKNOWN, card(4, 2)]


def test_unknown_only_where_allowed():
    with pytest.raises(CardError, match="x"):
        parse_hand("xx8")
    with pytest.raises(CardError):
        parse_cards("Asx")
    assert parse_hand("x", allow_unknown=True).ranks == (UNKNOWN,)


def test_rank_only_rejected_where_suits_required():
    with pytest.raises(CardError, match="'A'"):
        parse_cards("A2h")
    with pytest.raises(CardError, match="no suit"):
        parse_hand("2h3", allow_rank_only=False)


@pytest.mark.parametrize("text", ["Zs", "As Zs", "As1s", "Asy", "As2h3d!"])
def test_unknown_card_is_an_error(text):
    with pytest.raises(CardError, match="unknown card"):
        parse_cards(text)


def test_unknown_card_message_names_it():
    with pytest.raises(CardError, match="'Zs'"):
        parse_cards("As Zs")
    with pytest.raises(CardError, match="'Zs'"):
        parse_hand("2hZs", allow_unknown=True)


def test_empty_is_an_error():
    for text in ("", "  ", ", ,"):
        with pytest.raises(CardError):
            parse_cards(text)


def test_duplicate_card_is_an_error():
    with pytest.raises(CardError, match="duplicate card As"):
        parse_cards("As2hAs")
    with pytest.raises(CardError, match="duplicate card As"):
        parse_cards("As2h aS")
    with pytest.raises(CardError, match="duplicate card 7d"):
        resolve_suits([parse_hand("As7d"), parse_hand("2c 7d")])


def test_rank_exhausted_is_an_error():
    with pytest.raises(CardError, match="no A left"):
        resolve_suits([parse_hand("AcAdAhAs"), parse_hand("2 A")])
    with pytest.raises(CardError, match="no K left"):
        resolve_suits([parse_hand("KKKKK")])
    with pytest.raises(CardError, match="no 9 left"):
        resolve_suits([parse_hand("9c 9 9"), parse_hand("9s9h")])
    # four of a rank is fine
    (hand,) = resolve_suits([parse_hand("KKKK")])
    assert cards_str(hand) == "KcKdKhKs"


def test_card_error_is_value_error():
    assert issubclass(CardError, ValueError)
