define private () {
}
