class elsif {
}
