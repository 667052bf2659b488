class in {
}
