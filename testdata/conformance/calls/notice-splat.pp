notice *$a
