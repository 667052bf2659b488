function a::f($a = 1, $b) {
}
