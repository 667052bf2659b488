case $x {
  1: { }
