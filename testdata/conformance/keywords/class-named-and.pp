class and {
}
