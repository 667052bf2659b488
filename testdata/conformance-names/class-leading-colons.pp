class ::foo {
}
