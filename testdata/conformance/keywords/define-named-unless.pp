define unless () {
}
