define a::b (*$x) {
}
