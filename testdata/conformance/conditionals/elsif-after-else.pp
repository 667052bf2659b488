if $a {
} else {
} elsif $b {
}
