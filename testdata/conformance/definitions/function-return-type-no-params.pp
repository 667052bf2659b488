function mymod::h >> Integer {
  1
}
