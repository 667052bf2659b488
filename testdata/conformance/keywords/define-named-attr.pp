define attr () {
}
