# uppercase class name
class Foo {
}
