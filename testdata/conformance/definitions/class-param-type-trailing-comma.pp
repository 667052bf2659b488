class foo (Integer[1,] $a) {
}
