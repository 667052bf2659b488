case $x {
  1 { }
}
