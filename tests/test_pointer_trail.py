"""Reading the pointer trail at a button event (viewer.glonk.trail.pointer_at), without a window.

X11 stamps all the input one frame drains with that frame's time, and a button event makes the
window report the pointer where the button changed (repeating the motion before it); a
platform that stamps each event gets its position interpolated between the samples either side.
"""
from viewer.glonk.trail import Sample, pointer_at


def _batch(points, t, inside=True):
    return [Sample(x, y, inside, t) for x, y in points]


def test_a_release_followed_through_in_the_same_frame_is_read_where_the_button_went_up():
    trail = (_batch([(100, 100), (110, 100)], 1.0)
             # this frame: two more pull steps, the release (repeats 130), 60 px more
             + _batch([(120, 100), (130, 100), (130, 100), (150, 100), (170, 100), (190, 100)], 1.1))
    assert pointer_at(trail, 1.1) == (130.0, 100.0)


def test_a_release_alone_in_its_frame_is_its_one_sample():
    trail = _batch([(100, 100), (130, 100)], 1.0) + _batch([(130, 100)], 1.1)
    assert pointer_at(trail, 1.1) == (130.0, 100.0)


def test_press_and_release_in_one_frame_are_its_first_and_second_repeated_samples():
    trail = (_batch([(100, 100)], 1.0)
             + _batch([(100, 100), (120, 100), (140, 100), (140, 100), (160, 100)], 1.1))
    assert pointer_at(trail, 1.1, nth=0) == (100.0, 100.0)  # the press
    assert pointer_at(trail, 1.1, nth=1) == (140.0, 100.0)  # the release


def test_samples_with_their_own_times_are_interpolated_to_the_button_time():
    trail = [Sample(100, 100, True, 1.00), Sample(120, 110, True, 1.02),
             Sample(160, 130, True, 1.06)]
    assert pointer_at(trail, 1.04) == (140.0, 120.0)


def test_no_sample_of_the_button_and_nothing_to_interpolate_says_nothing():
    assert pointer_at([], 1.0) is None
    # moves only in that frame (no repeated sample): the trail cannot place the button
    trail = _batch([(100, 100)], 1.0) + _batch([(110, 100), (120, 100)], 1.1)
    assert pointer_at(trail, 1.1) is None
    # samples outside the window never place a button
    assert pointer_at(_batch([(5, 5)], 1.0) + _batch([(5, 5)], 1.1, inside=False), 1.1) is None
