case $x {
  1,: { }
}
