notice !$a
