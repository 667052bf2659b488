Foo consumes Sql {
}
