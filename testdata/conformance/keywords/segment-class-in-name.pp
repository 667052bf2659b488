class foo::class {
}
