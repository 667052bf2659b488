# A documented class.
class documented {
}

class undocumented { # want "class not documented"
}

# The blank line cuts the comment off.

define undocumented_define() { # want "defined type not documented"
}

/* A star comment documents too. */
define documented_define() {
}
class { 'documented': }
