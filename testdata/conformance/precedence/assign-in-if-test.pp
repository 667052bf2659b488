if $a = 1 {
}
