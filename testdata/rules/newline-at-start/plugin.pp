
# want-prev "there should not be a newline at the beginning of a manifest"
$a = 1
