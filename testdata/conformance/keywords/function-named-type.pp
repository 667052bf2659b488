function type() {
}
