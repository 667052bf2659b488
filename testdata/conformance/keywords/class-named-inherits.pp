class inherits {
}
