if $a {
} else if $b {
}
