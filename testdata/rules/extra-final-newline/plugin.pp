# The last line of code has a line break, and an empty line follows.
$a = 1 # want-next "there should be a single newline at the end of a manifest"

