define a::b ($name) {
}
