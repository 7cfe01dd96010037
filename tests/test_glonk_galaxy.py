"""The Galaxy as data: spaces, parsecs, occupied spaces (RULES-NOTES, Glonk)."""
import math

import pytest

from games.glonk.galaxy import load_galaxy

G = load_galaxy()


def polar(r, deg):
    return r * math.cos(math.radians(deg)), r * math.sin(math.radians(deg))


def test_the_galaxy_has_a_centre_and_rings_of_6_18_and_24_spaces():
    rings = [s.ring for s in G.spaces]
    assert rings.count("centre") == 1
    assert rings.count("inner") == 6 and rings.count("middle") == 18 and rings.count("outer") == 24
    assert G.centre_radius == 0.10 and G.radius == 0.60
    assert G.ring_radii["inner"] == (0.10, 0.25) and G.ring_radii["middle"] == (0.25, 0.42)


def test_radial_splits_start_at_angle_zero_and_are_equal():
    assert G.space_at(*polar(0.2, 1)) == "I1"
    assert G.space_at(*polar(0.2, 59)) == "I1"
    assert G.space_at(*polar(0.2, 61)) == "I2"
    assert G.space_at(*polar(0.3, 359)) == "M18"
    assert G.space_at(*polar(0.5, 16)) == "O2"
    assert G.space_at(0.05, 0.0) == "C"
    assert G.space_at(0.7, 0.0) is None


def test_spaces_sharing_a_boundary_of_positive_length_are_one_parsec_apart():
    assert G.distance("C", "I4") == 1
    assert G.distance("I1", "I2") == 1 and G.distance("I1", "I6") == 1
    # Inner I1 spans 0-60 degrees; the middle spaces M1-M3 span 0-60.
    assert {s for s in G.adjacent["I1"] if s.startswith("M")} == {"M1", "M2", "M3"}
    # M2 (20-40 degrees) meets O2 (15-30) and O3 (30-45) along arcs.
    assert {s for s in G.adjacent["M2"] if s.startswith("O")} == {"O2", "O3"}


def test_spaces_meeting_only_at_a_point_are_not_adjacent():
    # M1 (0-20) and O3 (30-45) do not meet; I1 (0-60) and M4 (60-80) meet at one point only.
    assert "M4" not in G.adjacent["I1"]
    assert G.distance("I1", "M4") == 2


def test_parsec_distance_is_the_shortest_path():
    assert G.distance("M1", "M10") == 4  # M1 -> I1 -> C -> I4 -> M10
    assert G.distance("O1", "O13") == 6  # O1 -> M1 -> I1 -> C -> I4/I3 ... -> O13
    assert G.distance("O1", "O1") == 0


def test_a_disc_inside_one_space_occupies_only_it():
    assert G.occupied(*polar(0.335, 10), 0.02) == {"M1"}


def test_a_disc_on_a_line_occupies_the_two_spaces():
    assert G.occupied(*polar(0.335, 20), 0.02) == {"M1", "M2"}
    assert G.occupied(*polar(0.25, 30), 0.02) == {"I1", "M2"}


def test_a_disc_on_an_intersection_occupies_up_to_four_spaces():
    # Where the radial line at 0 degrees meets the circle r = 0.42: M18, M1, O24, O1.
    assert G.occupied(0.42, 0.0, 0.02) == {"M18", "M1", "O24", "O1"}


def test_an_overlap_of_1_mm_or_less_does_not_occupy_a_space():
    # Edge 0.9 mm over the line at r = 0.25: not in the inner ring.
    assert G.occupied(*polar(0.25 + 0.02 - 0.0009, 10), 0.02) == {"M1"}
    assert G.occupied(*polar(0.25 + 0.02 - 0.0011, 10), 0.02) == {"M1", "I1"}


def test_lost_in_space_means_entirely_outside_the_outer_edge():
    assert not G.lost_in_space(0.62, 0.0, 0.0225)
    assert G.lost_in_space(0.6226, 0.0, 0.0225)


def test_within_collects_every_space_at_most_n_parsecs_away():
    assert G.within(["C"], 1) == {"C", "I1", "I2", "I3", "I4", "I5", "I6"}
    assert "M1" in G.within(["C"], 2) and "O1" not in G.within(["C"], 2)


def test_the_galaxy_json_lists_every_space_for_the_viewer():
    data = G.to_json()
    assert len(data["spaces"]) == 49 and data["radius"] == pytest.approx(0.60)
    assert data["spaces"][1]["id"] == "I1" and data["adjacent"]["C"] == sorted(G.adjacent["C"])
