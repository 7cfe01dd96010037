"""Tools that write the bundled scenarios, lessons, courses and demos under scenarios/ (run by
hand or by the tests that check the files are up to date); not part of the program, not shipped."""
