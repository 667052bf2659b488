define application () {
}
