define a::b {
  class c {
  }
}
