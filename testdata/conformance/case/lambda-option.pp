case $x {
  |$y| { true }: { }
}
