class outer {
  class inner {
  }
}
