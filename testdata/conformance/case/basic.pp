case $x {
  1, 2: { notice('a') }
  /re/: { }
  Integer[3]: { }
  {a => 1}: { }
  [1, default]: { }
  default: { }
}
