class a {
  if "x" =~ /x/ {
    $1 = 2
  }
}
