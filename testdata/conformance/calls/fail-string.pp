fail "x ${y}"
