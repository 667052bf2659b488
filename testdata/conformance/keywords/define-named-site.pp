define site () {
}
