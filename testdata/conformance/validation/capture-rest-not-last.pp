function a::f(*$a, $b) {
}
