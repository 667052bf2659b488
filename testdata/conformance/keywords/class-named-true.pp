class true {
}
