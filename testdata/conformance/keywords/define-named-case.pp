define case () {
}
