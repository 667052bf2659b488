define foo($a) {}
