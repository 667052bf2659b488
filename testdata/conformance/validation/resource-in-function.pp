function a::f() {
  file { '/x': }
}
