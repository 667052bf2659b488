else {
}
