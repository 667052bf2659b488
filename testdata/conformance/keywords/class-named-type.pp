class type {
}
