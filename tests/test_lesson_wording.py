"""A verdict's numbers explain it: a chance just under the bar never reads as the bar."""
from analysis.lessons.wording import percents_apart


def test_a_chance_just_under_the_bar_is_written_with_the_decimal_that_shows_it():
    assert percents_apart(19 / 48, 0.40) == ("39.6 %", "40 %")


def test_round_figures_keep_no_decimals():
    assert percents_apart(0.25, 0.40) == ("25 %", "40 %")
    assert percents_apart(0.40, 0.40) == ("40 %", "40 %")


def test_as_many_decimals_as_it_takes_up_to_two():
    assert percents_apart(0.3996, 0.40) == ("39.96 %", "40 %")
    assert percents_apart(0.399999, 0.40) == ("40 %", "40 %")  # a millionth is not news
