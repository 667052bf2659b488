# reserved class name
class Class {
}
