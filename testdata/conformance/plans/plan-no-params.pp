plan mymod::simple {
  return 1
}
