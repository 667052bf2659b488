if $a {
  notice(1)
} elsif $b {
  notice(2)
} else {
  notice(3)
}
