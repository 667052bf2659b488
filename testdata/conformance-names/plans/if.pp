# keyword
plan if() {
}
