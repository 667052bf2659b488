function mymod::g {
  1
}
