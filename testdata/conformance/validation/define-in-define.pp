define a::b {
  define a::c {
  }
}
