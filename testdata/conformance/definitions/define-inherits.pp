define a::b inherits c {
}
