class case {
}
