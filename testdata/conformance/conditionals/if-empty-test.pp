if {
}
