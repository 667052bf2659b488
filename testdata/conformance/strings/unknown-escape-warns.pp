$x = "a\qb"
