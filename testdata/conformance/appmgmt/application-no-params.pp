application lamp {
}
