class a {
  function a::f() {
  }
}
