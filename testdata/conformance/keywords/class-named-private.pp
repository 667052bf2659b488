class private {
}
