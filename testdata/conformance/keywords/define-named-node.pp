define node () {
}
