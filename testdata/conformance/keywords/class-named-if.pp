class if {
}
