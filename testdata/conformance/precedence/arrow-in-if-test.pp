if $a -> $b {
}
