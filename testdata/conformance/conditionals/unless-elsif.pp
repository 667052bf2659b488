unless $a {
  notice(1)
} elsif $b {
  notice(2)
}
